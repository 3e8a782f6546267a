import MonsterKit
import MonstersSystem

/// The state of `monsters pick`: a picker view of two components, monsters on the left and
/// weapons on the right, each with a selected row, and one of them focused.
///
/// The weapon column follows the monster column: selecting a monster selects its weapon.
/// Enter asks to give the selected monster the selected weapon; the view stays open. `/`
/// searches: what is typed filters the monster column by name.
///
/// ```swift
/// var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
/// wheel.handle(.right)  // focus on the weapons; Cat-Bot's sword is selected
/// wheel.handle(.up)     // fire
/// wheel.handle(.enter)  // .save(.set("Cat-Bot", RosterEdit.Changes(weapon: .fire)))
/// ```
///
/// The roster is kept as it was read, and a monster's name is read from it only when its
/// row is shown, so that a roster of a million monsters opens and moves at once.
struct PickerWheelState: Equatable, Sendable {
  /// A component of the picker.
  enum Component: Hashable, Sendable {
    /// The monsters, on the left.
    case monsters
    /// The weapons, on the right.
    case weapons
  }

  /// A monster as the picker shows it.
  struct Row: Hashable, Sendable {
    /// The monster.
    var monster: Monster

    /// The monster's name, as the file has it.
    var name: String { monster.name }
    /// The weapon the monster carries.
    var weapon: Weapon { monster.weapon }
  }

  /// What the mouse points at.
  enum Target: Hashable, Sendable {
    /// A row of a column, by its number in the column as it stands, shown or not.
    case row(Component, Int)
    /// Another part of a column: its frame, or a row with nothing in it.
    case column(Component)
  }

  /// The roster, as read or as the last save wrote it.
  private(set) var roster: Roster
  /// The monsters' positions in the roster, by place: the order the column lists them in.
  private var positions: [Roster.Index]
  /// The most columns one of the first names takes on the screen, until ``names`` knows
  /// them all.
  private var firstNamesWidth: Int
  /// The names, folded for a search, made by ``prepare()`` once the first frame is drawn, or
  /// when a search first needs them.
  private var names: NameFilter?
  /// The search, if any, and its matches.
  private(set) var search = PickerSearch()
  /// The place of the monster chosen last, by a key or a click: a search keeps it selected
  /// while it matches, and Esc goes back to it.
  private var chosen: Int?
  /// The monster column: the matches of a search, or every monster.
  private(set) var monsterColumn: PickerColumn
  /// The weapon column.
  private(set) var weaponColumn: PickerColumn
  /// The component the arrow keys move in.
  private(set) var focus: Component = .monsters
  /// How many rows each column shows at once.
  private(set) var visibleRows: Int
  /// The row the left mouse button went down on, which its going up there clicks.
  private var armed: Target?
  /// A line on the last thing done, such as `Cat-Bot: weapon sword -> fire.`, or `nil`.
  var status: String?

  /// Opens the picker on a roster, with the first monster and its weapon selected.
  ///
  /// - Parameters:
  ///   - roster: The roster.
  ///   - visibleRows: How many rows each column shows at once.
  init(roster: Roster, visibleRows: Int) {
    self.roster = roster
    self.positions = Array(roster.indices)
    self.firstNamesWidth = Self.widestName(in: roster, at: positions.prefix(Self.firstNames))
    self.visibleRows = max(1, visibleRows)
    self.monsterColumn = PickerColumn(rowCount: positions.count, selected: 0)
    self.weaponColumn = PickerColumn(rowCount: roster.weapons.count, selected: 0)
    self.chosen = positions.isEmpty ? nil : 0
    followSelectedMonster()
  }

  /// How many names are measured when the picker opens, to lay out the monster column
  /// until all are: more than a screen has rows.
  static let firstNames = 500

  /// How many monsters the roster holds.
  var monsterCount: Int { positions.count }

  /// The most columns a name takes on the screen: of the first names until all are known.
  var nameWidth: Int { names?.widestName ?? firstNamesWidth }

  /// Folds the names for a search, and measures them all, if that is not done yet: done
  /// once a frame is drawn, so that neither the first frame nor the first `/` waits for a
  /// million names.
  ///
  /// - Returns: Whether the view changed, as it does when a name is wider than the first.
  mutating func prepare() -> Bool {
    guard names == nil else { return false }
    let width = nameWidth
    _ = nameFilter()
    return nameWidth != width
  }

  /// How many rows the monster column has: the matches of a search, or every monster.
  var shownCount: Int { search.matches?.count ?? positions.count }

  /// The monster at a row of the monster column.
  ///
  /// - Parameter row: A row, from 0 to ``shownCount`` (not included).
  func shownRow(_ row: Int) -> Row {
    monster(atPlace: place(ofShownRow: row))
  }

  /// The place of the selected monster, or `nil` when the column is empty.
  var selectedPlace: Int? {
    shownCount > 0 ? place(ofShownRow: monsterColumn.selected) : nil
  }

  /// The selected monster, or `nil` when the column is empty.
  var selectedMonster: Row? {
    selectedPlace.map(monster(atPlace:))
  }

  /// The roster's weapons: the rows of the weapon column.
  var weapons: [Weapon] {
    roster.weapons
  }

  /// The selected weapon.
  var selectedWeapon: Weapon {
    weapons[weaponColumn.selected]
  }

  /// Reacts to a key.
  ///
  /// Up and down (`k` and `j`) move the focused column's selection, wrapping at the ends;
  /// Page Up, Page Down, Home and End (`g` and `G`) move it further, without wrapping. Left
  /// and right (`h` and `l`) focus the monsters and the weapons; Tab and Shift-Tab switch
  /// between them. A digit from 1 to 9 selects the weapon of that number. Enter or Space
  /// asks to give the selected monster the selected weapon. `/` begins a search, and while
  /// it is typed, keys go to it. Esc ends a kept search, or closes the picker, as `q` and
  /// Ctrl-C do. Another typed character says on the status line that it does nothing.
  ///
  /// - Parameter key: The key.
  /// - Returns: What to do: save an edit, close, or nothing.
  mutating func handle(_ key: PickerKey) -> PickerEffect {
    if search.phase == .typing { return handleTyping(key) }
    guard let action = PickerAction(key) else {
      if let note = PickerAction.doesNothing(key) { status = note }
      return .none
    }
    switch action {
    case .up: move(focus) { $0.moveUp(visibleRows: $1) }
    case .down: move(focus) { $0.moveDown(visibleRows: $1) }
    case .pageUp: move(focus) { $0.pageUp(visibleRows: $1) }
    case .pageDown: move(focus) { $0.pageDown(visibleRows: $1) }
    case .first: move(focus) { $0.selectFirst(visibleRows: $1) }
    case .last: move(focus) { $0.selectLast(visibleRows: $1) }
    case .left: focus = .monsters
    case .right: focus = .weapons
    case .next, .previous: focus = focus == .monsters ? .weapons : .monsters
    case .activate: return assignment()
    case .weapon(let number):
      guard weapons.indices.contains(number) else {
        status = PickerAction.doesNothing(key)
        return .none
      }
      weaponColumn.select(number, visibleRows: visibleRows)
    case .search: beginSearch()
    case .back:
      guard search.phase == .kept else { return .close }
      changeSearch { search, _ in search.clear() }
    case .quit: return .close
    case .interrupt: return .interrupt
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

  /// Shows the roster a save returned, with the search matched again, keeping the selected
  /// monster selected (by name, or by row if it has gone) and the selected weapon.
  ///
  /// - Parameter roster: The roster as saved.
  mutating func reload(_ roster: Roster) {
    let name = selectedMonster?.name
    let row = monsterColumn.selected
    self.roster = roster
    positions = Array(roster.indices)
    weaponColumn.setRowCount(
      roster.weapons.count, selecting: weaponColumn.selected, visibleRows: visibleRows)
    firstNamesWidth = Self.widestName(in: roster, at: positions.prefix(Self.firstNames))
    names = nil
    if search.matches != nil { search.refresh(in: nameFilter()) }
    if let name, let index = roster.index(named: name), let place = place(of: index) {
      chosen = place
      let shown = shownRow(ofPlace: place)
      monsterColumn.setRowCount(shownCount, selecting: shown ?? 0, visibleRows: visibleRows)
      // Renamed out of the search by another edit: the first match is selected instead.
      if shown == nil { followSelectedMonster() }
    } else {
      monsterColumn.setRowCount(shownCount, selecting: row, visibleRows: visibleRows)
      chosen = selectedPlace ?? chosen.map { min($0, positions.count - 1) }
      followSelectedMonster()
    }
  }

  // MARK: - Moving

  /// Moves a column's selection; a move in the monster column is the monster chosen, and
  /// the weapon follows it.
  private mutating func move(_ component: Component, _ move: (inout PickerColumn, Int) -> Void) {
    switch component {
    case .monsters:
      let before = selectedPlace
      move(&monsterColumn, visibleRows)
      chosen = selectedPlace ?? chosen
      if selectedPlace != before { followSelectedMonster() }
    case .weapons:
      move(&weaponColumn, visibleRows)
    }
  }

  /// The edit that gives the selected monster the selected weapon, if a monster is
  /// selected.
  private func assignment() -> PickerEffect {
    guard let monster = selectedMonster else { return .none }
    return .save(.set(monster.name, RosterEdit.Changes(weapon: selectedWeapon)))
  }

  /// Selects the selected monster's weapon.
  private mutating func followSelectedMonster() {
    guard let weapon = selectedMonster?.weapon else { return }
    weaponColumn.select(
      weapons.firstIndex { $0.name == weapon.name } ?? 0, visibleRows: visibleRows)
  }

  // MARK: - Places

  /// The place of the monster at a row of the monster column.
  private func place(ofShownRow row: Int) -> Int {
    search.matches.map { Int($0[row]) } ?? row
  }

  /// The row of the monster column that shows the monster at a place, if one does.
  private func shownRow(ofPlace place: Int) -> Int? {
    guard let matches = search.matches else {
      return positions.indices.contains(place) ? place : nil
    }
    let row = lowerBound(of: Int32(truncatingIfNeeded: place), in: matches)
    return row < matches.count && matches[row] == place ? row : nil
  }

  /// The monster at a place.
  private func monster(atPlace place: Int) -> Row {
    Row(monster: roster[positions[place]])
  }

  /// The place of a roster position.
  private func place(of index: Roster.Index) -> Int? {
    let place = lowerBound(of: index, in: positions)
    return place < positions.count && positions[place] == index ? place : nil
  }

  /// The first index of an ordered array whose element is not less than `value`.
  private func lowerBound<Element: Comparable>(of value: Element, in array: [Element]) -> Int {
    var (low, high) = (0, array.count)
    while low < high {
      let middle = (low + high) / 2
      if array[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The most columns one of some names takes on the screen.
  private static func widestName(in roster: Roster, at positions: ArraySlice<Roster.Index>)
    -> Int
  {
    var widest = 0
    roster.forEachUTF8(.name, at: positions) {
      widest = max(widest, NameFilter.screenWidth(ofName: $0))
    }
    return widest
  }
}

// MARK: - Search

extension PickerWheelState {
  /// Begins a search, or goes on typing the kept one: the keys go to it, and the arrows
  /// move in the monster column.
  private mutating func beginSearch() {
    search.begin()
    focus = .monsters
  }

  /// Reacts to a key while a search is typed: a character adds to it, Backspace erases
  /// one, Ctrl-U all; Enter keeps the matches, Esc ends the search and selects again the
  /// monster chosen before it. The arrows, Page Up, Page Down, Home and End move in the
  /// matches; Ctrl-C closes the picker.
  private mutating func handleTyping(_ key: PickerKey) -> PickerEffect {
    switch key {
    case .character(let character):
      var typed = true
      changeSearch { search, names in typed = search.type(character, in: names) }
      if !typed { status = "A search is at most \(PickerSearch.longestQuery) characters." }
    case .paste(let text):
      var typed = true
      changeSearch { search, names in typed = search.type(text, in: names) }
      if !typed { status = "A search is at most \(PickerSearch.longestQuery) characters." }
    case .backspace:
      changeSearch { search, names in search.erase(in: names) }
    case .eraseLine:
      changeSearch { search, _ in search.eraseAll() }
    case .enter:
      search.keep()
      chosen = selectedPlace ?? chosen
    case .escape:
      changeSearch { search, _ in search.clear() }
    case .interrupt:
      return .interrupt
    case .up: move(.monsters) { $0.moveUp(visibleRows: $1) }
    case .down: move(.monsters) { $0.moveDown(visibleRows: $1) }
    case .pageUp: move(.monsters) { $0.pageUp(visibleRows: $1) }
    case .pageDown: move(.monsters) { $0.pageDown(visibleRows: $1) }
    case .home: move(.monsters) { $0.selectFirst(visibleRows: $1) }
    case .end: move(.monsters) { $0.selectLast(visibleRows: $1) }
    case .left, .right, .tab, .backTab, .suspend, .mouse, .other:
      break
    }
    return .none
  }

  /// Changes the search, then shows its matches with the chosen monster selected if it is
  /// one of them, or else the first; the weapon follows a new selection.
  private mutating func changeSearch(_ change: (inout PickerSearch, NameFilter) -> Void) {
    let before = selectedPlace
    let names = nameFilter()
    change(&search, names)
    monsterColumn.setRowCount(
      shownCount, selecting: chosen.flatMap { shownRow(ofPlace: $0) } ?? 0,
      visibleRows: visibleRows)
    if selectedPlace != before { followSelectedMonster() }
  }

  /// The folded names, made the first time they are needed.
  private mutating func nameFilter() -> NameFilter {
    if let names { return names }
    let made = NameFilter(roster: roster, at: positions)
    names = made
    return made
  }
}

// MARK: - Mouse

extension PickerWheelState {
  /// Reacts to the mouse over a part of a column, or over nothing, as a touch did in the
  /// tutorial.
  ///
  /// The left button going down on a row and up on the same row clicks it: a monster row
  /// is selected, a weapon row is selected, and a weapon row that was selected already
  /// assigns that weapon. A click while a search is typed keeps the search first, as Enter
  /// does. The wheel moves the selection of the column under the pointer a row a step,
  /// without wrapping, and leaves a search being typed as it is.
  ///
  /// - Parameters:
  ///   - action: What the mouse did.
  ///   - target: What is under the pointer, if anything.
  /// - Returns: What to do: save an edit, or nothing.
  mutating func mouse(_ action: MouseEvent.Action, on target: Target?) -> PickerEffect {
    switch action {
    case .wheelUp, .wheelDown:
      guard let target else { break }
      let step = action == .wheelUp ? -1 : 1
      move(target.component) { $0.select($0.selected + step, visibleRows: $1) }
    case .press(.left):
      armed = target
    case .release(.left), .release(nil):
      let pressed = armed
      armed = nil
      guard let target, target == pressed, case .row(let component, let row) = target else {
        break
      }
      if search.phase == .typing { search.keep() }
      focus = component
      switch component {
      case .monsters:
        move(.monsters) { $0.select(row, visibleRows: $1) }
      case .weapons:
        let wasSelected = weaponColumn.selected == row
        weaponColumn.select(row, visibleRows: visibleRows)
        if wasSelected { return assignment() }
      }
    case .press, .release:
      break
    }
    return .none
  }
}

extension PickerWheelState.Target {
  /// The column the target is in.
  var component: PickerWheelState.Component {
    switch self {
    case .row(let component, _), .column(let component): component
    }
  }
}
