import TestSupport
import Testing

@testable import MonsterKit

/// A roster as a random-access collection: every way of moving an index agrees with an
/// array of the same monsters, before and after removals, adds and renames.
@Suite struct RosterRandomAccessTests {
  /// A roster of generated monsters, as a file holding them would be read.
  private func generated(_ count: Int) throws -> Roster {
    let monsters = (0..<count).map {
      Monster(name: "Monster-\($0)", description: "number \($0)", weapon: .sword)
    }
    return try Roster(jsonBytes: try Roster(monsters).canonicalJSON())
  }

  /// Checks every index operation of a roster against an array of its names.
  private func expectAgrees(_ roster: Roster, sourceLocation: SourceLocation = #_sourceLocation) {
    let names = roster.map(\.name)
    #expect(roster.count == names.count, sourceLocation: sourceLocation)
    #expect(roster.distance(from: roster.startIndex, to: roster.endIndex) == names.count)
    #expect(roster.reversed().map(\.name) == names.reversed(), sourceLocation: sourceLocation)
    let indices = Array(roster.indices) + [roster.endIndex]
    for (position, index) in indices.enumerated() {
      #expect(roster.index(roster.startIndex, offsetBy: position) == index)
      #expect(roster.index(roster.endIndex, offsetBy: position - names.count) == index)
      #expect(roster.distance(from: roster.startIndex, to: index) == position)
      #expect(roster.distance(from: index, to: roster.startIndex) == -position)
      if position > 0 {
        #expect(
          roster.index(before: index) == indices[position - 1], sourceLocation: sourceLocation)
      }
      if position < names.count {
        #expect(roster[index].name == names[position], sourceLocation: sourceLocation)
        #expect(
          roster.index(roster.startIndex, offsetBy: position, limitedBy: roster.endIndex) == index)
      }
    }
    #expect(
      roster.index(roster.startIndex, offsetBy: names.count + 1, limitedBy: roster.endIndex) == nil)
    if !names.isEmpty {
      let middle = roster.index(roster.startIndex, offsetBy: names.count / 2)
      #expect(roster[middle...].map(\.name) == Array(names[(names.count / 2)...]))
    }
  }

  @Test func theSeededRosterMovesAsAnArray() {
    expectAgrees(Roster.seeded)
    expectAgrees(Roster())
  }

  @Test func removalsLeaveAnIndexThatMovesOverTheHoles() throws {
    var roster = Roster.seeded
    try roster.remove(named: "Dog-Bot")
    expectAgrees(roster)
    try roster.remove(named: "Cat-Bot")
    try roster.remove(named: "Mini-Tomato-Bot")
    expectAgrees(roster)
    #expect(roster.map(\.name) == ["Explode-Bot", "Fire-Bot", "Ice-Bot"])
    try roster.add(Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke))
    try roster.apply(.rename("Fire-Bot", to: "Blaze-Bot"))
    expectAgrees(roster)
    #expect(roster.last?.name == "Robo-Bot")
    for name in roster.map(\.name) { try roster.remove(named: name) }
    expectAgrees(roster)
    #expect(roster.isEmpty && roster.startIndex == roster.endIndex)
  }

  @Test(arguments: [1, 2, 3, 64, 65, 1000])
  func randomRemovalsAndAddsAgreeWithAnArray(count: Int) throws {
    var generator = SeededGenerator(seed: UInt64(count))
    var roster = try generated(count)
    var model = roster.map(\.name)
    for round in 0..<(count + 5) {
      if !model.isEmpty && Int.random(in: 0..<4, using: &generator) != 0 {
        let name = model.remove(at: Int.random(in: model.indices, using: &generator))
        try roster.remove(named: name)
      } else {
        let name = "Added-\(round)"
        try roster.add(Monster(name: name, description: "", weapon: .fire))
        model.append(name)
      }
      if count < 100 || round % 97 == 0 {
        #expect(roster.map(\.name) == model)
        expectAgrees(roster)
      }
    }
    #expect(roster.map(\.name) == model)
  }

  @Test func aRosterIsARandomAccessCollection() {
    func middle<Values: RandomAccessCollection>(_ values: Values) -> Values.Element {
      values[values.index(values.startIndex, offsetBy: values.count / 2)]
    }
    #expect(middle(Roster.seeded).name == "Fire-Bot")
  }
}

/// Positions among the slots that hold a monster, against counting them one by one.
@Suite struct SlotPositionsTests {
  @Test(arguments: [0, 1, 2, 7, 8, 9, 100])
  func positionsAndSlotsAgreeWithCounting(count: Int) {
    var generator = SeededGenerator(seed: 7 + UInt64(count))
    var positions = SlotPositions(slotCount: count)
    var live = [Bool](repeating: true, count: count)
    for step in 0..<(2 * count + 3) {
      if step % 3 == 2 {
        positions.appendSlot()
        live.append(true)
      } else if let slot = live.indices.filter({ live[$0] }).randomElement(using: &generator) {
        positions.remove(slot: slot)
        live[slot] = false
      }
      #expect(positions.slotCount == live.count)
      let liveSlots = live.indices.filter { live[$0] }
      for slot in 0...live.count {
        #expect(positions.position(ofSlot: slot) == live[..<slot].filter { $0 }.count)
      }
      for (position, slot) in liveSlots.enumerated() {
        #expect(positions.slot(atPosition: position) == slot)
      }
      #expect(positions.slot(atPosition: liveSlots.count) == live.count)
    }
  }
}

/// An offset outside a roster stops the program, as an array's does, also once a monster
/// has been removed: it never stands for another monster, to be read, changed or removed.
@Suite struct RosterOffsetOutOfRangeTests {
  @Test func anOffsetBeforeTheFirstMonsterAfterARemovalTraps() async {
    await #expect(processExitsWith: .failure) {
      var roster = Roster.seeded
      roster.remove(atOffsets: [3])
      roster.remove(atOffsets: [-1])
    }
    await #expect(processExitsWith: .failure) {
      var roster = Roster.seeded
      roster.remove(atOffsets: [3])
      _ = try? roster.update(at: -1) { $0.description = "changed" }
    }
    await #expect(processExitsWith: .failure) {
      var roster = Roster.seeded
      roster.remove(atOffsets: [3])
      _ = roster.index(before: roster.startIndex)
    }
  }
}
