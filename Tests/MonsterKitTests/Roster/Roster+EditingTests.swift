import TestSupport
import Testing

@testable import MonsterKit

/// Adding, removing, renaming and changing monsters, with the names kept unique.
@Suite struct RosterEditingTests {
  // MARK: - Adding

  @Test func addAppendsAtTheEnd() throws {
    var roster = Roster.seeded
    let robo = Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke)
    try roster.add(robo)
    #expect(roster.count == 7)
    #expect(roster.monsters.last == robo)
    #expect(roster.monster(named: "ROBO-BOT") == robo)
    #expect(try roster.apply(.add(Monster(name: "Zap-Bot", description: "", weapon: .fire))))
    #expect(roster.map(\.name).suffix(2) == ["Robo-Bot", "Zap-Bot"])
  }

  @Test(arguments: ["Cat-Bot", "cat-bot", "CAT-BOT"])
  func addRefusesANameTakenIgnoringCase(_ name: String) {
    var roster = Roster.seeded
    #expect(throws: RosterError.nameTaken(name, by: "Cat-Bot")) {
      try roster.add(Monster(name: name, description: "", weapon: .fire))
    }
    #expect(roster == Roster.seeded)
  }

  @Test(arguments: [
    ("", "it is empty"),
    ("A\u{7}B", "it holds a control character, U+0007"),
    ("A\nB", "it holds a control character, U+000A"),
    ("\u{0}", "it holds a control character, U+0000"),
    ("A\u{7F}", "it holds a control character, U+007F"),
    ("A\u{85}", "it holds a control character, U+0085"),
    ("\u{80}", "it holds a control character, U+0080"),
    ("\u{9F}B", "it holds a control character, U+009F"),
  ])
  func addRefusesAnInvalidName(_ name: String, _ reason: String) {
    var roster = Roster.seeded
    let problem = Monster.problem(withName: name)
    #expect(problem?.description == reason)
    #expect(throws: RosterError.invalidName(name, reason: problem ?? .empty)) {
      try roster.add(Monster(name: name, description: "", icon: "x.png", weapon: .fire))
    }
    #expect(roster == Roster.seeded)
  }

  @Test(arguments: [
    "A\u{A0}B", "\u{100}", "\u{140}", "A\u{2028}B", "É", "😀", "A B", "\u{C2}x", "👍🏽",
  ])
  func addTakesNamesThatFollowTheRules(_ name: String) throws {
    var roster = Roster()
    try roster.add(Monster(name: name, description: "", icon: "x.png", weapon: .fire))
    #expect(roster.monster(named: name)?.name == name)
  }

  @Test func initializerRefusesTwoNamesEqualIgnoringCase() {
    #expect(throws: RosterError.nameTaken("dog-bot", by: "Dog-Bot")) {
      try Roster(Monster.seeded + [Monster(name: "dog-bot", description: "", weapon: .fire)])
    }
    #expect(throws: RosterError.invalidName("", reason: .empty)) {
      try Roster([Monster(name: "", description: "", weapon: .fire)])
    }
  }

  @Test func initializerKeepsOrderAndOtherFields() throws {
    let fields = [JSONMember("comment", .string("hi"))]
    let roster = try Roster(Monster.seeded.reversed(), otherFields: fields)
    #expect(roster.monsters == Monster.seeded.reversed())
    #expect(roster.otherFields == fields)
  }

  // MARK: - Removing

  @Test func removeTakesTheMonsterOut() throws {
    var roster = Roster.seeded
    let removed = try roster.remove(named: "explode-bot")
    #expect(removed == Monster.seeded[2])
    #expect(roster.count == 5)
    #expect(roster.monster(named: "Explode-Bot") == nil)
    #expect(roster.map(\.name) == ["Cat-Bot", "Dog-Bot", "Fire-Bot", "Ice-Bot", "Mini-Tomato-Bot"])
    #expect(try roster.apply(.remove("CAT-BOT")))
    #expect(roster.first?.name == "Dog-Bot")
    #expect(roster.monster(named: "Mini-Tomato-Bot") == Monster.seeded[5])
  }

  @Test func removedNameCanBeAddedAgain() throws {
    var roster = Roster.seeded
    try roster.remove(named: "Cat-Bot")
    let cat = Monster(name: "CAT-BOT", description: "new", weapon: .fire)
    try roster.add(cat)
    #expect(roster.monster(named: "cat-bot") == cat)
    #expect(roster.monsters.last == cat)
  }

  @Test func removingEveryMonsterLeavesAnEmptyRoster() throws {
    var roster = Roster.seeded
    for monster in Monster.seeded.reversed() {
      try roster.remove(named: monster.name)
    }
    #expect(roster.isEmpty)
    #expect(roster.startIndex == roster.endIndex)
    #expect(roster == Roster())
    #expect(roster.canonicalJSON() == Roster().canonicalJSON())
  }

  @Test func removeOfAnUnknownNameSuggestsTheClosest() {
    var roster = Roster.seeded
    #expect(throws: RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot")) {
      try roster.remove(named: "Cat-Bott")
    }
    #expect(throws: RosterError.noSuchMonster("ice-bt", suggestion: "Ice-Bot")) {
      try roster.apply(.remove("ice-bt"))
    }
    #expect(throws: RosterError.noSuchMonster("Zebra", suggestion: nil)) {
      try roster.remove(named: "Zebra")
    }
    #expect(roster == Roster.seeded)
  }

  // MARK: - Renaming

  @Test func renameKeepsThePlace() throws {
    var roster = Roster.seeded
    #expect(try roster.apply(.rename("dog-bot", to: "Hound-Bot")))
    #expect(roster.map(\.name)[1] == "Hound-Bot")
    #expect(roster.monster(named: "Dog-Bot") == nil)
    let hound = try #require(roster.monster(named: "hound-bot"))
    #expect(hound.description == "BOW-WOW")
    #expect(hound.icon == "meetdogbot.png")
    #expect(roster.count == 6)
  }

  @Test func renameThatChangesOnlyCaseIsAllowed() throws {
    var roster = Roster.seeded
    #expect(try roster.apply(.rename("Cat-Bot", to: "CAT-BOT")))
    #expect(roster.first?.name == "CAT-BOT")
    #expect(roster.monster(named: "cat-bot")?.name == "CAT-BOT")
  }

  @Test func renameToItsOwnNameChangesNothing() throws {
    var roster = Roster.seeded
    #expect(try roster.apply(.rename("cat-bot", to: "Cat-Bot")) == false)
    #expect(roster == Roster.seeded)
  }

  @Test func renameToATakenNameFails() {
    var roster = Roster.seeded
    #expect(throws: RosterError.nameTaken("dog-bot", by: "Dog-Bot")) {
      try roster.apply(.rename("Cat-Bot", to: "dog-bot"))
    }
    #expect(throws: RosterError.invalidName("", reason: .empty)) {
      try roster.apply(.rename("Cat-Bot", to: ""))
    }
    #expect(throws: RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot")) {
      try roster.apply(.rename("Cat-Bott", to: "Kit-Bot"))
    }
    #expect(roster == Roster.seeded)
  }

  @Test func oldNameIsFreeAfterARename() throws {
    var roster = Roster.seeded
    try roster.apply(.rename("Cat-Bot", to: "Kit-Bot"))
    try roster.apply(.rename("Dog-Bot", to: "cat-bot"))
    #expect(roster.map(\.name).prefix(2) == ["Kit-Bot", "cat-bot"])
    #expect(roster.monster(named: "CAT-BOT")?.description == "BOW-WOW")
  }

  // MARK: - Setting fields

  @Test func setChangesTheNamedFieldsOnly() throws {
    var roster = Roster.seeded
    let changes = RosterEdit.Changes(weapon: .fire, nameColor: .set(.red))
    #expect(try roster.apply(.set("cat-bot", changes)))
    let cat = try #require(roster.monster(named: "Cat-Bot"))
    #expect(cat.weapon.type == .fire)
    #expect(cat.nameColor == .red)
    #expect(cat.description == "MEE-OW")
    #expect(cat.icon == "meetcatbot.png")
    #expect(Array(roster.dropFirst()) == Array(Monster.seeded.dropFirst()))
  }

  @Test func setToTheValuesAlreadyThereChangesNothing() throws {
    var roster = Roster.seeded
    let same = RosterEdit.Changes(
      weapon: .sword, description: "MEE-OW", icon: "meetcatbot.png", nameColor: .remove)
    #expect(try roster.apply(.set("CAT-BOT", same)) == false)
    #expect(try roster.apply(.set("Cat-Bot", RosterEdit.Changes())) == false)
    #expect(roster == Roster.seeded)
    #expect(roster.canonicalJSON() == Roster.seeded.canonicalJSON())
  }

  @Test func setRemovesAColourWithSomeNil() throws {
    var roster = Roster.seeded
    try roster.apply(.set("Cat-Bot", RosterEdit.Changes(nameColor: .set(.blue))))
    #expect(try roster.apply(.set("Cat-Bot", RosterEdit.Changes(nameColor: .remove))))
    #expect(roster == Roster.seeded)
  }

  @Test func setOnAnUnknownMonsterSuggestsTheClosest() {
    var roster = Roster.seeded
    #expect(throws: RosterError.noSuchMonster("Cat-Bott", suggestion: "Cat-Bot")) {
      try roster.apply(.set("Cat-Bott", RosterEdit.Changes(weapon: .fire)))
    }
    #expect(roster == Roster.seeded)
  }

  @Test func updateThatThrowsLeavesTheRosterAsItWas() {
    var roster = Roster.seeded
    #expect(throws: RosterError.nameTaken("Ice-Bot", by: "Ice-Bot")) {
      try roster.update(named: "Fire-Bot") { (monster) throws(RosterError) in
        monster.description = "changed"
        throw .nameTaken("Ice-Bot", by: "Ice-Bot")
      }
    }
    #expect(roster == Roster.seeded)
  }

  // MARK: - Many edits

  /// Random adds, removes, renames and sets, checked after each against a plain array.
  @Test(arguments: [
    (startsFromFile: false, unicodeNames: false),
    (startsFromFile: false, unicodeNames: true),
    (startsFromFile: true, unicodeNames: false),
    (startsFromFile: true, unicodeNames: true),
  ])
  func lookupsStayCorrectThroughManyRandomEdits(startsFromFile: Bool, unicodeNames: Bool) throws {
    var random = SeededGenerator(seed: startsFromFile ? 42 : 7 + (unicodeNames ? 1 : 0))
    var pool = (0..<60).map { "Bot-\($0)" }
    if unicodeNames {
      pool += [
        "Émile", "Zoë", "\u{212A}at", "Kat", "Straße", "STRAẞE", "Ωmega", "ǅemal", "Cafe\u{301}",
        "Café", "ﬀ-Bot", "ΣΊΣΥΦΟΣ", "σίσυφος", "ſam", "Ꭰ-Bot", "\u{AB70}-bot", "ı-Bot",
      ]
    }
    func anyCase(_ name: String) -> String {
      switch Int.random(in: 0..<3, using: &random) {
      case 0: name.uppercased()
      case 1: name.lowercased()
      default:
        name.map { Bool.random(using: &random) ? $0.uppercased() : String($0) }.joined()
      }
    }
    // The model tells names apart by the reference folding, made apart from MonsterKit's.
    func holder(of name: String, in model: [Monster]) -> Int? {
      model.firstIndex { ReferenceCaseFolding.sameName($0.name, name) }
    }

    var model: [Monster] = []
    var roster: Roster
    if startsFromFile {
      let initial = (0..<30).map {
        Monster(name: "Bot-\($0)", description: "d\($0)", weapon: .fire)
      }
      roster = try readRoster(bytes: try Roster(initial).canonicalJSON())
      model = initial
    } else {
      roster = Roster()
    }

    for step in 0..<3000 {
      let name = anyCase(pool.randomElement(using: &random) ?? "")
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<3:
        let monster = Monster(
          name: name, description: "s\(step)", icon: "i.png",
          weapon: Weapon.builtIn.randomElement(using: &random) ?? .fire)
        if let taken = holder(of: name, in: model) {
          #expect(throws: RosterError.nameTaken(name, by: model[taken].name)) {
            try roster.add(monster)
          }
        } else {
          try roster.add(monster)
          model.append(monster)
        }
      case 3..<5:
        if let position = holder(of: name, in: model) {
          #expect(try roster.remove(named: name) == model.remove(at: position))
        } else {
          #expect(throws: RosterError.self) { try roster.remove(named: name) }
        }
      case 5..<7:
        let newName = anyCase(pool.randomElement(using: &random) ?? "")
        guard let position = holder(of: name, in: model) else {
          #expect(throws: RosterError.self) { try roster.apply(.rename(name, to: newName)) }
          break
        }
        if let taken = holder(of: newName, in: model), taken != position {
          #expect(throws: RosterError.nameTaken(newName, by: model[taken].name)) {
            try roster.apply(.rename(name, to: newName))
          }
        } else {
          let changed = model[position].name != newName
          #expect(try roster.apply(.rename(name, to: newName)) == changed)
          model[position].name = newName
        }
      case 7..<9:
        let weapon = Weapon.builtIn.randomElement(using: &random) ?? .fire
        if let position = holder(of: name, in: model) {
          let changed = model[position].weapon != weapon
          #expect(try roster.apply(.set(name, .init(weapon: weapon))) == changed)
          model[position].weapon = weapon
        } else {
          #expect(throws: RosterError.self) {
            try roster.apply(.set(name, .init(weapon: weapon)))
          }
        }
      default:
        #expect(roster.monster(named: name) == holder(of: name, in: model).map { model[$0] })
      }
      #expect(roster.count == model.count)
      if step % 100 == 99 {
        #expect(roster.monsters == model)
        for monster in model {
          // Some names change identity in another case: "ı-Bot" is not "I-BOT".
          let variant = anyCase(monster.name)
          let query =
            ReferenceCaseFolding.sameName(variant, monster.name) ? variant : monster.name
          let index = try #require(roster.index(named: query))
          #expect(roster[index] == monster)
        }
        for name in pool where holder(of: name, in: model) == nil {
          #expect(roster.monster(named: name) == nil)
        }
      }
    }
    #expect(roster.monsters == model)
    #expect(try readRoster(bytes: roster.canonicalJSON()) == roster)
  }
}
