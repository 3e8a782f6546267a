import MonsterKit

/// Draws the picker: a pure function from a state and a screen size to the lines of text
/// the screen shows, one per row.
///
/// The lines fit the size (no line is wider, and there are exactly as many as the screen
/// has rows), text from the roster is escaped, and colour and highlights appear only when
/// the style allows them. A screen too small for the view gets a line that says so.
enum PickerRenderer {
  /// The lines of a screen: each rendered to the width, and blank lines to the height.
  static func screen(_ lines: [ScreenLine], size: TerminalSize, style: PickerStyle) -> [String] {
    let rows = max(0, size.rows)
    var result = lines.prefix(rows).map {
      $0.trimmingTrailingSpaces().rendered(width: size.columns, usesColor: style.usesColor)
    }
    result += Array(repeating: "", count: rows - result.count)
    return result
  }

  /// Whether a screen is at least as large as a view needs.
  static func fits(_ size: TerminalSize, _ minimum: TerminalSize) -> Bool {
    size.columns >= minimum.columns && size.rows >= minimum.rows
  }

  /// The screen for a terminal smaller than a view needs, which says what it needs.
  ///
  /// - Parameters:
  ///   - size: The screen's size.
  ///   - minimum: The view's least size.
  ///   - view: What the view is called, such as `The picker`.
  ///   - style: Colour and characters.
  static func tooSmall(
    size: TerminalSize, needs minimum: TerminalSize, view: String, style: PickerStyle
  ) -> [String] {
    screen(
      [
        ScreenLine("\(view) needs \(minimum.columns)x\(minimum.rows);"),
        ScreenLine("this terminal is \(size.columns)x\(size.rows)."),
        ScreenLine("Esc or q leaves."),
      ], size: size, style: style)
  }

  /// A count with its thousands grouped: `1,000,000`.
  static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var result = count < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result
  }

  /// Text centred in a width, padded with spaces on both sides.
  static func centered(_ text: String, width: Int) -> String {
    let room = max(0, width - displayWidth(text))
    return String(repeating: " ", count: room / 2) + text
      + String(repeating: " ", count: room - room / 2)
  }

  static func repeated(_ text: String, _ count: Int) -> String {
    String(repeating: text, count: max(0, count))
  }
}
