/// The size of a terminal's screen, in character cells.
struct TerminalSize: Hashable, Sendable {
  /// How many columns: characters across.
  var columns: Int
  /// How many rows: lines down.
  var rows: Int

  /// The size the picker is designed for, and assumes when a terminal does not say.
  static let standard = TerminalSize(columns: 80, rows: 24)
}
