import MonsterKit

/// The state of `monsters pick <monster>`: the tutorial's custom input view, a row of five
/// weapon buttons and a Close button, with one button focused.
///
/// Keys change it, and say what to do, without touching the terminal or the file:
///
/// ```swift
/// var bar = WeaponBarState(monster: catBot)  // focus on .weapon(.sword), its weapon
/// bar.handle(.right)                         // .none; focus on .weapon(.smoke)
/// bar.handle(.enter)                         // .saveAndClose(.set("Cat-Bot", weapon: .smoke))
/// ```
struct WeaponBarState: Hashable, Sendable {
  /// A button of the view.
  enum Button: Hashable, Sendable {
    /// The button that picks a weapon.
    case weapon(WeaponType)
    /// The Close button, which leaves without a change.
    case close

    /// The buttons, left to right: the five weapons, then Close.
    static let all: [Button] = WeaponType.allCases.map(Button.weapon) + [.close]
  }

  /// The monster whose weapon is picked, as the roster had it when the view opened.
  var monster: Monster
  /// The focused button.
  private(set) var focus: Button
  /// A line on what is happening, such as `Saving...`, or `nil`.
  var status: String?

  /// Opens the view on a monster, with the focus on the weapon it carries.
  ///
  /// - Parameter monster: The monster.
  init(monster: Monster) {
    self.monster = monster
    self.focus = .weapon(monster.weapon.type)
  }

  /// Reacts to a key.
  ///
  /// Left and right arrows (and Shift-Tab and Tab) move the focus, wrapping at the ends;
  /// Home and End go to the first weapon and to Close. Enter or Space presses the focused
  /// button; a digit from 1 to 5 presses that weapon's button. Esc, `q`, Ctrl-C and Close
  /// leave.
  ///
  /// - Parameter key: The key.
  /// - Returns: What to do: save the pick and close, close, or nothing.
  mutating func handle(_ key: PickerKey) -> PickerEffect {
    let buttons = Button.all
    let index = buttons.firstIndex(of: focus) ?? 0
    switch key {
    case .left, .backTab:
      focus = buttons[(index + buttons.count - 1) % buttons.count]
    case .right, .tab:
      focus = buttons[(index + 1) % buttons.count]
    case .home:
      focus = buttons[0]
    case .end:
      focus = .close
    case .enter, .character(" "):
      return press(focus)
    case .character(let character):
      if let digit = character.wholeNumberValue, WeaponType.allCases.indices.contains(digit - 1) {
        focus = buttons[digit - 1]
        return press(focus)
      }
      if character == "q" || character == "Q" { return .close }
    case .escape, .interrupt:
      return .close
    case .up, .down, .pageUp, .pageDown, .suspend, .other:
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
