/// How the picker draws: with colour or without, and with Unicode's box-drawing characters
/// and arrows or with ASCII only.
///
/// Colour follows the rules of the rest of the tool (``TextStyle``). Without colour the
/// picker still shows everything: the focus as a heavy frame, the selection as a marker.
struct PickerStyle: Hashable, Sendable {
  /// The characters of a frame.
  struct Frame: Hashable, Sendable {
    /// The top edge.
    var top: Edge
    /// The bottom edge.
    var bottom: Edge
    /// The left and right sides.
    var side: String

    /// A frame of six characters, in the order `"┌─┐│└┘"`: the top left corner, what fills
    /// the top and bottom edges, the top right corner, the sides, the bottom left corner
    /// and the bottom right one.
    init(_ parts: String) {
      let parts = parts.map(String.init)
      precondition(parts.count == 6, "a frame has six parts")
      top = Edge(left: parts[0], fill: parts[1], right: parts[2])
      side = parts[3]
      bottom = Edge(left: parts[4], fill: parts[1], right: parts[5])
    }

    /// A frame's top or bottom edge: its two corners and what fills it between them.
    struct Edge: Hashable, Sendable {
      /// The left corner.
      var left: String
      /// What fills the edge between its corners.
      var fill: String
      /// The right corner.
      var right: String

      /// The edge around `width` columns, with the first of `labels` that fits near its
      /// start, so that a narrow frame still says the shorter ones.
      func drawn(width: Int, labels: [String] = []) -> String {
        for label in labels where !label.isEmpty {
          let label = fill + " " + label + " "
          let labelWidth = displayWidth(label)
          if labelWidth <= width {
            return left + label + PickerRenderer.repeated(fill, width - labelWidth) + right
          }
        }
        return left + PickerRenderer.repeated(fill, width) + right
      }
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
