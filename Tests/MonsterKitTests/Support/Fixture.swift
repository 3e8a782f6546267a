import Foundation
import MonsterKit
import TestSupport

/// The roster files in the package's `Fixtures` folder.
enum Fixture {
  /// The `Fixtures` folder.
  static let folder = fixturesFolder

  /// The bytes of a fixture file.
  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// The canonical seeded roster, `Fixtures/seeded.json`.
  static func seeded() throws -> [UInt8] {
    try bytes("seeded.json")
  }
}

/// The path the in-memory readings below give in their errors.
let scratchPath = "monsters.json"

/// Reads roster text as the file `monsters.json` holding it would be read.
func readRoster(_ text: String) throws(RosterError) -> Roster {
  try RosterFile(path: scratchPath).roster(from: Array(text.utf8))
}

/// Reads roster bytes as the file `monsters.json` holding them would be read.
func readRoster(bytes: [UInt8]) throws(RosterError) -> Roster {
  try RosterFile(path: scratchPath).roster(from: bytes)
}

/// The text of canonical bytes.
func text(_ bytes: [UInt8]) -> String {
  String(decoding: bytes, as: UTF8.self)
}

/// A roster file holding the given monster objects (JSON text, one a line).
func rosterText(_ monsters: String...) -> String {
  "{\n  \"version\": 1,\n  \"monsters\": [\n"
    + monsters.map { "    " + $0 }.joined(separator: ",\n")
    + "\n  ]\n}\n"
}
