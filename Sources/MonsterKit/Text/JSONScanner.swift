import MonstersSystem

/// A string token: where its contents lie, between the quotes.
struct StringToken {
  /// The offset of the first byte after the opening quote.
  var start: Int
  /// The offset of the closing quote.
  var end: Int
  /// Whether the contents hold a backslash escape, so that the bytes are not the text.
  var isEscaped: Bool
  /// Whether every byte of the contents is ASCII.
  var isASCII: Bool

  var count: Int { end - start }
}

/// A byte-level reader of JSON text (RFC 8259), strict about what it accepts.
///
/// It reads tokens in place, over the input's bytes, without building strings: a string
/// token is a range of the input plus a flag saying whether it needs unescaping. It
/// refuses invalid UTF-8, lone surrogates, unescaped control characters, leading zeros and
/// nesting deeper than ``maximumDepth``, and says where each problem is.
struct JSONScanner {
  /// How deep arrays and objects may nest.
  static let maximumDepth = 512

  let bytes: UnsafeRawBufferPointer
  var position: Int

  init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  var isAtEnd: Bool { position >= bytes.count }

  /// The byte at the current position, or `nil` at the end.
  @inline(__always)
  var current: UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset ?? position, message: message)
  }

  /// The error of an array or object at the current position that is nested deeper than
  /// ``maximumDepth``.
  func tooDeep() -> JSONSyntaxError {
    JSONSyntaxError(
      offset: position, message: "nesting deeper than \(Self.maximumDepth) levels", kind: .tooDeep)
  }

  // MARK: - White space and punctuation

  @inline(__always)
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// Skips white space, then returns the next byte without consuming it.
  ///
  /// - Throws: An error naming `expectation` at the end of the input, and an error about
  ///   comments when a `/` starts one.
  @inline(__always)
  mutating func peek(expecting expectation: @autoclosure () -> String) throws(JSONSyntaxError)
    -> UInt8
  {
    skipWhitespace()
    guard position < bytes.count else {
      throw error("unexpected end of file; expected \(expectation())")
    }
    let byte = bytes[position]
    if byte == UInt8(ascii: "/") {
      throw error("comments are not allowed in JSON")
    }
    return byte
  }

  /// Moves past `text` if the bytes at the current position are `text`.
  ///
  /// - Returns: Whether they were.
  @inline(__always)
  mutating func skip(_ text: StaticString) -> Bool {
    guard bytes.holds(text, at: position) else { return false }
    position += text.utf8CodeUnitCount
    return true
  }

  // MARK: - Strings

  /// Reads a string whose opening quote is at the current position; the caller has seen
  /// the quote there.
  ///
  /// The contents are checked as they are passed: escapes, surrogate pairs and UTF-8.
  @inline(__always)
  mutating func readString() throws(JSONSyntaxError) -> StringToken {
    let opening = position
    var index = position + 1
    var isEscaped = false
    var isASCII = true
    let count = bytes.count
    while true {
      // Eight bytes at a time while none needs a closer look, then straight to the first
      // that does.
      while index &+ 8 <= count {
        let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let flags = attention(word)
        if flags != 0 {
          index &+= flags.trailingZeroBitCount >> 3
          break
        }
        index &+= 8
      }
      guard index < count else {
        throw error("unterminated string", at: opening)
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        position = index + 1
        return StringToken(start: opening + 1, end: index, isEscaped: isEscaped, isASCII: isASCII)
      case UInt8(ascii: "\\"):
        isEscaped = true
        index = try endOfEscape(at: index)
      case 0..<0x20:
        throw error(
          "control character \(scalarName(UInt32(byte))) in a string must be escaped",
          at: index)
      case 0x80...:
        isASCII = false
        index = try endOfUTF8Sequence(at: index)
      default:
        index += 1
      }
    }
  }

  /// The high bit of each of eight bytes (in memory order, from the lowest) that is a
  /// quote, a backslash, a control character or non-ASCII; the lowest bit set is the first
  /// such byte. (Bytes after the first may be flagged wrongly; none before it is.)
  @inline(__always)
  private func attention(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let hasQuote = (quotes &- ones) & ~quotes
    let hasBackslash = (backslashes &- ones) & ~backslashes
    let hasControl = (word &- ones &* 0x20) & ~word
    return (hasQuote | hasBackslash | hasControl | word) & highs
  }

  /// Checks the escape at `index` (a backslash) and returns the offset after it.
  private func endOfEscape(at index: Int) throws(JSONSyntaxError) -> Int {
    guard index + 1 < bytes.count else { throw error("unterminated string", at: index) }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case UInt8(ascii: "u"):
      let unit = try hexQuad(at: index + 2)
      switch unit {
      case 0xD800...0xDBFF:
        guard index + 11 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
          bytes[index + 7] == UInt8(ascii: "u"),
          case 0xDC00...0xDFFF = try hexQuad(at: index + 8)
        else {
          throw error("lone surrogate \\u\(hex4(unit)) in a string", at: index)
        }
        return index + 12
      case 0xDC00...0xDFFF:
        throw error("lone surrogate \\u\(hex4(unit)) in a string", at: index)
      default:
        return index + 6
      }
    default:
      throw error(
        "invalid escape in a string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX",
        at: index)
    }
  }

  private func hexQuad(at index: Int) throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else {
      throw error("\\u must be followed by four hex digits", at: index - 2)
    }
    var value: UInt32 = 0
    for offset in index..<index + 4 {
      guard let digit = hexDigitValue(bytes[offset]) else {
        throw error("\\u must be followed by four hex digits", at: index - 2)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Checks the UTF-8 sequence that starts at `index` and returns the offset after it.
  private func endOfUTF8Sequence(at index: Int) throws(JSONSyntaxError) -> Int {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: throw invalidUTF8(at: index)
    }
    guard index + length <= bytes.count else { throw invalidUTF8(at: index) }
    let second = bytes[index + 1]
    guard second >= low, second <= high else { throw invalidUTF8(at: index) }
    for offset in index + 2..<index + length where bytes[offset] & 0xC0 != 0x80 {
      throw invalidUTF8(at: index)
    }
    return index + length
  }

  private func invalidUTF8(at index: Int) -> JSONSyntaxError {
    error("invalid UTF-8 (byte 0x\(hex2(bytes[index])))", at: index)
  }

  /// The text of a string token, with its escapes decoded.
  func text(of token: StringToken) -> String {
    let contents = UnsafeRawBufferPointer(rebasing: bytes[token.start..<token.end])
    guard token.isEscaped else { return String(decoding: contents, as: UTF8.self) }
    return String(decoding: unescaped(contents), as: UTF8.self)
  }

  // MARK: - Numbers and words

  /// Reads a number at the current position; returns the range of its text.
  mutating func readNumber() throws(JSONSyntaxError) -> Range<Int> {
    let start = position
    if current == UInt8(ascii: "-") { position += 1 }
    guard let first = current, isDigit(first) else {
      throw error("invalid number: expected a digit", at: position)
    }
    position += 1
    if first == UInt8(ascii: "0"), let next = current, isDigit(next) {
      throw error("invalid number: leading zeros are not allowed", at: start)
    }
    skipDigits()
    if current == UInt8(ascii: ".") {
      position += 1
      guard let digit = current, isDigit(digit) else {
        throw error("invalid number: expected a digit after '.'", at: position)
      }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard let digit = current, isDigit(digit) else {
        throw error("invalid number: expected a digit in the exponent", at: position)
      }
      skipDigits()
    }
    return start..<position
  }

  private mutating func skipDigits() {
    while let byte = current, isDigit(byte) { position += 1 }
  }

  /// Reads `true`, `false` or `null` at the current position.
  mutating func readLiteral() throws(JSONSyntaxError) -> JSONValue {
    for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
    where matches(word) {
      position += word.utf8.count
      return value
    }
    throw unexpectedValue()
  }

  private func matches(_ word: String) -> Bool {
    let end = position + word.utf8.count
    guard end <= bytes.count else { return false }
    return word.utf8.elementsEqual(bytes[position..<end])
  }

  /// The error for a byte that cannot start a value, quoting the word it starts.
  func unexpectedValue() -> JSONSyntaxError {
    guard let byte = current else {
      return error("unexpected end of file; expected a value")
    }
    switch byte {
    case UInt8(ascii: "'"):
      return error("strings must be in double quotes")
    case UInt8(ascii: "/"):
      return error("comments are not allowed in JSON")
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      return error("unexpected '\(Character(Unicode.Scalar(byte)))'; expected a value")
    default:
      return error("unexpected \(describeWord(at: position)); expected a value")
    }
  }

  /// A short quotation of the input at `offset`, for messages.
  func describeWord(at offset: Int) -> String {
    var end = offset
    while end < bytes.count, end - offset < 12 {
      let byte = bytes[end]
      let isWordByte =
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || isDigit(byte) || byte == UInt8(ascii: "_")
      if !isWordByte && end > offset { break }
      if byte >= 0x7F || byte < 0x20 {
        return end == offset ? "byte 0x\(hex2(byte))" : "'\(ascii(offset..<end))'"
      }
      end += 1
      if !isWordByte { break }
    }
    return "'\(ascii(offset..<end))'"
  }

  private func ascii(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }
}

/// Whether text is one JSON number, as RFC 8259 spells one (`-0`, `12`, `1.5e3`; not `01`,
/// `+1`, `.5`, `NaN` or `1 2`).
func isJSONNumber(_ text: String) -> Bool {
  var text = text
  return text.withUTF8(typed: { (buffer) -> Bool in
    guard let first = buffer.first, first == UInt8(ascii: "-") || isDigit(first) else {
      return false
    }
    var scanner = JSONScanner(buffer)
    do throws(JSONSyntaxError) {
      _ = try scanner.readNumber()
      return scanner.isAtEnd
    } catch {
      return false
    }
  })
}

extension UnsafeRawBufferPointer {
  /// Whether the bytes at `offset` are `piece`.
  func holds(_ piece: [UInt8], at offset: Int) -> Bool {
    offset >= 0 && offset + piece.count <= count
      && piece.withUnsafeBytes {
        bytesEqual(UnsafeRawBufferPointer(rebasing: self[offset..<offset + piece.count]), $0)
      }
  }

  /// Whether the bytes at `offset` are `text`.
  @inline(__always)
  func holds(_ text: StaticString, at offset: Int) -> Bool {
    offset >= 0 && offset + text.utf8CodeUnitCount <= count
      && text.matches(
        UnsafeRawBufferPointer(rebasing: self[offset..<offset + text.utf8CodeUnitCount]))
  }
}
