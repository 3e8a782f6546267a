import Glibc
import MonsterKit

/// A canonical roster file of generated monsters, written once per size.
enum BenchRoster {
  /// A monster's name by number: the seeded names with a number, so that names look like
  /// real ones and differ in more than their last digits.
  static func name(_ number: Int) -> String {
    "\(Monster.seeded[number % 6].name)-\(number)"
  }

  /// Writes a canonical roster of `count` monsters to `path`.
  static func write(count: Int, to path: String) throws {
    let weapons = WeaponType.allCases
    var monsters: [Monster] = []
    monsters.reserveCapacity(count)
    for number in 0..<count {
      let seed = Monster.seeded[number % 6]
      monsters.append(
        Monster(
          name: name(number),
          description: "\(seed.description) (number \(number) of the generated roster)",
          weapon: weapons[(number / 6) % weapons.count],
          nameColor: number % 7 == 0 ? NameColor.named[number % 8] : nil))
    }
    let roster = try Roster(monsters)
    let bytes = roster.canonicalJSON()
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw BenchError("cannot write \(path)") }
    defer { close(descriptor) }
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        guard written > 0 else { throw BenchError("cannot write \(path)") }
        offset += written
      }
    }
  }
}

/// A failure of the benchmark itself.
struct BenchError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
