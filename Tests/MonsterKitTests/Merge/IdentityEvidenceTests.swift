import TestSupport
import Testing

@testable import MonsterKit

/// The reading of the monsters that matching by name leaves in doubt, held to itself with
/// every text counted: the pairs whose texts it leaves uncounted change no reading.
@Suite struct IdentityEvidenceTests {
  /// Random changed sets, each old monster linked by name to a new one or not, new monsters
  /// often an old one with a field or two changed, descriptions and icons from small pools
  /// (so that some are a monster's own and some are shared), and any count the rosters
  /// could give for each text: the best reading and its groups in doubt are the same
  /// whether the settled pairs' texts are counted or not.
  @Test(arguments: 0..<40)
  func leavingOutSettledPairsChangesNoReading(_ seed: Int) {
    var generator = SeededGenerator(seed: 0x6576_6964 + UInt64(seed))
    for _ in 0..<100 {
      let (old, new, nameLinks) = Self.changedSet(using: &generator)
      // How many monsters of each roster hold a text: one each (a text of its own) or more,
      // fixed for the text, whichever pass asks.
      var counts: [String: (old: Int, new: Int)] = [:]
      for text in (old + new).flatMap({ [$0.description, $0.icon] }) where counts[text] == nil {
        let (inOld, inNew) = (
          Int.random(in: 1...3, using: &generator), Int.random(in: 1...3, using: &generator)
        )
        counts[text] = Bool.random(using: &generator) ? (1, 1) : (inOld, inNew)
      }
      func reading(leavingOut: Bool) -> (matches: [Int?], groups: [IdentityEvidence.Group]) {
        var reading = IdentityEvidence.Reading(oldMonsters: old, newMonsters: new)
        for (i, j) in nameLinks { reading.linkNames(i, j) }
        reading.findShared(leavingOutSettledPairs: leavingOut) { texts, _ in
          texts.map { counts[$0] ?? (0, 0) }
        }
        return reading.resolve()
      }
      let every = reading(leavingOut: false)
      let some = reading(leavingOut: true)
      #expect(every.matches == some.matches, "\(old)\n\(new)\n\(nameLinks)")
      #expect(every.groups == some.groups, "\(old)\n\(new)\n\(nameLinks)")
    }
  }

  /// A monster edited in place, alone in the changed set, asks for no count: the pass over
  /// both rosters is left out.
  @Test func aMonsterEditedInPlaceAsksForNoCount() {
    let before = Monster(
      name: "Cat-Bot", description: "MEE-OW", icon: "cat.png", weapon: Weapon(.sword))
    var after = before
    after.description = "Purr"
    var reading = IdentityEvidence.Reading(oldMonsters: [before], newMonsters: [after])
    reading.linkNames(0, 0)
    var asked: [String] = []
    reading.findShared { texts, _ in
      asked += texts
      return texts.map { _ in (1, 1) }
    }
    #expect(asked.isEmpty)
    #expect(reading.pairsSettledAlone() == [IdentityEvidence.Reading.Pair(old: 0, new: 0)])
    #expect(reading.resolve().matches == [0])
    #expect(reading.resolve().groups.isEmpty)
  }

  /// Old and new monsters of a changed set, and the links matching by name made.
  static func changedSet(using generator: inout some RandomNumberGenerator) -> (
    old: [Monster], new: [Monster], nameLinks: [(Int, Int)]
  ) {
    func pick<Value>(_ pool: [Value]) -> Value {
      pool[Int.random(in: pool.indices, using: &generator)]
    }
    let descriptions = ["", "MEE-OW", "BOW-WOW", "Beeps", "Tick"]
    let icons = ["a.png", "b.png", "c.png", "d.png"]
    let weapons = [Weapon(.sword), Weapon(.fire), Weapon(.smoke)]
    let old = (0..<Int.random(in: 1...5, using: &generator)).map { k in
      Monster(
        name: "Old-\(k)", description: pick(descriptions), icon: pick(icons),
        weapon: pick(weapons))
    }
    var new: [Monster] = []
    for k in 0..<Int.random(in: 1...5, using: &generator) {
      var monster =
        Bool.random(using: &generator)
        ? pick(old)
        : Monster(
          name: "New-\(k)", description: pick(descriptions), icon: pick(icons),
          weapon: pick(weapons))
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: monster.description = pick(descriptions)
      case 1: monster.icon = pick(icons)
      case 2: monster.weapon = pick(weapons)
      default: break
      }
      monster.name = "New-\(k)"
      new.append(monster)
    }
    // Each old monster linked by name to a new one at most, and each new one to one old.
    var free = Array(new.indices).shuffled(using: &generator)
    var nameLinks: [(Int, Int)] = []
    for i in old.indices where !free.isEmpty && Int.random(in: 0..<3, using: &generator) > 0 {
      nameLinks.append((i, free.removeLast()))
    }
    return (old, new, nameLinks)
  }
}
