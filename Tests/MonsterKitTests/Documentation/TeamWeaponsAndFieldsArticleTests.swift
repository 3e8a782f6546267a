import Foundation
import MonsterKit
import ProgramRunning
import TestSupport
import Testing

// The examples of the article "A team's weapons and fields in an app"
// (MonsterKit.docc/TeamWeaponsAndFieldsInAnApp.md), compiled and run as an app would run
// them: this file imports MonsterKit without `@testable`, so each call is to public API.
// Every line of the article's code stands in this file (the last test checks it), and what
// the article shows as results in comments is expected here.

private enum FieldControl: Equatable {
  case menu([String])
  case stepper(minimum: Int?, maximum: Int?)
  case textField
}

private func control(for field: MonsterField) -> FieldControl {
  switch field.kind {
  case .values(let values): .menu(values)
  case .integer(let minimum, let maximum): .stepper(minimum: minimum, maximum: maximum)
  default: .textField
  }
}

@Suite struct TeamWeaponsAndFieldsArticleTests {
  /// The roster the article shows: `Fixtures/team.json`.
  private let bytes: [UInt8]

  init() throws {
    bytes = try Fixture.bytes("team.json")
  }

  @Test func listsTheRostersWeaponsWithTheirImages() throws {
    let roster = try Roster(jsonBytes: bytes, path: "monsters.json")
    let buttons = roster.weapons.map { weapon in "\(weapon.name) (\(weapon.imageName))" }
    #expect(buttons == ["sword (sword.png)", "laser (laser.png)"])
    let added = roster.weapons.filter { $0.type == nil }.map(\.name)
    #expect(added == ["laser"])
    #expect(roster.declaresWeapons)
  }

  @Test func offersEachDeclaredFieldsValuesAndBounds() throws {
    let roster = try Roster(jsonBytes: bytes, path: "monsters.json")
    let controls = roster.declaredFields.map(control(for:))
    #expect(controls == [.menu(["red", "blue"]), .stepper(minimum: 1, maximum: 100), .textField])
    let hint = roster.declaredFields[1].allowedValues(weapons: roster.weapons)
    #expect(hint == "an integer from 1 to 100")
    let catBot = roster.monster(named: "cat-bot")
    let team = catBot?[roster.declaredFields[0]]
    #expect(team == .string("red"))
    let notes = catBot?[roster.declaredFields[2]]
    #expect(notes == nil)
    #expect(
      roster.fields.map(\.key) == MonsterField.builtIn.map(\.key) + ["team", "health", "notes"])
  }

  @Test func readsAndSetsDeclaredFieldsAsSwiftValues() throws {
    let roster = try Roster(jsonBytes: bytes, path: "monsters.json")
    let catBot = roster.monster(named: "cat-bot")
    let health = roster.field("health", as: Int.self)!
    let team = roster.field("team", as: String.self)!
    let points = catBot?[health]
    #expect(points == 80)
    var typed = roster
    try typed.update(named: "Cat-Bot") { monster in
      monster[health] = 90
      monster[team] = "blue"
    }
    #expect(typed.monster(named: "Cat-Bot")?[health] == 90)
    #expect(typed.monster(named: "Cat-Bot")?[team] == "blue")
    #expect(typed.monster(named: "Cat-Bot")?[typed.declaredFields[1]] == .number("90"))
    #expect(roster.field("team", as: Int.self) == nil)
    #expect(roster.field("weapon", as: String.self) == nil)
    #expect(roster.field("notes", as: String.self)?.value(in: catBot!) == nil)
    let before = typed
    #expect(
      throws: RosterError.invalidValue(
        "800", field: "health", reason: "it takes an integer from 1 to 100")
    ) {
      try typed.update(named: "Cat-Bot") { $0[health] = 800 }
    }
    #expect(throws: RosterError.self) {
      try typed.update(named: "Cat-Bot") { $0[team] = "green" }
    }
    #expect(typed == before)
    var changes = RosterEdit.Changes()
    changes.set(health, to: 7)
    changes.set(team, to: nil)
    try typed.apply(.set("Cat-Bot", changes))
    #expect(typed.monster(named: "Cat-Bot")?[health] == 7)
    #expect(typed.monster(named: "Cat-Bot")?[team] == nil)
  }

  @Test func setsADeclaredFieldAndAddsAWeapon() throws {
    let roster = try Roster(jsonBytes: bytes, path: "monsters.json")
    var edited = roster
    try edited.apply(.addWeapon(Weapon(name: "plasma", imageName: "plasma-cannon.png")))
    var changes = RosterEdit.Changes(weapon: Weapon(name: "plasma"))
    changes.set("team", to: .typed("blue"))
    changes.set("health", to: .typed("75"))
    try edited.apply(.set("Cat-Bot", changes))
    let weapon = edited.monster(named: "Cat-Bot")?.weapon
    #expect(
      weapon?.hasSameImage(as: Weapon(name: "plasma", imageName: "plasma-cannon.png")) == true)
    #expect(weapon == Weapon(name: "plasma"))
    let health = edited.monster(named: "Cat-Bot")?[edited.declaredFields[1]]
    #expect(health == .number("75"))
    #expect(edited.monster(named: "Cat-Bot")?[edited.declaredFields[0]] == .string("blue"))

    let before = edited
    var tooMuch = RosterEdit.Changes()
    tooMuch.set("health", to: .typed("800"))
    var thrown: String?
    do {
      try edited.apply(.set("Cat-Bot", tooMuch))
    } catch {
      let message = error.description
      thrown = message
    }
    #expect(thrown == "Invalid value '800' for 'health': it takes an integer from 1 to 100.")
    #expect(edited == before)
    #expect(edited.canonicalJSON() == before.canonicalJSON())
  }

  @Test func savesTheEditsToARosterFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("monsters.json")
    try write(bytes, to: path)
    var changes = RosterEdit.Changes(weapon: Weapon(name: "plasma"))
    changes.set("team", to: .typed("blue"))
    changes.set("health", to: .typed("75"))

    let file = RosterFile(path: path)
    let update = try file.apply([
      .addWeapon(Weapon(name: "plasma")),
      .set("Cat-Bot", changes),
    ])
    let saved = update.after.monster(named: "Cat-Bot")?[update.after.declaredFields[0]]
    #expect(saved == .string("blue"))
    let reread = try Roster(jsonBytes: try contents(of: path), path: path)
    #expect(reread.weapons.map(\.name) == ["sword", "laser", "plasma"])
    #expect(reread.monster(named: "Cat-Bot")?.weapon.name == "plasma")
    #expect(reread.monster(named: "Cat-Bot")?[reread.declaredFields[1]] == .number("75"))
  }

  /// Each line of code in the article's Swift blocks, comments aside, is a line of this
  /// file (a declaration may be private here), so that the article shows the code the tests
  /// run; and this file imports MonsterKit as an app does.
  @Test func articleShowsTheCodeThisFileRuns() throws {
    let article = try String(
      contentsOf: packageRoot.appendingPathComponent(
        "Sources/MonsterKit/MonsterKit.docc/TeamWeaponsAndFieldsInAnApp.md"),
      encoding: .utf8)
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let sourceLines = source.split(separator: "\n").map(trimmed)
    #expect(!source.contains("@testable " + "import"))
    var blocks = 0
    var inSwift = false
    var missing: [String] = []
    for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inSwift = !inSwift && line == "```swift"
        if inSwift { blocks += 1 }
        continue
      }
      let code = trimmed(line)
      guard inSwift, !code.isEmpty, !code.hasPrefix("//") else { continue }
      // A declaration the article shows may be private here.
      if !sourceLines.contains(where: { $0 == code || $0 == "private " + code }) {
        missing.append(code)
      }
    }
    #expect(blocks == 5)
    #expect(missing == [])
  }
}

private func trimmed(_ line: Substring) -> String {
  String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
}
