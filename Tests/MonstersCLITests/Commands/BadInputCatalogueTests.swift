import Foundation
import MonsterKit
import MonstersSystem
import TestSupport
import Testing

@testable import MonstersCLI

/// What the roster file holds before a bad input is tried on it.
enum RosterContent: Sendable {
  /// No file.
  case none
  /// The file's text.
  case text(String)
  /// The file's bytes.
  case bytes([UInt8])
  /// `{"version": 1, "monsters": ` and then arrays nested this deep.
  case nested(levels: Int)
  /// A roster whose one monster has a string of this many bytes as its `field`; without
  /// the closing quote and all that follows when `isTerminated` is `false`.
  case longString(field: String, bytes: Int, isTerminated: Bool)

  /// The file's bytes, or `nil` for no file.
  var bytes: [UInt8]? {
    switch self {
    case .none:
      return nil
    case .text(let text):
      return Array(text.utf8)
    case .bytes(let bytes):
      return bytes
    case .nested(let levels):
      return Array("{\"version\": 1, \"monsters\": ".utf8)
        + Array(repeating: UInt8(ascii: "["), count: levels)
        + Array(repeating: UInt8(ascii: "]"), count: levels) + Array("}\n".utf8)
    case .longString(let field, let count, let isTerminated):
      var fields = ["name": "Long-Bot", "description": "d", "icon": "i.png", "weapon": "fire"]
      fields[field] = "\u{1}"
      let text =
        "{\"version\": 1, \"monsters\": [{"
        + ["name", "description", "icon", "weapon"].map { "\"\($0)\": \"\(fields[$0] ?? "")\"" }
        .joined(separator: ", ") + "}]}\n"
      let parts = text.split(separator: "\u{1}", omittingEmptySubsequences: false)
      let long = [UInt8](repeating: UInt8(ascii: "x"), count: count)
      return Array(parts[0].utf8) + long + (isTerminated ? Array(parts[1].utf8) : [])
    }
  }
}

/// One bad input: the roster file, the command line, and what `monsters` must answer.
struct BadInput: Sendable, CustomTestStringConvertible {
  var name: String
  var roster: RosterContent
  var arguments: [[UInt8]]
  var code: ExitCode
  /// The first line on standard error; `{path}` stands for the roster's path.
  var message: String
  /// Whether ``message`` is only the start of the line (the rest is long).
  var isPrefix = false
  /// Whether the case runs the built binary rather than in-process.
  var runsTheBinary = false

  var testDescription: String { name }

  init(
    _ name: String, _ roster: RosterContent = .none, _ arguments: [String], _ code: ExitCode,
    _ message: String
  ) {
    self.name = name
    self.roster = roster
    self.arguments = arguments.map { Array($0.utf8) }
    self.code = code
    self.message = message
  }

  /// The case with a message that is only the start of the first line.
  func prefix() -> BadInput {
    var copy = self
    copy.isPrefix = true
    return copy
  }

  /// The case run through the built binary.
  func binary() -> BadInput {
    var copy = self
    copy.runsTheBinary = true
    return copy
  }

  /// The case with raw bytes as its arguments, which only the binary can be given.
  func withArguments(_ arguments: [[UInt8]]) -> BadInput {
    var copy = self
    copy.arguments = arguments
    copy.runsTheBinary = true
    return copy
  }
}

/// Bad input of every kind: broken and hostile JSON, rosters that break each rule, and bad
/// command lines. Each gets its exit code and a clear message, never a crash, and leaves
/// the roster file byte for byte as it was.
@Suite struct BadInputCatalogueTests {
  static let edit = ["set", "cat-bot", "--weapon", "fire"]
  static let weapons = "Choose one of: blowgun, ninjaStar, fire, sword, smoke."
  static let colours =
    "it takes a colour: black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB."
  static let lockTimeout =
    "give a number of seconds from 0 to 1000000 in decimal digits, such as 10 or 0.5."

  /// A roster file with the given monster objects (JSON text).
  static func roster(_ monsters: String...) -> RosterContent {
    .text(rosterText(monsters))
  }

  /// A roster file with no monsters whose `version` is this JSON text.
  static func version(_ json: String) -> RosterContent {
    .text(rosterText(version: json))
  }

  /// The message for a roster whose version, as the file spells it, is newer than 1.
  static func newer(_ version: String) -> String {
    "{path}:1:13: the file is roster version \(version), newer than this monsters reads (1); "
      + "use a newer monsters"
  }

  /// The message for Cat-Bot's weapon `weapon`, which is not one of the roster's.
  static func unknownWeapon(_ weapon: String) -> String {
    "{path}:1:96: monster 1 ('Cat-Bot'): unknown weapon '\(weapon)'; the weapons are blowgun, "
      + "ninjaStar, fire, sword, smoke"
  }

  /// A case of a roster file that the edit refuses as bad data with this message.
  static func refused(_ name: String, _ roster: RosterContent, _ message: String) -> BadInput {
    BadInput(name, roster, edit, .dataError, message)
  }

  /// Every case: the roster files in `BadInputCatalogue+Rosters.swift`, the command lines in
  /// `BadInputCatalogue+CommandLines.swift`.
  static let cases = notJSON + hostileJSON + invalidRosters + otherVersions + badCommandLines

  /// The exit codes `monsters` ends with.
  static let allowedCodes: Set<Int32> = [0, 1, 64, 65, 66, 74, 75]

  @Test func theCatalogueHoldsAtLeastSixtyCases() {
    #expect(Self.cases.count >= 60)
    #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
  }

  /// A sparse file just over 4 GiB, the most a roster file may be: refused from its size,
  /// before it is read. The run holds little memory on every system; on Linux it also runs
  /// with a limit of 1 GiB of address space (``BuiltTool/addressSpaceLimit``), which
  /// reading the file whole could not fit in, so that a process with a memory limit is seen
  /// not to crash on it. (Under the address sanitizer, which the documented run asks for
  /// with `ASAN_OPTIONS`, the binary needs more address space than the limit leaves it.)
  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
      "the address sanitizer cannot run under a memory limit"),
    arguments: [["list"], ["set", "cat-bot", "--weapon", "fire"], ["check"]])
  func fileOverFourGiBIsRefusedBeforeItIsRead(_ arguments: [String]) throws {
    let harness = try CommandLineHarness()
    let size = off_t(RosterFile.sizeLimit) + 1
    #expect(FileManager.default.createFile(atPath: harness.rosterPath, contents: nil))
    #expect(truncate(harness.rosterPath, size) == 0)
    let binary = try #require(BuiltTool.url)
    let run = try SpawnedProcess.run(
      URL(fileURLWithPath: "/bin/sh"),
      arguments: ([
        "-c", BuiltTool.addressSpaceLimit + "cd \"$1\" && shift && exec \"$0\" \"$@\"", binary.path,
        harness.folder,
      ]
        + arguments).map { Array($0.utf8) })
    #expect(run.termination == .exited(74))
    #expect(
      String(decoding: run.errors, as: UTF8.self)
        == "Error: monsters.json is larger than 4 GiB, more than a roster file may be.\n")
    #expect(run.output.isEmpty)
    #expect(run.peakMemoryBytes < 256 << 20, "peak memory \(run.peakMemoryBytes) bytes")
    #expect(
      (try? Platform.fileStatus(atPath: harness.rosterPath, followingLinks: true).size) == size)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.folder).sorted().filter {
        $0 != "monsters.json.lock"
      } == ["monsters.json"])
  }

  @Test(arguments: cases)
  func badInputGetsItsCodeAndMessageAndLeavesTheFileAlone(_ badInput: BadInput) throws {
    let harness = try CommandLineHarness()
    let before = badInput.roster.bytes
    if let before {
      try Data(before).write(to: URL(fileURLWithPath: harness.rosterPath))
    }
    // Paths are made in the test's own folder.
    let arguments = badInput.arguments.map { argument in
      argument.starts(with: Array("{folder}".utf8))
        ? Array(harness.folder.utf8) + argument.dropFirst("{folder}".utf8.count) : argument
    }
    let code: Int32
    let output: String
    let errors: String
    if badInput.runsTheBinary {
      let binary = try #require(BuiltTool.url)
      let result = try SpawnedProcess.run(
        binary, arguments: arguments, environment: ["MONSTERS_FILE": harness.rosterPath])
      guard case .exited(let status) = result.termination else {
        Issue.record("monsters ended: \(result.termination)")
        return
      }
      code = status
      output = String(decoding: result.output, as: UTF8.self)
      errors = String(decoding: result.errors, as: UTF8.self)
    } else {
      let result = harness.run(arguments.map { String(decoding: $0, as: UTF8.self) })
      code = result.code.rawValue
      output = result.output
      errors = result.errors
    }
    #expect(code == badInput.code.rawValue)
    #expect(Self.allowedCodes.contains(code))
    let firstLine = String(errors.prefix { $0 != "\n" })
    var message = badInput.message.replacing("{path}", with: harness.rosterPath)
      .replacing("{folder}", with: harness.folder)
    if !message.hasPrefix("Error: ") { message = "Error: " + message }
    if badInput.isPrefix {
      #expect(firstLine.hasPrefix(message), "\(firstLine.prefix(300))")
    } else {
      #expect(firstLine == message)
    }
    for text in [output, errors] {
      #expect(!text.contains("Fatal error"))
      #expect(!text.localizedCaseInsensitiveContains("backtrac"))
      #expect(!text.contains("Program crashed"))
    }
    // The file is byte for byte as it was (or still missing), and nothing else is left.
    let after = FileManager.default.contents(atPath: harness.rosterPath).map { [UInt8]($0) }
    #expect(after == before)
    let entries = try FileManager.default.contentsOfDirectory(atPath: harness.folder)
    #expect(
      Set(entries).isSubset(of: ["monsters.json", "monsters.json.lock"]), "\(entries.sorted())")
  }
}
