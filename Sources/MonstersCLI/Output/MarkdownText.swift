import MonsterKit

/// Text from a roster in GitHub-flavoured Markdown, for a pull request's comment.
///
/// Roster text (names, values, keys) stands in code spans: GitHub makes no mention
/// (`@octocat`, `@org/team`), no issue reference (`#1`), no link (`https://...`, `www.`, an
/// e-mail address) and no HTML of what is in code, and a span can neither break a table, as
/// `|` would, nor take more than its line, as a line break would.
enum MarkdownText {
  /// Text as a code span, safe in a table cell: shown as ``DiffReport/shown(_:)`` shows
  /// it (control and format characters escaped, so it takes one line), `|` escaped as
  /// `\|` (which a table reads as a `|` of the cell, also in a span), between more
  /// backticks than any run of them in the text. A space pads the text where it starts or
  /// ends with a backtick, or starts and ends with a space, as a reader takes one space
  /// off each end of such a span; empty text is a span of one space.
  static func code(_ text: String) -> String {
    guard !text.isEmpty else { return "` `" }
    // Code point by code point, as a Markdown reader reads: a `|` or a backtick followed
    // by a combining mark is one Swift Character, but still a `|` or a backtick.
    let safe = escaping(DiffReport.shown(text)) { $0 == "|" ? "\\|" : nil }
    var longest = 0
    var run = 0
    for character in safe.utf8 {
      run = character == UInt8(ascii: "`") ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let isSpaces = safe.utf8.allSatisfy { $0 == UInt8(ascii: " ") }
    let padding =
      safe.hasPrefix(codePoint: "`") || safe.hasSuffix(codePoint: "`")
        || (!isSpaces && safe.hasPrefix(codePoint: " ") && safe.hasSuffix(codePoint: " "))
      ? " " : ""
    return fence + padding + safe + padding + fence
  }

  /// A table cell of roster text: its code span, or nothing for empty text.
  static func cell(_ text: String) -> String {
    text.isEmpty ? "" : code(text)
  }
}
