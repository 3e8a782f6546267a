import MonsterKit

/// A line of the picker's screen: runs of text, each with a look, turned into the text a
/// terminal shows by ``rendered(width:usesColor:)``.
///
/// Keeping looks apart from text lets the renderer measure and clip a line by what shows,
/// and add colour and highlights only where colour is allowed.
struct ScreenLine: Hashable, Sendable {
  /// How a run of text is shown when colour is on; without colour, all runs are plain.
  struct Look: Hashable, Sendable {
    /// The text's colour, or `nil` for the terminal's own.
    var color: NameColor?
    /// Whether the text is bold.
    var bold = false
    /// Whether the text is in reverse video, as the picker highlights a selection.
    var reverse = false

    /// Plain text.
    static let plain = Look()
    /// Bold text.
    static let bold = Look(bold: true)
    /// Reverse video.
    static let reverse = Look(reverse: true)

    /// The escape sequence that starts text in this look, after a reset.
    var sequence: String {
      TextStyle.rendition(reset: true, bold: bold, reverse: reverse, color: color)
    }
  }

  /// A run of text in one look.
  struct Run: Hashable, Sendable {
    /// The text, free of control characters.
    var text: String
    /// How it is shown.
    var look: Look
  }

  /// The runs, left to right.
  private(set) var runs: [Run] = []

  /// Creates a line of plain text, or an empty line.
  init(_ text: String = "") {
    if !text.isEmpty { append(text) }
  }

  /// Adds text at the end of the line, escaped (``escaped(_:)``), so that nothing appended
  /// can move the cursor, change the terminal or turn the line around.
  mutating func append(_ text: String, _ look: Look = .plain) {
    let text = Self.escaped(text)
    if let last = runs.last, last.look == look {
      runs[runs.count - 1].text += text
    } else {
      runs.append(Run(text: text, look: look))
    }
  }

  /// Text as the screen shows it: control characters and bidirectional controls
  /// (`\u{202E}`, which would reorder what follows it on the line: a name, or what is
  /// typed in a search) as escapes, as everywhere (`escapedForTerminal`).
  ///
  /// Escaping text already escaped changes nothing.
  static func escaped(_ text: some StringProtocol) -> String {
    escapedForTerminal(text)
  }

  /// Adds spaces up to a column.
  mutating func pad(to column: Int, _ look: Look = .plain) {
    let missing = column - width
    if missing > 0 { append(String(repeating: " ", count: missing), look) }
  }

  /// Adds another line's runs at the end of this one.
  mutating func append(_ line: ScreenLine) {
    for run in line.runs { append(run.text, run.look) }
  }

  /// The line without the spaces at its end that show nothing: those in plain runs.
  func trimmingTrailingSpaces() -> ScreenLine {
    var line = self
    while let last = line.runs.last, last.look == .plain {
      let text = String(last.text.reversed().drop(while: { $0 == " " }).reversed())
      if text.isEmpty {
        line.runs.removeLast()
      } else {
        line.runs[line.runs.count - 1].text = text
        break
      }
    }
    return line
  }

  /// How many columns the line takes.
  var width: Int {
    runs.reduce(0) { $0 + displayWidth($1.text) }
  }

  /// The line's text without looks.
  var text: String {
    runs.map(\.text).joined()
  }

  /// The line as a terminal shows it: cut to `width` columns, and with colour and
  /// highlights only when `usesColor`.
  ///
  /// - Parameters:
  ///   - width: The most columns the line may take.
  ///   - usesColor: Whether escape sequences for looks may be used.
  /// - Returns: The text to write.
  func rendered(width: Int, usesColor: Bool) -> String {
    var result = ""
    var remaining = max(0, width)
    var styled = false
    for run in runs {
      let (text, used) = Self.prefix(of: run.text, fitting: remaining)
      remaining -= used
      if !text.isEmpty {
        if usesColor && (run.look != .plain || styled) {
          result += run.look.sequence
          styled = run.look != .plain
        }
        result += text
      }
      // A cut run ends the line, even where a narrower character would still fit.
      if text.count < run.text.count { break }
    }
    if styled { result += "\u{1B}[0m" }
    return result
  }

  /// The longest start of `text` that fits in `width` columns, and the columns it takes.
  static func prefix(of text: String, fitting width: Int) -> (String, Int) {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let characterWidth = displayWidth(String(text[index]))
      if used + characterWidth > width { break }
      used += characterWidth
      end = text.index(after: index)
    }
    return (String(text[..<end]), used)
  }

  /// Text cut to its last `width` columns, starting with an ellipsis when it was cut: the
  /// end of what is being typed.
  static func truncatedAtStart(_ text: String, toWidth width: Int, ellipsis: String) -> String {
    guard displayWidth(text) > width else { return text }
    let room = width - displayWidth(ellipsis)
    guard room > 0 else { return "" }
    var used = 0
    var start = text.endIndex
    while start > text.startIndex {
      let previous = text.index(before: start)
      let characterWidth = displayWidth(String(text[previous]))
      if used + characterWidth > room { break }
      used += characterWidth
      start = previous
    }
    return ellipsis + text[start...]
  }

  /// Text cut to `width` columns, ending with an ellipsis when it was cut.
  static func truncated(_ text: String, toWidth width: Int, ellipsis: String) -> String {
    guard displayWidth(text) > width else { return text }
    guard width > displayWidth(ellipsis) else { return prefix(of: text, fitting: width).0 }
    return prefix(of: text, fitting: width - displayWidth(ellipsis)).0 + ellipsis
  }
}

extension ScreenLine.Look {
  /// A monster's name: in its colour, bold or in reverse video as asked.
  init(nameOf monster: Monster, bold: Bool = false, reverse: Bool = false) {
    self.init(color: monster.nameColor, bold: bold, reverse: reverse)
  }
}
