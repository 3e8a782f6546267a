import MonsterKit

/// How text from the roster is shown: with colour or without, escaped for a terminal or not.
struct TextStyle: Equatable {
  /// Whether names are shown in their colours, and headers in bold.
  var usesColor: Bool
  /// Whether the output is a terminal, where control characters from the file must be shown
  /// as escapes rather than reach it.
  var isTerminal: Bool

  /// Whether colour may be used: only on a terminal, never when `NO_COLOR`
  /// is set to anything but the empty string, when `TERM` is `dumb`, or with `--no-color`.
  ///
  /// - Parameters:
  ///   - isTerminal: Whether standard output is a terminal.
  ///   - environment: The environment variables.
  ///   - noColorFlag: Whether `--no-color` was given.
  static func allowsColor(
    isTerminal: Bool, environment: [String: String], noColorFlag: Bool
  ) -> Bool {
    isTerminal && !noColorFlag && (environment["NO_COLOR"] ?? "").isEmpty
      && environment["TERM"] != "dumb"
  }

  /// The escape sequence (SGR, Select Graphic Rendition) that sets how the text after it
  /// looks: the one place such sequences are made, for every command and the picker.
  ///
  /// ```swift
  /// TextStyle.rendition(color: .red)                      // "\u{1B}[31m"
  /// TextStyle.rendition(reset: true, bold: true, reverse: true)  // "\u{1B}[0;1;7m"
  /// ```
  ///
  /// - Parameters:
  ///   - reset: Whether to drop the looks set before, first.
  ///   - bold: Whether the text is bold.
  ///   - reverse: Whether the text is in reverse video.
  ///   - color: The text's colour, or `nil` to keep the one set.
  /// - Returns: The sequence.
  static func rendition(
    reset: Bool = false, bold: Bool = false, reverse: Bool = false, color: NameColor? = nil
  ) -> String {
    var codes: [String] = reset ? ["0"] : []
    if bold { codes.append("1") }
    if reverse { codes.append("7") }
    switch color {
    case .rgb(let red, let green, let blue)?: codes.append("38;2;\(red);\(green);\(blue)")
    case let color?: codes.append(String(30 + (color.paletteIndex ?? 7)))
    case nil: break
    }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  /// The escape sequence that starts text in a colour.
  static func sequence(for color: NameColor) -> String {
    rendition(color: color)
  }

  static let bold = rendition(bold: true)
  static let reset = rendition(reset: true)

  /// A name, in its colour when colour is on.
  func name(_ name: String, color: NameColor?) -> String {
    guard usesColor, let color else { return name }
    return Self.sequence(for: color) + name + Self.reset
  }

  /// A monster's name, in its colour when colour is on.
  func name(of monster: Monster) -> String {
    name(monster.name, color: monster.nameColor)
  }

  /// Text in the colour of the name of the monster at a position, when colour is on.
  func name(_ text: String, at index: Roster.Index, in roster: Roster) -> String {
    guard usesColor, case .string(let color)? = roster.value(of: .nameColor, at: index) else {
      return text
    }
    return name(text, color: NameColor(color))
  }

  /// A header, in bold when colour is on.
  func header(_ text: String) -> String {
    usesColor ? Self.bold + text + Self.reset : text
  }
}

/// How many terminal columns text takes: two for East Asian wide characters and emoji,
/// none for combining marks and other zero-width characters, one for the rest.
func displayWidth(_ text: some StringProtocol) -> Int {
  var width = 0
  for scalar in text.unicodeScalars {
    let value = scalar.value
    if value < 0x7F {
      width += value >= 0x20 ? 1 : 0
      continue
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: continue
    default: break
    }
    width += isWide(value) ? 2 : 1
  }
  return width
}

/// The columns UTF-8 text from a file takes on a terminal: one a byte when it is printable
/// ASCII, as most names are, without building a string.
func displayWidth(ofUTF8 utf8: UnsafeRawBufferPointer) -> Int {
  utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? utf8.count : displayWidth(text(utf8))
}

private func isWide(_ value: UInt32) -> Bool {
  switch value {
  case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
    true
  default:
    false
  }
}

/// Text padded with spaces to a number of terminal columns.
func padded(_ text: String, toWidth width: Int) -> String {
  text + String(repeating: " ", count: max(0, width - displayWidth(text)))
}
