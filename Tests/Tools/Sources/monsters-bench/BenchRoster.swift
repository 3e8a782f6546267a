import MonsterKit
import MonstersSystem

/// A canonical roster file of generated monsters, written once per size.
enum BenchRoster {
  /// A monster's name by number: the seeded names with a number, so that names look like
  /// real ones and differ in more than their last digits.
  static func name(_ number: Int) -> String {
    "\(Monster.seeded[number % 6].name)-\(number)"
  }

  /// Writes a canonical roster of `count` monsters to `path`.
  static func write(count: Int, to path: String) throws {
    let weapons = Weapon.builtIn
    // Every seventh monster has a colour, of the colour field's words.
    let colorField = MonsterField.builtIn.first { $0.kind == .color }
    let colors = colorField?.words() ?? []
    var roster = Roster()
    for number in 0..<count {
      let seed = Monster.seeded[number % 6]
      var changes = RosterEdit.Changes(
        weapon: weapons[(number / 6) % weapons.count],
        description: "\(seed.description) (number \(number) of the generated roster)")
      if let colorField, number % 7 == 0, !colors.isEmpty {
        changes.set(colorField.key, to: .typed(colors[number % colors.count]))
      }
      try roster.apply(.addNamed(name(number), changes, ifTaken: .fail))
    }
    try writeFile(roster.canonicalJSON(), to: path)
  }
}

extension BenchRoster {
  /// Writes a canonical roster of one monster with `keys` keys of its own, `key0` to
  /// `key<keys - 1>`, each a number; the key numbered `changing` holds a string instead.
  static func writeMonster(keys: Int, changing: Int, to path: String) throws {
    var monster = Monster.seeded[0]
    monster.otherFields = (0..<keys).map { number in
      JSONMember("key\(number)", number == changing ? .string("changed") : .number("\(number)"))
    }
    try writeFile(try Roster([monster]).canonicalJSON(), to: path)
  }
}

/// Writes bytes to a file, replacing what it held.
///
/// - Throws: ``BenchError`` naming the file when it cannot be written.
func writeFile(_ bytes: [UInt8], to path: String) throws {
  do throws(SystemCallError) {
    let descriptor = try Platform.openFile(
      path, [.writeOnly, .create, .truncate, .closeOnExec], mode: 0o644)
    defer { Platform.closeFile(descriptor) }
    try bytes.withUnsafeBytes { buffer in
      Swift.Result { () throws(SystemCallError) in
        try SystemFileSystem().writeAll(buffer, to: descriptor)
      }
    }.get()
  } catch {
    throw BenchError("cannot write \(path): \(Platform.errorDescription(error.code))")
  }
}

/// A failure of the benchmark itself.
struct BenchError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
