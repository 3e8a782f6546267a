import MonsterKit
import Testing

@testable import MonstersCLI

@Suite struct PickerRendererTests {
  let plain = PickerStyle.unicode(usesColor: false)

  func screen(_ lines: [String]) -> String {
    lines.joined(separator: "\n")
  }

  func catBot(color: NameColor? = nil) -> Monster {
    Monster(name: "Cat-Bot", description: "MEE-OW", weapon: .sword, nameColor: color)
  }

  /// The text a terminal shows for a line: without its escape sequences.
  private func visible(_ line: String) -> String {
    var result = ""
    var inSequence = false
    for character in line {
      if character == "\u{1B}" {
        inSequence = true
      } else if inSequence {
        if character.isLetter { inSequence = false }
      } else {
        result.append(character)
      }
    }
    return result
  }

  @Test func drawsTheWeaponBarAt80x24() {
    let lines = PickerRenderer.lines(
      for: WeaponBarState(monster: catBot()), size: .standard, style: plain)
    #expect(
      screen(lines) == """

          Cat-Bot
          MEE-OW

          Preferred way to kill: sword







        ────────────────────────────────────────────────────────────────────────────────

          ┌──────────┐ ┌──────────┐ ┌──────────┐ ┏━━━━━━━━━━┓ ┌──────────┐
          │          │ │    /\\    │ │    (     │ ┃   |      ┃ │   .--.   │   ┌───────┐
          │(=====)-->│ │  <(  )>  │ │   ) ) (  │ ┃o==|=====>┃ │ .(    ). │   │ Close │
          │          │ │    \\/    │ │  (_(_)_) │ ┃   |      ┃ │(___.__)_)│   └───────┘
          │ blowgun  │ │ninjaStar │ │   fire   │ ┃  sword   ┃ │  smoke   │
          └──────────┘ └──────────┘ └──────────┘ ┗━━━━━━━━━━┛ └──────────┘
               1            2            3       4 (current)       5            Esc

          ←/→, h/l or Tab: move   g/G: first/Close   Enter or 1-5: pick
          Esc, q or Close: leave   A click presses a button
        """)
  }
}

extension PickerRendererTests {
  @Test func drawsTheWeaponBarInASCIIWithCloseFocused() {
    var bar = WeaponBarState(monster: catBot())
    _ = bar.handle(.end)
    bar.status = "Saving..."
    let lines = PickerRenderer.lines(for: bar, size: .standard, style: .ascii(usesColor: false))
    #expect(
      screen(lines.suffix(12)) == """
        --------------------------------------------------------------------------------

          +----------+ +----------+ +----------+ +----------+ +----------+
          |          | |    /\\    | |    (     | |   |      | |   .--.   |   #=======#
          |(=====)-->| |  <(  )>  | |   ) ) (  | |o==|=====>| | .(    ). |   # Close #
          |          | |    \\/    | |  (_(_)_) | |   |      | |(___.__)_)|   #=======#
          | blowgun  | |ninjaStar | |   fire   | |  sword   | |  smoke   |
          +----------+ +----------+ +----------+ +----------+ +----------+
               1            2            3       4 (current)       5            Esc
          Saving...
          Left/Right, h/l or Tab: move   g/G: first/Close   Enter or 1-5: pick
          Esc, q or Close: leave   A click presses a button
        """)
  }

  @Test func drawsThePickerViewAt80x24() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.down)
    _ = wheel.handle(.tab)
    _ = wheel.handle(.up)
    wheel.status = "Saved. Dog-Bot: weapon blowgun -> smoke."
    let lines = PickerRenderer.lines(
      for: wheel, file: "monsters.json", size: .standard, style: plain)
    #expect(
      screen(lines) == """

          Weapons of the monsters in monsters.json

          ┌─ Monsters ───────────────────┐  ┏━ Weapons ━━━━━━━━━━━━━┓
          │   Cat-Bot          sword     │  ┃   blowgun   (current) ┃
          │ ▶ Dog-Bot          blowgun   │  ┃   ninjaStar           ┃
          │   Explode-Bot      smoke     │  ┃   fire                ┃
          │   Fire-Bot         ninjaStar │  ┃   sword               ┃
          │   Ice-Bot          fire      │  ┃ ▶ smoke               ┃
          │   Mini-Tomato-Bot  ninjaStar │  ┃                       ┃
          └──────────────────────────────┘  ┗━━━━━━━━━━━━━━━━━━━━━━━┛










          Saved. Dog-Bot: weapon blowgun -> smoke.
          ↑/↓ j/k: choose   ←/→ h/l Tab: column   g/G: first/last
          /: search   1-5: weapon   Enter: assign   Esc or q: close
        """)
  }

  @Test func scrollsALongRosterAndSaysHowManyRowsAreOutOfView() throws {
    let roster = try Roster(
      (1...30).map { Monster(name: "Bot-\($0)", description: "", weapon: .fire) })
    var wheel = PickerWheelState(
      roster: roster, visibleRows: PickerRenderer.wheelVisibleRows(forHeight: 24))
    _ = wheel.handle(.pageDown)
    _ = wheel.handle(.down)
    let lines = PickerRenderer.lines(
      for: wheel, file: "monsters.json", size: .standard, style: .ascii(usesColor: false))
    #expect(
      screen(lines) == """

          Weapons of the monsters in monsters.json

          #= Monsters, 1 more above =====#  +- Weapons -------------+
          #   Bot-2            fire      #  |   blowgun             |
          #   Bot-3            fire      #  |   ninjaStar           |
          #   Bot-4            fire      #  | > fire      (current) |
          #   Bot-5            fire      #  |   sword               |
          #   Bot-6            fire      #  |   smoke               |
          #   Bot-7            fire      #  |                       |
          #   Bot-8            fire      #  |                       |
          #   Bot-9            fire      #  |                       |
          #   Bot-10           fire      #  |                       |
          #   Bot-11           fire      #  |                       |
          #   Bot-12           fire      #  |                       |
          #   Bot-13           fire      #  |                       |
          #   Bot-14           fire      #  |                       |
          #   Bot-15           fire      #  |                       |
          # > Bot-16           fire      #  |                       |
          #= 14 more below ==============#  +-----------------------+


          Up/Down j/k: choose   Left/Right h/l Tab: column   g/G: first/last
          /: search   1-5: weapon   Enter: assign   Esc or q: close
        """)
  }

  @Test func saysWhenTheTerminalIsTooSmall() {
    let bar = PickerRenderer.lines(
      for: WeaponBarState(monster: catBot()), size: TerminalSize(columns: 60, rows: 20),
      style: plain)
    #expect(
      bar.prefix(3) == [
        "The weapon bar needs 78x13;", "this terminal is 60x20.", "Esc or q leaves.",
      ])
    let wheel = PickerRenderer.lines(
      for: PickerWheelState(roster: .seeded, visibleRows: 2), file: "monsters.json",
      size: TerminalSize(columns: 80, rows: 11), style: plain)
    #expect(wheel.prefix(2) == ["The picker needs 60x12;", "this terminal is 80x11."])
  }

  @Test func fitsEverySizeWithExactlyOneLinePerRow() throws {
    let roster = try Roster(
      (1...40).map {
        Monster(
          name: "Bot-\($0)" + String(repeating: "x", count: $0 * 2), description: "",
          weapon: .smoke, nameColor: .rgb(red: 1, green: 2, blue: 3))
      })
    for style in [PickerStyle.unicode(usesColor: true), .ascii(usesColor: false)] {
      for columns in [1, 20, 59, 60, 77, 78, 79, 80, 81, 132] {
        for rows in [1, 5, 10, 11, 12, 13, 16, 24, 50] {
          let size = TerminalSize(columns: columns, rows: rows)
          var wheel = PickerWheelState(
            roster: roster, visibleRows: PickerRenderer.wheelVisibleRows(forHeight: rows))
          _ = wheel.handle(.pageDown)
          let screens = [
            PickerRenderer.lines(for: wheel, file: "monsters.json", size: size, style: style),
            PickerRenderer.lines(
              for: WeaponBarState(monster: roster.monsters[39]), size: size, style: style),
          ]
          for lines in screens {
            #expect(lines.count == rows)
            for line in lines {
              #expect(displayWidth(visible(line)) <= columns, "\(size): \(line)")
            }
          }
        }
      }
    }
  }

  @Test func cutsLongNamesWithAnEllipsis() throws {
    let name = "The-Extremely-Long-Named-Bot-Of-The-Northern-Wastes-And-Beyond"
    let roster = try Roster([Monster(name: name, description: "", weapon: .fire)])
    let lines = PickerRenderer.lines(
      for: PickerWheelState(roster: roster, visibleRows: 16), file: "monsters.json",
      size: .standard, style: plain)
    #expect(
      lines[4] == "  ┃ ▶ The-Extremely-Long-Named-Bot-Of-T…  fire      ┃  │   blowgun             │"
    )
  }

  @Test func measuresEmojiAndHangulAsTheTerminalShowsThem() throws {
    // Wide as the terminal draws them: emoji past U+1F64F, and symbols drawn as pictures.
    #expect(displayWidth("🚀🛸🪐🟥⭐✅⚡⌚") == 16)
    // Conjoining Hangul: one syllable of two columns.
    #expect(displayWidth("\u{1100}\u{1161}\u{11A8}") == 2)
    #expect(displayWidth("🇺🇸") == 2)
    let rockets = String(repeating: "🚀", count: 40)
    let roster = try Roster([
      Monster(name: rockets, description: "", weapon: .fire),
      Monster(name: "\u{1100}\u{1161}\u{11A8}-Bot", description: "", weapon: .fire),
    ])
    let lines = PickerRenderer.lines(
      for: PickerWheelState(roster: roster, visibleRows: 16), file: "monsters.json",
      size: .standard, style: plain)
    // Each row ends at the right edge, with its weapon row beside it.
    for line in lines[3...6] { #expect(displayWidth(line) == 80, "\(line)") }
    #expect(lines[4].hasSuffix("fire      ┃  │   blowgun             │"))
    let bar = PickerRenderer.lines(
      for: WeaponBarState(monster: roster[roster.startIndex]), size: .standard, style: plain)
    #expect(bar.allSatisfy { displayWidth($0) <= 80 })
  }

  @Test func usesColourOnlyWhenTheStyleAllowsIt() throws {
    let red = catBot(color: .red)
    let roster = try Roster([red])
    let wheel = PickerWheelState(roster: roster, visibleRows: 16)
    for usesColor in [false, true] {
      let bar = PickerRenderer.lines(
        for: WeaponBarState(monster: red), size: .standard,
        style: .unicode(usesColor: usesColor))
      let picker = PickerRenderer.lines(
        for: wheel, file: "monsters.json", size: .standard,
        style: .unicode(usesColor: usesColor))
      let text = screen(bar + picker)
      #expect(text.contains("\u{1B}") == usesColor)
      if usesColor {
        // The name in its colour, in bold in the bar and highlighted in the focused column.
        #expect(bar[1] == "  \u{1B}[0;1;31mCat-Bot\u{1B}[0m")
        #expect(picker[4].contains("\u{1B}[0;7;31mCat-Bot"))
        // The focused button's name in reverse video.
        #expect(bar[18].contains("\u{1B}[0;1;7m  sword   "))
      }
    }
  }

  @Test func showsControlCharactersFromTheFileAsEscapes() {
    let monster = Monster(name: "Cat-Bot", description: "MEE\u{1B}[2J-OW\n", weapon: .sword)
    let bar = PickerRenderer.lines(
      for: WeaponBarState(monster: monster), size: .standard,
      style: .unicode(usesColor: true))
    #expect(bar[2] == "  MEE\\u{1B}[2J-OW\\n")
    let picker = PickerRenderer.lines(
      for: PickerWheelState(roster: .seeded, visibleRows: 16), file: "odd\u{7}.json",
      size: .standard, style: .unicode(usesColor: true))
    #expect(picker[1] == "  \u{1B}[0;1mWeapons of the monsters in odd\\u{07}.json\u{1B}[0m")
    for line in bar + picker {
      let controls = visible(line).unicodeScalars.filter {
        $0.properties.generalCategory == .control
      }
      #expect(controls.isEmpty, "\(line)")
    }
  }

  @Test func marksTheSelectedMonstersWeaponAsCurrent() {
    var wheel = PickerWheelState(roster: .seeded, visibleRows: 16)
    _ = wheel.handle(.down)
    let lines = PickerRenderer.lines(
      for: wheel, file: "monsters.json", size: .standard, style: plain)
    #expect(lines[4].hasSuffix("│ ▶ blowgun   (current) │"))
    #expect(!lines[7].contains("(current)"))
  }

  @Test func showsBidirectionalControlsAsEscapes() throws {
    let monster = Monster(name: "Cat-Bot", description: "MEE\u{202E}WO-\u{2066}x", weapon: .sword)
    let bar = PickerRenderer.lines(
      for: WeaponBarState(monster: monster), size: .standard, style: plain)
    #expect(bar[2] == "  MEE\\u{202E}WO-\\u{2066}x")
    let picker = PickerRenderer.lines(
      for: PickerWheelState(roster: .seeded, visibleRows: 16), file: "\u{202E}nosj.json",
      size: .standard, style: plain)
    #expect(picker[1] == "  Weapons of the monsters in \\u{202E}nosj.json")
    #expect(ScreenLine.escaped("a\u{61C}b\u{200F}") == "a\\u{61C}b\\u{200F}")
    #expect(ScreenLine.escaped(ScreenLine.escaped("\u{202E}\u{1B}")) == "\\u{202E}\\u{1B}")
  }
}
