import Testing

@testable import MonstersCLI

/// One combination of what decides whether colour is used.
struct ColorSetting: Hashable, Sendable, CustomTestStringConvertible {
  var isTerminal: Bool
  /// `NO_COLOR`: unset, empty or set.
  var noColor: String?
  /// `TERM`: unset, `dumb` or another terminal.
  var term: String?
  var noColorFlag: Bool

  var environment: [String: String] {
    var environment: [String: String] = [:]
    environment["NO_COLOR"] = noColor
    environment["TERM"] = term
    return environment
  }

  var testDescription: String {
    "terminal: \(isTerminal), NO_COLOR: \(noColor.map { "'\($0)'" } ?? "unset"), "
      + "TERM: \(term ?? "unset"), --no-color: \(noColorFlag)"
  }

  static let all: [ColorSetting] = [false, true].flatMap { isTerminal in
    [nil, "", "1"].flatMap { noColor in
      [nil, "dumb", "xterm-256color"].flatMap { term in
        [false, true].map { flag in
          ColorSetting(isTerminal: isTerminal, noColor: noColor, term: term, noColorFlag: flag)
        }
      }
    }
  }

  /// The only settings that allow colour: a terminal, `NO_COLOR` unset or empty, `TERM`
  /// not `dumb`, no `--no-color`.
  static let colorful: Set<ColorSetting> = [
    ColorSetting(isTerminal: true, noColor: nil, term: nil, noColorFlag: false),
    ColorSetting(isTerminal: true, noColor: nil, term: "xterm-256color", noColorFlag: false),
    ColorSetting(isTerminal: true, noColor: "", term: nil, noColorFlag: false),
    ColorSetting(isTerminal: true, noColor: "", term: "xterm-256color", noColorFlag: false),
  ]
}

@Suite struct TextStyleTests {
  static let red = "\u{1B}[31m"
  static let orange = "\u{1B}[38;2;255;136;0m"
  static let bold = "\u{1B}[1m"
  static let reset = "\u{1B}[0m"
  static let hostile = "a\u{1B}]0;pwned\u{07}b\u{1B}[2Jc\u{9B}31m\u{7F}\r\t"
  static let hostileEscaped = "a\\u{1B}]0;pwned\\u{07}b\\u{1B}[2Jc\\u{9B}31m\\u{7F}\\r\\t"

  @Test(arguments: ColorSetting.all)
  func colourIsAllowedOnlyOnATerminalThatWantsIt(_ setting: ColorSetting) {
    #expect(
      TextStyle.allowsColor(
        isTerminal: setting.isTerminal, environment: setting.environment,
        noColorFlag: setting.noColorFlag) == ColorSetting.colorful.contains(setting))
  }

  @Test(arguments: ColorSetting.all)
  func theCommandLineFollowsTheColourRule(_ setting: ColorSetting) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "cat-bot", "--name-color", "red"]).code == .success)
    var environment = setting.environment
    environment["MONSTERS_FILE"] = harness.rosterPath
    let arguments = ["show", "cat-bot"] + (setting.noColorFlag ? ["--no-color"] : [])
    let output = harness.run(arguments, environment: environment, terminal: setting.isTerminal)
      .output
    let name =
      ColorSetting.colorful.contains(setting) ? "\(Self.red)Cat-Bot\(Self.reset)" : "Cat-Bot"
    #expect(output.hasPrefix(name + "\n"))
    #expect(output.contains("\u{1B}") == ColorSetting.colorful.contains(setting))
  }

  @Test func aRedNameIsRedInTheTableAndTheCard() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "cat-bot", "--name-color", "red"]).code == .success)
    #expect(
      harness.run(["list"], terminal: true)
        == CommandResult(
          .success,
          output: "\(Self.bold)NAME             WEAPON     DESCRIPTION\(Self.reset)\n"
            + "\(Self.red)Cat-Bot\(Self.reset)          sword      MEE-OW\n"
            + "Dog-Bot          blowgun    BOW-WOW\n"
            + "Explode-Bot      smoke      Tick, tick, BOOM!\n"
            + "Fire-Bot         ninjaStar  Will Make You Steamed\n"
            + "Ice-Bot          fire       Has A Chilling Effect\n"
            + "Mini-Tomato-Bot  ninjaStar  Extremely Handsome\n"))
    #expect(
      harness.run(["show", "CAT-BOT"], terminal: true)
        == .card(
          "\(Self.red)Cat-Bot\(Self.reset)", description: "MEE-OW", icon: "meetcatbot.png",
          weapon: "sword (sword.png)", nameColour: "red"))
  }

  @Test func aHexColourIsShownInTrueColour() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "fire-bot", "--name-color", "#ff8800"]).code == .success)
    let table = harness.run(["list", "--weapon", "ninjastar"], terminal: true).output
    #expect(
      table
        == "\(Self.bold)NAME             WEAPON     DESCRIPTION\(Self.reset)\n"
        + "\(Self.orange)Fire-Bot\(Self.reset)         ninjaStar  Will Make You Steamed\n"
        + "Mini-Tomato-Bot  ninjaStar  Extremely Handsome\n")
    let card = harness.run(["show", "fire-bot"], terminal: true).output
    #expect(card.hasPrefix("\(Self.orange)Fire-Bot\(Self.reset)\n"))
    #expect(card.hasSuffix("  Name colour  #FF8800\n"))
  }

  @Test(
    arguments: ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"].enumerated()
      .map { ($0.offset, $0.element) })
  func namedColoursUseThePalette(_ index: Int, _ colour: String) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "cat-bot", "--name-color", colour]).code == .success)
    #expect(
      harness.run(["show", "cat-bot"], terminal: true).output.hasPrefix(
        "\u{1B}[\(30 + index)mCat-Bot\(Self.reset)\n"))
  }

  @Test(arguments: [
    (["NO_COLOR": "1"], [String]()), (["TERM": "dumb"], []), ([:], ["--no-color"]),
    ([:], ["--no-color", "--"]),
  ])
  func colourCanBeTurnedOff(_ environment: [String: String], _ extra: [String]) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "cat-bot", "--name-color", "#ff8800"]).code == .success)
    var environment = environment
    environment["MONSTERS_FILE"] = harness.rosterPath
    let table = harness.run(["list"] + extra, environment: environment, terminal: true)
    #expect(table == CommandResult(.success, output: seededTable))
    let card = harness.run(["show"] + extra + ["cat-bot"], environment: environment, terminal: true)
    #expect(card.code == .success)
    #expect(!card.output.contains("\u{1B}"))
    #expect(card.output.hasPrefix("Cat-Bot\n"))
    let weapons = harness.run(["weapons"] + extra, environment: environment, terminal: true)
    #expect(weapons.output.hasPrefix("WEAPON     IMAGE\n"))
  }

  @Test func noColourWhenOutputIsNotATerminal() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "cat-bot", "--name-color", "red"]).code == .success)
    #expect(harness.run(["list"]) == CommandResult(.success, output: seededTable))
    #expect(harness.run(["weapons"]).output.hasPrefix("WEAPON     IMAGE\n"))
  }

  @Test func theWeaponsHeaderIsBoldOnATerminal() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["weapons"], terminal: true).output.hasPrefix(
        "\(Self.bold)WEAPON     IMAGE\(Self.reset)\nblowgun    blowgun.png\n"))
  }

  // MARK: - Text from the file

  @Test(arguments: [false, true])
  func controlCharactersFromTheFileAreShownEscaped(_ terminal: Bool) throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["set", "cat-bot", "--description", Self.hostile, "--icon", "cat\n.png"])
        == CommandResult(
          .success,
          output: "Cat-Bot: description 'MEE-OW' -> '\(Self.hostileEscaped)', "
            + "icon meetcatbot.png -> cat\\n.png.\n", errors: harness.createdNote("set")))
    #expect(harness.rosterText()?.contains("\"description\": \"a\\u001b]0;pwned\\u0007b") == true)
    let table = harness.run(["list", "--weapon", "sword"], terminal: terminal)
    let header = "NAME     WEAPON     DESCRIPTION"
    #expect(
      table
        == CommandResult(
          .success,
          output: (terminal ? Self.bold + header + Self.reset : header) + "\n"
            + "Cat-Bot  sword      \(Self.hostileEscaped)\n"))
    let card = harness.run(["show", "cat-bot"], terminal: terminal)
    #expect(
      card
        == .card(
          "Cat-Bot", description: Self.hostileEscaped, icon: "cat\\n.png",
          weapon: "sword (sword.png)"))
    for output in [table.output, card.output] {
      #expect(
        !output.unicodeScalars.contains {
          $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\u{1B}"
        })
      #expect(
        !output.replacing(Self.bold, with: "").replacing(Self.reset, with: "").contains("\u{1B}"))
    }
  }

  @Test func jsonCarriesControlCharactersAsJSONEscapes() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "cat-bot", "--description", Self.hostile]).code == .success)
    let json = harness.run(["show", "cat-bot", "--format", "json"], terminal: true).output
    #expect(
      json.contains(
        "\"description\": \"a\\u001b]0;pwned\\u0007b\\u001b[2Jc\\u009b31m\\u007f\\r\\t\","))
    // JSON lets DEL and the C1 controls stand raw in a string; a terminal must not get them.
    #expect(
      !json.unicodeScalars.contains {
        $0.properties.generalCategory == .control && $0 != "\n"
      })
  }

  @Test func controlCharactersInMessagesAreShownEscaped() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(["show", "x\u{1B}[2Jy\u{9B}z"])
    #expect(
      result
        == CommandResult(.failure, errors: "Error: No monster named 'x\\u{1B}[2Jy\\u{9B}z'.\n"))
  }

  @Test func oneBuilderMakesEveryLookSequence() {
    #expect(TextStyle.rendition(color: .red) == Self.red)
    #expect(TextStyle.sequence(for: .rgb(red: 255, green: 136, blue: 0)) == Self.orange)
    #expect(TextStyle.bold == Self.bold)
    #expect(TextStyle.reset == Self.reset)
    #expect(
      TextStyle.rendition(reset: true, bold: true, reverse: true, color: .blue)
        == "\u{1B}[0;1;7;34m")
    // The picker's looks come from the same builder.
    #expect(ScreenLine.Look(color: .red, reverse: true).sequence == "\u{1B}[0;7;31m")
    #expect(ScreenLine.Look.plain.sequence == Self.reset)
  }
}
