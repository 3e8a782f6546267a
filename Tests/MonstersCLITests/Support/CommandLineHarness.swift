import Foundation
import MonsterKit
import MonstersSystem
import ProgramRunning

@testable import MonstersCLI

/// What one run of the command line gave: the exit code and the text of both streams.
struct CommandResult: Equatable {
  var code: ExitCode
  var output: String
  var errors: String

  init(_ code: ExitCode, output: String = "", errors: String = "") {
    self.code = code
    self.output = output
    self.errors = errors
  }
}

/// Runs `monsters` in-process against a roster file in a fresh temporary folder, and removes
/// the folder when it goes away.
///
/// The roster file of the runs is the default one, as `monsters.json` in the current folder
/// would be, but in the harness's folder, so tests never depend on the current folder,
/// which other tests running in parallel share.
final class CommandLineHarness {
  /// The temporary folder.
  let folder: String
  /// The roster file the runs use: `monsters.json` in the folder, missing at first.
  let rosterPath: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    folder = base + "/monsters-cli-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    rosterPath = folder + "/monsters.json"
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The environment runs get by default: none. The roster file is the default one, which
  /// may be missing; a test that names it (`--file`, `MONSTERS_FILE`) needs it to exist.
  var environment: [String: String] {
    [:]
  }

  /// Runs one command line.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after `monsters`.
  ///   - environment: The environment; by default ``environment``.
  ///   - terminal: Whether standard output and standard error act as terminals.
  ///   - input: What standard input holds.
  ///   - defaultRosterFile: The roster file when none is named; ``rosterPath`` unless given.
  func run(
    _ arguments: [String], environment: [String: String]? = nil, terminal: Bool = false,
    input: String = "", defaultRosterFile: String? = nil
  ) -> CommandResult {
    let output = OutputChannel(capturingAsTerminal: terminal)
    let errors = OutputChannel(capturingAsTerminal: terminal)
    let code = MonstersCommandLine.run(
      arguments, environment: environment ?? self.environment,
      console: Console(input: InputChannel(text: input), output: output, errors: errors),
      defaultRosterFile: defaultRosterFile ?? rosterPath)
    return CommandResult(code, output: output.text, errors: errors.text)
  }

  /// What the first edit, of a command, says on standard error as it creates the roster
  /// file.
  func createdNote(_ command: String) -> String {
    "monsters \(command): Created \(rosterPath) from the seeded roster.\n"
  }

  /// A path in the folder.
  func path(_ name: String) -> String {
    folder + "/" + name
  }

  /// The roster file's bytes, or `nil` while there is no file.
  func rosterBytes() -> Data? {
    FileManager.default.contents(atPath: rosterPath)
  }

  /// The roster file's text, or `nil` while there is no file.
  func rosterText() -> String? {
    rosterBytes().map { String(decoding: $0, as: UTF8.self) }
  }

  /// Writes the roster file.
  func writeRoster(_ text: String) throws {
    try write(text, to: rosterPath)
  }

  /// Writes a file.
  func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}

// MARK: - Fixtures and expected text

/// `Fixtures/seeded.json`: the seeded roster in canonical form.
let seededRosterText: String = {
  let url = packageRoot.appendingPathComponent("Fixtures/seeded.json")
  return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
}()

/// `monsters list` of the seeded roster.
let seededTable = """
  NAME             WEAPON     DESCRIPTION
  Cat-Bot          sword      MEE-OW
  Dog-Bot          blowgun    BOW-WOW
  Explode-Bot      smoke      Tick, tick, BOOM!
  Fire-Bot         ninjaStar  Will Make You Steamed
  Ice-Bot          fire       Has A Chilling Effect
  Mini-Tomato-Bot  ninjaStar  Extremely Handsome

  """

/// `monsters list` of the seeded roster with rows changed: the row of each seeded monster
/// named on the left is replaced by the line on the right.
func seededTable(changing rows: KeyValuePairs<String, String>) -> String {
  var lines = seededTable.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  for (name, row) in rows {
    guard let index = lines.firstIndex(where: { $0.hasPrefix(name + " ") }) else {
      preconditionFailure("the seeded roster has no \(name)")
    }
    lines[index] = row
  }
  return lines.joined(separator: "\n")
}

/// What `monsters show` prints of a monster without declared fields: its name, a row a
/// field, and a blank line. `weapon` is the weapon's row: the weapon, then its image.
func cardText(
  _ name: String, description: String, icon: String, weapon: String, nameColour: String = "none"
) -> String {
  """
  \(name)
    Description  \(description)
    Icon         \(icon)
    Weapon       \(weapon)
    Name colour  \(nameColour)

  """
}

extension CommandResult {
  /// What `monsters show` gives for a monster without declared fields: success, and the
  /// card of ``cardText(_:description:icon:weapon:nameColour:)`` alone.
  static func card(
    _ name: String, description: String, icon: String, weapon: String, nameColour: String = "none"
  ) -> CommandResult {
    CommandResult(
      .success,
      output: cardText(
        name, description: description, icon: icon, weapon: weapon, nameColour: nameColour))
  }
}

/// `monsters list --format names` of the seeded roster.
let seededNames = "Cat-Bot\nDog-Bot\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\n"

/// A roster file in canonical form holding the given monsters.
func rosterJSON(_ monsters: [MonsterFields]) -> String {
  guard !monsters.isEmpty else { return "{\n  \"version\": 1,\n  \"monsters\": []\n}\n" }
  return "{\n  \"version\": 1,\n  \"monsters\": [\n"
    + monsters.map(\.json).joined(separator: ",\n") + "\n  ]\n}\n"
}

/// A monster's fields, as JSON text of a roster file or of `monsters show --format json`.
struct MonsterFields {
  var name: String
  /// The description; `nil` leaves the key out, which breaks a rule of the roster.
  var description: String? = "d"
  var icon = "i.png"
  var weapon = "fire"
  var nameColor: String?
  /// The keys after the built-in ones, in their order, with text values.
  var others: KeyValuePairs<String, String> = [:]

  /// The monster's object, indented as in a canonical file.
  var json: String {
    object(indent: "    ")
  }

  /// The monster's object as `monsters show --format json` prints it, ending its line.
  var shown: String {
    object(indent: "") + "\n"
  }

  private func object(indent: String) -> String {
    var members = [("name", name)]
    if let description { members.append(("description", description)) }
    members += [("icon", icon), ("weapon", weapon)]
    if let nameColor { members.append(("nameColor", nameColor)) }
    members += others.map { ($0.key, $0.value) }
    let lines = members.map { key, value in indent + "  \(quoted(key)): \(quoted(value))" }
    return indent + "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
  }

  /// The text as a JSON string, escaped as the canonical writer escapes it.
  private func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.appendJSONString(text)
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The lines a usage error ends with, after its `Error: ...` line, for each subcommand;
/// `monsters` itself under the empty name.
let usageTrailer: [String: String] = [
  "": "Usage: monsters [--file <path>] <subcommand> [<options>]\n"
    + "  See 'monsters --help' for more information.\n",
  "list": "Usage: monsters list [--weapon <weapon>] [--where <field=value>...]\n"
    + "                     [--fields <field,...>] [--format <format>] [--bom]\n"
    + "  See 'monsters list --help' for more information.\n",
  "show": "Usage: monsters show <monster> [--format <format>] [--field <field>]\n"
    + "  See 'monsters show --help' for more information.\n",
  "set": "Usage: monsters set [<monster>...] [--weapon <weapon>] [--description <text>]\n"
    + "                    [--icon <file>] [--name-color <color>]\n"
    + "                    [--field <name=value>...] [--where <field=value>...]\n"
    + "                    [--dry-run] [--exit-code]\n"
    + "  See 'monsters set --help' for more information.\n",
  "weapons": "Usage: monsters weapons [--format <format>]\n"
    + "  See 'monsters weapons --help' for more information.\n",
  "init": "Usage: monsters init [--force]\n"
    + "  See 'monsters init --help' for more information.\n",
  "help": "Usage: monsters help [<subcommand>...] [--man]\n"
    + "  See 'monsters help --help' for more information.\n",
]

/// What a usage error prints on standard error: the message, the subcommand's usage, and
/// where to read more.
func usageErrorText(_ message: String, command: String) -> String {
  "Error: \(message)\n" + (usageTrailer[command] ?? "<no usage for '\(command)'>\n")
}

/// A usage error's result: exit code 64, nothing on standard output.
func usageFailure(_ message: String, command: String) -> CommandResult {
  CommandResult(.usage, errors: usageErrorText(message, command: command))
}

// MARK: - Whether a file was rewritten

/// What tells a file apart from one written in its place: its inode and modification time.
struct FileIdentity: Equatable {
  var inode: UInt
  var seconds: Int
  var nanoseconds: Int

  /// The identity of the file at a path, or `nil` when there is none.
  init?(path: String) {
    guard let status = try? Platform.fileStatus(atPath: path, followingLinks: true) else {
      return nil
    }
    inode = UInt(status.inode)
    seconds = status.modificationTime.seconds
    nanoseconds = status.modificationTime.nanoseconds
  }
}
