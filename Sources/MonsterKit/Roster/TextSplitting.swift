// Text split at an ASCII delimiter (`/` in a path, `=` in NAME=VALUE, `,` in a list, `:`
// in PATH) code point by code point. Swift's strings find and split by Character, and a
// combining mark after a delimiter makes one Character of both: `"a=\u{301}b"` holds no
// Character `=`, and a path `dir/\u{338}x.json` no `/`. Text a person, a file or another
// program gives is split here instead.
//
// Inlinable, so that the command line's calls are compiled for `String` and `Substring`:
// the generic scan, called across modules unspecialized, cost a start of `monsters
// --version` a fifth of its instructions.

extension StringProtocol where UTF8View: BidirectionalCollection {
  /// Whether the text starts with an ASCII character, as a code point.
  @inlinable
  package func hasPrefix(codePoint delimiter: Unicode.Scalar) -> Bool {
    utf8.first == UInt8(ascii: delimiter)
  }

  /// Whether the text ends with an ASCII character, as a code point.
  @inlinable
  package func hasSuffix(codePoint delimiter: Unicode.Scalar) -> Bool {
    utf8.last == UInt8(ascii: delimiter)
  }

  /// Whether the text holds an ASCII character, as a code point.
  @inlinable
  package func contains(codePoint delimiter: Unicode.Scalar) -> Bool {
    utf8.contains(UInt8(ascii: delimiter))
  }

  /// The text before and after the first of an ASCII character, or `nil` without one.
  @inlinable
  package func split(atFirst delimiter: Unicode.Scalar) -> (head: String, tail: String)? {
    utf8.firstIndex(of: UInt8(ascii: delimiter)).map(cut(at:))
  }

  /// The text before and after the last of an ASCII character, or `nil` without one.
  @inlinable
  package func split(atLast delimiter: Unicode.Scalar) -> (head: String, tail: String)? {
    utf8.lastIndex(of: UInt8(ascii: delimiter)).map(cut(at:))
  }

  /// The pieces between each of an ASCII character, empty ones too: `a,,b` is three.
  @inlinable
  package func split(atEach delimiter: Unicode.Scalar) -> [String] {
    utf8.split(separator: UInt8(ascii: delimiter), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// The text before and after the delimiter at an index of ``utf8``.
  @inlinable
  func cut(at index: UTF8View.Index) -> (head: String, tail: String) {
    (
      String(decoding: utf8[..<index], as: UTF8.self),
      String(decoding: utf8[utf8.index(after: index)...], as: UTF8.self)
    )
  }
}
