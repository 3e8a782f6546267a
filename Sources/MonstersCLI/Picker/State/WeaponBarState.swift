import MonsterKit

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
  /// the ends; Home and `g` go to the first weapon, End and `G` to Close. Enter or Space
  /// presses the focused button; a digit from 1 to 9 presses the button of the weapon of
  /// that number, if there is one. Esc, `q` and Close leave, and so does Ctrl-C, as an
  /// interruption. Another typed character says on the status line that it does nothing.
  ///
  /// - Parameter key: The key.
  /// - Returns: What to do: save the pick and close, close, or nothing.
  mutating func handle(_ key: PickerKey) -> PickerEffect {
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
      status = "Search is in 'monsters pick' without a monster."
    case .up, .down, .pageUp, .pageDown:
      break
    }
    return .none
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
    case .press, .release, .wheelUp, .wheelDown:
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
