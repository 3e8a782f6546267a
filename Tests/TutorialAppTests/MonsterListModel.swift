import MonsterKit
import Observation

/// The tutorial's one screen, as an app's model: the monsters on the left, the selected
/// one on the right, its weapon picked from the roster's weapons and its name's colour
/// from a popover; list edits, undo, saving, and reading the file again when another
/// program changed it. A SwiftUI view binds to it; nothing here needs a UI framework.
@MainActor @Observable
final class MonsterListModel {
  /// The roster on screen, with the user's edits.
  private(set) var roster: Roster
  /// The selected monster, by id: it stays selected through renames, moves and reloads.
  var selection: Monster.ID?
  /// What an alert shows, when something went wrong.
  var alert: String?
  /// A save that met another program's changes, for the user to settle.
  private(set) var conflict: SaveConflict?
  /// The rosters before each edit, for undo.
  private var undoStack: [Roster] = []
  /// The file, and what it held when it was last read or saved.
  private let file: RosterFile
  private var snapshot: RosterFile.Snapshot

  init(file: RosterFile) async throws(RosterError) {
    let snapshot = try await file.snapshot()
    self.file = file
    self.snapshot = snapshot
    roster = snapshot.roster
    selection = roster.first?.id
  }

  /// The monster the detail pane shows.
  var selected: Monster? { selection.flatMap { roster[id: $0] } }
  /// The weapon buttons of the custom input view: the roster's weapons.
  var weaponButtons: [Weapon] { roster.weapons }
  /// The colours of the popover.
  var colors: [NameColor] { NameColor.named }
  /// Whether the roster on screen differs from the file's.
  var hasUnsavedChanges: Bool { roster != snapshot.roster }
  /// Whether there is an edit to undo.
  var canUndo: Bool { !undoStack.isEmpty }

  // MARK: - Edits, each one undoable

  /// A weapon button: the selected monster carries the weapon.
  func pick(_ weapon: Weapon) {
    guard let id = selection else { return }
    edit { (roster) throws(RosterError) in try roster.update(id: id) { $0.weapon = weapon } }
  }

  /// The colour popover: the selected monster's name in a colour, or in none.
  func setColor(_ color: NameColor?) {
    guard let id = selection else { return }
    edit { (roster) throws(RosterError) in try roster.update(id: id) { $0.nameColor = color } }
  }

  /// The detail pane's name field.
  func rename(to name: String) {
    guard let id = selection else { return }
    edit { (roster) throws(RosterError) in try roster.update(id: id) { $0.name = name } }
  }

  /// The add button: a new monster, selected.
  func add(named name: String) {
    var added: Monster.ID?
    edit { (roster) throws(RosterError) in
      added = try roster.add(Monster(name: name, description: "", weapon: roster.weapons[0]))
    }
    if let added { selection = added }
  }

  /// The list's `onDelete`.
  func delete(atOffsets offsets: some Sequence<Int>) {
    let ids = offsets.map { roster[$0].id }
    edit { (roster) throws(RosterError) in for id in ids { try roster.remove(id: id) } }
  }

  /// The list's `onMove`.
  func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
    let ids = offsets.map { roster[$0].id }
    let before = destination < roster.count ? roster[destination].id : nil
    edit { (roster) throws(RosterError) in try roster.move(ids, before: before) }
  }

  /// Undoes the last edit.
  func undo() {
    guard let previous = undoStack.popLast() else { return }
    roster = previous
    keepSelectionOnScreen()
  }

  private func edit(_ change: (inout Roster) throws(RosterError) -> Void) {
    var edited = roster
    do throws(RosterError) {
      try change(&edited)
    } catch {
      alert = error.description
      return
    }
    guard edited != roster else { return }
    undoStack.append(roster)
    roster = edited
    keepSelectionOnScreen()
  }

  private func keepSelectionOnScreen() {
    if let selection, roster[id: selection] != nil { return }
    selection = roster.first?.id
  }

  // MARK: - The file

  /// Saves the roster on screen, with what another program changed meanwhile.
  func save() async {
    do throws(RosterError) {
      snapshot = try await file.save(roster, basedOn: snapshot)
      roster = snapshot.roster
    } catch .saveConflict(let conflict) {
      self.conflict = conflict
      alert = RosterError.saveConflict(conflict).description
    } catch {
      alert = error.description
    }
    keepSelectionOnScreen()
  }

  /// Settles a conflict: each conflict as one side has it, the rest merged, and saved.
  func settle(keeping side: MergeSide) async {
    guard let conflict else { return }
    self.conflict = nil
    roster = conflict.resolved(keeping: side)
    snapshot = conflict.current
    await save()
  }

  /// Reads the file again when another program changed it (`git pull`, `monsters` in a
  /// terminal), keeping the user's unsaved edits and every monster's id.
  func reloadIfChanged() async {
    do throws(RosterError) {
      guard try file.fileVersion() != snapshot.version else { return }
      let fresh = try await file.snapshot()
      if !hasUnsavedChanges {
        roster = fresh.roster.keepingIdentities(of: roster)
      } else if let merged = RosterMerge(base: snapshot.roster, ours: roster, theirs: fresh.roster)
        .result
      {
        roster = merged.keepingIdentities(of: roster)
      } else {
        alert =
          "\(file.displayName ?? file.path) changed, and the changes meet yours: save to settle them."
        return
      }
      snapshot = fresh
      undoStack = []
    } catch {
      alert = error.description
    }
    keepSelectionOnScreen()
  }
}
