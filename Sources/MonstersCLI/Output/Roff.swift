/// The roff source of a manual page, in the `man` macros, written a request or a line at a
/// time.
///
/// Text goes through ``escaped(_:)``, so nothing in it acts as a request or an escape: a
/// line never starts with `.` or `'`, a backslash is printed as one, a hyphen is `\-` (the
/// character a user types, not a typographic hyphen), quotes are the ASCII ones, and
/// anything outside ASCII is named by its code point, whatever encoding the formatter
/// reads in.
struct Roff {
  /// The source so far.
  private(set) var source = ""
  /// Whether the last line added is a heading, which starts a paragraph of its own.
  private var afterHeading = false

  /// Adds a request line, such as `.TH ...`, as it is.
  mutating func request(_ line: String) {
    source += line + "\n"
    afterHeading = false
  }

  /// Adds a line of text that is escaped already (built with ``escaped(_:)``, ``bold(_:)``
  /// and ``italic(_:)``), so that it cannot be taken for a request.
  mutating func text(_ line: String) {
    guard !line.isEmpty else { return }
    let first = line.first ?? " "
    source += (first == "." || first == "'" || first == " " ? "\\&" : "") + line + "\n"
    afterHeading = false
  }

  /// Adds plain text, escaped, one input line for each of its lines.
  mutating func plain(_ text: String) {
    for line in text.split(separator: "\n") {
      self.text(Self.escaped(line))
    }
  }

  /// Adds paragraphs of plain text, separated by blank lines in `text`, each after `.PP`.
  mutating func paragraphs(_ text: String) {
    for paragraph in text.split(separator: "\n\n") where !paragraph.isEmpty {
      self.paragraph()
      plain(String(paragraph))
    }
  }

  /// Starts a section, such as `NAME` or `EXIT STATUS`.
  mutating func section(_ title: String) {
    request(".SH \"\(Self.escaped(title))\"")
    afterHeading = true
  }

  /// Starts a subsection.
  mutating func subsection(_ title: String) {
    request(".SS \"\(Self.escaped(title))\"")
    afterHeading = true
  }

  /// Starts a paragraph, unless a heading has just started one.
  mutating func paragraph() {
    guard !afterHeading else { return }
    request(".PP")
  }

  /// Adds a tagged paragraph: the tag (escaped already) on its own, the plain text
  /// indented below or beside it.
  mutating func tagged(_ tag: String, _ body: String) {
    request(".TP")
    text(tag)
    plain(body)
  }

  /// Adds a line to type, unfilled and indented.
  mutating func example(_ line: String) {
    request(".PP")
    request(".RS 4")
    request(".nf")
    plain(line)
    request(".fi")
    request(".RE")
  }

  /// Text made safe to stand anywhere in a line of roff, printing as it reads.
  static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\(rs"
      case "-": result += "\\-"
      case "'": result += "\\(aq"
      case "`": result += "\\(ga"
      case "\"": result += "\\(dq"
      case "^": result += "\\(ha"
      case "~": result += "\\(ti"
      case " "..."~": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "\\(rsu{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return result
  }

  /// Plain text in bold, escaped.
  static func bold(_ text: some StringProtocol) -> String {
    "\\fB" + escaped(text) + "\\fR"
  }

  /// Plain text in italics (underlined on a terminal), escaped.
  static func italic(_ text: some StringProtocol) -> String {
    "\\fI" + escaped(text) + "\\fR"
  }
}
