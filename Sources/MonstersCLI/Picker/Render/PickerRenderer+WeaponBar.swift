import MonsterKit
import MonstersSystem

extension PickerRenderer {
  /// Columns inside a weapon button.
  static let buttonInnerWidth = 10
  /// Columns of a weapon button, frame included; a space stands between two.
  static let buttonWidth = buttonInnerWidth + 2
  /// Rows of the weapon buttons, frames included.
  static let buttonHeight = 6
  /// Columns of the Close button, frame included.
  static let closeWidth = 9
  /// Rows of the Close button, frame included, which stands beside the first row of
  /// buttons' middle rows, from the second.
  static let closeRows = 1..<4
  /// The most weapon buttons side by side: five and Close fit in 78 columns.
  static let buttonsPerRow = WeaponBarState.weaponsPerRow
  /// Rows of a row of buttons: the buttons, and the line of their keys under them.
  static let buttonRowHeight = buttonHeight + 1
  /// Rows of the input view around its rows of buttons: a rule, a blank line, a status line
  /// and two lines of help.
  static let keyboardChromeRows = 5
  /// The least screen the weapon bar fits in: a row of buttons and Close, and the
  /// monster's name above it.
  static let weaponBarMinimum = TerminalSize(
    columns: 78, rows: keyboardChromeRows + buttonRowHeight + 1)

  /// Where the weapon bar's buttons stand on a screen: what draws it and what finds the
  /// button under the mouse both go by this.
  ///
  /// The buttons stand in rows of up to five, as many rows as the roster's weapons need; on
  /// a screen too short for all of them, the rows around the focused button show.
  struct WeaponBarLayout: Hashable, Sendable {
    /// How many buttons each row holds.
    var perRow: Int
    /// How many rows of buttons there are.
    var rowCount: Int
    /// The first row of buttons shown.
    var top: Int
    /// How many rows of buttons are shown.
    var shownRows: Int
    /// The column of the first button's left edge: the rows are centred.
    var left: Int
    /// The screen row of the first row of buttons' top edge.
    var firstRow: Int

    /// Columns from the left of the first button to the left of Close.
    var closeOffset: Int { perRow * (buttonWidth + 1) + 2 }

    /// Rows of the input view: the chrome and the rows of buttons shown.
    var keyboardRows: Int { keyboardChromeRows + shownRows * buttonRowHeight }

    /// The layout of a state on a screen that fits the view.
    init(_ state: WeaponBarState, size: TerminalSize) {
      perRow = max(1, min(state.weapons.count, buttonsPerRow))
      rowCount = max(1, (state.weapons.count + perRow - 1) / perRow)
      let room = max(1, (size.rows - 1 - keyboardChromeRows) / buttonRowHeight)
      shownRows = min(rowCount, room)
      let focused: Int =
        switch state.focus {
        case .weapon(let weapon): (state.weapons.firstIndex(of: weapon) ?? 0) / perRow
        case .close: 0
        }
      top = max(0, min(focused, rowCount - shownRows))
      if focused >= top + shownRows { top = focused - shownRows + 1 }
      left = max(0, (size.columns - perRow * (buttonWidth + 1) - 2 - closeWidth) / 2)
      firstRow = size.rows - keyboardChromeRows - shownRows * buttonRowHeight + 2
    }

    /// The place among the weapons of the button at a row and place in it, if there is one.
    func weaponIndex(row: Int, place: Int) -> Int? {
      (top..<top + shownRows).contains(row) && (0..<perRow).contains(place)
        ? row * perRow + place : nil
    }

    /// The button at a cell of the screen, if any: what a click there presses.
    func button(atColumn column: Int, row: Int, of state: WeaponBarState)
      -> WeaponBarState.Button?
    {
      let line = row - firstRow
      let offset = column - left
      guard line >= 0, offset >= 0 else { return nil }
      let (buttonRow, inRow) = (line / buttonRowHeight, line % buttonRowHeight)
      guard buttonRow < shownRows, inRow < buttonHeight else { return nil }
      if offset < closeOffset - 2 {
        guard offset % (buttonWidth + 1) < buttonWidth,
          let index = weaponIndex(row: top + buttonRow, place: offset / (buttonWidth + 1)),
          state.weapons.indices.contains(index)
        else { return nil }
        return .weapon(state.weapons[index])
      }
      let inClose = (closeOffset..<closeOffset + closeWidth).contains(offset)
      return inClose && buttonRow == 0 && closeRows.contains(inRow) ? .close : nil
    }
  }

  /// The button at a cell of the screen, if any: what a click there presses.
  ///
  /// - Parameters:
  ///   - column: The cell's column, from 0.
  ///   - row: The cell's row, from 0.
  ///   - state: The view's state.
  ///   - size: The screen's size, which the view fits.
  /// - Returns: The button, or `nil`.
  static func button(
    atColumn column: Int, row: Int, of state: WeaponBarState, size: TerminalSize
  ) -> WeaponBarState.Button? {
    WeaponBarLayout(state, size: size).button(atColumn: column, row: row, of: state)
  }

  /// The screen of `monsters pick <monster>`: the monster's name, description and weapon,
  /// as the tutorial's detail pane shows them, and below, where the keyboard would be, the
  /// weapon buttons and Close.
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
    let layout = WeaponBarLayout(state, size: size)
    let keyboard = keyboardLines(for: state, layout: layout, width: size.columns, style: style)
    assert(keyboard.count == layout.keyboardRows)
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
    name.append(monster.name, ScreenLine.Look(nameOf: monster, bold: true))
    let description = ScreenLine("  " + monster.description)
    let weapon = ScreenLine("  Preferred way to kill: " + monster.weapon.name)
    let lines =
      rows >= 6
      ? [ScreenLine(), name, description, ScreenLine(), weapon]
      : [name, weapon, description]
    return Array(lines.prefix(rows))
  }

  /// The input view: a rule, a line that says which weapons show where not all do, the
  /// rows of buttons and their keys, a status line (or the search typed) and help.
  private static func keyboardLines(
    for state: WeaponBarState, layout: WeaponBarLayout, width: Int, style: PickerStyle
  ) -> [ScreenLine] {
    let current = state.monster.weapon.name
    var lines = [
      ScreenLine(repeated(style.rule, width)),
      ScreenLine(shownWeapons(state, layout: layout, style: style)),
    ]
    for shown in layout.top..<layout.top + layout.shownRows {
      let weapons = (0..<layout.perRow).compactMap { place in
        layout.weaponIndex(row: shown, place: place).flatMap {
          state.weapons.indices.contains($0) ? ($0, state.weapons[$0]) : nil
        }
      }
      for row in 0..<buttonHeight {
        var line = ScreenLine(repeated(" ", layout.left))
        for (_, weapon) in weapons {
          line.append(buttonRow(row, of: weapon, focused: state.focus == .weapon(weapon), style))
          line.append(" ")
        }
        if shown == layout.top {
          line.pad(to: layout.left + layout.closeOffset)
          line.append(closeRow(row, focused: state.focus == .close, style))
        }
        lines.append(line)
      }
      var keys = ScreenLine(repeated(" ", layout.left))
      for (index, weapon) in weapons {
        // A digit picks the first nine.
        let number = index < 9 ? "\(index + 1)" : ""
        keys.append(
          centered(
            weapon.name == current ? (number + " (current)").trimmingLeadingSpace : number,
            width: buttonWidth))
        keys.append(" ")
      }
      if shown == layout.top {
        keys.pad(to: layout.left + layout.closeOffset)
        keys.append(centered("Esc", width: closeWidth))
      }
      lines.append(keys)
    }
    lines.append(ScreenLine(searchLine(state) ?? state.status.map { "  " + $0 } ?? ""))
    let pick = "Enter or \(digitRange(state.weapons.count)): pick"
    if layout.rowCount > 1 {
      // Rows of buttons: up and down move between them, and / finds any weapon.
      lines.append(
        ScreenLine(
          "  \(style.left)/\(style.right), h/l or Tab: move   \(style.up)/\(style.down) or k/j: row   "
            + "g/G: first/Close   /: find"))
      lines.append(ScreenLine("  \(pick)   Esc, q or Close: leave   A click presses a button"))
    } else {
      lines.append(
        ScreenLine("  \(style.left)/\(style.right), h/l or Tab: move   g/G: first/Close   \(pick)"))
      lines.append(ScreenLine("  Esc, q or Close: leave   A click presses a button"))
    }
    return lines
  }

  /// The line that says which weapons the rows shown hold, where the screen is too short
  /// for all of them: `Weapons 6-10 of 12: ↑/↓ for the others, / to find one`; empty
  /// where every weapon shows.
  private static func shownWeapons(
    _ state: WeaponBarState, layout: WeaponBarLayout, style: PickerStyle
  ) -> String {
    guard layout.shownRows < layout.rowCount else { return "" }
    let first = layout.top * layout.perRow + 1
    let last = min(state.weapons.count, (layout.top + layout.shownRows) * layout.perRow)
    return
      "  Weapons \(first)-\(last) of \(state.weapons.count): \(style.up)/\(style.down) for the "
      + "others, / to find one"
  }

  /// The status line while a search is typed: the text, and what it finds.
  private static func searchLine(_ state: WeaponBarState) -> String? {
    guard let query = state.search else { return nil }
    let matches = state.searchMatches
    let found =
      matches.isEmpty
      ? "no weapon's name holds it"
      : "\(matches.count) \(matches.count == 1 ? "weapon" : "weapons"): Enter picks the focused "
        + "one, Tab the next"
    return "  Find: \(query)_   " + (query.isEmpty ? "type a weapon's name; Esc stops" : found)
  }

  /// The digits that pick weapons, for help: `1-5`, or `1` for one weapon.
  static func digitRange(_ count: Int) -> String {
    let last = min(count, 9)
    return last <= 1 ? "1" : "1-\(last)"
  }

  /// One row of a weapon button: its frame, its glyph, or its name.
  private static func buttonRow(
    _ row: Int, of weapon: Weapon, focused: Bool, _ style: PickerStyle
  ) -> ScreenLine {
    boxRow(row, height: buttonHeight, width: buttonInnerWidth, focused: focused, style) {
      $0 == buttonHeight - 2
        ? (
          centered(
            ScreenLine.truncated(weapon.name, toWidth: buttonInnerWidth, ellipsis: style.ellipsis),
            width: buttonInnerWidth), label(focused: focused)
        )
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
      line.append(frame.top.drawn(width: width), look)
    case height - 1:
      line.append(frame.bottom.drawn(width: width), look)
    default:
      let (text, textLook) = content(row)
      line.append(frame.side, look)
      line.append(text, textLook)
      line.append(frame.side, look)
    }
    return line
  }
}

extension String {
  /// The string without the spaces at its start.
  fileprivate var trimmingLeadingSpace: String {
    String(drop { $0 == " " })
  }
}
