import MonsterKit
import MonstersSystem

/// The state of `monsters pick <monster>`: the tutorial's custom input view, a button for
/// each of the roster's weapons and a Close button, with one button focused.
///
/// Keys change it, and say what to do, without touching the terminal or the file:
///
/// ```swift
/// var bar = WeaponBarState(monster: catBot)  // focus on .weapon(.sword), its weapon
/// bar.handle(.right)                         // .none; focus on .weapon(.smoke)
/// bar.handle(.enter)
/// // .saveAndClose(.set("Cat-Bot", RosterEdit.Changes(weapon: .smoke)))
/// ```
struct WeaponBarState: Hashable, Sendable {
  /// A button of the view.
  enum Button: Hashable, Sendable {
    /// The button that picks a weapon.
    case weapon(Weapon)
    /// The Close button, which leaves without a change.
    case close
  }

  /// The monster whose weapon is picked, as the roster had it when the view opened.
  var monster: Monster
  /// The roster's weapons, one button each.
  let weapons: [Weapon]
  /// The focused button.
  private(set) var focus: Button
  /// A line on what is happening, such as `Saving...`, or `nil`.
  var status: String?
  /// The text of a search for a weapon by its name, while `/` has one typed; `nil` when
  /// there is none.
  private(set) var search: String?
  /// The button the left mouse button went down on, which its going up there presses.
  private var armed: Button?

  /// Opens the view on a monster, with the focus on the weapon it carries.
  ///
  /// - Parameters:
  ///   - monster: The monster.
  ///   - weapons: The roster's weapons.
  init(monster: Monster, weapons: [Weapon] = Weapon.builtIn) {
    self.monster = monster
    self.weapons = weapons
    self.focus = .weapon(monster.weapon)
  }

  /// The buttons, in order: a weapon's each, then Close.
  var buttons: [Button] {
    weapons.map(Button.weapon) + [.close]
  }

  /// Reacts to a key.
  ///
  /// Left and right arrows, `h` and `l` (and Shift-Tab and Tab) move the focus, wrapping at
  /// the ends; up and down arrows, `k` and `j`, to the row of buttons above or below; Home
  /// and `g` go to the first weapon, End and `G` to Close. Enter or Space presses the
  /// focused button; a digit from 1 to 9 presses the button of the weapon of that number,
  /// if there is one; `/` finds a weapon by name, as ``find(_:)`` says, for every weapon
  /// beyond the ninth. Esc, `q` and Close leave, and so does Ctrl-C, as an interruption.
  /// Another typed character says on the status line that it does nothing.
  ///
  /// - Parameter key: The key.
  /// - Returns: What to do: save the pick and close, close, or nothing.
  mutating func handle(_ key: PickerKey) -> PickerEffect {
    if search != nil { return find(key) }
    guard let action = PickerAction(key) else {
      if let note = PickerAction.doesNothing(key) { status = note }
      return .none
    }
    let buttons = self.buttons
    let index = buttons.firstIndex(of: focus) ?? 0
    switch action {
    case .left, .previous:
      focus = buttons[(index + buttons.count - 1) % buttons.count]
    case .right, .next:
      focus = buttons[(index + 1) % buttons.count]
    case .first:
      focus = buttons[0]
    case .last:
      focus = .close
    case .activate:
      return press(focus)
    case .weapon(let number):
      guard weapons.indices.contains(number) else {
        status = PickerAction.doesNothing(key)
        return .none
      }
      focus = .weapon(weapons[number])
      return press(focus)
    case .back, .quit:
      return .close
    case .interrupt:
      return .interrupt
    case .search:
      search = ""
      status = nil
    case .up, .pageUp:
      moveRow(by: -1)
    case .down, .pageDown:
      moveRow(by: 1)
    }
    return .none
  }

  /// The most weapon buttons a row holds, as the view draws them.
  static let weaponsPerRow = 5

  /// Moves the focus to the row of buttons above (-1) or below (1), to the button in the
  /// same place, or the last of a shorter row; at the first or last row, or on Close,
  /// it stays.
  private mutating func moveRow(by rows: Int) {
    guard case .weapon(let weapon) = focus, let index = weapons.firstIndex(of: weapon) else {
      return
    }
    let perRow = Self.weaponsPerRow
    let row = index / perRow + rows
    guard row >= 0, row * perRow < weapons.count else { return }
    focus = .weapon(weapons[min(row * perRow + index % perRow, weapons.count - 1)])
  }

  // MARK: - Finding a weapon

  /// The weapons whose names hold the search's text, ignoring case, `-` and `_`, in order.
  var searchMatches: [Weapon] {
    guard let search else { return [] }
    let wanted = Weapon.foldedName(search)
    return weapons.filter { Weapon.foldedName($0.name).contains(wanted) }
  }

  /// Reacts to a key while a search is typed: a character adds to the text and focuses
  /// the first weapon whose name holds it, ignoring case, `-` and `_`; Backspace takes one
  /// away (with none, the search ends), Ctrl-U all; Tab, the right or down arrow focus the
  /// next match, Shift-Tab, the left or up arrow the one before; Enter picks the focused
  /// match; Esc ends the search.
  private mutating func find(_ key: PickerKey) -> PickerEffect {
    let query = search ?? ""
    switch key {
    case .character(let character):
      search = query + String(character)
      focusMatch(step: nil)
    case .paste(let text):
      search = query + text.filter { !$0.isNewline }
      focusMatch(step: nil)
    case .backspace:
      if query.isEmpty {
        search = nil
      } else {
        search = String(query.dropLast())
        focusMatch(step: nil)
      }
    case .eraseLine:
      search = ""
    case .tab, .right, .down:
      focusMatch(step: 1)
    case .backTab, .left, .up:
      focusMatch(step: -1)
    case .enter:
      guard searchMatches.contains(where: { .weapon($0) == focus }) else {
        status = "No weapon's name holds '\(query)'."
        return .none
      }
      search = nil
      return press(focus)
    case .escape:
      search = nil
    case .interrupt:
      return .interrupt
    default:
      break
    }
    return .none
  }

  /// Focuses a match: the one `step` places from the focused one, or, with no step or
  /// where the focus is on none, the first.
  private mutating func focusMatch(step: Int?) {
    let matches = searchMatches
    guard !matches.isEmpty else { return }
    guard let step, case .weapon(let weapon) = focus, let place = matches.firstIndex(of: weapon)
    else {
      focus = .weapon(matches[0])
      return
    }
    focus = .weapon(matches[(place + step + matches.count) % matches.count])
  }

  /// Reacts to the mouse over a button, or over no button, as a touch did in the tutorial:
  /// the left button going down over a button focuses it, and going up over the same
  /// button presses it. The wheel and the other buttons do nothing.
  ///
  /// - Parameters:
  ///   - action: What the mouse did.
  ///   - button: The button under the pointer, if any.
  /// - Returns: What to do: save the pick and close, close, or nothing.
  mutating func mouse(_ action: MouseEvent.Action, on button: Button?) -> PickerEffect {
    switch action {
    case .press(.left):
      armed = button
      if let button { focus = button }
    case .release(.left), .release(nil):
      let pressed = armed
      armed = nil
      if let button, button == pressed { return press(button) }
    case .wheelUp:
      moveRow(by: -1)
    case .wheelDown:
      moveRow(by: 1)
    case .press, .release:
      break
    }
    return .none
  }

  private func press(_ button: Button) -> PickerEffect {
    switch button {
    case .weapon(let weapon):
      .saveAndClose(.set(monster.name, RosterEdit.Changes(weapon: weapon)))
    case .close:
      .close
    }
  }
}
