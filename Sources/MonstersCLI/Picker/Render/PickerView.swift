import MonsterKit

/// A view of the picker, as ``PickerSession`` runs it: a state that keys change, that a save
/// updates, and that draws itself.
protocol PickerView {
  /// A line on what is happening, shown below the view.
  var status: String? { get set }
  /// Reacts to a key, and says what to do.
  mutating func handle(_ key: PickerKey) -> PickerEffect
  /// Fits the view to a new screen size.
  mutating func resize(to size: TerminalSize)
  /// Takes in a save: the roster as saved, and what the edit did.
  mutating func saved(_ edit: RosterEdit, _ update: RosterUpdate)
  /// The screen's lines.
  func lines(size: TerminalSize, file: String, style: PickerStyle) -> [String]
}

// MARK: - The views

extension WeaponBarState: PickerView {
  mutating func resize(to size: TerminalSize) {}

  mutating func saved(_ edit: RosterEdit, _ update: RosterUpdate) {
    if let monster = update.after.monster(named: monster.name) { self.monster = monster }
    status = nil
  }

  func lines(size: TerminalSize, file: String, style: PickerStyle) -> [String] {
    PickerRenderer.lines(for: self, size: size, style: style)
  }
}

extension PickerWheelState: PickerView {
  mutating func resize(to size: TerminalSize) {
    resize(visibleRows: PickerRenderer.wheelVisibleRows(forHeight: size.rows))
  }

  mutating func saved(_ edit: RosterEdit, _ update: RosterUpdate) {
    reload(update.after)
    guard update.changed else {
      status = selectedMonster.map {
        "\(escapedForTerminal($0.name)) has \($0.weapon.rawValue) already."
      }
      return
    }
    status = "Saved. " + EditReport.describe(edit, before: update.before, after: update.after)
  }

  func lines(size: TerminalSize, file: String, style: PickerStyle) -> [String] {
    PickerRenderer.lines(for: self, file: file, size: size, style: style)
  }
}
