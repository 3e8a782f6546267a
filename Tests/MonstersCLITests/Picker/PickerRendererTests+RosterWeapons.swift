import MonsterKit
import Testing

@testable import MonstersCLI

// A roster's own weapons: a sixth weapon's second row of buttons, and the rows that show
// on a small or short screen.
extension PickerRendererTests {
  /// The weapons of a roster with a sixth weapon of its own.
  private var sixWeapons: [Weapon] { Weapon.builtIn + [Weapon(name: "laser")] }

  @Test func drawsASixthWeaponOnASecondRowOfButtonsAt80x24() {
    var bar = WeaponBarState(monster: catBot(), weapons: sixWeapons)
    _ = bar.handle(.right)
    _ = bar.handle(.right)
    let lines = PickerRenderer.lines(for: bar, size: .standard, style: plain)
    #expect(lines.count == 24)
    #expect(
      screen(lines.suffix(19)) == """
        ────────────────────────────────────────────────────────────────────────────────

          ┌──────────┐ ┌──────────┐ ┌──────────┐ ┌──────────┐ ┌──────────┐
          │          │ │    /\\    │ │    (     │ │   |      │ │   .--.   │   ┌───────┐
          │(=====)-->│ │  <(  )>  │ │   ) ) (  │ │o==|=====>│ │ .(    ). │   │ Close │
          │          │ │    \\/    │ │  (_(_)_) │ │   |      │ │(___.__)_)│   └───────┘
          │ blowgun  │ │ninjaStar │ │   fire   │ │  sword   │ │  smoke   │
          └──────────┘ └──────────┘ └──────────┘ └──────────┘ └──────────┘
               1            2            3       4 (current)       5            Esc
          ┏━━━━━━━━━━┓
          ┃   \\ | /  ┃
          ┃  -- * -- ┃
          ┃   / | \\  ┃
          ┃  laser   ┃
          ┗━━━━━━━━━━┛
               6

          ←/→, h/l or Tab: move   ↑/↓ or k/j: row   g/G: first/Close   /: find
          Enter or 1-6: pick   Esc, q or Close: leave   A click presses a button
        """)
  }

  /// At its smallest, 78x13, the weapon bar shows one row of five buttons: a line says which
  /// weapons show and how to reach the others, and `/` shows the search as it is typed.
  @Test func saysWhichWeaponsShowWhereNotAllDoAndShowsTheSearch() {
    let weapons = (1...10).map { Weapon(name: "w\($0)") }
    var bar = WeaponBarState(
      monster: Monster(name: "A", description: "", weapon: weapons[0]), weapons: weapons)
    let size = TerminalSize(columns: 78, rows: 13)
    var lines = PickerRenderer.lines(for: bar, size: size, style: plain)
    #expect(lines.count == 13)
    #expect(lines[2] == "  Weapons 1-5 of 10: ↑/↓ for the others, / to find one")
    _ = bar.handle(.down)
    lines = PickerRenderer.lines(for: bar, size: size, style: plain)
    #expect(lines[2] == "  Weapons 6-10 of 10: ↑/↓ for the others, / to find one")
    #expect(lines.joined(separator: "\n").contains("w10"))
    _ = bar.handle(.character("/"))
    for character in "10" { _ = bar.handle(.character(character)) }
    lines = PickerRenderer.lines(for: bar, size: size, style: plain)
    #expect(lines.contains("  Find: 10_   1 weapon: Enter picks the focused one, Tab the next"))
    for line in lines { #expect(line.count <= 78, "\(line)") }
  }

  @Test func showsTheRowsOfButtonsAroundTheFocusOnAShortScreen() {
    let weapons = (1...12).map { Weapon(name: "w\($0)") }
    var bar = WeaponBarState(
      monster: Monster(name: "A", description: "", weapon: weapons[0]), weapons: weapons)
    let size = TerminalSize(columns: 80, rows: 20)
    #expect(PickerRenderer.lines(for: bar, size: size, style: plain).joined().contains("w1 "))
    _ = bar.handle(.character("9"))
    // Nine is on the second row, ten to twelve on the third: the third row is in view.
    for _ in 0..<2 { _ = bar.handle(.right) }
    let lines = PickerRenderer.lines(for: bar, size: size, style: plain)
    #expect(lines.count == 20)
    #expect(lines.joined(separator: "\n").contains("w11"))
    #expect(!lines.joined(separator: "\n").contains(" w1 "))
  }

  @Test func thePickerViewListsTheRostersWeapons() throws {
    let roster = try Roster(
      [Monster(name: "Cat-Bot", description: "", weapon: Weapon(name: "laser"))],
      weapons: sixWeapons)
    let wheel = PickerWheelState(roster: roster, visibleRows: 16)
    let text = screen(
      PickerRenderer.lines(for: wheel, file: "m.json", size: .standard, style: plain))
    #expect(text.contains("▶ laser     (current)"))
    #expect(text.contains("1-6: weapon"))
    #expect(wheel.selectedWeapon == Weapon(name: "laser"))
  }

  /// A column too narrow for "Weapons, 15 more above" still says how many rows are out of
  /// sight, in fewer words; so does the monsters' column with a count of many digits.
  @Test func aNarrowColumnSaysHowManyRowsAreAboveInFewerWords() throws {
    let weapons = (1...30).map { Weapon(name: "w\($0)") }
    let roster = try Roster(
      [Monster(name: "Cat-Bot", description: "", weapon: weapons[29])], weapons: weapons)
    let wheel = PickerWheelState(
      roster: roster, visibleRows: PickerRenderer.wheelVisibleRows(forHeight: 24))
    let text = screen(
      PickerRenderer.lines(for: wheel, file: "m.json", size: .standard, style: plain))
    #expect(text.contains("┌─ Weapons, 15 above ───┐"), "\(text)")

    let many = try Roster(
      (1...200_000).map { Monster(name: "B\($0)", description: "", weapon: .fire) })
    var scrolled = PickerWheelState(
      roster: many, visibleRows: PickerRenderer.wheelVisibleRows(forHeight: 24))
    _ = scrolled.handle(.end)
    let bottom = screen(
      PickerRenderer.lines(for: scrolled, file: "m.json", size: .standard, style: plain))
    #expect(bottom.contains("┏━ Monsters, 199,985 above ━"), "\(bottom)")
  }
}
