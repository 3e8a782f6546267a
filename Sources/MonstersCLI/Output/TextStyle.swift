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
    return name(text, color: NameColor(spelling: color))
  }

  /// A header, in bold when colour is on.
  func header(_ text: String) -> String {
    usesColor ? Self.bold + text + Self.reset : text
  }
}

/// How many terminal columns text takes: two for East Asian wide and fullwidth characters
/// and emoji shown as pictures, none for combining marks, the vowels and final consonants
/// of conjoining Hangul and other zero-width characters, one for the rest, as `wcwidth`
/// counts them.
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
    width += columns(of: value)
  }
  return width
}

/// The columns UTF-8 text from a file takes on a terminal: one a byte when it is printable
/// ASCII, as most names are, without building a string.
func displayWidth(ofUTF8 utf8: UnsafeRawBufferPointer) -> Int {
  utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? utf8.count : displayWidth(text(utf8))
}

/// The columns a character that is not a mark, a format character or a control takes.
private func columns(of value: UInt32) -> Int {
  // Hangul vowels and final consonants join the initial consonant before them into one
  // syllable of two columns.
  if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
  guard value >= wideRanges[0].lowerBound else { return 1 }
  var (low, high) = (0, wideRanges.count)
  while low < high {
    let middle = (low + high) / 2
    if wideRanges[middle].upperBound < value { low = middle + 1 } else { high = middle }
  }
  return low < wideRanges.count && wideRanges[low].contains(value) ? 2 : 1
}

/// The characters of East Asian Width W or F (Unicode 14), in order, with the unassigned
/// code points between two of them in a block taken as wide too, as new emoji will be.
private let wideRanges: [ClosedRange<UInt32>] = [
  0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
  0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
  0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
  0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
  0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
  0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
  0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
  0x2E80...0x3029, 0x302E...0x303E, 0x3041...0x3096, 0x309B...0x3247, 0x3250...0x4DBF,
  0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAD9, 0xFE10...0xFE19,
  0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE3, 0x16FF0...0x1B2FB,
  0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320,
  0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
  0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
  0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596,
  0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
  0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A,
  0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
]

/// Text padded with spaces to a number of terminal columns.
func padded(_ text: String, toWidth width: Int) -> String {
  text + String(repeating: " ", count: max(0, width - displayWidth(text)))
}
