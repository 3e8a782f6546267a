import Foundation
import MonstersCLI
import Testing

/// A command line that is a usage error, and the message it gets.
struct UsageCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var message: String
  /// The subcommand whose usage follows the message; empty for `monsters` itself.
  var command: String

  init(_ arguments: [String], _ message: String, usage command: String) {
    self.arguments = arguments
    self.message = message
    self.command = command
  }

  var testDescription: String {
    "monsters " + arguments.joined(separator: " ")
  }
}

/// Command lines that `monsters` cannot run as written: each gets its message, the usage of
/// its subcommand, exit code 64, and leaves the roster file alone.
@Suite struct UsageErrorTests {
  static let weapons = "Choose one of: blowgun, ninjaStar, fire, sword, smoke."
  static let colours =
    "it takes a colour: black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB."

  /// The message for a `--lock-timeout` that is not a number of seconds it takes.
  static func lockTimeout(_ value: String) -> String {
    "Invalid value for '--lock-timeout <seconds>': '\(value)'; give a number of seconds from 0 "
      + "to 1000000 in decimal digits, such as 10 or 0.5."
  }

  static let usageCases: [UsageCase] = [
    // Subcommands.
    UsageCase(["lst"], "Unknown subcommand 'lst'. Did you mean 'list'?", usage: ""),
    UsageCase(["sho", "cat-bot"], "Unknown subcommand 'sho'. Did you mean 'show'?", usage: ""),
    UsageCase(["frobnicate"], "Unknown subcommand 'frobnicate'.", usage: ""),
    UsageCase(["li\u{1B}[2Jst"], "Unknown subcommand 'li\\u{1B}[2Jst'.", usage: ""),
    UsageCase(["help", "sett"], "Unknown subcommand 'sett'. Did you mean 'set'?", usage: "help"),
    // Options.
    UsageCase(
      ["list", "--wepon", "fire"], "Unknown option '--wepon'. Did you mean '--weapon'?",
      usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--colour", "red"], "Unknown option '--colour'.", usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--name-colr=red"],
      "Unknown option '--name-colr'. Did you mean '--name-color'?", usage: "set"),
    UsageCase(
      ["--fiel", "x", "list"], "Unknown option '--fiel'. Did you mean '--file'?", usage: ""),
    UsageCase(["list", "-x"], "Unknown option '-x'.", usage: "list"),
    UsageCase(
      ["list", "--no-colour"], "Unknown option '--no-colour'. Did you mean '--no-color'?",
      usage: "list"),
    UsageCase(["init", "--dry-run"], "Unknown option '--dry-run'.", usage: "init"),
    // Values.
    UsageCase(["list", "--weapon"], "Missing value for '--weapon <weapon>'.", usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "--description", "x"],
      "Missing value for '--weapon <weapon>'.", usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--description", "-h"], "Missing value for '--description <text>'.",
      usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "--", "fire"], "Missing value for '--weapon <weapon>'.",
      usage: "set"),
    UsageCase(["--file"], "Missing value for '--file <path>'.", usage: ""),
    UsageCase(["list", "-f"], "Missing value for '--file <path>'.", usage: "list"),
    UsageCase(["init", "--force=yes"], "The flag '--force' takes no value.", usage: "init"),
    UsageCase(["--no-color=1", "list"], "The flag '--no-color' takes no value.", usage: ""),
    UsageCase(["list", "--help=please"], "The flag '--help' takes no value.", usage: "list"),
    // Repeats.
    UsageCase(
      ["list", "--format", "names", "--format=table"],
      "The option '--format' was given more than once.", usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "fire", "--weapon", "fire"],
      "The option '--weapon' was given more than once.", usage: "set"),
    UsageCase(
      ["-f", "a.json", "show", "cat-bot", "--file", "b.json"],
      "The option '--file' was given more than once.", usage: "show"),
    UsageCase(
      ["init", "--force", "--force"], "The option '--force' was given more than once.",
      usage: "init"),
    UsageCase(
      ["--no-color", "list", "--no-color"], "The option '--no-color' was given more than once.",
      usage: "list"),
    // Arguments.
    UsageCase(["show"], "Missing expected argument '<monster>'.", usage: "show"),
    UsageCase(["set", "--weapon", "fire"], "Missing expected argument '<monster>'.", usage: "set"),
    UsageCase(
      ["show", "cat-bot", "extra"],
      "Unexpected argument 'extra'; quote a name with spaces: monsters show 'cat-bot extra'",
      usage: "show"),
    UsageCase(
      ["set", "cat-bot", "--where", "weapon=fire", "--weapon", "smoke"],
      "Name the monsters or pick them with --where, not both: 'cat-bot' is named.",
      usage: "set"),
    UsageCase(["list", "all"], "Unexpected argument 'all'.", usage: "list"),
    UsageCase(["help", "list", "show"], "Unexpected argument 'show'.", usage: "help"),
    // Values that are not allowed.
    UsageCase(
      ["set", "cat-bot", "--weapon", "axe"], "Unknown weapon 'axe'. \(weapons)", usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "fir"],
      "Unknown weapon 'fir'. Did you mean 'fire'? \(weapons)",
      usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--weapon=ninja star!"],
      "Unknown weapon 'ninja star!'. Did you mean 'ninjaStar'? \(weapons)",
      usage: "set"),
    UsageCase(["list", "--weapon="], "Unknown weapon ''. \(weapons)", usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--name-color", "purple"],
      "Invalid value 'purple' for 'nameColor': \(colours)",
      usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--name-color", "#12345G"],
      "Invalid value '#12345G' for 'nameColor': \(colours)",
      usage: "set"),
    UsageCase(
      ["show", "cat-bot", "--format", "yaml"], "Unknown format 'yaml'. Choose one of: text, json.",
      usage: "show"),
    UsageCase(
      ["list", "--format", "tables"],
      "Unknown format 'tables'. Did you mean 'table'? Choose one of: table, names, json, ndjson, "
        + "tsv, csv, markdown.", usage: "list"),
    UsageCase(
      ["set", "cat-bot"],
      "Nothing to set: give --weapon, --description, --icon, --name-color or --field.",
      usage: "set"),
    // Global values.
    UsageCase(["list", "--lock-timeout", "abc"], lockTimeout("abc"), usage: "list"),
    UsageCase(
      ["--lock-timeout", "-1", "set", "cat-bot", "--weapon", "fire"], lockTimeout("-1"),
      usage: "set"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "fire", "--lock-timeout=nan"], lockTimeout("nan"),
      usage: "set"),
    UsageCase(["init", "--lock-timeout", "1e7"], lockTimeout("1e7"), usage: "init"),
    UsageCase(["--file", "", "list"], "The roster file's path is empty.", usage: "list"),
    UsageCase(
      ["set", "cat-bot", "--weapon", "fire", "--file="], "The roster file's path is empty.",
      usage: "set"),
    UsageCase(["init", "-f", ""], "The roster file's path is empty.", usage: "init"),
  ]

  @Test(arguments: usageCases)
  func usageErrorsSayWhatIsWrongAndHowToUse(_ usageCase: UsageCase) throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(usageCase.arguments)
        == usageFailure(usageCase.message, command: usageCase.command))
  }

  @Test(arguments: usageCases)
  func usageErrorsLeaveTheFileAsItWas(_ usageCase: UsageCase) throws {
    let harness = try CommandLineHarness()
    // Not in canonical form, so that any rewrite would show.
    let text =
      "{\"version\": 1, \"monsters\": [{\"name\": \"Cat-Bot\", \"description\": \"x\","
      + " \"icon\": \"c.png\", \"weapon\": \"fire\"}, {\"name\": \"Dog-Bot\","
      + " \"description\": \"y\", \"icon\": \"d.png\", \"weapon\": \"smoke\"}]}"
    try harness.writeRoster(text)
    #expect(harness.run(usageCase.arguments).code == .usage)
    #expect(harness.rosterText() == text)
  }

  @Test(arguments: usageCases)
  func usageErrorsCreateNoFile(_ usageCase: UsageCase) throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(usageCase.arguments).code == .usage)
    #expect(harness.rosterBytes() == nil)
  }

  @Test(arguments: [
    (
      ["list", "--format", "xml"], "list", "format 'xml'",
      "table, names, json, ndjson, tsv, csv, markdown"
    ),
    (["show", "Cat-Bot", "--format", "tsv"], "show", "format 'tsv'", "text, json"),
    (
      ["weapons", "--format", "jsn"], "weapons", "format 'jsn'. Did you mean 'json'?",
      "table, names, json"
    ),
  ])
  func anUnknownFormatIsAUsageError(
    _ arguments: [String], _ command: String, _ what: String, _ choices: String
  ) throws {
    let harness = try CommandLineHarness()
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: Unknown \(what)" + (what.hasSuffix("?") ? "" : ".")
          + " Choose one of: \(choices).\n"))
  }
}
