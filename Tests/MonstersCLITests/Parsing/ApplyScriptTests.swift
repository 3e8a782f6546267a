import TestSupport
import Testing

@testable import MonstersCLI

@Suite struct ApplyScriptTests {
  private func words(_ text: String) throws -> [[String]] {
    try ApplyScript.lines(of: text).map(\.words)
  }

  @Test func splitsWordsAtUnquotedWhiteSpace() throws {
    #expect(try words("set  Cat-Bot\t--weapon fire\n") == [["set", "Cat-Bot", "--weapon", "fire"]])
  }

  @Test func singleQuotesKeepEverything() throws {
    #expect(
      try words(#"add 'Space Bot' --description 'a "b" \c $d'"#)
        == [["add", "Space Bot", "--description", #"a "b" \c $d"#]])
  }

  @Test func doubleQuotesLetABackslashEscapeQuotesBackslashesDollarsAndBackticks() throws {
    #expect(
      try words(#"set X --description "say \"hi\" \\ \$HOME \` \n""#)
        == [["set", "X", "--description", #"say "hi" \ $HOME ` \n"#]])
  }

  @Test func anUnquotedBackslashKeepsTheNextCharacter() throws {
    #expect(
      try words(#"add Space\ Bot --weapon fire\'s"#)
        == [["add", "Space Bot", "--weapon", "fire's"]])
  }

  @Test func emptyQuotesAreAnEmptyWord() throws {
    #expect(try words("add '' --weapon fire") == [["add", "", "--weapon", "fire"]])
  }

  @Test func commentsAndBlankLinesGiveNoEdit() throws {
    let script = """
      # the roster for the demo

      set Cat-Bot --weapon fire  # a trailing comment
         
      set Dog-Bot --description 'not # a comment'
      """
    let lines = try ApplyScript.lines(of: script)
    #expect(lines.map(\.number) == [3, 5])
    #expect(
      lines.map(\.words) == [
        ["set", "Cat-Bot", "--weapon", "fire"],
        ["set", "Dog-Bot", "--description", "not # a comment"],
      ])
  }

  @Test func aHashInsideAWordIsText() throws {
    #expect(try words("set X --name-color #FF0000") == [["set", "X", "--name-color"]])
    #expect(try words("set X --description a#b") == [["set", "X", "--description", "a#b"]])
  }

  @Test(arguments: ["remove \\", "set Cat-Bot --weapon fire\nremove Dog-Bot \\"])
  func aBackslashAtTheEndOfTheScriptIsAnError(_ script: String) {
    let line = script.split(separator: "\n").count
    #expect(
      throws: ApplyScript.SyntaxError(
        line: line,
        message: "A backslash at the end of the script, with no line after it to join; "
          + "write '\\\\' for a backslash.")
    ) {
      try ApplyScript.lines(of: script)
    }
  }

  @Test func aQuotedLineBreakIsPartOfTheWord() throws {
    let lines = try ApplyScript.lines(of: "set X --description 'two\nlines'\nremove Y\n")
    #expect(
      lines == [
        ApplyScript.Line(number: 1, words: ["set", "X", "--description", "two\nlines"]),
        ApplyScript.Line(number: 3, words: ["remove", "Y"]),
      ])
  }

  @Test(arguments: [
    ("set X --description 'open", 1, "Unterminated single quote."),
    ("remove A\nset X --description \"open\n", 2, "Unterminated double quote."),
  ])
  func anUnterminatedQuoteNamesItsLine(_ script: String, _ line: Int, _ message: String) {
    #expect(throws: ApplyScript.SyntaxError(line: line, message: message)) {
      try ApplyScript.lines(of: script)
    }
  }

  // MARK: - Bytes and line ends

  private func lines(_ bytes: [UInt8]) throws -> [ApplyScript.Line] {
    try ApplyScript.lines(of: bytes)
  }

  @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
    let script = [0xEF, 0xBB, 0xBF] + Array("set Cat-Bot --weapon fire\n".utf8)
    #expect(
      try lines(script) == [
        ApplyScript.Line(number: 1, words: ["set", "Cat-Bot", "--weapon", "fire"])
      ])
    #expect(try words("\u{FEFF}remove X") == [["remove", "X"]])
  }

  @Test func aByteOrderMarkElsewhereIsText() throws {
    #expect(
      try words("remove X\n\u{FEFF}remove Y") == [["remove", "X"], ["\u{FEFF}remove", "Y"]])
  }

  /// `set Cat-Bot --weapon fire` on line 1, and `remove Dog-Bot` on the line it starts on:
  /// a backslash before LF or CRLF joins the next line, and CRLF ends a line as LF does.
  @Test(arguments: [
    ("set Cat-Bot \\\n  --weapon fire\nremove Dog-Bot\n", 3),
    ("set Cat-Bot --weapon fire\r\n# note\r\n\r\nremove Dog-Bot\r\n", 4),
    ("set Cat-Bot \\\r\n  --weapon fire\r\nremove Dog-Bot\r\n", 3),
  ])
  func aLineIsNumberedByTheLineItStartsOn(_ script: String, _ secondLine: Int) throws {
    #expect(
      try ApplyScript.lines(of: script) == [
        ApplyScript.Line(number: 1, words: ["set", "Cat-Bot", "--weapon", "fire"]),
        ApplyScript.Line(number: secondLine, words: ["remove", "Dog-Bot"]),
      ])
  }

  @Test func aBackslashBeforeCRLFInDoubleQuotesJoinsTheNextLine() throws {
    #expect(
      try words("set X --description \"one \\\r\ntwo\"\r\n")
        == [["set", "X", "--description", "one two"]])
  }

  @Test func aCarriageReturnInQuotesIsText() throws {
    #expect(try words("set X --description 'a\rb'") == [["set", "X", "--description", "a\rb"]])
  }

  @Test(arguments: [
    (
      Array("remove A\nset X\r--weapon fire\n".utf8), 2,
      "A carriage return that does not end the line; lines end with LF or CRLF."
    ),
    (
      Array("remove A\rremove B\r".utf8), 1,
      "A carriage return that does not end the line; lines end with LF or CRLF."
    ),
    (
      Array("# Friday\rset Cat-Bot --weapon fire\rremove Dog-Bot\r".utf8), 1,
      "A carriage return that does not end the line; lines end with LF or CRLF."
    ),
    (
      Array("remove A\nremove B # gone\rremove C\n".utf8), 2,
      "A carriage return that does not end the line; lines end with LF or CRLF."
    ),
    (
      Array("remove A\nset B --description x\\\rremove C\n".utf8), 2,
      "A carriage return that does not end the line; lines end with LF or CRLF."
    ),
    (Array("remove A\n\nremove B\0\n".utf8), 3, "A NUL byte; a script is text."),
    (Array("remove 'A\0'".utf8), 1, "A NUL byte; a script is text."),
    (Array("remove A\\\0".utf8), 1, "A NUL byte; a script is text."),
    (Array("remove A # \0".utf8), 1, "A NUL byte; a script is text."),
    (
      Array("remove A\nremove B\n".utf8) + [0xC3, 0x28], 3,
      "Invalid UTF-8 (byte 0xC3); a script is UTF-8 text."
    ),
    (
      Array("remove \u{C9}mile\n".utf8) + [0xFF], 2,
      "Invalid UTF-8 (byte 0xFF); a script is UTF-8 text."
    ),
    ([0xFF, 0xFE, 0x72, 0x00], 1, "The script is UTF-16 text; a script is UTF-8."),
    ([0xFE, 0xFF, 0x00, 0x72], 1, "The script is UTF-16 text; a script is UTF-8."),
  ])
  func bytesThatAreNotAScriptNameTheirLine(_ script: [UInt8], _ line: Int, _ message: String) {
    #expect(throws: ApplyScript.SyntaxError(line: line, message: message)) {
      try ApplyScript.lines(of: script)
    }
  }
}

extension ApplyScriptTests {
  @Test func aLineKeepsTheCommentThatEndsIt() throws {
    let lines = try ApplyScript.lines(
      of: "set X --name-color #FF8800 later\n# alone\nremove Y\nremove Z # gone\n")
    #expect(lines.map(\.comment) == ["FF8800 later", nil, " gone"])
  }
}

// MARK: - Quoting, against a model

/// Words made at random and quoted as a shell would, in several styles: the script reader
/// must split each line back into the same words.
@Suite struct ApplyScriptQuotingTests {
  /// What a word is made of: the characters quoting is about, white space, a comment's `#`,
  /// non-ASCII (a combining mark after a quote too), and plain text.
  private static let pieces: [String] = [
    "a", "Z", "0", "-", "_", "'", "\"", "\\", "#", " ", "\t", "$", "`", "\n", "\r", "é",
    "e\u{301}", "'\u{301}", "\u{A0}", "\u{1F996}", "\u{200B}", ";", "*", "!", "=",
  ]

  private static func pick<Element>(_ elements: [Element], _ random: inout SeededGenerator)
    -> Element
  {
    elements[Int.random(in: elements.indices, using: &random)]
  }

  private static func word(_ random: inout SeededGenerator) -> String {
    let length = pick([0, 0, 1, 2, 3, 5, 8, 13], &random)
    return (0..<length).map { _ in pick(pieces, &random) }.joined()
  }

  /// `'it'\''s'`, quote by quote as the reader reads them: scalar by scalar, for a quote with
  /// a combining mark after it is one `Character` that is not `'`.
  private static func singleQuoted(_ word: String) -> String {
    var quoted = "'"
    for scalar in word.unicodeScalars {
      if scalar == "'" { quoted += #"'\''"# } else { quoted.unicodeScalars.append(scalar) }
    }
    return quoted + "'"
  }

  /// `"say \"hi\""`, with `"`, `\`, `$` and `` ` `` escaped.
  private static func doubleQuoted(_ word: String) -> String {
    var quoted = "\""
    for scalar in word.unicodeScalars {
      if "\"\\$`".unicodeScalars.contains(scalar) { quoted += "\\" }
      quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
  }

  /// `Space\ Bot`: each special character after a backslash; a line break, which a
  /// backslash would join away, and a carriage return in single quotes.
  private static func backslashed(_ word: String) -> String {
    guard !word.isEmpty else { return "''" }
    var quoted = ""
    for scalar in word.unicodeScalars {
      if scalar == "\n" || scalar == "\r" {
        quoted += "'"
        quoted.unicodeScalars.append(scalar)
        quoted += "'"
      } else {
        if " \t'\"\\#$`;*!".unicodeScalars.contains(scalar) { quoted += "\\" }
        quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted
  }

  /// The word in pieces of a few scalars, each quoted in a style of its own.
  private static func mixed(_ word: String, _ random: inout SeededGenerator) -> String {
    let styles = [singleQuoted, doubleQuoted, backslashed]
    guard !word.isEmpty else { return pick(["''", "\"\"", "''\"\""], &random) }
    var scalars = Substring(word).unicodeScalars[...]
    var quoted = ""
    while !scalars.isEmpty {
      let piece = scalars.prefix(Int.random(in: 1...4, using: &random))
      scalars = scalars.dropFirst(piece.count)
      var text = ""
      text.unicodeScalars.append(contentsOf: piece)
      quoted += pick(styles, &random)(text)
    }
    return quoted
  }

  @Test func wordsQuotedInAnyStyleSplitBackIntoTheSameWords() throws {
    var random = SeededGenerator(seed: 0x5EED)
    for _ in 0..<3000 {
      var words = ["set"]
      for _ in 0..<Int.random(in: 0...5, using: &random) { words.append(Self.word(&random)) }
      let lineEnd = Self.pick(["", "\n", "\r\n"], &random)
      var script = Bool.random(using: &random) ? "\u{FEFF}" : ""
      script += words[0]
      for word in words.dropFirst() {
        // White space between words, or a line continuation in the line's own line end.
        let continuation = " \\" + (lineEnd.isEmpty ? "\n" : lineEnd) + " "
        script += Self.pick([" ", "\t", "  ", " \t ", continuation], &random)
        let quoted =
          switch Int.random(in: 0..<4, using: &random) {
          case 0: Self.singleQuoted(word)
          case 1: Self.doubleQuoted(word)
          case 2: Self.backslashed(word)
          default: Self.mixed(word, &random)
          }
        script += quoted
      }
      if Bool.random(using: &random) {
        script += Self.pick([" # a 'comment", "\t#", " #\"unclosed"], &random)
      }
      script += lineEnd
      let lines = try ApplyScript.lines(of: Array(script.utf8))
      #expect(lines.map(\.words) == [words], "\(script.debugDescription)")
      #expect(lines.first?.number == 1)
    }
  }
}
