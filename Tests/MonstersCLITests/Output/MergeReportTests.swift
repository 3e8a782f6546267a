import MonsterKit
import Testing

@testable import MonstersCLI

@Suite struct MergeReportTests {
  @Test func aConflictQuotesLongAndHostileTextCutShortAndEscaped() {
    let long = String(repeating: "x", count: 300)
    let line = MergeReport.line(
      for: MergeConflict(
        monster: "Cat\u{202E}-Bot",
        reason: .field(.description, ours: .string(long), theirs: .string("a\u{1B}[2J"))))
    #expect(
      line
        == "Cat\\u{202E}-Bot: description '\(String(repeating: "x", count: 200))... (100 more "
        + "characters)' in ours, 'a\\u{1B}[2J' in theirs")
  }

  @Test func eachKindOfConflictHasItsLine() {
    let lines = [
      MergeConflict(
        monster: "Fire-Bot", reason: .field(.name, ours: .string("A"), theirs: .string("B"))),
      MergeConflict(monster: "Robo-Bot", reason: .addedTwice(differences: [])),
      MergeConflict(
        monster: "Robo-Bot",
        reason: .addedTwice(differences: [
          .renamed(from: "Robo-Bot", to: "ROBO-BOT"),
          .changed("ROBO-BOT", .weapon, from: .string("fire"), to: .string("smoke")),
        ])),
      MergeConflict(
        monster: "Dog-Bot",
        reason: .removed(
          by: .ours,
          otherSideChanged: [
            .renamed(from: "Dog-Bot", to: "Hound-Bot"),
            .changed("Hound-Bot", .description, from: .string("BOW-WOW"), to: .string("")),
          ])),
      MergeConflict(
        monster: "Dog-Bot",
        reason: .removed(
          by: .theirs,
          otherSideChanged: [.changed("Dog-Bot", .nameColor, from: nil, to: .string("red"))])),
      MergeConflict(monster: "Robo-Bot", reason: .sameName("robo-bot")),
      MergeConflict(
        monster: "Cat-Bot",
        reason: .uncertainIdentity(.theirs, old: ["Cat-Bot", "Dog-Bot"], new: ["Cat-Bot"])),
      MergeConflict(
        monster: "Cat-Bot", reason: .field(.nameColor, ours: nil, theirs: .string("red"))),
      MergeConflict(
        monster: "Cat-Bot", reason: .field(.other("tags"), ours: .array([]), theirs: nil)),
      MergeConflict(
        monster: nil, reason: .rosterField("owner", ours: .string("ann"), theirs: .number("1"))),
    ].map(MergeReport.line)
    #expect(
      lines == [
        "Fire-Bot: renamed to A in ours and to B in theirs",
        "Robo-Bot: added in ours and in theirs, differently",
        "Robo-Bot: added in ours and in theirs, differently (name Robo-Bot in ours, ROBO-BOT in "
          + "theirs, weapon fire in ours, smoke in theirs)",
        "Dog-Bot: removed in ours, changed in theirs (renamed to Hound-Bot, description "
          + "'BOW-WOW' -> '')",
        "Dog-Bot: changed in ours (name colour none -> red), removed in theirs",
        "'Robo-Bot' and 'robo-bot' would be the same name",
        "which monster is which is not certain: in theirs 'Cat-Bot', 'Dog-Bot' became "
          + "'Cat-Bot', which can be read more than one way, and the other side changed them; "
          + "the group is marked whole",
        "Cat-Bot: name colour none in ours, red in theirs",
        "Cat-Bot: key 'tags' [] in ours, none in theirs",
        "roster key 'owner': \"ann\" in ours, 1 in theirs",
      ])
  }
}
