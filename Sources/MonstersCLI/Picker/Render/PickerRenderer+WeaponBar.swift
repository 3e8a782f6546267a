import MonsterKit

extension PickerRenderer {
  /// Columns inside a weapon button.
  static let buttonInnerWidth = 10
  /// Columns of a weapon button, frame included; a space stands between two.
  static let buttonWidth = buttonInnerWidth + 2
  /// Rows of the weapon buttons, frames included.
  static let buttonHeight = 6
  /// Columns of the Close button, frame included.
  static let closeWidth = 9
  /// Rows of the Close button, frame included, which stands beside the buttons' middle
  /// rows, from the second.
  static let closeRows = 1..<4
  /// Columns from the left of the first button to the left of Close.
  static let closeOffset = WeaponType.allCases.count * (buttonWidth + 1) + 2
  /// Rows of the input view: a rule, a blank line, the buttons, their keys, a status line
  /// and two lines of help.
  static let keyboardRows = buttonHeight + 6
  /// The least screen the weapon bar fits in: the row of buttons and Close, and the
  /// monster's name above it.
  static let weaponBarMinimum = TerminalSize(columns: 78, rows: keyboardRows + 1)

  /// The column of the first button's left edge on a screen `width` columns wide: the row
  /// of buttons is centred.
  static func buttonsLeft(width: Int) -> Int {
    max(0, (width - closeOffset - closeWidth) / 2)
  }

  /// The button at a cell of the screen, if any: what a click there presses.
  ///
  /// - Parameters:
  ///   - column: The cell's column, from 0.
  ///   - row: The cell's row, from 0.
  ///   - size: The screen's size, which the view fits.
  /// - Returns: The button, or `nil`.
  static func button(atColumn column: Int, row: Int, size: TerminalSize)
    -> WeaponBarState.Button?
  {
    let row = row - (size.rows - keyboardRows + 2)
    let offset = column - buttonsLeft(width: size.columns)
    guard (0..<buttonHeight).contains(row), offset >= 0 else { return nil }
    if offset < closeOffset - 2 {
      let index = offset / (buttonWidth + 1)
      return offset % (buttonWidth + 1) < buttonWidth ? .weapon(WeaponType.allCases[index]) : nil
    }
    let inClose = (closeOffset..<closeOffset + closeWidth).contains(offset)
    return inClose && closeRows.contains(row) ? .close : nil
  }

  /// The screen of `monsters pick <monster>`: the monster's name, description and weapon,
  /// as the tutorial's detail pane shows them, and below, where the keyboard would be, the
  /// row of weapon buttons and Close.
  ///
  /// - Parameters:
  ///   - state: The view's state.
  ///   - size: The screen's size.
  ///   - style: Colour and characters.
  /// - Returns: One line of text per row of the screen.
  static func lines(
    for state: WeaponBarState, size: TerminalSize, style: PickerStyle
  ) -> [String] {
    guard fits(size, weaponBarMinimum) else {
      return tooSmall(size: size, needs: weaponBarMinimum, view: "The weapon bar", style: style)
    }
    let keyboard = keyboardLines(for: state, width: size.columns, style: style)
    assert(keyboard.count == keyboardRows)
    let header = headerLines(for: state.monster, rows: size.rows - keyboard.count, style: style)
    var lines = header
    lines += Array(repeating: ScreenLine(), count: size.rows - keyboard.count - header.count)
    lines += keyboard
    return screen(lines, size: size, style: style)
  }

  /// The detail pane: as much of it as `rows` rows hold.
  private static func headerLines(for monster: Monster, rows: Int, style: PickerStyle)
    -> [ScreenLine]
  {
    var name = ScreenLine("  ")
    name.append(monster.name, ScreenLine.Look(color: monster.nameColor, bold: true))
    let description = ScreenLine("  " + monster.description)
    let weapon = ScreenLine("  Preferred way to kill: " + monster.weapon.type.rawValue)
    let lines =
      rows >= 6
      ? [ScreenLine(), name, description, ScreenLine(), weapon]
      : [name, weapon, description]
    return Array(lines.prefix(rows))
  }

  /// The input view: a rule, the buttons, their keys, a status line and help.
  private static func keyboardLines(
    for state: WeaponBarState, width: Int, style: PickerStyle
  ) -> [ScreenLine] {
    let weapons = WeaponType.allCases
    let left = buttonsLeft(width: width)
    let current = state.monster.weapon.type

    var lines = [ScreenLine(repeated(style.rule, width)), ScreenLine()]
    for row in 0..<buttonHeight {
      var line = ScreenLine(repeated(" ", left))
      for weapon in weapons {
        line.append(buttonRow(row, of: weapon, focused: state.focus == .weapon(weapon), style))
        line.append(" ")
      }
      line.append("  ")
      line.append(closeRow(row, focused: state.focus == .close, style))
      lines.append(line)
    }
    var keys = ScreenLine(repeated(" ", left))
    for (number, weapon) in zip(1..., weapons) {
      keys.append(
        centered(weapon == current ? "\(number) (current)" : "\(number)", width: buttonWidth))
      keys.append(" ")
    }
    keys.append("  " + centered("Esc", width: closeWidth))
    lines.append(keys)
    lines.append(ScreenLine(state.status.map { "  " + $0 } ?? ""))
    lines.append(
      ScreenLine(
        "  \(style.left)/\(style.right), h/l or Tab: move   g/G: first/Close   "
          + "Enter or 1-5: pick"))
    lines.append(ScreenLine("  Esc, q or Close: leave   A click presses a button"))
    return lines
  }

  /// One row of a weapon button: its frame, its glyph, or its name.
  private static func buttonRow(
    _ row: Int, of weapon: WeaponType, focused: Bool, _ style: PickerStyle
  ) -> ScreenLine {
    boxRow(row, height: buttonHeight, width: buttonInnerWidth, focused: focused, style) {
      $0 == buttonHeight - 2
        ? (centered(weapon.rawValue, width: buttonInnerWidth), label(focused: focused))
        : (weapon.glyph[$0 - 1], .plain)
    }
  }

  /// One row of the Close button, which stands beside the middle of the weapon buttons;
  /// rows outside it are blank.
  private static func closeRow(_ row: Int, focused: Bool, _ style: PickerStyle) -> ScreenLine {
    guard closeRows.contains(row) else { return ScreenLine(repeated(" ", closeWidth)) }
    return boxRow(
      row - closeRows.lowerBound, height: closeRows.count, width: closeWidth - 2,
      focused: focused, style
    ) { _ in
      (" Close ", label(focused: focused))
    }
  }

  /// How a button's label looks: reversed when the button has the focus.
  private static func label(focused: Bool) -> ScreenLine.Look {
    focused ? ScreenLine.Look(bold: true, reverse: true) : .plain
  }

  /// One row of a box drawn in the frame of its focus: its top edge, its bottom edge, or
  /// the content of an inner row, `width` columns between the sides.
  private static func boxRow(
    _ row: Int, height: Int, width: Int, focused: Bool, _ style: PickerStyle,
    content: (Int) -> (String, ScreenLine.Look)
  ) -> ScreenLine {
    let frame = focused ? style.focusFrame : style.frame
    let look = focused ? ScreenLine.Look.bold : .plain
    var line = ScreenLine()
    switch row {
    case 0:
      line.append(
        edge(left: frame.topLeft, fill: frame.horizontal, right: frame.topRight, width: width),
        look)
    case height - 1:
      line.append(
        edge(
          left: frame.bottomLeft, fill: frame.horizontal, right: frame.bottomRight,
          width: width), look)
    default:
      let (text, textLook) = content(row)
      line.append(frame.vertical, look)
      line.append(text, textLook)
      line.append(frame.vertical, look)
    }
    return line
  }
}
