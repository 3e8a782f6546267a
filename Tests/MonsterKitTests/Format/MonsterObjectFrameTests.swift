import Testing

@testable import MonsterKit

/// The bytes of a frame's pieces, in order: each prefix, then the end.
private func bytes(_ pieces: MonsterObjectFrame.Pieces) -> [[UInt8]] {
  MonsterField.BuiltIn.allCases.map { Array(pieces.prefix($0)) } + [Array(pieces.end)]
}

private func pieces(_ frame: MonsterObjectFrame) -> [[UInt8]] {
  frame.withPieces(bytes)
}

@Suite struct MonsterObjectFrameTests {
  @Test func theJSONWritersRulesGiveTheCanonicalPiecesAtTheFilesIndent() {
    let atTheFilesIndent = MonsterObjectFrame(indent: CanonicalLayout.monsterLevel)
    #expect(pieces(atTheFilesIndent) == bytes(.canonical))
    #expect(
      atTheFilesIndent.withPieces(\.memberIndent)
        == MonsterObjectFrame.Pieces.canonical.memberIndent)
    var lineBreak: [UInt8] = []
    lineBreak.appendLineBreak(indent: CanonicalLayout.monsterLevel)
    #expect(lineBreak == Array(CanonicalLayout.beforeFirstMonster.description.utf8))
    #expect(
      [UInt8(ascii: ",")] + lineBreak == Array(CanonicalLayout.betweenMonsters.description.utf8))

    var head: [UInt8] = [UInt8(ascii: "{")]
    head.appendKey("version", isFirst: true, indent: CanonicalLayout.rosterMemberLevel)
    head.append("1,")
    #expect(head == Array(CanonicalLayout.versionLine.description.utf8))
    var monsters: [UInt8] = []
    monsters.appendKey("monsters", isFirst: true, indent: CanonicalLayout.rosterMemberLevel)
    monsters.append("[")
    #expect(monsters == Array(CanonicalLayout.monstersKey.description.utf8))
    // A declaration is a member of the roster's object, as the JSON writer writes one.
    let weapons = JSONMember("weapons", .array([.string("sword")]))
    var declaration: [UInt8] = []
    declaration.appendMembers([weapons], isFirst: true, indent: CanonicalLayout.rosterMemberLevel)
    declaration.append(",")
    #expect(declaration == CanonicalLayout.declaration(weapons))

    var end: [UInt8] = []
    end.appendLineBreak(indent: CanonicalLayout.rosterMemberLevel)
    end.append("]")
    #expect(end == Array(CanonicalLayout.afterMonsters.description.utf8))
    var tail: [UInt8] = []
    tail.appendLineBreak(indent: 0)
    tail.append("}\n")
    #expect(tail == Array(CanonicalLayout.tail.description.utf8))
  }

  @Test(arguments: [nil, 0, 1, 2, 3, 4] as [Int?])
  func aFrameIsTheBytesAroundTheValues(_ level: Int?) throws {
    let roster = try Roster([
      Monster(name: "A", description: "d", icon: "a.png", weapon: .fire, nameColor: .red)
    ])
    var object: [UInt8] = []
    roster.appendJSON(ofMonsterAt: roster.startIndex, indent: level, to: &object)
    let frame = pieces(MonsterObjectFrame(indent: level))
    let values = ["A", "d", "a.png", "fire", "red"].map { Array("\"\($0)\"".utf8) }
    #expect(object == zip(frame, values).flatMap { $0 + $1 } + frame[5])
    var compact: [UInt8] = []
    roster.appendJSON(ofMonsterAt: roster.startIndex, indent: nil, to: &compact)
    #expect(
      text(compact)
        == #"{"name":"A","description":"d","icon":"a.png","weapon":"fire","nameColor":"red"}"#)
  }

  /// The fast path builds a plain record's object in a buffer sized from the frame's
  /// pieces (a debug build stops at a write past its end); it must write what the general
  /// path writes for the same monster.
  @Test(arguments: [nil, 0, 1, 2, 3] as [Int?])
  func aPlainRecordIsWrittenAsTheSameMonsterBuiltInMemory(_ level: Int?) throws {
    let monsters = [
      Monster(name: "A", description: "", icon: "", weapon: .fire),
      Monster(
        name: "Bé", description: "long description ".repeated(40), weapon: .ninjaStar,
        nameColor: .rgb(red: 255, green: 0, blue: 9)),
      Monster(name: "C", description: "c", weapon: .smoke, nameColor: .white),
    ]
    let built = try Roster(monsters)
    let read = try readRoster(bytes: built.canonicalJSON())
    try #require(read.storage.source.records.allSatisfy { $0.isPlain })
    for (fromFile, inMemory) in zip(read.indices, built.indices) {
      var fast: [UInt8] = []
      read.appendJSON(ofMonsterAt: fromFile, indent: level, to: &fast)
      var general: [UInt8] = []
      built.appendJSON(ofMonsterAt: inMemory, indent: level, to: &general)
      #expect(fast == general)
    }
  }
}

extension String {
  fileprivate func repeated(_ count: Int) -> String {
    String(repeating: self, count: count)
  }
}
