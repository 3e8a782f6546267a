import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

/// Markdown for a pull request's comment: text from the roster stands in code spans, read
/// back as GitHub's reader (cmark-gfm) reads tables and spans, so that it breaks no table,
/// starts no HTML, and makes no mention, issue reference or link.
@Suite struct MarkdownSafetyTests {
  /// A key that would break a table, load an image, ping someone and hide the rest.
  static let hostileKey = "x | <img src=https://evil.example/p.png> @admin <!--"
  /// Text GitHub would turn into mentions, references and links outside code.
  static let hostileTexts = [
    "@octocat", "@org/team", "#1", "https://evil.example/x", "www.evil.example", "a@b.co",
    "GH-12", "<!-- hidden", "<b>bold</b>", "&amp;", "`tick`", "``", "`", " `x` ", "\\|",
    "a|b\\", "  spaced  ", "   ", "[link](https://evil.example)", "*em* _u_ ~s~",
    "two\nlines", "bidi\u{202E}x", "esc\u{1B}[2J",
    // A combining mark makes one Swift Character of `|` or a backtick and itself; a
    // Markdown reader still reads a `|` and a backtick.
    "x |\u{301} @admin", "`\u{301} @team `\u{301}", "\u{301}`", " \u{338}",
  ]

  @Test func diffWritesAHostileKeyInACodeSpan() throws {
    let harness = try CommandLineHarness()
    func roster(_ value: Int) -> String {
      rosterJSON([MonsterFields(name: "Cat-Bot")]).replacingOccurrences(
        of: "\"weapon\": \"fire\"",
        with: "\"weapon\": \"fire\",\n      \(jsonString(Self.hostileKey)): \(value)")
    }
    try harness.write(roster(1), to: harness.path("old.json"))
    try harness.write(roster(2), to: harness.path("new.json"))
    let result = harness.run(
      ["diff", "--format", "markdown", harness.path("old.json"), harness.path("new.json")])
    #expect(result.code == .failure)
    let rows = try MarkdownTable(result.output).rows
    #expect(rows.count == 1)
    let cells = try #require(rows.first)
    #expect(cells.count == 2)
    #expect(try CodeSpan.text(of: cells[0]) == "Cat-Bot")
    #expect(cells[1].hasPrefix("key `"))
    let spans = try CodeSpan.spans(in: cells[1])
    #expect(spans == [Self.hostileKey, "1", "2"])
    #expect(try CodeSpan.textOutsideSpans(cells[1]) == "key :  → ")
  }

  @Test func listWritesEveryValueInACodeSpan() throws {
    let harness = try CommandLineHarness()
    let monsters = Self.hostileTexts.enumerated().map { offset, text in
      MonsterFields(
        name: "M\(offset)"
          + String(String.UnicodeScalarView(text.unicodeScalars.filter(isPrintable))),
        description: text, icon: text, nameColor: offset % 2 == 0 ? "#123456" : nil)
    }
    try harness.writeRoster(rosterJSON(monsters))
    let result = harness.run([
      "list", "--format", "markdown", "--fields", "name,description,icon,weapon,nameColor",
    ])
    #expect(result.code == .success, "\(result.errors)")
    let table = try MarkdownTable(result.output)
    #expect(table.header == ["Name", "Description", "Icon", "Weapon", "Name colour"])
    #expect(table.rows.count == monsters.count)
    for (monster, cells) in zip(monsters, table.rows) {
      let expected = [
        monster.name, monster.description ?? "", monster.icon, monster.weapon,
        monster.nameColor ?? "",
      ]
      #expect(cells.count == expected.count, "\(cells)")
      for (cell, text) in zip(cells, expected) {
        #expect(
          try (text.isEmpty ? cell : CodeSpan.text(of: cell)) == DiffReport.shown(text),
          "\(cell) for \(text.debugDescription)")
      }
    }
  }

  /// A model of the reader: for thousands of texts of the characters that matter to it,
  /// the span is one cell, one span, and reads back as the text.
  @Test func aCodeSpanReadsBackAsItsTextWhateverItHolds() throws {
    var generator = SeededGenerator(seed: 24)
    let alphabet: [Unicode.Scalar] = [
      "`", "`", "`", " ", " ", "|", "\\", "<", "@", "#", "a", "\u{E9}", "\n", "\u{301}", "\u{338}",
    ]
    for _ in 0..<5000 {
      let count = Int.random(in: 0...12, using: &generator)
      let text = String(
        String.UnicodeScalarView(
          (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }))
      let span = MarkdownText.code(text)
      let cells = try MarkdownTable.cells(of: "| " + span + " |")
      #expect(cells.count == 1, "\(span)")
      #expect(
        try CodeSpan.text(of: cells[0]) == (text.isEmpty ? " " : DiffReport.shown(text)),
        "\(text.debugDescription) as \(span.debugDescription)")
    }
  }

  /// CI installs cmarkgfm and sets `MONSTERS_MARKDOWN_READER_REQUIRED`, so that there the
  /// test below never skips.
  @Test func ciHasGitHubsMarkdownReader() {
    guard ProcessInfo.processInfo.environment["MONSTERS_MARKDOWN_READER_REQUIRED"] != nil else {
      return
    }
    #expect(PythonMarkdown.isAvailable, "python3 has no cmarkgfm (pip install cmarkgfm)")
  }

  /// GitHub's own reader, where `python3` has `cmarkgfm` (`pip install cmarkgfm`): the
  /// HTML has a cell a value, no element but those of the table and the spans, and every
  /// `@`, `#`, `http` and `www.` inside a `<code>`.
  @Test(.enabled(if: PythonMarkdown.isAvailable, "needs python3 with cmarkgfm"))
  func githubsReaderFindsNoHTMLMentionOrLinkOutsideCode() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON(
        Self.hostileTexts.enumerated().map { MonsterFields(name: "M\($0)", description: $1) }))
    let list = harness.run(["list", "--format", "markdown"]).output
    let html = try PythonMarkdown.html(of: list)
    #expect(html.components(separatedBy: "<tr>").count - 1 == Self.hostileTexts.count + 1)
    #expect(html.components(separatedBy: "<td>").count - 1 == Self.hostileTexts.count * 3)
    // Byte by byte, as a browser reads HTML: a combining mark after `>` or `@` makes one
    // Swift Character of both, which a search of Characters would not find.
    var bytes = Array(html.utf8)
    while let start = bytes.firstRange(of: Array("<code>".utf8)),
      let end = bytes[start.upperBound...].firstRange(of: Array("</code>".utf8))
    {
      bytes.removeSubrange(start.lowerBound..<end.upperBound)
    }
    let outside = String(decoding: bytes, as: UTF8.self)
    let tags = Set(
      outside.matches(of: /<\/?([a-z]+)/.matchingSemantics(.unicodeScalar)).map {
        String($0.output.1)
      })
    #expect(tags.isSubset(of: ["table", "thead", "tbody", "tr", "th", "td"]), "\(tags)")
    for marker in ["@", "#", "http", "www.", "<!--", "<img"] {
      #expect(bytes.firstRange(of: Array(marker.utf8)) == nil, "\(marker) outside code in \(html)")
    }
  }
}

// MARK: - Reading Markdown as cmark-gfm does

/// A GitHub-flavoured table: its header and rows of cells, split as cmark-gfm splits them,
/// code point by code point (a `|` a combining mark follows is still a `|`).
struct MarkdownTable {
  var header: [String]
  var rows: [[String]]

  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads the table of a text: the lines from the first that starts with `|`.
  init(_ text: String) throws {
    let lines = text.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("|") }
    guard let first = lines.first, let delimiter = lines.dropFirst().first,
      delimiter.hasPrefix("|-") || delimiter.hasPrefix("| -")
    else { throw Malformed(description: "no table in \(text)") }
    header = try Self.cells(of: first)
    rows = try lines.dropFirst(2).map { try Self.cells(of: $0) }
  }

  /// The cells of a row: split at each `|` without a backslash just before it (cmark-gfm
  /// takes `\|` for a `|` of the cell, also in a code span, whatever comes before the
  /// backslash), trimmed, with `\|` read as `|`.
  static func cells(of row: String) throws -> [String] {
    let scalars = row.unicodeScalars
    guard scalars.first == "|", scalars.last == "|", !scalars.contains("\n") else {
      throw Malformed(description: "not a row: \(row)")
    }
    var cells: [String] = []
    var cell = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in scalars.dropFirst() {
      if scalar == "|" && previous != "\\" {
        cells.append(String(cell).trimmingCharacters(in: .whitespaces))
        cell = String.UnicodeScalarView()
      } else if scalar == "|" {
        cell.removeLast()
        cell.append("|")
      } else {
        cell.append(scalar)
      }
      previous = scalar
    }
    return cells
  }
}

/// Code spans as CommonMark reads them, code point by code point.
enum CodeSpan {
  typealias Scalars = ArraySlice<Unicode.Scalar>

  /// The text of a cell that is one code span, and nothing else.
  static func text(of cell: String) throws -> String {
    let (text, rest) = try span(at: Array(cell.unicodeScalars)[...])
    guard rest.isEmpty else {
      throw MarkdownTable.Malformed(description: "text after the span in \(cell)")
    }
    return text
  }

  /// The texts of the code spans in a cell, in order.
  static func spans(in cell: String) throws -> [String] {
    var rest = Array(cell.unicodeScalars)[...]
    var texts: [String] = []
    while let start = rest.firstIndex(of: "`") {
      let (text, after) = try span(at: rest[start...])
      texts.append(text)
      rest = after
    }
    return texts
  }

  /// A cell with its code spans taken out.
  static func textOutsideSpans(_ cell: String) throws -> String {
    var rest = Array(cell.unicodeScalars)[...]
    var outside = String.UnicodeScalarView()
    while let start = rest.firstIndex(of: "`") {
      outside.append(contentsOf: rest[..<start])
      rest = try span(at: rest[start...]).rest
    }
    outside.append(contentsOf: rest)
    return String(outside)
  }

  /// The code span at the start of some text: an opening run of backticks, the text up to
  /// the next run of as many (no more, no fewer), one space taken off each end when both
  /// ends have one and the text is not all spaces.
  static func span(at text: Scalars) throws -> (text: String, rest: Scalars) {
    let shown = String(String.UnicodeScalarView(text))
    let fence = text.prefix { $0 == "`" }.count
    guard fence > 0 else { throw MarkdownTable.Malformed(description: "no span: \(shown)") }
    var index = text.startIndex + fence
    let contentStart = index
    while index < text.endIndex {
      guard text[index] == "`" else {
        index += 1
        continue
      }
      let run = text[index...].prefix { $0 == "`" }.count
      if run == fence {
        var content = text[contentStart..<index]
        if content.count >= 2, content.first == " ", content.last == " ",
          content.contains(where: { $0 != " " })
        {
          content = content.dropFirst().dropLast()
        }
        return (String(String.UnicodeScalarView(content)), text[(index + run)...])
      }
      index += run
    }
    throw MarkdownTable.Malformed(description: "an unclosed span: \(shown)")
  }
}

/// GitHub's Markdown reader, cmark-gfm, through Python's `cmarkgfm`.
enum PythonMarkdown {
  static let isAvailable: Bool = (try? html(of: "x")) != nil

  /// The HTML of a Markdown text, raw HTML allowed through, as cmark-gfm writes it.
  static func html(of markdown: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sys, cmarkgfm; from cmarkgfm.cmark import Options; "
        + "sys.stdout.write(cmarkgfm.github_flavored_markdown_to_html(sys.stdin.read(), "
        + "options=Options.CMARK_OPT_UNSAFE))",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(markdown.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw MarkdownTable.Malformed(description: "python3 cmarkgfm failed")
    }
    return String(decoding: data, as: UTF8.self)
  }
}

/// Whether a scalar may stand in a name: no white space, control or format character.
private func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
  !scalar.properties.isWhitespace
    && ![.control, .format].contains(scalar.properties.generalCategory)
}

/// A string as a JSON string literal.
private func jsonString(_ text: String) -> String {
  "\""
    + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\"", with: "\\\"") + "\""
}
