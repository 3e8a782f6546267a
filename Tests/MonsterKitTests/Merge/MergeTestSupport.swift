import MonsterKit
import Testing

/// The seeded roster with edits made.
func seeded(_ edits: RosterEdit...) throws -> Roster {
  var roster = Roster.seeded
  for edit in edits {
    try roster.apply(edit)
  }
  return roster
}

/// A roster as the file of its canonical form reads: its monsters records of the bytes.
func reread(_ roster: Roster) throws -> Roster {
  try readRoster(bytes: roster.canonicalJSON())
}

/// A new monster.
func newMonster(
  _ name: String, _ weapon: Weapon = .fire, description: String = "new",
  otherFields: [JSONMember] = []
) -> Monster {
  Monster(name: name, description: description, weapon: weapon, otherFields: otherFields)
}

/// A roster with Last-Bot at its end, with an empty description, and that roster with
/// Last-Bot removed and New-Bot added in its place, as `add` adds: an empty description too,
/// and nothing else alike.
func lastBotReplaced() throws -> (base: Roster, replaced: Roster) {
  var base = Roster.seeded
  try base.apply(.add(newMonster("Last-Bot", description: "")))
  var replaced = base
  try replaced.apply(.remove("Last-Bot"))
  try replaced.apply(.add(newMonster("New-Bot", .sword, description: "")))
  return (base, replaced)
}

/// The names on a roster, in order.
func nameList(_ roster: Roster?) -> [String] {
  roster.map { $0.map(\.name) } ?? []
}

/// Merges three rosters twice, as built and as read from their files, and checks that both
/// ways give the same file.
func merged(_ base: Roster, _ ours: Roster, _ theirs: Roster) throws -> RosterMerge {
  let merge = RosterMerge(base: base, ours: ours, theirs: theirs)
  let fromFiles = RosterMerge(
    base: try reread(base), ours: try reread(ours), theirs: try reread(theirs))
  #expect(merge.fileBytes() == fromFiles.fileBytes(), "the file differs once read from files")
  #expect(merge.conflicts == fromFiles.conflicts, "the conflicts differ once read from files")
  return fromFiles
}

/// The text of a file with conflicts, each conflict resolved by keeping one side.
func resolved(_ bytes: [UInt8], keeping side: MergeSide) -> String {
  var kept: [Substring] = []
  var part: MergeSide?
  for line in String(decoding: bytes, as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false)
  {
    if line.hasPrefix("<<<<<<<") {
      part = .ours
    } else if line.hasPrefix("=======") && part != nil {
      part = .theirs
    } else if line.hasPrefix(">>>>>>>") {
      part = nil
    } else if part == nil || part == side {
      kept.append(line)
    }
  }
  return kept.joined(separator: "\n")
}

/// A three-way merge where one side's roster casts doubt on a match: `doubting` is ours or
/// theirs, as `side` says, and `other` the other side.
func merged(_ base: Roster, _ doubting: Roster, doubtedBy side: MergeSide, against other: Roster)
  throws -> RosterMerge
{
  side == .ours ? try merged(base, doubting, other) : try merged(base, other, doubting)
}
