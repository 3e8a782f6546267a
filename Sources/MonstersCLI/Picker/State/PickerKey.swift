/// A key the picker reacts to, or a mouse report, as ``KeyDecoder`` reads them from the
/// bytes a terminal sends.
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
  /// Backspace: DEL or Ctrl-H.
  case backspace
  /// Ctrl-U, which erases what was typed, as in a shell.
  case eraseLine
  /// Ctrl-C, which raw mode delivers as a byte rather than as `SIGINT`.
  case interrupt
  /// Ctrl-Z, which raw mode delivers as a byte rather than as `SIGTSTP`.
  case suspend
  /// A printable character, such as `q`, `1`, a space or `é`.
  case character(Character)
  /// Text pasted in one go, as a terminal brackets it: typed into a search, and otherwise
  /// ignored, so that a line break or a digit in it presses nothing.
  case paste(String)
  /// A mouse button or the wheel, where the pointer is.
  case mouse(MouseEvent)
  /// Any other key or sequence, which the picker ignores.
  case other
}
