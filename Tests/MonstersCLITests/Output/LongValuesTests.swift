import MonsterKit
import Testing

@testable import MonstersCLI

/// Two long texts that differ, in `diff` and in a merge's conflicts, are shown where they
/// differ, so that a line in a pull request says what changed.
@Suite struct LongValuesTests {
  private let start = "A monster who hums the old songs of the factory floor and "
  private let end = " at the end of every shift, to the delight of the night crew."

  @Test func twoLongTextsAreCutToWhereTheyDiffer() {
    let (old, new) = DiffReport.whereTheyDiffer(start + "beeps" + end, start + "sings" + end)
    #expect(old == "…ctory floor and beeps at the end of …")
    #expect(new == "…ctory floor and sings at the end of …")
  }

  @Test func aDifferenceAtEitherEndKeepsThatEnd() {
    let text = start + end
    #expect(DiffReport.whereTheyDiffer("X" + text, "Y" + text).0 == "X" + text.prefix(16) + "…")
    #expect(DiffReport.whereTheyDiffer(text + "X", text + "Y").1 == "…" + text.suffix(16) + "Y")
    // One text the other's start: all the other adds, after the shared context.
    #expect(DiffReport.whereTheyDiffer(text, text + " More.").1 == "…" + text.suffix(16) + " More.")
  }

  @Test func shortTextsAndOtherValuesAreShownWhole() {
    #expect(DiffReport.whereTheyDiffer("Beep", "Boop") == ("Beep", "Boop"))
    let change = RosterDiff.Change.changed(
      "Cat-Bot", .weapon, from: .string("sword"), to: .string("fire"))
    #expect(DiffReport.line(for: change) == "Cat-Bot: weapon sword -> fire")
  }

  /// Text that differs only in its code points (one `é` composed, one decomposed) is a
  /// difference, not text both share.
  @Test func aDifferenceOfCodePointsIsADifference() {
    let (old, new) = DiffReport.whereTheyDiffer(
      start + "caf\u{E9}" + end, start + "cafe\u{301}" + end)
    #expect(old.contains("caf\u{E9}") && new.contains("cafe\u{301}"))
    #expect(old.hasPrefix("…") && old.hasSuffix("…"))
  }

  @Test func aDiffLineAndAConflictShowTheDifference() {
    let (old, new) = (
      JSONValue.string(start + "beeps" + end), JSONValue.string(start + "sings" + end)
    )
    let line = DiffReport.line(
      for: .changed("Cat-Bot", .description, from: old, to: new))
    #expect(
      line
        == "Cat-Bot: description '…ctory floor and beeps at the end of …' -> "
        + "'…ctory floor and sings at the end of …'")
    let conflict = MergeReport.line(
      for: MergeConflict(monster: "Cat-Bot", reason: .field(.description, ours: old, theirs: new)))
    #expect(
      conflict
        == "Cat-Bot: description '…ctory floor and beeps at the end of …' in ours, "
        + "'…ctory floor and sings at the end of …' in theirs")
  }
}
