import MonsterKit
import Testing

@testable import MonstersCLI

/// The mouse in both views: what a click or the wheel does, and where on the drawn screen
/// each button and row is.
@Suite struct PickerMouseTests {
  private let ascii = PickerStyle.ascii(usesColor: false)

  private func longRoster(_ count: Int) throws -> Roster {
    try Roster(
      (1...count).map {
        Monster(
          name: "Bot-\($0)", description: "",
          weapon: Weapon.builtIn[($0 - 1) % Weapon.builtIn.count])
      })
  }

  private func click(
    _ wheel: inout PickerWheelState, _ target: PickerWheelState.Target?,
    release: PickerWheelState.Target? = nil
  ) -> PickerEffect {
    _ = wheel.mouse(.press(.left), on: target)
    return wheel.mouse(.release(.left), on: release ?? target)
  }

  private func mouse(_ action: MouseEvent.Action, _ column: Int, _ row: Int) -> PickerKey {
    .mouse(MouseEvent(action: action, column: column, row: row))
  }

  /// The character drawn at a cell, or a space.
  private func character(_ lines: [String], _ column: Int, _ row: Int) -> Character {
    let line = Array(lines[row])
    return line.indices.contains(column) ? line[column] : " "
  }

  // MARK: - The picker view

  @Test func aClickOnAMonsterRowSelectsItAndFocusesTheMonsters() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.right)
    #expect(click(&wheel, .row(.monsters, 4)) == PickerEffect.none)
    #expect(wheel.focus == .monsters)
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    #expect(wheel.selectedWeapon == .fire)
  }

  @Test func aClickOnAWeaponRowSelectsItAndASecondClickAssignsIt() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(click(&wheel, .row(.weapons, 0)) == PickerEffect.none)
    #expect(wheel.focus == .weapons)
    #expect(wheel.selectedWeapon == .blowgun)
    #expect(
      click(&wheel, .row(.weapons, 0))
        == .save(.set("Cat-Bot", RosterEdit.Changes(weapon: .blowgun))))
  }

  @Test func aClickOnTheWeaponTheMonsterCarriesAssignsIt() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    #expect(click(&wheel, .row(.weapons, 3)) == .save(.set("Cat-Bot", .init(weapon: .sword))))
  }

  @Test func aPressAndAReleaseOnDifferentRowsClickNothing() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    let before = wheel
    #expect(click(&wheel, .row(.monsters, 2), release: .row(.monsters, 3)) == PickerEffect.none)
    #expect(click(&wheel, .row(.weapons, 3), release: .column(.weapons)) == PickerEffect.none)
    #expect(click(&wheel, nil, release: .row(.monsters, 3)) == PickerEffect.none)
    #expect(wheel.mouse(.release(.left), on: .row(.monsters, 3)) == PickerEffect.none)
    #expect(click(&wheel, .column(.monsters)) == PickerEffect.none)
    #expect(wheel == before)
  }

  @Test func theRightAndMiddleButtonsClickNothing() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    let before = wheel
    for button in [MouseEvent.Button.right, .middle] {
      _ = wheel.mouse(.press(button), on: .row(.weapons, 3))
      #expect(wheel.mouse(.release(button), on: .row(.weapons, 3)) == PickerEffect.none)
    }
    #expect(wheel == before)
  }

  @Test func theWheelMovesTheColumnUnderThePointerWithoutWrappingOrFocusing() throws {
    var wheel = PickerWheelState(roster: try longRoster(30), visibleRows: 5)
    _ = wheel.mouse(.wheelDown, on: .column(.monsters))
    _ = wheel.mouse(.wheelDown, on: .row(.monsters, 0))
    #expect(wheel.selectedMonster?.name == "Bot-3")
    #expect(wheel.selectedWeapon == .fire)
    _ = wheel.mouse(.wheelUp, on: .row(.monsters, 0))
    _ = wheel.mouse(.wheelUp, on: .row(.monsters, 0))
    _ = wheel.mouse(.wheelUp, on: .row(.monsters, 0))
    #expect(wheel.selectedMonster?.name == "Bot-1")
    _ = wheel.mouse(.wheelUp, on: .column(.weapons))
    #expect(wheel.selectedWeapon == .blowgun)
    #expect(wheel.selectedMonster?.name == "Bot-1")
    #expect(wheel.focus == .monsters)
    let before = wheel
    _ = wheel.mouse(.wheelDown, on: nil)
    #expect(wheel == before)
  }

  @Test func aClickWhileASearchIsTypedKeepsTheSearchAndSelects() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    for character in "e-" { _ = wheel.handle(.character(character)) }
    #expect(click(&wheel, .row(.monsters, 2)) == PickerEffect.none)
    #expect(wheel.search.phase == .kept)
    #expect(wheel.search.query == "e-")
    #expect(wheel.selectedMonster?.name == "Ice-Bot")
    // The keys of the rows work again.
    #expect(wheel.handle(.character("q")) == .close)
  }

  @Test func theWheelWhileASearchIsTypedLeavesItTyped() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.character("/"))
    _ = wheel.handle(.character("e"))
    _ = wheel.mouse(.wheelDown, on: .column(.monsters))
    #expect(wheel.search.phase == .typing)
    #expect(wheel.selectedMonster?.name == "Fire-Bot")
    _ = wheel.handle(.character("-"))
    #expect(wheel.search.query == "e-")
    #expect(wheel.selectedMonster?.name == "Fire-Bot")
  }

  // MARK: - Where things are drawn

  /// For each cell, the weapon bar's button drawn there, read from an ASCII drawing: the
  /// corners of the top edges (`+`, or `#` for the focused button) give the columns, the
  /// boxes are six rows (Close three, from the second).
  private func drawnButtons(_ lines: [String]) -> [[WeaponBarState.Button?]] {
    var cells = lines.map { _ in [WeaponBarState.Button?](repeating: nil, count: 200) }
    guard let top = lines.firstIndex(where: { $0.contains("+----------+") }) else { return cells }
    let edge = Array(lines[top])
    let corners = edge.indices.filter { edge[$0] == "+" || edge[$0] == "#" }
    for (index, weapon) in Weapon.builtIn.enumerated() {
      let (left, right) = (corners[2 * index], corners[2 * index + 1])
      for row in top..<(top + 6) {
        for column in left...right { cells[row][column] = .weapon(weapon) }
      }
    }
    let closeLine = Array(lines[top + 1])
    let closeLeft = closeLine.indices.first { closeLine[$0...].starts(with: "+-------+") } ?? 0
    for row in (top + 1)..<(top + 4) {
      for column in closeLeft..<(closeLeft + 9) { cells[row][column] = .close }
    }
    return cells
  }

  @Test(arguments: [
    TerminalSize.standard, TerminalSize(columns: 78, rows: 13),
    TerminalSize(columns: 131, rows: 40),
  ])
  func theWeaponBarFindsTheButtonDrawnAtEachCell(size: TerminalSize) {
    let bar = WeaponBarState(monster: Roster.seeded.monsters[0])
    let lines = PickerRenderer.lines(for: bar, size: size, style: ascii)
    let drawn = drawnButtons(lines)
    #expect(drawn.joined().compactMap { $0 }.count == 5 * 12 * 6 + 9 * 3)
    for row in -1...size.rows {
      for column in -1...size.columns {
        let expected = lines.indices.contains(row) && column >= 0 ? drawn[row][column] : nil
        #expect(
          PickerRenderer.button(atColumn: column, row: row, of: bar, size: size) == expected,
          "\(size) \(column),\(row)")
      }
    }
  }

  @Test func theWeaponBarClicksWhereItDrawsAndOnlyWhereTheScreenFits() {
    var bar: any PickerView = WeaponBarState(monster: Roster.seeded.monsters[0])
    // Fire's button: its top left corner at 80x24.
    #expect(bar.handle(mouse(.press(.left), 28, 14), size: .standard) == PickerEffect.none)
    #expect(
      bar.handle(mouse(.release(.left), 39, 19), size: .standard)
        == .saveAndClose(.set("Cat-Bot", .init(weapon: .fire))))
    let small = TerminalSize(columns: 77, rows: 24)
    #expect(bar.handle(mouse(.press(.left), 28, 14), size: small) == PickerEffect.none)
    #expect(bar.handle(mouse(.release(.left), 28, 14), size: small) == PickerEffect.none)
    #expect(bar.handle(.enter, size: small) == PickerEffect.none)
    #expect(bar.handle(.character("1"), size: small) == PickerEffect.none)
    #expect(bar.handle(.character("q"), size: small) == .close)
    #expect(bar.handle(.escape, size: small) == .close)
  }

  @Test func thePickerViewFindsTheRowDrawnAtEachCell() throws {
    var wheel = PickerWheelState(
      roster: try longRoster(30), visibleRows: PickerRenderer.wheelVisibleRows(forHeight: 24))
    for _ in 0..<20 { _ = wheel.handle(.down) }
    let lines = PickerRenderer.lines(for: wheel, file: "m.json", size: .standard, style: ascii)
    let layout = PickerRenderer.WheelLayout(wheel, size: .standard)
    // The rows drawn: each monster row holds its name, each weapon row its weapon.
    for row in 0..<24 {
      for column in 0..<80 {
        let target = layout.target(atColumn: column, row: row, of: wheel)
        let drawn = character(lines, column, row)
        switch target {
        case .row(.monsters, let index)?:
          #expect(lines[row].contains(" Bot-\(index + 1) "), "\(column),\(row)")
          #expect(column >= 2 && column <= 33, "\(column),\(row)")
        case .row(.weapons, let index)?:
          #expect(lines[row].contains(" \(Weapon.builtIn[index].name) "))
          #expect(column >= 36 && column <= 60, "\(column),\(row)")
        case .column(let component)?:
          // A frame's top or bottom edge, or an empty row of the weapon column.
          #expect(
            row == 3 || row == 19 || (component == .weapons && row >= 9 && drawn != "-"),
            "\(column),\(row): \(drawn)")
        case nil:
          #expect(drawn == " " || row < 3 || row > 19, "\(column),\(row): \(drawn)")
        }
      }
    }
    // The monster column is scrolled: its first row shows Bot-7.
    #expect(layout.target(atColumn: 10, row: 4, of: wheel) == .row(.monsters, 6))
    #expect(layout.target(atColumn: 2, row: 18, of: wheel) == .row(.monsters, 20))
    #expect(layout.target(atColumn: 10, row: 3, of: wheel) == .column(.monsters))
    #expect(layout.target(atColumn: 10, row: 19, of: wheel) == .column(.monsters))
    #expect(layout.target(atColumn: 10, row: 20, of: wheel) == nil)
    #expect(layout.target(atColumn: 40, row: 4, of: wheel) == .row(.weapons, 0))
    // Below the five weapons, the weapon column's empty rows.
    #expect(layout.target(atColumn: 40, row: 9, of: wheel) == .column(.weapons))
    #expect(layout.target(atColumn: 34, row: 5, of: wheel) == nil)
    #expect(layout.target(atColumn: 9999, row: 9999, of: wheel) == nil)
  }

  @Test func thePickerViewClicksAndScrollsWhereItDraws() {
    var view: any PickerView = PickerWheelState(roster: .seeded, visibleRows: 15)
    // Ice-Bot's row, then fire's row twice.
    _ = view.handle(mouse(.press(.left), 10, 8), size: .standard)
    _ = view.handle(mouse(.release(.left), 10, 8), size: .standard)
    _ = view.handle(mouse(.wheelDown, 40, 9), size: .standard)
    _ = view.handle(mouse(.press(.left), 45, 6), size: .standard)
    _ = view.handle(mouse(.release(.left), 45, 6), size: .standard)
    _ = view.handle(mouse(.press(.left), 45, 6), size: .standard)
    #expect(
      view.handle(mouse(.release(.left), 45, 6), size: .standard)
        == .save(.set("Ice-Bot", .init(weapon: .fire))))
    let small = TerminalSize(columns: 80, rows: 11)
    _ = view.handle(mouse(.press(.left), 45, 5), size: small)
    #expect(view.handle(mouse(.release(.left), 45, 5), size: small) == PickerEffect.none)
    _ = view.handle(.character("/"), size: .standard)
    // Typing on a screen too small is not typing: q leaves, as the screen says.
    #expect(view.handle(.character("x"), size: small) == PickerEffect.none)
    #expect(view.handle(.character("q"), size: small) == .close)
  }
}

extension PickerMouseTests {
  @Test(arguments: [TerminalSize.standard, TerminalSize(columns: 78, rows: 20)])
  func aClickOnTheLabelOfEachOfARostersWeaponsPressesItsButton(size: TerminalSize) {
    let weapons = Weapon.builtIn + [Weapon(name: "laser"), Weapon(name: "bomb")]
    let bar = WeaponBarState(monster: Roster.seeded.monsters[0], weapons: weapons)
    let lines = PickerRenderer.lines(for: bar, size: size, style: .ascii(usesColor: false))
    for weapon in weapons + [nil] {
      // A button's label in its frame: `|` at its sides, or `#` when it has the focus.
      let text = weapon.map { PickerRenderer.centered($0.name, width: 10) } ?? " Close "
      let labels = ["|" + text + "|", "#" + text + "#"]
      guard let row = lines.firstIndex(where: { line in labels.contains { line.contains($0) } }),
        let start = labels.lazy.compactMap({ lines[row].range(of: $0)?.lowerBound }).first
      else {
        Issue.record("no button \(text) in \(lines)")
        continue
      }
      let column = lines[row].distance(from: lines[row].startIndex, to: start) + 2
      #expect(
        PickerRenderer.button(atColumn: column, row: row, of: bar, size: size)
          == weapon.map { .weapon($0) } ?? .close, "\(text)")
    }
  }
}
