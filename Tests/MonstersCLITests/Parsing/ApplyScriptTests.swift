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

  @Test func aBackslashAtTheEndOfALineJoinsTheNextLine() throws {
    let lines = try ApplyScript.lines(of: "set Cat-Bot \\\n  --weapon fire\nremove Dog-Bot\n")
    #expect(
      lines == [
        ApplyScript.Line(number: 1, words: ["set", "Cat-Bot", "--weapon", "fire"]),
        ApplyScript.Line(number: 3, words: ["remove", "Dog-Bot"]),
      ])
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

  @Test func crlfEndsALineAsLFDoes() throws {
    let lines = try ApplyScript.lines(
      of: "set Cat-Bot --weapon fire\r\n# note\r\n\r\nremove Dog-Bot\r\n")
    #expect(
      lines == [
        ApplyScript.Line(number: 1, words: ["set", "Cat-Bot", "--weapon", "fire"]),
        ApplyScript.Line(number: 4, words: ["remove", "Dog-Bot"]),
      ])
  }

  @Test func aBackslashBeforeCRLFJoinsTheNextLine() throws {
    let lines = try ApplyScript.lines(of: "set Cat-Bot \\\r\n  --weapon fire\r\nremove Dog-Bot\r\n")
    #expect(
      lines == [
        ApplyScript.Line(number: 1, words: ["set", "Cat-Bot", "--weapon", "fire"]),
        ApplyScript.Line(number: 3, words: ["remove", "Dog-Bot"]),
      ])
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
