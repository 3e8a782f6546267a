import MonsterKit

extension PickerRenderer {
  /// Rows of the picker view that are not rows of its columns: a title, frames, a status
  /// line and help.
  static let wheelChromeRows = 8
  /// Columns inside the weapon column's frame.
  static let weaponColumnInnerWidth = 23
  /// The least screen the picker view fits in.
  static let wheelMinimum = TerminalSize(columns: 60, rows: wheelChromeRows + 3)

  /// How many rows each column of the picker view shows on a screen of `height` rows.
  static func wheelVisibleRows(forHeight height: Int) -> Int {
    max(1, height - wheelChromeRows)
  }

  /// The screen of `monsters pick`: a title, the monster column and the weapon column side
  /// by side in frames (the focused one heavy), a status line and help.
  ///
  /// - Parameters:
  ///   - state: The view's state.
  ///   - file: The roster file's path, for the title.
  ///   - size: The screen's size.
  ///   - style: Colour and characters.
  /// - Returns: One line of text per row of the screen.
  static func lines(
    for state: PickerWheelState, file: String, size: TerminalSize, style: PickerStyle
  ) -> [String] {
    let minimum = wheelMinimum
    guard size.columns >= minimum.columns, size.rows >= minimum.rows else {
      return tooSmall(size: size, needs: minimum, style: style)
    }
    let visibleRows = min(state.visibleRows, wheelVisibleRows(forHeight: size.rows))
    let boxRows = min(max(state.rows.count, WeaponType.allCases.count), visibleRows)
    let weaponInner = weaponColumnInnerWidth
    let nameWidth = state.rows.map { displayWidth(escapedForTerminal($0.name)) }.max() ?? 0
    let monsterInner = min(max(nameWidth + 15, 30), size.columns - weaponInner - 8)

    let monsters = monsterColumnLines(
      state, innerWidth: monsterInner, boxRows: boxRows, visibleRows: visibleRows, style: style)
    let weapons = weaponColumnLines(
      state, innerWidth: weaponInner, boxRows: boxRows, visibleRows: visibleRows, style: style)

    let title = ScreenLine.truncated(
      "Weapons of the monsters in " + escapedForTerminal(file), toWidth: size.columns - 4,
      ellipsis: style.ellipsis)
    var lines = [ScreenLine(), ScreenLine("  "), ScreenLine()]
    lines[1].append(title, .bold)
    for (monster, weapon) in zip(monsters, weapons) {
      var line = ScreenLine("  ")
      line.append(monster)
      line.append("  ")
      line.append(weapon)
      lines.append(line)
    }
    lines += Array(repeating: ScreenLine(), count: max(0, size.rows - lines.count - 2))
    lines.append(ScreenLine(state.status.map { "  " + $0 } ?? ""))
    lines.append(
      ScreenLine(
        "  \(style.up)/\(style.down): choose   \(style.left)/\(style.right) or Tab: column   "
          + "Enter: assign   Esc or q: close"))
    return screen(lines, size: size, style: style)
  }

  /// The monster column in its frame: each row a name, in its colour, and the weapon the
  /// monster carries.
  private static func monsterColumnLines(
    _ state: PickerWheelState, innerWidth: Int, boxRows: Int, visibleRows: Int,
    style: PickerStyle
  ) -> [ScreenLine] {
    let focused = state.focus == .monsters
    let column = state.monsterColumn
    let range = column.visibleRange(visibleRows: visibleRows)
    let nameWidth = innerWidth - 15
    var rows: [ScreenLine] = []
    for index in range {
      let monster = state.rows[index]
      let selected = index == column.selected
      let highlight = selected && focused
      var line = ScreenLine()
      line.append(
        " " + (selected ? style.marker : " ") + " ", highlight ? .reverse : .plain)
      let name = ScreenLine.truncated(
        escapedForTerminal(monster.name), toWidth: nameWidth, ellipsis: style.ellipsis)
      line.append(name, ScreenLine.Look(color: monster.nameColor, reverse: highlight))
      line.pad(to: 3 + nameWidth + 2, highlight ? .reverse : .plain)
      line.append(monster.weapon.rawValue, highlight ? .reverse : .plain)
      line.pad(to: innerWidth, highlight ? .reverse : .plain)
      rows.append(line)
    }
    if state.rows.isEmpty { rows.append(ScreenLine("   (no monsters)")) }
    return framed(
      rows, title: "Monsters", showing: range, of: state.rows.count, innerWidth: innerWidth,
      boxRows: boxRows, focused: focused, style: style)
  }

  /// The weapon column in its frame, the selected monster's weapon marked as current.
  private static func weaponColumnLines(
    _ state: PickerWheelState, innerWidth: Int, boxRows: Int, visibleRows: Int,
    style: PickerStyle
  ) -> [ScreenLine] {
    let focused = state.focus == .weapons
    let column = state.weaponColumn
    let range = column.visibleRange(visibleRows: visibleRows)
    let current = state.selectedMonster?.weapon
    var rows: [ScreenLine] = []
    for index in range {
      let weapon = WeaponType.allCases[index]
      let selected = index == column.selected
      let look = selected && focused ? ScreenLine.Look.reverse : .plain
      var line = ScreenLine()
      line.append(" " + (selected ? style.marker : " ") + " " + weapon.rawValue, look)
      line.pad(to: 13, look)
      line.append(weapon == current ? "(current)" : "", look)
      line.pad(to: innerWidth, look)
      rows.append(line)
    }
    return framed(
      rows, title: "Weapons", showing: range, of: WeaponType.allCases.count,
      innerWidth: innerWidth, boxRows: boxRows, focused: focused, style: style)
  }

  /// A column's visible rows in a frame of `boxRows` rows inside, with its title in the
  /// top edge; the edges say how many rows are scrolled out of sight above and below. The
  /// frame is heavy when the column has the focus.
  private static func framed(
    _ rows: [ScreenLine], title: String, showing range: Range<Int>, of count: Int,
    innerWidth: Int, boxRows: Int, focused: Bool, style: PickerStyle
  ) -> [ScreenLine] {
    let above = range.lowerBound
    let below = count - range.upperBound
    let title = title + (above > 0 ? ", \(above) more above" : "")
    let footer = below > 0 ? "\(below) more below" : ""
    let frame = focused ? style.focusFrame : style.frame
    let look = focused ? ScreenLine.Look.bold : .plain
    var lines = [
      ScreenLine()
    ]
    lines[0].append(
      edge(
        left: frame.topLeft, fill: frame.horizontal, right: frame.topRight, width: innerWidth,
        label: title), look)
    for index in 0..<boxRows {
      var line = ScreenLine()
      line.append(frame.vertical, look)
      if index < rows.count { line.append(rows[index]) }
      line.pad(to: 1 + innerWidth)
      line.append(frame.vertical, look)
      lines.append(line)
    }
    var bottom = ScreenLine()
    bottom.append(
      edge(
        left: frame.bottomLeft, fill: frame.horizontal, right: frame.bottomRight,
        width: innerWidth, label: footer), look)
    lines.append(bottom)
    return lines
  }
}
