/// A key the picker reacts to, as ``KeyDecoder`` reads it from the bytes a terminal sends.
enum PickerKey: Hashable, Sendable {
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// Return or Enter: a carriage return or a line feed.
  case enter
  /// Esc, on its own.
  case escape
  /// Ctrl-C, which raw mode delivers as a byte rather than as `SIGINT`.
  case interrupt
  /// Ctrl-Z, which raw mode delivers as a byte rather than as `SIGTSTP`.
  case suspend
  /// A printable ASCII character, such as `q`, `1` or a space.
  case character(Character)
  /// Any other key or sequence, which the picker ignores.
  case other
}
