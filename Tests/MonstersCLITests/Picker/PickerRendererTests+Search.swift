import MonsterKit
import Testing

@testable import MonstersCLI

// The search: what is typed, its matches and their keys, and what shows when nothing matches.
extension PickerRendererTests {
  private func searching(_ text: String, roster: Roster = .seeded) -> PickerWheelState {
    var wheel = PickerWheelState(
      roster: roster, visibleRows: PickerRenderer.wheelVisibleRows(forHeight: 24))
    _ = wheel.handle(.character("/"))
    for character in text { _ = wheel.handle(.character(character)) }
    return wheel
  }

  @Test func drawsASearchBeingTypedWithItsMatchesAndItsKeys() {
    let lines = PickerRenderer.lines(
      for: searching("E-b"), file: "monsters.json", size: .standard, style: plain)
    #expect(
      screen(lines) == """

          Weapons of the monsters in monsters.json
          Search: E-b_   3 of 6 match
          ┏━ Monsters ━━━━━━━━━━━━━━━━━━━┓  ┌─ Weapons ─────────────┐
          ┃ ▶ Explode-Bot      smoke     ┃  │   blowgun             │
          ┃   Fire-Bot         ninjaStar ┃  │   ninjaStar           │
          ┃   Ice-Bot          fire      ┃  │   fire                │
          ┃                              ┃  │   sword               │
          ┃                              ┃  │ ▶ smoke     (current) │
          ┃                              ┃  │                       │
          ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛  └───────────────────────┘











          Type to filter by name   Backspace: erase   ↑/↓: choose
          Enter: keep the filter   Esc: clear it   Ctrl-C: close
        """)
  }

  @Test func drawsAKeptSearchWithTheKeysOfTheRows() {
    var wheel = searching("ice")
    _ = wheel.handle(.enter)
    let lines = PickerRenderer.lines(
      for: wheel, file: "monsters.json", size: .standard, style: plain)
    #expect(lines[2] == "  Filter: ice   1 of 6 matches")
    #expect(lines[22] == "  ↑/↓ j/k: choose   ←/→ h/l Tab: column   g/G: first/last")
    #expect(lines[23] == "  /: edit the search   Esc: show all   Enter: assign   q: close")
  }

  @Test func saysWhenNothingMatchesAndCountsInThousands() throws {
    let none = PickerRenderer.lines(
      for: searching("zz"), file: "m.json", size: .standard, style: plain)
    #expect(none[2] == "  Search: zz_   no match in 6")
    #expect(none[4] == "  ┃   (no match)                 ┃  │   blowgun             │")
    let roster = try Roster(
      (1...1234).map { Monster(name: "Bot-\($0)", description: "", weapon: .fire) })
    let all = PickerRenderer.lines(
      for: searching("", roster: roster), file: "m.json", size: .standard, style: plain)
    #expect(all[2] == "  Search: _   1,234 monsters")
    let some = PickerRenderer.lines(
      for: searching("bot-1", roster: roster), file: "m.json", size: .standard, style: plain)
    // Bot-1, Bot-10 to Bot-19, Bot-100 to Bot-199, Bot-1000 to Bot-1234.
    #expect(some[2] == "  Search: bot-1_   346 of 1,234 match")
    #expect(some[19] == "  ┗━ 331 more below ━━━━━━━━━━━━━┛  └───────────────────────┘")
  }

  @Test func showsWhatIsTypedWithoutControlsAndItsEndWhenItIsLong() {
    // No name holds a control or format character, so the search leaves them out: none
    // reaches the screen to reorder or ring it.
    let hostile = PickerRenderer.lines(
      for: searching("a\u{202E}b\u{7}c"), file: "m.json", size: .standard,
      style: .unicode(usesColor: true))
    #expect(hostile[2] == "  Search: \u{1B}[0;1mabc\u{1B}[0m_   no match in 6")
    let long = String(repeating: "a", count: 150) + "xyz"
    let lines = PickerRenderer.lines(
      for: searching(long), file: "m.json", size: .standard, style: plain)
    #expect(lines[2].hasPrefix("  Search: …aaa"))
    #expect(lines[2].hasSuffix("aaaxyz_   no match in 6"))
    #expect(displayWidth(lines[2]) == 80)
  }

  @Test(arguments: [
    (0, "0"), (999, "999"), (1000, "1,000"), (1_000_000, "1,000,000"), (-1234, "-1,234"),
  ])
  func groupsThousands(count: Int, text: String) {
    #expect(PickerRenderer.grouped(count) == text)
  }
}
