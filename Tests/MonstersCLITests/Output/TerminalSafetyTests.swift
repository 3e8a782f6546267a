import Foundation
import MonsterKit
import Testing

@testable import MonstersCLI

/// One command run on a terminal, and what its output must hold.
struct TerminalCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  /// The exit code.
  var code: ExitCode
  /// Text standard output or error must hold: the hostile text, escaped.
  var escaped: String?
  /// Whether the output is TSV, whose own separators are tabs.
  var isTSV = false

  init(_ arguments: [String], _ code: ExitCode = .success, shows escaped: String? = nil) {
    self.arguments = arguments
    self.code = code
    self.escaped = escaped
  }

  var testDescription: String {
    "monsters " + arguments.map { TerminalSafetyTests.visible($0) }.joined(separator: " ")
  }
}

/// Text from the roster file (or from the command line) never reaches a terminal raw: the
/// escape sequences it may hold (clear the screen, set the window's title, ring the bell,
/// the one-byte C1 CSI) are shown as escapes, in every command.
@Suite struct TerminalSafetyTests {
  /// Clear the screen, set the title, the bell, C1 CSI, DEL, NEL, a carriage return, a
  /// backspace and a tab.
  static let hostile =
    "a\u{1B}[2Jb\u{1B}]0;title\u{07}c\u{07}d\u{9B}31me\u{7F}f\u{85}g\rh\u{08}i\tj"
  /// The start of ``hostile`` as the tool escapes it for a terminal.
  static let escapedForTerminal = "a\\u{1B}[2Jb\\u{1B}]0;title\\u{07}c"
  /// The start of ``hostile`` as JSON escapes it.
  static let escapedForJSON = "a\\u001b[2Jb\\u001b]0;title\\u0007c"

  /// The tool's own colour sequences: bold, reset, the palette and true colour.
  static let ownSequences: [String] =
    ["\u{1B}[1m", "\u{1B}[0m", "\u{1B}[38;2;255;136;0m"] + (30...37).map { "\u{1B}[\($0)m" }

  /// Text with its control characters made visible, for test names and messages.
  static func visible(_ text: String) -> String {
    text.unicodeScalars.map {
      $0.properties.generalCategory == .control && $0 != "\n"
        ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0)
    }.joined()
  }

  /// The control characters in `text` other than line breaks (and a TSV's own tabs) and
  /// the tool's colour sequences.
  static func rawControls(in text: String, isTSV: Bool = false) -> [Unicode.Scalar] {
    var text = text
    for sequence in ownSequences {
      text = text.replacing(sequence, with: "")
    }
    return text.unicodeScalars.filter {
      $0.properties.generalCategory == .control && $0 != "\n" && !(isTSV && $0 == "\t")
    }
  }

  /// A roster whose second monster has the hostile text in its description and icon, and
  /// a colour, so that colour sequences are in the output too.
  static func hostileRoster() -> String {
    rosterJSON([
      MonsterFields(name: "Cat-Bot", weapon: "sword", nameColor: "#FF8800"),
      MonsterFields(name: "Evil-Bot", description: hostile, icon: hostile, nameColor: "red"),
    ])
  }

  static let cases: [TerminalCase] = [
    TerminalCase(["list"], shows: escapedForTerminal),
    TerminalCase(["list", "--weapon", "fire"], shows: escapedForTerminal),
    TerminalCase(["list", "--format", "names"]),
    TerminalCase(["list", "--format", "json"], shows: escapedForJSON),
    TerminalCase(["list", "--format", "ndjson"], shows: escapedForJSON),
    {
      var tsv = TerminalCase(["list", "--format", "tsv"], shows: escapedForTerminal)
      tsv.isTSV = true
      return tsv
    }(),
    TerminalCase(["show", "evil-bot"], shows: escapedForTerminal),
    TerminalCase(["show", "evil-bot", "--format", "json"], shows: escapedForJSON),
    TerminalCase(["show", "evil-bot", "--format", "text"], shows: escapedForTerminal),
    // Edits report the old text and the new.
    TerminalCase(["set", "evil-bot", "--description", "calm"], shows: escapedForTerminal),
    TerminalCase(["set", "cat-bot", "--description", hostile], shows: escapedForTerminal),
    TerminalCase(["set", "evil-bot", "--icon", "calm.png"], shows: escapedForTerminal),
    TerminalCase(["add", "New-Bot", "--weapon", "fire", "--description", hostile]),
    TerminalCase(["remove", "evil-bot"]),
    TerminalCase(["rename", "evil-bot", "Good-Bot"]),
    // A dry run shows the file's lines in a diff.
    TerminalCase(["set", "evil-bot", "--description", "calm", "--dry-run"], shows: escapedForJSON),
    TerminalCase(["set", "cat-bot", "--description", hostile, "--dry-run"], shows: escapedForJSON),
    TerminalCase(["remove", "evil-bot", "--dry-run"], shows: escapedForJSON),
    TerminalCase(["add", "New-Bot", "--weapon", "fire", "--icon", hostile, "--dry-run"]),
    // Errors quote what they were given.
    TerminalCase(["show", hostile], .failure, shows: escapedForTerminal),
    TerminalCase(["set", hostile, "--weapon", "fire"], .failure, shows: escapedForTerminal),
    TerminalCase(["set", "cat-bot", "--weapon", hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["set", "cat-bot", "--name-color", hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["add", hostile, "--weapon", "fire"], .usage, shows: escapedForTerminal),
    TerminalCase(["rename", "cat-bot", hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["list", "--format", hostile], .usage, shows: escapedForTerminal),
    TerminalCase([hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["list", "--" + hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["list", "--lock-timeout", hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["show", "cat-bot", hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["help", hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["completions", hostile], .usage, shows: escapedForTerminal),
    TerminalCase(["check"]),
    TerminalCase(["apply", "--dry-run"], shows: escapedForJSON),
    TerminalCase(["apply"]),
  ]

  /// Runs a case on a terminal, with colour and without, and checks that nothing but line
  /// breaks and the tool's colours reaches it raw.
  @Test(arguments: cases)
  func hostileTextReachesNoTerminalRaw(_ terminalCase: TerminalCase) throws {
    let script =
      "set evil-bot --weapon smoke\nadd 'Script-Bot' --weapon fire --description '\(Self.hostile)'\n"
    for environment in [["TERM": "xterm-256color"], ["NO_COLOR": "1"]] {
      let harness = try CommandLineHarness()
      try harness.writeRoster(Self.hostileRoster())
      var environment = environment
      environment["MONSTERS_FILE"] = harness.rosterPath
      let result = harness.run(
        terminalCase.arguments, environment: environment, terminal: true,
        input: terminalCase.arguments.first == "apply" ? script : "")
      #expect(result.code == terminalCase.code, "\(result.errors)")
      for (stream, text) in [("output", result.output), ("errors", result.errors)] {
        let raw = Self.rawControls(in: text, isTSV: terminalCase.isTSV && stream == "output")
        #expect(
          raw.isEmpty,
          "raw \(raw.map { Self.visible(String($0)) }) in \(stream): \(Self.visible(text))")
        if environment["NO_COLOR"] != nil {
          #expect(!text.contains("\u{1B}"), "colour in \(stream) with NO_COLOR")
        }
      }
      if let escaped = terminalCase.escaped {
        #expect(
          (result.output + result.errors).contains(escaped),
          "\(Self.visible(result.output + result.errors))")
      }
    }
  }

  /// Scripts whose failing line holds the hostile text, and a script path that holds it.
  @Test(arguments: [
    "set '\(hostile)' --weapon fire\n", "set evil-bot --weapon '\(hostile)'\n",
    "\(hostile) evil-bot\n", "set evil-bot --\(hostile) x\n", "add '\(hostile)' --weapon fire\n",
    "set evil-bot --weapon fire\nset evil-bot --description '\(hostile)\n",
  ])
  func applyErrorsQuoteTheScriptEscaped(_ script: String) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.hostileRoster())
    let path = harness.path("edits\u{1B}]0;title\u{07}.txt")
    try harness.write(script, to: path)
    for arguments in [["apply"], ["apply", path], ["apply", path + "-missing"]] {
      let result = harness.run(arguments, terminal: true, input: script)
      #expect(result.code != .success)
      let text = result.output + result.errors
      #expect(Self.rawControls(in: text).isEmpty, "\(Self.visible(text))")
      if arguments.count > 1 {
        // The message names the script by its path.
        #expect(text.contains("edits\\u{1B}]0;title\\u{07}.txt"), "\(Self.visible(text))")
      }
    }
    #expect(harness.rosterText() == Self.hostileRoster())
  }

  @Test func tsvOnATerminalHasOnlyItsOwnTabs() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(Self.hostileRoster())
    let output = harness.run(["list", "--format", "tsv"], terminal: true).output
    for line in output.split(separator: "\n") {
      #expect(line.filter { $0 == "\t" }.count == 4, "\(Self.visible(String(line)))")
    }
  }

  /// A roster that is not valid, for the names it holds: its errors, and every problem
  /// `check` lists, quote the names and values escaped.
  @Test(arguments: [["check"], ["list"], ["show", "x"], ["set", "x", "--weapon", "fire"]])
  func namesOfAnInvalidRosterAreShownEscaped(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster(
      rosterJSON([
        MonsterFields(name: Self.hostile),
        MonsterFields(name: "B\u{9B}2J", weapon: Self.hostile),
        MonsterFields(name: "C", nameColor: Self.hostile),
      ]))
    let result = harness.run(arguments, terminal: true)
    #expect(result.code == (arguments == ["check"] ? .failure : .dataError))
    let text = result.output + result.errors
    #expect(Self.rawControls(in: text).isEmpty, "\(Self.visible(text))")
    if arguments == ["check"] {
      #expect(text.contains(Self.escapedForTerminal), "\(Self.visible(text))")
    }
  }

  /// Keys the tool does not know are kept, and quoted in errors: escaped too.
  @Test(arguments: [["check"], ["list"]])
  func keysOfAnInvalidRosterAreShownEscaped(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    let key = #"x\u001b[2J\u0007\u009b"#
    try harness.writeRoster(
      "{\"version\": 1, \"monsters\": [], \"\(key)\": 1, \"\(key)\": 2}\n")
    let result = harness.run(arguments, terminal: true)
    let text = result.output + result.errors
    #expect(Self.rawControls(in: text).isEmpty, "\(Self.visible(text))")
    #expect(text.contains("duplicate key 'x\\u{1B}[2J\\u{07}\\u{9B}' in one object"))
  }

  /// A roster file whose path holds escape sequences, named in every message.
  @Test(arguments: [
    ["list"], ["check"], ["set", "cat-bot", "--weapon", "fire"], ["init"],
    ["set", "cat-bot", "--weapon", "fire", "--dry-run"],
  ])
  func pathsInMessagesAreShownEscaped(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    for path in [
      harness.path("bad\u{1B}[2J\u{07}.json"), harness.path("missing\u{1B}]0;t\u{07}/x.json"),
    ] {
      // A file that is not JSON, or one in a folder that is missing.
      try? harness.write("{", to: path)
      let result = harness.run(["--file", path] + arguments, terminal: true)
      let text = result.output + result.errors
      #expect(Self.rawControls(in: text).isEmpty, "\(Self.visible(text))")
    }
  }
}
