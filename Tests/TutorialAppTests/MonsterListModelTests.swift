import Foundation
import MonsterKit
import Testing

// The tutorial's one screen, driven as its view would drive it: taps on rows, weapon
// buttons and the colour popover, swipes and drags, undo, save, and another program (git,
// `monsters` in a terminal) changing the file meanwhile. The model imports MonsterKit as an
// app does, without `@testable`.

/// A fresh folder holding a roster file, removed when the value goes.
final class RosterFolder: Sendable {
  let url: URL
  let path: String

  init(_ roster: Roster = .seeded) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("TutorialAppTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    path = url.appendingPathComponent("Team.json").path
    try Data(roster.canonicalJSON()).write(to: URL(fileURLWithPath: path))
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Another program's edit of the file, as `monsters` in a terminal makes it.
  func anotherProgram(_ edits: [RosterEdit]) throws {
    try RosterFile(path: path).apply(edits)
  }

  /// The roster the file holds.
  func saved() throws -> Roster {
    try RosterFile(path: path).read()
  }
}

@MainActor @Suite struct MonsterListModelTests {
  @Test func theScreenOpensOnTheFirstMonsterWithTheRostersWeaponsAndColours() async throws {
    let folder = try RosterFolder()
    let model = try await MonsterListModel(file: RosterFile(path: folder.path))
    #expect(model.roster.map(\.name) == Monster.seeded.map(\.name))
    #expect(model.selected?.name == "Cat-Bot")
    #expect(model.weaponButtons.map(\.name) == ["blowgun", "ninjaStar", "fire", "sword", "smoke"])
    #expect(model.colors.count == 8)
    #expect(!model.hasUnsavedChanges && !model.canUndo)
  }

  @Test func aPickedWeaponAndColourAreSavedAndTheSelectionFollowsARename() async throws {
    let folder = try RosterFolder()
    let model = try await MonsterListModel(file: RosterFile(path: folder.path))
    model.selection = model.roster[2].id
    model.pick(model.weaponButtons[2])
    model.setColor(.red)
    model.rename(to: "Boom-Bot")
    #expect(model.selected?.name == "Boom-Bot")
    #expect(model.hasUnsavedChanges)
    await model.save()
    #expect(model.alert == nil && !model.hasUnsavedChanges)
    let saved = try folder.saved().monster(named: "Boom-Bot")
    #expect(saved?.weapon == .fire && saved?.nameColor == .red)
    model.setColor(nil)
    await model.save()
    #expect(try folder.saved().monster(named: "Boom-Bot")?.nameColor == nil)
  }

  @Test func undoTakesBackEachEditInTurn() async throws {
    let folder = try RosterFolder()
    let model = try await MonsterListModel(file: RosterFile(path: folder.path))
    model.pick(.smoke)
    model.delete(atOffsets: [1])
    model.add(named: "Robo-Bot")
    #expect(model.selected?.name == "Robo-Bot" && model.roster.count == 6)
    model.undo()
    #expect(model.roster.monster(named: "Robo-Bot") == nil)
    #expect(model.selected?.name == "Cat-Bot")
    model.undo()
    #expect(model.roster.monster(named: "Dog-Bot") != nil)
    model.undo()
    #expect(model.roster == Roster.seeded && !model.canUndo)
  }

  /// The list: after another program put a monster at the top, a swipe and a drag
  /// made on what the screen showed remove and move the monsters the user touched.
  @Test func swipesAndDragsSaveOnTheMonstersTheyTouched() async throws {
    let folder = try RosterFolder()
    let model = try await MonsterListModel(file: RosterFile(path: folder.path))
    try folder.anotherProgram([.add(Monster(name: "Zap-Bot", description: "", weapon: .fire))])
    try await RosterFile(path: folder.path).update { roster in
      roster.move(fromOffsets: [roster.count - 1], toOffset: 0)
    }
    model.delete(atOffsets: [0])  // Cat-Bot, as the screen shows it
    model.move(fromOffsets: [3], toOffset: 0)  // Ice-Bot, to the top
    await model.save()
    #expect(model.alert == nil)
    // The merge puts the file's new monster before the app's move, and keeps both.
    #expect(
      try folder.saved().map(\.name) == [
        "Zap-Bot", "Ice-Bot", "Dog-Bot", "Explode-Bot", "Fire-Bot", "Mini-Tomato-Bot",
      ])
    #expect(model.roster == (try folder.saved()))
  }

  @Test func aChangeByAnotherProgramIsReadAgainKeepingTheSelectionAndUnsavedEdits() async throws {
    let folder = try RosterFolder()
    let model = try await MonsterListModel(file: RosterFile(path: folder.path))
    model.selection = model.roster[1].id  // Dog-Bot
    model.pick(.fire)  // unsaved
    await model.reloadIfChanged()  // nothing changed: nothing read
    #expect(model.selected?.weapon == .fire)
    try folder.anotherProgram([
      .rename("Dog-Bot", to: "Hound-Bot"), .remove("Ice-Bot"),
      .add(Monster(name: "Zap-Bot", description: "", weapon: .smoke)),
    ])
    await model.reloadIfChanged()
    #expect(model.alert == nil)
    #expect(model.selected?.name == "Hound-Bot" && model.selected?.weapon == .fire)
    #expect(model.roster.monster(named: "Ice-Bot") == nil)
    #expect(model.roster.monster(named: "Zap-Bot") != nil)
    #expect(model.hasUnsavedChanges)
    await model.save()
    #expect(try folder.saved().monster(named: "Hound-Bot")?.weapon == .fire)
  }

  @Test func aSaveThatMeetsAnotherProgramsChangeIsSettledByTheUser() async throws {
    let folder = try RosterFolder()
    let model = try await MonsterListModel(
      file: RosterFile(path: folder.path, displayName: "Team"))
    model.pick(.fire)  // Cat-Bot
    try folder.anotherProgram([
      .set("Cat-Bot", .init(weapon: .smoke)), .set("Dog-Bot", .init(description: "Woof")),
    ])
    let before = try folder.saved()
    await model.save()
    #expect(
      model.alert
        == "Team changed since it was read, and a change meets yours: 'Cat-Bot': weapon 'fire' "
        + "in yours, 'smoke' in the file's. Nothing was written.")
    #expect(model.conflict != nil)
    #expect(try folder.saved() == before)
    model.alert = nil
    await model.settle(keeping: .ours)
    #expect(model.alert == nil && model.conflict == nil)
    let saved = try folder.saved()
    #expect(saved.monster(named: "Cat-Bot")?.weapon == .fire)
    #expect(saved.monster(named: "Dog-Bot")?.description == "Woof")
    #expect(model.selected?.name == "Cat-Bot")
  }

  @Test func aTeamsOwnWeaponsAreTheButtonsAndABadEditIsAnAlert() async throws {
    let laser = Weapon(name: "laser", imageName: "laser.png")
    let folder = try RosterFolder(try Roster(Monster.seeded, weapons: Weapon.builtIn + [laser]))
    let model = try await MonsterListModel(file: RosterFile(path: folder.path))
    #expect(model.weaponButtons.last == laser)
    model.pick(model.weaponButtons.last!)
    #expect(model.selected?.weapon.imageName == "laser.png")
    model.rename(to: "Dog-Bot")
    #expect(model.alert == "There is a monster named 'Dog-Bot' already.")
    #expect(model.selected?.name == "Cat-Bot")
  }

  /// The article's code is this target's model, word for word.
  @Test nonisolated func theArticleShowsThisModel() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let model = try String(
      contentsOf: here.appendingPathComponent("MonsterListModel.swift"), encoding: .utf8)
    let article = try String(
      contentsOf: here.appendingPathComponent(
        "../../Sources/MonsterKit/MonsterKit.docc/TheTutorialApp.md"),
      encoding: .utf8)
    let block = article.components(separatedBy: "```swift\n").dropFirst().first?
      .components(separatedBy: "\n```").first
    #expect(block.map { $0 + "\n" } == model)
  }
}
