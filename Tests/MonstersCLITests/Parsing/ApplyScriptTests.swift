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
}

extension ApplyScriptTests {
  @Test func aLineKeepsTheCommentThatEndsIt() throws {
    let lines = try ApplyScript.lines(
      of: "set X --name-color #FF8800 later\n# alone\nremove Y\nremove Z # gone\n")
    #expect(lines.map(\.comment) == ["FF8800 later", nil, " gone"])
  }
}
