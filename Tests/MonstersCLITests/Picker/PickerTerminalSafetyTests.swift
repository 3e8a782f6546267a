import MonsterKit
import Testing

@testable import MonstersCLI

/// The picker draws text from the file, too: both views, with colour and without.
@Suite struct PickerTerminalSafetyTests {
  @Test(arguments: [true, false])
  func pickerViewsShowTheFilesTextEscaped(usesColor: Bool) throws {
    let hostile = TerminalSafetyTests.hostile
    let monster = Monster(
      name: "Evil-Bot", description: hostile, icon: hostile, weapon: .fire,
      nameColor: .red)
    let roster = try Roster([monster, Monster(name: "Cat-Bot", description: "", weapon: .sword)])
    let bar = PickerRenderer.lines(
      for: WeaponBarState(monster: monster), size: .standard,
      style: .unicode(usesColor: usesColor))
    let wheel = PickerRenderer.lines(
      for: PickerWheelState(roster: roster, visibleRows: 16), file: "rost\u{1B}]0;x\u{7}er.json",
      size: .standard, style: .unicode(usesColor: usesColor))
    for line in bar + wheel {
      // The picker's own sequences are SGR ones (ESC [ ... m); anything else is from the file.
      let withoutOwnSequences = line.replacing(#/\x{1B}\[[0-9;]*m/#, with: "")
      let controls = withoutOwnSequences.unicodeScalars.filter {
        $0.properties.generalCategory == .control
      }
      #expect(controls.isEmpty, "\(TerminalSafetyTests.visible(line))")
    }
    #expect(bar.contains { $0.contains(TerminalSafetyTests.escapedForTerminal) })
  }
}
