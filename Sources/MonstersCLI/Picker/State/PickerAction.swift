import MonsterKit

/// What a key means in a picker view: the bindings both views share, in one place.
///
/// The arrows have the letters of less and vim beside them (`k`, `j`, `h`, `l`), Home and
/// End have `g` and `G`; each view decides what an action does in it. Keys with no action
/// (other letters, Backspace, a mouse report) are for the view to handle or to name as
/// doing nothing.
///
/// ```swift
/// PickerAction(.character("j"))  // .down
/// PickerAction(.character("3"))  // .weapon(2): the third weapon
/// PickerAction(.character("x"))  // nil
/// ```
enum PickerAction: Hashable, Sendable {
  /// Up, or `k`.
  case up
  /// Down, or `j`.
  case down
  /// Left, or `h`.
  case left
  /// Right, or `l`.
  case right
  /// Home, or `g`.
  case first
  /// End, or `G`.
  case last
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Tab.
  case next
  /// Shift-Tab.
  case previous
  /// Enter, or Space: press the focused button, or assign.
  case activate
  /// A digit from 1 to 9: the weapon of that number, counting from 1, as its place among
  /// the roster's weapons (from 0).
  case weapon(Int)
  /// `/`: search.
  case search
  /// Esc: back out of what is open, or leave.
  case back
  /// `q` or `Q`: leave.
  case quit
  /// Ctrl-C: leave, interrupted.
  case interrupt

  /// The action a key stands for, or `nil` when it stands for none.
  ///
  /// - Parameter key: The key.
  init?(_ key: PickerKey) {
    switch key {
    case .up, .character("k"): self = .up
    case .down, .character("j"): self = .down
    case .left, .character("h"): self = .left
    case .right, .character("l"): self = .right
    case .home, .character("g"): self = .first
    case .end, .character("G"): self = .last
    case .pageUp: self = .pageUp
    case .pageDown: self = .pageDown
    case .tab: self = .next
    case .backTab: self = .previous
    case .enter, .character(" "): self = .activate
    case .character("/"): self = .search
    case .escape: self = .back
    case .character("q"), .character("Q"): self = .quit
    case .interrupt: self = .interrupt
    case .character(let character):
      guard let digit = character.wholeNumberValue, character.isASCII, digit > 0 else {
        return nil
      }
      self = .weapon(digit - 1)
    case .backspace, .eraseLine, .suspend, .paste, .mouse, .other:
      return nil
    }
  }

  /// What a status line says of a key that does nothing, such as `'x' does nothing here.`
  /// (the screen escapes what it shows).
  ///
  /// - Parameter key: The key.
  /// - Returns: The line, or `nil` for a key that is better passed over in silence (a
  ///   mouse report, a sequence the picker does not know).
  static func doesNothing(_ key: PickerKey) -> String? {
    switch key {
    case .character(let character): "'\(character)' does nothing here."
    case .backspace, .eraseLine: "That key does nothing here."
    default: nil
    }
  }
}
