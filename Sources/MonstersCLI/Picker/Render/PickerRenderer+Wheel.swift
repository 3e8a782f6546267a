import MonsterKit

extension PickerRenderer {
  /// Rows of the picker view that are not rows of its columns: a title, a search line,
  /// frames, a status line and two lines of help.
  static let wheelChromeRows = 9
  /// The least screen the picker view fits in.
  static let wheelMinimum = TerminalSize(columns: 60, rows: wheelChromeRows + 3)

  /// How many rows each column of the picker view shows on a screen of `height` rows.
  static func wheelVisibleRows(forHeight height: Int) -> Int {
    max(1, height - wheelChromeRows)
  }

  /// Where the parts of the picker view stand on a screen: what draws it and what finds
  /// the row under the mouse both go by this.
  struct WheelLayout: Hashable, Sendable {
    /// The row of the search line, between the title and the columns.
    static let searchRow = 2
    /// The row of the columns' top edges.
    static let frameTop = 3
    /// The column of the monster column's left edge.
    static let monstersLeft = 2
    /// Columns inside the weapon column's frame.
    static let weaponsInnerWidth = 23

    /// How many rows each column shows.
    var visibleRows: Int
    /// Rows inside each frame.
    var boxRows: Int
    /// Columns inside the monster column's frame.
    var monstersInnerWidth: Int

    /// The column of the weapon column's left edge.
    var weaponsLeft: Int { Self.monstersLeft + monstersInnerWidth + 4 }

    /// The layout of a state on a screen that fits the view.
    init(_ state: PickerWheelState, size: TerminalSize) {
      visibleRows = min(state.visibleRows, wheelVisibleRows(forHeight: size.rows))
      // As tall as the roster needs, so that a search does not change the frames.
      boxRows = min(max(state.monsterCount, state.weapons.count), visibleRows)
      monstersInnerWidth = min(
        max(state.nameWidth + 15, 30), size.columns - Self.weaponsInnerWidth - 8)
    }

    /// What is at a cell of the screen: a row of a column (the frame's sides included), a
    /// column's top or bottom edge or empty rows, or nothing.
    func target(atColumn column: Int, row: Int, of state: PickerWheelState)
      -> PickerWheelState.Target?
    {
      let component: PickerWheelState.Component
      if (Self.monstersLeft..<weaponsLeft - 2).contains(column) {
        component = .monsters
      } else if (weaponsLeft..<weaponsLeft + Self.weaponsInnerWidth + 2).contains(column) {
        component = .weapons
      } else {
        return nil
      }
      let inner = row - Self.frameTop - 1
      guard (-1...boxRows).contains(inner) else { return nil }
      let rows =
        (component == .monsters ? state.monsterColumn : state.weaponColumn)
        .visibleRange(visibleRows: visibleRows)
      return (0..<min(boxRows, rows.count)).contains(inner)
        ? .row(component, rows.lowerBound + inner) : .column(component)
    }
  }

  /// The screen of `monsters pick`: a title, the search if there is one, the monster column
  /// and the weapon column side by side in frames (the focused one heavy), a status line
  /// and help.
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
    guard fits(size, wheelMinimum) else {
      return tooSmall(size: size, needs: wheelMinimum, view: "The picker", style: style)
    }
    let layout = WheelLayout(state, size: size)
    let monsters = monsterColumnLines(state, layout: layout, style: style)
    let weapons = weaponColumnLines(state, layout: layout, style: style)

    let title = ScreenLine.truncated(
      "Weapons of the monsters in " + ScreenLine.escaped(file), toWidth: size.columns - 4,
      ellipsis: style.ellipsis)
    var lines = [ScreenLine(), ScreenLine("  "), searchLine(state, width: size.columns, style)]
    lines[1].append(title, .bold)
    for (monster, weapon) in zip(monsters, weapons) {
      var line = ScreenLine(repeated(" ", WheelLayout.monstersLeft))
      line.append(monster)
      line.append("  ")
      line.append(weapon)
      lines.append(line)
    }
    let help = helpLines(state, style)
    lines += Array(repeating: ScreenLine(), count: max(0, size.rows - lines.count - 1 - help.count))
    lines.append(ScreenLine(state.status.map { "  " + $0 } ?? ""))
    lines += help
    return screen(lines, size: size, style: style)
  }

  /// The search line: what is typed (with a cursor) or kept, and how many monsters match;
  /// blank without a search.
  private static func searchLine(
    _ state: PickerWheelState, width: Int, _ style: PickerStyle
  ) -> ScreenLine {
    let search = state.search
    guard search.phase != .off else { return ScreenLine() }
    let total = grouped(state.monsterCount)
    let tally: String =
      switch search.matches?.count {
      case nil: "\(total) monsters"
      case 0?: "no match in \(total)"
      case 1?: "1 of \(total) matches"
      case let count?: "\(grouped(count)) of \(total) match"
      }
    let label = search.phase == .typing ? "  Search: " : "  Filter: "
    let cursor = search.phase == .typing ? "_" : ""
    let room = width - displayWidth(label + cursor + "   " + tally)
    var line = ScreenLine(label)
    line.append(
      ScreenLine.truncatedAtStart(
        ScreenLine.escaped(search.query), toWidth: room, ellipsis: style.ellipsis), .bold)
    line.append(cursor + "   " + tally)
    return line
  }

  /// Two lines of help: the keys of the rows, or of the search being typed.
  private static func helpLines(_ state: PickerWheelState, _ style: PickerStyle) -> [ScreenLine] {
    let arrows = "\(style.up)/\(style.down)"
    if state.search.phase == .typing {
      return [
        ScreenLine("  Type to filter by name   Backspace: erase   \(arrows): choose"),
        ScreenLine("  Enter: keep the filter   Esc: clear it   Ctrl-C: close"),
      ]
    }
    let keys =
      state.search.phase == .kept
      ? "  /: edit the search   Esc: show all   Enter: assign   q: close"
      : "  /: search   \(digitRange(state.weapons.count)): weapon   Enter: assign   Esc or q: close"
    return [
      ScreenLine(
        "  \(arrows) j/k: choose   \(style.left)/\(style.right) h/l Tab: column   "
          + "g/G: first/last"),
      ScreenLine(keys),
    ]
  }

  /// The monster column in its frame: each row a name, in its colour, and the weapon the
  /// monster carries.
  private static func monsterColumnLines(
    _ state: PickerWheelState, layout: WheelLayout, style: PickerStyle
  ) -> [ScreenLine] {
    let innerWidth = layout.monstersInnerWidth
    let nameWidth = innerWidth - 15
    let note: String? =
      if state.monsterCount == 0 {
        "   (no monsters)"
      } else if state.shownCount == 0 {
        "   (no match)"
      } else {
        nil
      }
    return columnLines(
      state.monsterColumn, title: "Monsters", of: state.shownCount,
      focused: state.focus == .monsters, innerWidth: innerWidth, note: note, layout: layout,
      style: style
    ) { index, look, line in
      let monster = state.shownRow(index)
      let name = ScreenLine.truncated(
        ScreenLine.escaped(monster.name), toWidth: nameWidth, ellipsis: style.ellipsis)
      line.append(name, ScreenLine.Look(nameOf: monster.monster, reverse: look.reverse))
      line.pad(to: 3 + nameWidth + 2, look)
      line.append(monster.weapon.name, look)
    }
  }

  /// The weapon column in its frame, the selected monster's weapon marked as current.
  private static func weaponColumnLines(
    _ state: PickerWheelState, layout: WheelLayout, style: PickerStyle
  ) -> [ScreenLine] {
    let current = state.selectedMonster?.weapon.name
    let innerWidth = WheelLayout.weaponsInnerWidth
    return columnLines(
      state.weaponColumn, title: "Weapons", of: state.weapons.count,
      focused: state.focus == .weapons, innerWidth: innerWidth, layout: layout, style: style
    ) { index, look, line in
      let weapon = state.weapons[index]
      line.append(
        ScreenLine.truncated(weapon.name, toWidth: innerWidth - 13, ellipsis: style.ellipsis),
        look)
      line.pad(to: 13, look)
      line.append(weapon.name == current ? "(current)" : "", look)
    }
  }

  /// A column's visible rows in its frame, as `framed` draws it: each row starts with the
  /// marker where it is selected, then what `cells` appends, and is filled out to the
  /// frame, all in reverse video where it is the focused column's selection.
  ///
  /// - Parameters:
  ///   - column: The column's selection and scroll.
  ///   - title: The column's title.
  ///   - count: How many rows it has.
  ///   - focused: Whether the column has the focus.
  ///   - innerWidth: The width inside the frame.
  ///   - note: A line under the rows, such as why there are none.
  ///   - cells: Appends a row's text after the marker, given the row and its look.
  private static func columnLines(
    _ column: PickerColumn, title: String, of count: Int, focused: Bool, innerWidth: Int,
    note: String? = nil, layout: WheelLayout, style: PickerStyle,
    cells: (_ row: Int, _ look: ScreenLine.Look, _ line: inout ScreenLine) -> Void
  ) -> [ScreenLine] {
    let range = column.visibleRange(visibleRows: layout.visibleRows)
    var rows: [ScreenLine] = []
    for index in range {
      let selected = index == column.selected
      let look = selected && focused ? ScreenLine.Look.reverse : .plain
      var line = ScreenLine()
      line.append(" " + (selected ? style.marker : " ") + " ", look)
      cells(index, look, &line)
      line.pad(to: innerWidth, look)
      rows.append(line)
    }
    if let note { rows.append(ScreenLine(note)) }
    return framed(
      rows, title: title, showing: range, of: count, innerWidth: innerWidth,
      boxRows: layout.boxRows, focused: focused, style: style)
  }

  /// A column's visible rows in a frame of `boxRows` rows inside, with its title in the
  /// top edge; the edges say how many rows are scrolled out of sight above and below, in
  /// fewer words where the column is narrow (`Weapons, 5 above`, `5 above`). The frame is
  /// heavy when the column has the focus.
  private static func framed(
    _ rows: [ScreenLine], title: String, showing range: Range<Int>, of count: Int,
    innerWidth: Int, boxRows: Int, focused: Bool, style: PickerStyle
  ) -> [ScreenLine] {
    let above = range.lowerBound
    let below = count - range.upperBound
    let titles =
      above > 0
      ? [
        "\(title), \(grouped(above)) more above", "\(title), \(grouped(above)) above",
        "\(grouped(above)) more above", "\(grouped(above)) above",
      ] : [title]
    let footers = below > 0 ? ["\(grouped(below)) more below", "\(grouped(below)) below"] : []
    let frame = focused ? style.focusFrame : style.frame
    let look = focused ? ScreenLine.Look.bold : .plain
    var lines = [
      ScreenLine()
    ]
    lines[0].append(frame.top.drawn(width: innerWidth, labels: titles), look)
    for index in 0..<boxRows {
      var line = ScreenLine()
      line.append(frame.side, look)
      if index < rows.count { line.append(rows[index]) }
      line.pad(to: 1 + innerWidth)
      line.append(frame.side, look)
      lines.append(line)
    }
    var bottom = ScreenLine()
    bottom.append(frame.bottom.drawn(width: innerWidth, labels: footers), look)
    lines.append(bottom)
    return lines
  }
}
