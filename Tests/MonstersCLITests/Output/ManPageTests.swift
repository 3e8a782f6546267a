import Foundation
import MonsterKit
import ProgramRunning
import Testing

@testable import MonstersCLI

@Suite struct ManPageTests {
  static let page = ManPage.page(
    commands: Subcommand.specs.map { $0.listingWeapons(Weapon.builtIn.names) })
  static let subcommandNames = Subcommand.all.map(\.spec.name)

  /// `groff`, where it is installed.
  static let groff = installedProgram("groff")

  /// The source lines of a section (`.SH`) or a subsection (`.SS`), from its heading to the
  /// next heading.
  private func part(_ heading: String, of page: String = page) throws -> [Substring] {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: Substring(heading)), "no \(heading)")
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { $0.hasPrefix(".SH ") || $0.hasPrefix(".SS ") } ?? rest.endIndex
    return Array(rest[..<end])
  }

  private func spec(named name: String) throws -> CommandSpec {
    try #require(Subcommand.all.first { $0.spec.name == name }).spec
      .listingWeapons(Weapon.builtIn.names)
  }

  /// The page rendered by `groff -man -ww` as plain text, and what groff said on standard
  /// error.
  private func rendered(_ page: String) throws -> (text: String, warnings: String, status: Int32) {
    let harness = try CommandLineHarness()
    let source = harness.path("monsters.1")
    try harness.write(page, to: source)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.groff))
    // -P-cbou: no overstriking, bold or underlining, so the text can be searched.
    process.arguments = ["-man", "-ww", "-Tutf8", "-P-cbou", source]
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = output.fileHandleForReading.readDataToEndOfFile()
    let warnings = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      String(decoding: text, as: UTF8.self), String(decoding: warnings, as: UTF8.self),
      process.terminationStatus
    )
  }

  /// The text with every run of white space made one space, so that filled text can be
  /// searched for a sentence.
  private func flattened(_ text: some StringProtocol) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func helpManPrintsThePage() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["help", "--man"]) == CommandResult(.success, output: Self.page))
    #expect(
      harness.run(["help", "--no-color", "--man"]) == CommandResult(.success, output: Self.page))
    #expect(Self.page.hasPrefix(".\\\" "))
    #expect(Self.page.contains("\n.TH MONSTERS 1 \"\" \"monsters \(MonstersCommandLine.version)\""))
    #expect(harness.rosterBytes() == nil)
  }

  @Test func helpManWithASubcommandIsAUsageError() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["help", "list", "--man"])
        == usageFailure(
          "The manual page covers every subcommand; give --man without 'list'.", command: "help"))
  }

  @Test func thePageHasTheSectionsOfAManualPage() throws {
    let headings = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
    #expect(
      headings
        == [
          "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS",
          "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO",
        ].map { ".SH \"\($0)\"" })
    #expect(try part(".SH \"NAME\"") == ["monsters \\- keep a roster of monsters in a JSON file"])
  }

  @Test func descriptionGivesTheRulesOfEveryCommand() throws {
    let text = try part(".SH \"DESCRIPTION\"").joined(separator: "\n")
    for paragraph in [ManPage.introduction] + ManPage.description {
      #expect(text.contains(Roff.escaped(paragraph)), "\(paragraph)")
    }
    // Each topic that README leaves to the manual page, by a phrase of its own.
    for phrase in [
      "runs no git", "a symbolic link is the roster found", "A FIFO is waited for",
      "code point by code point", "LASER is a roster's laser", "1E1 and 007",
      "monsters show -- -Odd-Bot", "patch -p0 applies it", "hang-up while an edit writes",
      "the sticky bit", "Another hard link", "invisible characters", "Cannot allocate memory",
    ] {
      #expect(text.contains(Roff.escaped(phrase)), "\(phrase)")
    }
  }

  @Test func noHeadingIsFollowedByAnEmptyParagraph() {
    let lines = Self.page.split(separator: "\n")
    for (line, next) in zip(lines, lines.dropFirst())
    where line.hasPrefix(".SH ") || line.hasPrefix(".SS ") {
      #expect(next != ".PP", "\(line)")
    }
  }

  @Test func commandsListEverySubcommandInHelpsOrder() throws {
    let subsections = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SS ") }
    #expect(subsections == Self.subcommandNames.map { ".SS \"\(Roff.escaped($0))\"" })
  }

  @Test(arguments: subcommandNames)
  func eachSubcommandHasItsSynopsisArgumentsAndOptions(_ name: String) throws {
    let spec = try spec(named: name)
    let lines = try part(".SS \"\(Roff.escaped(name))\"")
    let text = lines.joined(separator: "\n")
    #expect(lines.first == ".SY \"monsters \(Roff.escaped(name))\"")
    #expect(lines.contains(Substring(Roff.escaped(spec.abstract))))
    for paragraph in (spec.discussion + "\n\n" + spec.details).split(separator: "\n\n") {
      #expect(text.contains(Roff.escaped(paragraph)), "\(name): \(paragraph)")
    }
    for argument in spec.allArguments {
      let italic = Roff.italic(argument.name) + (argument.isRepeating ? "..." : "")
      #expect(lines.contains(Substring(argument.isOptional ? "[\(italic)]" : italic)))
      #expect(
        text.contains(".TP\n\\fI\(Roff.escaped(argument.name))\\fR\n"), "\(name) <\(argument.name)>"
      )
      #expect(text.contains(Roff.escaped(argument.help)), "\(name) <\(argument.name)>")
    }
    for option in spec.options {
      let long = Roff.escaped("--" + option.name)
      let value = option.value == nil ? "" : Roff.escaped(option.valueName)
      // The flag of another way to run the command leads its own synopsis.
      let leads = option.isRequired || spec.forms.contains { $0.flag == option.name }
      let synopsis =
        leads
        ? "\\fB\(long)\\fR" + (value.isEmpty ? "" : " \\fI\(value)\\fR")
        : ".OP \"\(long)\"" + (value.isEmpty ? "" : " \"\(value)\"")
      #expect(lines.contains(Substring(synopsis)), "\(name) --\(option.name)")
      #expect(text.contains(".TP\n\(ManPage.label(of: option))\n"), "\(name) --\(option.name)")
      #expect(text.contains(Roff.escaped(option.help)), "\(name) --\(option.name)")
    }
  }

  @Test func globalOptionsAreListedWithTheVersion() throws {
    let text = try part(".SH \"GLOBAL OPTIONS\"").joined(separator: "\n")
    for option in OptionSpec.global + [.version] {
      #expect(text.contains(".TP\n\(ManPage.label(of: option))\n"), "--\(option.name)")
      #expect(text.contains(Roff.escaped(option.help)), "--\(option.name)")
    }
    #expect(ManPage.label(of: .file) == "\\fB\\-f\\fR, \\fB\\-\\-file\\fR \\fIpath\\fR")
  }

  @Test func exitStatusListsEveryExitCode() throws {
    #expect(ExitCode.every.first == .success)
    #expect(ExitCode.every.contains(.lockBusy))
    #expect(ExitCode.every == ExitCode.every.sorted { $0.rawValue < $1.rawValue })
    let lines = try part(".SH \"EXIT STATUS\"")
    let tags = zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.map(\.1)
    #expect(tags == ExitCode.every.map { "\\fB\($0.rawValue)\\fR" } + ["\\fB128\\fR+\\fIN\\fR"])
    for code in ExitCode.every + [.signal(0)] {
      #expect(lines.contains(Substring(Roff.escaped(code.meaning))), "\(code)")
    }
  }

  @Test func exitStatusSaysWhatEveryCommandMeansByItsCode() {
    #expect(ExitCode.failure.meaning.contains("diff found differences"))
    #expect(ExitCode.failure.meaning.contains("merge left conflicts"))
    #expect(ExitCode.failure.meaning.contains("resolve could not keep the side asked"))
    #expect(ExitCode.usage.meaning.contains("an edit of a stream"))
    #expect(ExitCode.dataError.meaning.contains("unresolved merge markers"))
    #expect(ExitCode.ioError.meaning.contains("a device"))
  }

  @Test func environmentNamesTheVariablesMonstersReads() throws {
    let text = try part(".SH \"ENVIRONMENT\"").joined(separator: "\n")
    for variable in ["MONSTERS_FILE", "NO_COLOR", "TERM", "LC_ALL", "LC_CTYPE", "LANG"] {
      #expect(text.contains(variable), "\(variable)")
    }
  }

  @Test func filesNamesEveryFileAnEditLeavesBesideTheRoster() throws {
    let harness = try CommandLineHarness()
    #expect(harness.run(["set", "cat-bot", "--weapon", "fire"]).code == .success)
    let left = try FileManager.default.contentsOfDirectory(atPath: harness.folder)
    #expect(left == ["monsters.json"])
    let text = try part(".SH \"FILES\"").joined(separator: "\n")
    for file in left {
      #expect(text.contains(".TP\n\\fI\(Roff.escaped(file))\\fR\n"), "\(file)")
    }
    #expect(text.contains(".TP\n\\fI.monsters.json.XXXXXXXX.tmp\\fR\n"))
  }

  @Test(arguments: ManPage.examples.map(\.arguments))
  func everyExampleIsACommandLineTheSpecsAccept(_ arguments: [String]) throws {
    let invocation = try Invocation(parsing: arguments, commands: Subcommand.specs)
    #expect(invocation.command != nil)
    let example = try #require(ManPage.examples.first { $0.arguments == arguments })
    #expect(Self.page.contains(".nf\n\(Roff.escaped(example.commandLine))\n.fi\n"))
  }

  @Test func examplesQuoteWordsAsAShellReadsThem() {
    #expect(ManPage.Example.shellQuoted("cat-bot") == "cat-bot")
    #expect(ManPage.Example.shellQuoted("#FF8800") == "'#FF8800'")
    #expect(ManPage.Example.shellQuoted("Space Bot") == "'Space Bot'")
    #expect(ManPage.Example.shellQuoted("it's") == "'it'\\''s'")
    #expect(ManPage.Example.shellQuoted("") == "''")
  }

  @Test func textCannotActAsARequestOrAnEscape() {
    #expect(Roff.escaped("a-b") == "a\\-b")
    #expect(Roff.escaped("\\fB") == "\\(rsfB")
    #expect(Roff.escaped("'x' \"y\" `z` ^~") == "\\(aqx\\(aq \\(dqy\\(dq \\(gaz\\(ga \\(ha\\(ti")
    #expect(Roff.escaped("é→😀") == "\\[u00E9]\\[u2192]\\[u1F600]")
    #expect(Roff.escaped("\u{1B}[2J") == "\\(rsu{1B}[2J")
    var roff = Roff()
    roff.plain(".SH EVIL\n'br\n ok")
    #expect(roff.source == "\\&.SH EVIL\n\\(aqbr\n\\& ok\n")
  }

  @Test(.enabled(if: groff != nil, "groff is not installed: the page is not rendered"))
  func groffRendersThePageWithoutAWarning() throws {
    let (text, warnings, status) = try rendered(Self.page)
    #expect(status == 0)
    #expect(warnings == "")
    let flat = flattened(text)
    // A Bool first, so that a failure names the missing text rather than the whole page.
    func shows(_ expected: String) -> Bool { flat.contains(flattened(expected)) }
    for spec in Subcommand.specs.map({ $0.listingWeapons(Weapon.builtIn.names) }) {
      #expect(shows(spec.abstract), "\(spec.name): \(spec.abstract)")
      for paragraph in (spec.discussion + "\n\n" + spec.details).split(separator: "\n\n") {
        #expect(shows(String(paragraph)), "\(spec.name): \(paragraph)")
      }
      for option in spec.options {
        #expect(shows(option.help), "\(spec.name) --\(option.name): \(option.help)")
      }
    }
    for expected in [
      "monsters set [monster...] [--weapon weapon] [--description text]",
      "monsters add name --weapon weapon [--description text]",
      "monsters set cat-bot --weapon ninja-star --name-color red",
    ] {
      #expect(shows(expected), "\(expected)")
    }
    #expect(!text.contains("\u{2010}"), "a word hyphenated at the end of a line")
    for line in text.split(separator: "\n") {
      #expect(line.count <= 80, "\(line.count) columns: \(line)")
      for escape in ["\\f", "\\(", "\\[", "\\&", "\\-", "\\e"] {
        #expect(!line.contains(escape), "a roff escape left in: \(line)")
      }
    }
  }

  @Test(.enabled(if: groff != nil, "groff is not installed: the page is not rendered"))
  func hostileHelpTextIsPrintedAsItReads() throws {
    let hostile = CommandSpec(
      name: "evil",
      abstract: ".SH EVIL \\fBnot bold\\fR 'quoted' \"double\" `tick` ^~ é→",
      discussion: ".TH X 1\n'br\n\nback\\slash \\\" not a comment",
      options: [OptionSpec("x-y", .text("v w"), help: ".B\\-z")])
    let page = ManPage.page(commands: [hostile])
    #expect(!page.split(separator: "\n").contains { $0.hasPrefix(".SH EVIL") || $0.hasPrefix("'") })
    let (text, warnings, status) = try rendered(page)
    #expect(status == 0)
    #expect(warnings == "")
    let flat = flattened(text)
    for expected in [
      flattened(hostile.abstract), ".TH X 1 'br", "back\\slash \\\" not a comment",
      "--x-y v w .B\\-z", "monsters evil [--x-y v w]",
    ] {
      let found = flat.contains(expected)
      #expect(found, "\(expected)")
    }
  }
}
