/// What the mouse did, and where: a report a terminal sends while mouse reporting is on.
///
/// The place is a screen cell counted from 0, so that it can be compared with the rows and
/// columns of the lines ``PickerRenderer`` draws; a report of a cell beyond the screen is
/// kept as it came and hits nothing.
struct MouseEvent: Hashable, Sendable {
  /// A mouse button.
  enum Button: Hashable, Sendable {
    /// The left button, the one that clicks.
    case left
    /// The middle button.
    case middle
    /// The right button.
    case right
  }

  /// What happened.
  enum Action: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button went up; `nil` when the terminal does not say which (the X10 format).
    case release(Button?)
    /// The wheel turned one step away from the user.
    case wheelUp
    /// The wheel turned one step towards the user.
    case wheelDown
  }

  /// What happened.
  var action: Action
  /// The column of the cell under the pointer, from 0 at the left.
  var column: Int
  /// The row of the cell under the pointer, from 0 at the top.
  var row: Int
}
