import MonsterKit

/// The state of `monsters pick`: a picker view of two components, monsters on the left and
/// weapons on the right, each with a selected row, and one of them focused.
///
/// The weapon column follows the monster column: selecting a monster selects its weapon.
/// Enter asks to give the selected monster the selected weapon; the view stays open:
///
/// ```swift
/// var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
/// wheel.handle(.right)  // focus on the weapons; Cat-Bot's sword is selected
/// wheel.handle(.up)     // fire
/// wheel.handle(.enter)  // .save(.set("Cat-Bot", weapon: .fire))
/// ```
struct PickerWheelState: Hashable, Sendable {
  /// A component of the picker.
  enum Component: Hashable, Sendable {
    /// The monsters, on the left.
    case monsters
    /// The weapons, on the right.
    case weapons
  }

  /// A monster as the picker shows it.
  struct Row: Hashable, Sendable {
    /// The monster's name, as the file has it.
    var name: String
    /// The colour of the name.
    var nameColor: NameColor?
    /// The weapon the monster carries.
    var weapon: WeaponType
  }

  /// The monsters, in roster order.
  private(set) var rows: [Row]
  /// The monster column.
  private(set) var monsterColumn: PickerColumn
  /// The weapon column.
  private(set) var weaponColumn: PickerColumn
  /// The component the arrow keys move in.
  private(set) var focus: Component = .monsters
  /// How many rows each column shows at once.
  private(set) var visibleRows: Int
  /// A line on the last thing done, such as `Cat-Bot: weapon sword -> fire.`, or `nil`.
  var status: String?

  /// Opens the picker on a roster, with the first monster and its weapon selected.
  ///
  /// - Parameters:
  ///   - roster: The roster.
  ///   - visibleRows: How many rows each column shows at once.
  init(roster: Roster, visibleRows: Int) {
    self.rows = Self.rows(of: roster)
    self.visibleRows = max(1, visibleRows)
    self.monsterColumn = PickerColumn(rowCount: rows.count, selected: 0)
    self.weaponColumn = PickerColumn(rowCount: WeaponType.allCases.count, selected: 0)
    followSelectedMonster()
  }

  /// The selected monster, or `nil` when the roster has none.
  var selectedMonster: Row? {
    rows.indices.contains(monsterColumn.selected) ? rows[monsterColumn.selected] : nil
  }

  /// The selected weapon.
  var selectedWeapon: WeaponType {
    WeaponType.allCases[weaponColumn.selected]
  }

  /// Reacts to a key.
  ///
  /// Up and down move the focused column's selection, wrapping at the ends; Page Up, Page
  /// Down, Home and End move it further, without wrapping. Left and right focus the monsters
  /// and the weapons; Tab and Shift-Tab switch between them. A digit from 1 to 5 selects
  /// that weapon. Enter or Space asks to give the selected monster the selected weapon.
  /// Esc, `q` and Ctrl-C close the picker.
  ///
  /// - Parameter key: The key.
  /// - Returns: What to do: save an edit, close, or nothing.
  mutating func handle(_ key: PickerKey) -> PickerEffect {
    switch key {
    case .up: moveFocusedColumn { $0.moveUp(visibleRows: $1) }
    case .down: moveFocusedColumn { $0.moveDown(visibleRows: $1) }
    case .pageUp: moveFocusedColumn { $0.pageUp(visibleRows: $1) }
    case .pageDown: moveFocusedColumn { $0.pageDown(visibleRows: $1) }
    case .home: moveFocusedColumn { $0.select(0, visibleRows: $1) }
    case .end: moveFocusedColumn { $0.select(Int.max, visibleRows: $1) }
    case .left: focus = .monsters
    case .right: focus = .weapons
    case .tab, .backTab: focus = focus == .monsters ? .weapons : .monsters
    case .enter, .character(" "):
      guard let monster = selectedMonster else { return .none }
      return .save(.set(monster.name, RosterEdit.Changes(weapon: selectedWeapon)))
    case .character(let character):
      if let digit = character.wholeNumberValue, WeaponType.allCases.indices.contains(digit - 1) {
        weaponColumn.select(digit - 1, visibleRows: visibleRows)
      } else if character == "q" || character == "Q" {
        return .close
      }
    case .escape, .interrupt:
      return .close
    case .suspend, .other:
      break
    }
    return .none
  }

  /// Fits the columns to a new window height, keeping the selections in view.
  ///
  /// - Parameter visibleRows: How many rows each column shows at once.
  mutating func resize(visibleRows: Int) {
    self.visibleRows = max(1, visibleRows)
    monsterColumn.scrollToSelection(visibleRows: self.visibleRows)
    weaponColumn.scrollToSelection(visibleRows: self.visibleRows)
  }

  /// Shows the roster a save returned, keeping the selected monster selected (by name, or
  /// by place if it has gone) and the selected weapon.
  ///
  /// - Parameter roster: The roster as saved.
  mutating func reload(_ roster: Roster) {
    let name = selectedMonster?.name
    rows = Self.rows(of: roster)
    if let row = rows.firstIndex(where: { $0.name == name }) {
      monsterColumn.setRowCount(rows.count, selecting: row, visibleRows: visibleRows)
    } else {
      monsterColumn.setRowCount(
        rows.count, selecting: monsterColumn.selected, visibleRows: visibleRows)
      followSelectedMonster()
    }
  }

  private mutating func moveFocusedColumn(_ move: (inout PickerColumn, Int) -> Void) {
    switch focus {
    case .monsters:
      let before = monsterColumn.selected
      move(&monsterColumn, visibleRows)
      if monsterColumn.selected != before { followSelectedMonster() }
    case .weapons:
      move(&weaponColumn, visibleRows)
    }
  }

  /// Selects the selected monster's weapon.
  private mutating func followSelectedMonster() {
    guard let weapon = selectedMonster?.weapon else { return }
    weaponColumn.select(
      WeaponType.allCases.firstIndex(of: weapon) ?? 0, visibleRows: visibleRows)
  }

  private static func rows(of roster: Roster) -> [Row] {
    roster.indices.map { index in
      Row(
        name: roster.withUTF8(.name, at: index) { String(decoding: $0, as: UTF8.self) },
        nameColor: roster.nameColor(at: index), weapon: roster.weapon(at: index))
    }
  }
}
