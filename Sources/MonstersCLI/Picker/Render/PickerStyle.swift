/// How the picker draws: with colour or without, and with Unicode's box-drawing characters
/// and arrows or with ASCII only.
///
/// Colour follows the rules of the rest of the tool (``TextStyle``). Without colour the
/// picker still shows everything: the focus as a heavy frame, the selection as a marker.
struct PickerStyle: Hashable, Sendable {
  /// The characters of a frame.
  struct Frame: Hashable, Sendable {
    /// The top left corner.
    var topLeft: String
    /// The top and bottom edges.
    var horizontal: String
    /// The top right corner.
    var topRight: String
    /// The left and right edges.
    var vertical: String
    /// The bottom left corner.
    var bottomLeft: String
    /// The bottom right corner.
    var bottomRight: String

    /// A frame of six characters, one for each part in the order above: `"┌─┐│└┘"`.
    init(_ parts: String) {
      let parts = parts.map(String.init)
      precondition(parts.count == 6, "a frame has six parts")
      (topLeft, horizontal, topRight) = (parts[0], parts[1], parts[2])
      (vertical, bottomLeft, bottomRight) = (parts[3], parts[4], parts[5])
    }
  }

  /// Whether colour and highlights may be used.
  var usesColor: Bool
  /// The frame of a button or column.
  var frame: Frame
  /// The frame of the focused button or column.
  var focusFrame: Frame
  /// A line across the screen, above the buttons.
  var rule: String
  /// What marks a selected row.
  var marker: String
  /// What ends text that was cut.
  var ellipsis: String
  /// The up arrow, as help names it.
  var up: String
  /// The down arrow, as help names it.
  var down: String
  /// The left arrow, as help names it.
  var left: String
  /// The right arrow, as help names it.
  var right: String

  /// Unicode box drawing and arrows.
  static func unicode(usesColor: Bool) -> PickerStyle {
    PickerStyle(
      usesColor: usesColor,
      frame: Frame("┌─┐│└┘"), focusFrame: Frame("┏━┓┃┗┛"),
      rule: "─", marker: "▶", ellipsis: "…", up: "↑", down: "↓", left: "←", right: "→")
  }

  /// ASCII only, for a terminal whose locale is not UTF-8.
  static func ascii(usesColor: Bool) -> PickerStyle {
    PickerStyle(
      usesColor: usesColor,
      frame: Frame("+-+|++"), focusFrame: Frame("#=####"),
      rule: "-", marker: ">", ellipsis: "...", up: "Up", down: "Down", left: "Left",
      right: "Right")
  }

  /// The style for a terminal: Unicode when the locale's character set is UTF-8
  /// (`LC_ALL`, else `LC_CTYPE`, else `LANG`), ASCII otherwise.
  ///
  /// - Parameters:
  ///   - usesColor: Whether colour may be used.
  ///   - environment: The environment variables.
  static func forTerminal(usesColor: Bool, environment: [String: String]) -> PickerStyle {
    let locale =
      [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
      .lazy.compactMap { $0 }.first { !$0.isEmpty } ?? ""
    let charset = locale.lowercased().filter { $0 != "-" }
    return charset.hasSuffix("utf8") || charset.contains("utf8@")
      ? .unicode(usesColor: usesColor) : .ascii(usesColor: usesColor)
  }
}
