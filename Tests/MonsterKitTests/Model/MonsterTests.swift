import Foundation
import MonsterKit
import Testing

@Suite struct MonsterTests {
  @Test func seededMonstersAreTheTutorialsSixInOrder() {
    let expected: [(name: String, description: String, icon: String, weapon: WeaponType)] = [
      ("Cat-Bot", "MEE-OW", "meetcatbot.png", .sword),
      ("Dog-Bot", "BOW-WOW", "meetdogbot.png", .blowgun),
      ("Explode-Bot", "Tick, tick, BOOM!", "meetexplodebot.png", .smoke),
      ("Fire-Bot", "Will Make You Steamed", "meetfirebot.png", .ninjaStar),
      ("Ice-Bot", "Has A Chilling Effect", "meeticebot.png", .fire),
      ("Mini-Tomato-Bot", "Extremely Handsome", "meetminitomatobot.png", .ninjaStar),
    ]
    #expect(Monster.seeded.count == expected.count)
    for (monster, row) in zip(Monster.seeded, expected) {
      #expect(monster.name == row.name)
      #expect(monster.description == row.description)
      #expect(monster.icon == row.icon)
      #expect(monster.weapon == Weapon(row.weapon))
      #expect(monster.nameColor == nil)
      #expect(monster.otherFields.isEmpty)
    }
  }

  @Test func seededIconsFollowTheDefaultPattern() {
    for monster in Monster.seeded {
      #expect(monster.icon == Monster.defaultIcon(forName: monster.name))
    }
  }

  @Test(arguments: [
    ("Robo-Bot", "meetrobobot.png"),
    ("Mini-Tomato-Bot", "meetminitomatobot.png"),
    ("R2-D2", "meetr2d2.png"),
    ("Mr. Big Bot!", "meetmrbigbot.png"),
    ("Émile", "meetémile.png"),
    ("---", "meet.png"),
  ])
  func defaultIconIsMeetAndTheNamesLettersAndDigitsInLowerCase(name: String, icon: String) {
    #expect(Monster.defaultIcon(forName: name) == icon)
  }

  @Test func initializerTakesTheDefaultIconWhenNoneIsGiven() {
    let robo = Monster(name: "Robo-Bot", description: "Beep", weapon: .smoke)
    #expect(robo.icon == "meetrobobot.png")
    #expect(robo.weapon.type == .smoke)
    #expect(robo.nameColor == nil)
    let custom = Monster(name: "Robo-Bot", description: "Beep", icon: "robo.png", weapon: .fire)
    #expect(custom.icon == "robo.png")
  }

  @Test func monstersAreEqualOnlyWhenEveryFieldIs() {
    let base = Monster(name: "A", description: "d", weapon: .fire)
    var other = base
    #expect(base == other)
    other.otherFields = [JSONMember("x", .null)]
    #expect(base != other)
    other = base
    other.nameColor = .red
    #expect(base != other)
    other = base
    other.name = "a"
    #expect(base != other)
  }

  @Test func codableIsTheTextOfTheFilesObjectWithoutANameColourOfNone() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let plain = Monster(name: "Cat-Bot", description: "MEE-OW", weapon: .ninjaStar)
    let text = try JSONDecoder().decode(String.self, from: encoder.encode(plain))
    #expect(
      text
        == #"{"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","weapon":"ninjaStar"}"#
    )
    var colored = plain
    colored.nameColor = .rgb(red: 255, green: 136, blue: 0)
    let data = try encoder.encode(colored)
    #expect(
      try JSONDecoder().decode(String.self, from: data).hasSuffix(##","nameColor":"#FF8800"}"##))
    #expect(try JSONDecoder().decode(Monster.self, from: data) == colored)
  }

  @Test(arguments: [
    (
      #"{"description":"d","icon":"a.png","weapon":"fire"}"#,
      "'name' is a required field: a monster cannot be without one."
    ),
    (
      #"{"name":"A","icon":"a.png","weapon":"fire"}"#,
      "'A' needs a value for 'description', a required field."
    ),
    (
      #"{"name":"A","description":null,"icon":"a.png","weapon":"fire"}"#,
      "'A' needs a value for 'description', a required field."
    ),
    (
      #"{"name":"A","description":"d","icon":"a.png"}"#,
      "'A' needs a value for 'weapon', a required field."
    ),
    (
      #"{"name":"A","description":7,"icon":"a.png","weapon":"fire"}"#,
      "Invalid value '7' for 'description': it takes text."
    ),
    (
      #"{"name":" A","description":"d","icon":"a.png","weapon":"fire"}"#,
      "' A' cannot be a monster's name: it starts with white space, U+0020 (SPACE)."
    ),
    (
      #"{"name":"A","description":"d","icon":"a.png","weapon":"fire","nameColor":"Red"}"#,
      "Invalid value 'Red' for 'nameColor': it takes a colour: black, red, green, yellow, blue, magenta, cyan, white or #RRGGBB."
    ),
    (
      #"{"name":"A","description":"d","icon":"a.png","weapon":"fire","x":1,"x":2}"#,
      "monster:1:68: duplicate key 'x' in one object"
    ),
    (
      #"{"name":"A","description":"d","icon":"a.png","weapon":"fire"} {}"#,
      "monster:1:63: unexpected '{' after the monster object"
    ),
    (#"["A"]"#, "monster:1:1: expected a monster object, such as {\"name\": ...}"),
  ])
  func decodingAMonstersTextSaysWhatIsWrong(_ text: String, _ message: String) throws {
    #expect {
      try JSONDecoder().decode(Monster.self, from: JSONEncoder().encode(text))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == message
    }
  }

  @Test func decodingRefusesANameNoWeaponCanHave() {
    let text = #"{"name":"A","description":"d","icon":"a.png","weapon":"ninja-star"}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Monster.self, from: JSONEncoder().encode(text))
    }
  }
}
