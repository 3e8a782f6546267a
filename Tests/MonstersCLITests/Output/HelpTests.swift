import MonsterKit
import Testing

@testable import MonstersCLI

@Suite struct HelpTests {
  static let subcommandNames = Subcommand.all.map(\.spec.name)

  /// The text with every run of white space made one space, so that wrapped help can be
  /// searched for a sentence.
  private func flattened(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// A subcommand's spec, its help listing the weapons of a roster that declares none.
  private func spec(named name: String) throws -> CommandSpec {
    try #require(Subcommand.all.first { $0.spec.name == name }).spec
      .listingWeapons(Weapon.builtIn.names)
  }

  @Test(arguments: subcommandNames)
  func everySpellingOfHelpGivesTheSamePage(_ name: String) throws {
    let harness = try CommandLineHarness()
    let page = harness.run(["help", name])
    #expect(page.code == .success)
    #expect(page.errors.isEmpty)
    #expect(page.output.hasPrefix("OVERVIEW: "))
    for arguments in [
      [name, "--help"], [name, "-h"], ["--help", name], ["-h", name],
      ["help", "--file", harness.rosterPath, name],
    ] {
      #expect(harness.run(arguments) == page, "monsters \(arguments.joined(separator: " "))")
    }
  }

  @Test(arguments: subcommandNames)
  func helpDocumentsEveryOptionAndArgument(_ name: String) throws {
    let harness = try CommandLineHarness()
    let spec = try spec(named: name)
    let page = harness.run([name, "--help"]).output
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    for option in spec.allOptions {
      #expect(
        lines.contains { $0.hasPrefix("  " + option.label) }, "\(name): \(option.label)")
      #expect(!option.help.isEmpty)
      #expect(flattened(page).contains(flattened(option.help)), "\(name): \(option.label)")
    }
    for argument in spec.arguments {
      #expect(lines.contains { $0.hasPrefix("  <\(argument.name)>") }, "\(name): \(argument.name)")
      #expect(flattened(page).contains(flattened(argument.help)), "\(name): \(argument.name)")
    }
    #expect(flattened(page).contains(flattened(spec.abstract)))
    if !spec.discussion.isEmpty {
      #expect(flattened(page).contains(flattened(spec.discussion)))
    }
    // The rest of the rules are the manual page's: help stays a screenful or two.
    for paragraph in spec.details.split(separator: "\n\n") {
      #expect(!flattened(page).contains(flattened(String(paragraph))), "\(name): \(paragraph)")
    }
  }

  @Test(arguments: subcommandNames)
  func usageNamesEveryArgumentAndOption(_ name: String) throws {
    let spec = try spec(named: name)
    let usage = flattened(HelpText.usageLines(for: spec, prefix: "Usage: ").joined(separator: " "))
    #expect(usage.hasPrefix("Usage: monsters \(name)"))
    for argument in spec.allArguments {
      #expect(usage.contains(argument.synopsis), "\(name): \(argument.name)")
    }
    for option in spec.options {
      // The flag of another way to run the command leads its own usage line.
      let leads = option.isRequired || spec.forms.contains { $0.flag == option.name }
      let shown = leads ? " \(option.synopsis)" : "[\(option.synopsis)]"
      #expect(usage.contains(shown), "\(name): \(option.name)")
    }
    #expect(
      HelpText.usageLines(for: spec, prefix: "Usage: ").count >= spec.forms.count,
      "a usage line for each way to run \(name)")
    let page = flattened(try CommandLineHarness().run([name, "--help"]).output)
    #expect(page.contains(usage.replacing("Usage: ", with: "USAGE: ")))
  }

  @Test(arguments: [nil] + subcommandNames.map(Optional.some))
  func everyHelpLineFitsInEightyColumns(_ name: String?) throws {
    let harness = try CommandLineHarness()
    let page = harness.run(name.map { ["help", $0] } ?? ["help"]).output
    #expect(!page.isEmpty)
    for line in page.split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
    }
  }

  @Test(arguments: subcommandNames)
  func usageLinesFitInEightyColumns(_ name: String) throws {
    let spec = try spec(named: name)
    for prefix in ["Usage: ", "USAGE: "] {
      for line in HelpText.usageLines(for: spec, prefix: prefix) {
        #expect(line.count <= 80, "\(line.count) columns: \(line)")
      }
    }
    for line in HelpText.usageLines(for: nil, prefix: "Usage: ") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
    }
  }

  @Test func usageErrorsShowUsageLinesThatFit() throws {
    let harness = try CommandLineHarness()
    for name in Self.subcommandNames {
      let result = harness.run([name, "--no-such-option"])
      #expect(result.code == .usage)
      let lines = result.errors.split(separator: "\n").dropFirst()
      #expect(lines.first?.hasPrefix("Usage: monsters \(name)") == true)
      #expect(lines.last == "  See 'monsters \(name) --help' for more information.")
      for line in lines {
        #expect(line.count <= 80, "\(line.count) columns: \(line)")
      }
    }
  }

  @Test func theTopPageListsEverySubcommand() throws {
    let harness = try CommandLineHarness()
    let page = harness.run(["help"])
    #expect(page.code == .success)
    #expect(page.errors.isEmpty)
    let lines = page.output.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "SUBCOMMANDS:"))
    let section = lines[(start + 1)...].prefix { !$0.isEmpty }
    let listed = section.compactMap { line -> String? in
      guard line.hasPrefix("  "), line.dropFirst(2).first?.isLetter == true else { return nil }
      // A name, of one word or of two (`weapons add`), ends where two spaces start.
      let entry = line.dropFirst(2)
      return String(entry[..<(entry.firstRange(of: "  ")?.lowerBound ?? entry.endIndex)])
    }
    #expect(listed == Self.subcommandNames)
    for subcommand in Subcommand.all {
      #expect(flattened(page.output).contains(flattened(subcommand.spec.abstract)))
    }
  }

  @Test func theTopPageDocumentsTheGlobalOptionsAndVersion() throws {
    let harness = try CommandLineHarness()
    let page = harness.run(["--help"]).output
    let lines = page.split(separator: "\n")
    for option in OptionSpec.global + [.version] {
      #expect(lines.contains { $0.hasPrefix("  " + option.label) }, "\(option.label)")
    }
  }

  @Test(arguments: [["help"], ["--help"], ["-h"], ["--no-color", "-h"], ["help", "--no-color"]])
  func theTopPageHasEverySpelling(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    let page = harness.run(["help"])
    #expect(harness.run(arguments) == page)
  }

  @Test(arguments: [
    ["set", "--help"], ["set", "-h", "a", "b", "c"], ["show", "--help"],
    ["set", "cat-bot", "--weapon", "axe", "--help"],
  ])
  func helpWinsOverMissingOrBadArguments(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    let result = harness.run(arguments)
    #expect(result.code == .success)
    #expect(result.errors.isEmpty)
    #expect(result.output == harness.run(["help", arguments[0]]).output)
    #expect(harness.rosterBytes() == nil)
  }

  @Test func helpNeedsNoRoster() throws {
    let harness = try CommandLineHarness()
    try harness.writeRoster("{ not JSON")
    let result = harness.run(["help", "list"])
    #expect(result.code == .success)
    #expect(result.errors.isEmpty)
    #expect(result.output.hasPrefix("OVERVIEW: "))
    #expect(harness.run(["list", "--help"]) == result)
  }
}

extension HelpTests {
  @Test(arguments: subcommandNames)
  func everySubcommandsHelpEndsWithExamplesThatParse(_ name: String) throws {
    let spec = try #require(Subcommand.all.first { $0.spec.name == name }).spec
    #expect(!spec.examples.isEmpty, "\(name) has no examples")
    let page = try CommandLineHarness().run(["help", name]).output
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "EXAMPLES:"))
    for example in spec.examples {
      #expect(lines[start...].contains(Substring("  " + example.commandLine)), "\(example)")
      #expect(
        example.arguments.joined(separator: " ").contains(name)
          || example.arguments.first == "--file")
      do throws(CommandFailure) {
        let invocation = try Invocation(parsing: example.arguments, commands: Subcommand.specs)
        #expect(invocation.command?.name == name)
      } catch {
        Issue.record("\(name): '\(example.commandLine)' does not parse: \(error.message ?? "")")
      }
    }
  }

  @Test func examplesAreInTheManualPage() throws {
    let page = ManPage.page(commands: Subcommand.specs)
    for spec in Subcommand.specs {
      for example in spec.examples {
        #expect(page.contains(Roff.escaped(example.commandLine)), "\(example.commandLine)")
      }
    }
  }
}
