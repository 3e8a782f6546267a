// A libFuzzer harness for `merge` and `diff` of rosters.
//
// Built by `.ci/fuzz` with `swiftc -sanitize=fuzzer,address`, against MonsterKit built once
// for every harness with `-enable-testing`, so that it can reach the merge's internal parts.
// It is not a SwiftPM target.
//
// An input whose second byte is 0x02 is a scenario whose right merge is known: the bytes
// after it are the randomness `MergeScenario` (Tests/TestSupport, built into this harness)
// makes an ancestor and the edits of each side from, one byte a choice, every monster
// carrying an identity the scenario tracks. A clean merge must be exactly the merge worked
// out identity by identity and field by field, the merge of the files as `monsters merge`
// reads them must be the same, and a diff of each side must name exactly the changes it
// made; a conflict where the right merge is clean is allowed.
//
// Any other input is one byte of settings, then up to three parts separated by a byte 0x01:
//
// - settings bit 0 clear: the parts are the bytes of the common ancestor, ours and theirs
//   (a missing part is the ancestor again);
// - settings bit 0 set: the first part is the ancestor's bytes, and the other two are edit
//   programs (one edit every few bytes: set a field, rename, remove, add, move, set an
//   unknown key of a monster or of the roster, declare a weapon or a field, some under
//   names `check` calls the same, and give it to a monster) that make ours and theirs
//   from it, so that the three rosters are related as a real merge's are;
// - settings bit 1: the rosters are merged as read from their canonical files (records of
//   the bytes) rather than as built by edits;
// - settings bits 6 and 7: whether a roster is compared with itself, and whether a
//   one-sided merge is made (below); bits 2 and 3, and 4 and 5: which one. (Each execution
//   checks some of the properties, the fuzzer's choice, so that there are more of them.)
//
// For rosters that read, whatever they hold:
//
// - a side read as a merge or a diff reads it (against the ancestor, the monsters it has
//   byte for byte as the ancestor has them taken from the ancestor's records; its names not
//   indexed but checked through the ancestor) is refused exactly when the reader refuses
//   it, is the roster the reader reads, and merges and compares the same;
// - a roster compared with itself, or with its canonical form read back, has no changes;
// - a merge never crashes; a clean merge's file is a valid roster in canonical form, the
//   merge's result; a merge with conflicts gives a file that every reader reports as an
//   unresolved conflict, and keeping one side of every conflict (by its lines, and as
//   `monsters resolve` keeps it) gives that side's version (the side itself, where the
//   merge keeps both files whole), a valid roster in canonical form;
// - a merge in which one side changed nothing (ours, or theirs) gives the other side, and
//   so does a merge in which both sides made the same changes.

/// The path the reader names in its messages.
@testable import MonsterKit

private let fuzzFile = RosterFile(path: "fuzz.json")

/// Stops the run with a message libFuzzer keeps with the crashing input.
private func violated(_ property: String, _ input: [UInt8]) -> Never {
  fatalError("\(property)\ninput: \(String(decoding: input, as: UTF8.self).debugDescription)")
}

/// A roster's canonical form, written a few kilobytes at a time: the writer's default
/// megabyte buffer, allocated and zeroed under AddressSanitizer for each small roster, would
/// cost more than the rest of an execution.
private func canonical(_ roster: Roster) -> [UInt8] {
  var bytes: [UInt8] = []
  roster.writeCanonical(chunkSize: 4096) { bytes.append(contentsOf: $0) }
  return bytes
}

/// A merge's file, written as ``canonical(_:)`` writes.
private func file(_ merge: RosterMerge) -> [UInt8] {
  var bytes: [UInt8] = []
  merge.write(markers: ConflictMarkers(), chunkSize: 4096) { bytes.append(contentsOf: $0) }
  return bytes
}

/// The roster in some bytes, or `nil` when they are not one.
private func roster(_ bytes: ArraySlice<UInt8>) -> Roster? {
  try? fuzzFile.roster(from: Array(bytes))
}

// MARK: - Edit programs

/// Names an edit may give: the roster's own in another case, and names that are the same
/// name as others as the roster compares names.
private let namePool = [
  "Robo-Bot", "robo-bot", "ROBO-BOT", "Kat", "\u{212A}at", "\u{C9}mile", "E\u{301}mile", "Zed",
  "zed", "Stra\u{DF}e",
]

/// Weapons and fields an edit may declare: some the same name as others as `check`
/// compares them (in another case; a field's in another Unicode form).
private let declarationPool = ["ray", "Ray", "RAY", "squad", "Squad", "caf\u{E9}", "cafe\u{301}"]

/// Makes a roster from another by the edits a program of bytes asks for, through the
/// roster's own edits; an edit the roster refuses (a name taken, no such monster) is
/// skipped.
private func edited(_ base: Roster, by program: ArraySlice<UInt8>) -> Roster {
  var roster = base
  var bytes = program.makeIterator()
  func next() -> Int? { bytes.next().map(Int.init) }
  func pick() -> String? {
    guard !roster.isEmpty, let byte = next() else { return nil }
    return roster.name(at: roster.index(roster.startIndex, offsetBy: byte % roster.count))
  }
  func text() -> String {
    let length = (next() ?? 0) % 6
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      let byte = UInt32(next() ?? 0x41)
      scalars.append(Unicode.Scalar(byte < 0x80 ? max(byte, 0x20) : 0xC0 + byte) ?? "?")
    }
    return String(scalars)
  }
  func newName() -> String {
    guard let byte = next() else { return "Zed" }
    if byte & 1 == 1, let existing = pick() {
      return byte & 2 == 0 ? existing.uppercased() : existing.lowercased()
    }
    return namePool[(byte >> 1) % namePool.count]
  }
  func value() -> JSONValue? {
    switch (next() ?? 0) % 4 {
    case 0: nil
    case 1: .string(text())
    case 2: .number(String(next() ?? 0))
    default: .array([.bool(true), .null])
    }
  }
  func setting(_ key: String, _ value: JSONValue?, in members: inout [JSONMember]) {
    members.removeAll { $0.key == key }
    if let value { members.append(JSONMember(key, value)) }
  }
  while let operation = next() {
    do throws(RosterError) {
      switch operation % 12 {
      case 0:
        guard let name = pick() else { continue }
        let weapon = Weapon.builtIn[(next() ?? 0) % 5]
        try roster.apply(.set(name, .init(weapon: weapon)))
      case 1:
        guard let name = pick() else { continue }
        try roster.apply(.set(name, .init(description: text())))
      case 2:
        guard let name = pick() else { continue }
        try roster.apply(.set(name, .init(icon: text())))
      case 3:
        guard let name = pick() else { continue }
        try roster.apply(.rename(name, to: newName()))
      case 4:
        guard let name = pick() else { continue }
        try roster.apply(.remove(name))
      case 5:
        let weapon = Weapon.builtIn[(next() ?? 0) % 5]
        try roster.apply(.add(Monster(name: newName(), description: text(), weapon: weapon)))
      case 6:
        // A move, to the end.
        guard let name = pick() else { continue }
        try roster.add(try roster.remove(named: name))
      case 7:
        guard let name = pick() else { continue }
        let key = ["tags", "level", "x"][(next() ?? 0) % 3]
        let newValue = value()
        try roster.update(named: name) { setting(key, newValue, in: &$0.otherFields) }
      case 8:
        setting(["owner", "team"][(next() ?? 0) % 2], value(), in: &roster.otherFields)
      case 10:
        // A weapon declared, and given to a monster.
        let weapon = Weapon(name: declarationPool[(next() ?? 0) % 3], imageName: text())
        try roster.apply(.addWeapon(weapon))
        guard let name = pick() else { continue }
        try roster.apply(.set(name, .init(weapon: weapon)))
      case 11:
        // A field declared, and given to a monster.
        let key = declarationPool[3 + (next() ?? 0) % 4]
        try roster.apply(.addField(try MonsterField(declaring: key, kind: .text)))
        guard let name = pick() else { continue }
        try roster.apply(.set(name, RosterEdit.Changes([.init(key, .typed(text()))])))
      default:
        guard let name = pick() else { continue }
        let byte = next() ?? 0
        try roster.apply(
          .set(name, .init(nameColor: byte % 3 == 0 ? .remove : .set(NameColor.named[byte % 8]))))
      }
    } catch {
      continue
    }
  }
  return roster
}

// MARK: - Properties

/// Stops the run unless a roster compared with itself, as it is and read back from its
/// canonical form, has no changes.
private func checkDiffOfItself(_ roster: Roster, _ input: [UInt8]) {
  if !RosterDiff(from: roster, to: roster).isEmpty {
    violated("a roster compared with itself has changes", input)
  }
  guard let reread = try? fuzzFile.roster(from: canonical(roster)) else {
    violated("a roster's canonical form does not read back", input)
  }
  let changes = RosterDiff(from: roster, to: reread).changes
  if !changes.isEmpty {
    violated("a roster compared with its canonical form has changes: \(changes)", input)
  }
}

/// The lines of a file with conflicts, each conflict resolved by keeping one side.
private func resolved(_ bytes: [UInt8], keeping side: MergeSide) -> [UInt8] {
  var kept: [ArraySlice<UInt8>] = []
  var part: MergeSide?
  for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
    if line.starts(with: "<<<<<<<".utf8) {
      part = .ours
    } else if line.starts(with: "=======".utf8) && part != nil {
      part = .theirs
    } else if line.starts(with: ">>>>>>>".utf8) {
      part = nil
    } else if part == nil || part == side {
      kept.append(line)
    }
  }
  return Array(kept.joined(separator: [UInt8(ascii: "\n")]))
}

/// Stops the run unless a merge's file is what the merge says it is.
private func checkMerge(_ base: Roster, _ ours: Roster, _ theirs: Roster, _ input: [UInt8])
  -> RosterMerge
{
  let merge = RosterMerge(base: base, ours: ours, theirs: theirs)
  let bytes = file(merge)
  if let result = merge.result {
    // A clean merge's file passes `check`: valid, and in canonical form.
    let reread: Roster
    do throws(RosterError) {
      let (roster, problems, _) = try fuzzFile.parse(RosterBytes(bytes))
      if !problems.isEmpty { violated("a clean merge's file has problems: \(problems)", input) }
      reread = roster
    } catch {
      violated("a clean merge's file does not read: \(error)", input)
    }
    if canonical(reread) != bytes {
      violated("a clean merge's file is not in canonical form", input)
    }
    if reread != result { violated("a clean merge's file is not its result", input) }
    return merge
  }
  do throws(RosterError) {
    _ = try fuzzFile.roster(from: bytes)
    violated("a file with conflicts reads as a roster", input)
  } catch {
    guard case .unresolvedConflict = error else {
      violated("a file with conflicts is not an unresolved conflict: \(error)", input)
    }
  }
  let marked: MarkedRoster?
  do throws(RosterError) {
    marked = try MarkedRoster(bytes: bytes, path: "fuzz.json")
  } catch {
    violated("a merge's marked file is not read back as conflicts: \(error)", input)
  }
  // Keeping one side of every conflict, those of the declarations too, gives that side's
  // version.
  for (side, version) in [(MergeSide.ours, merge.oursVersion), (.theirs, merge.theirsVersion)] {
    let kept = resolved(bytes, keeping: side)
    if kept != canonical(version) {
      violated("keeping \(side) of every conflict is not \(side)' version", input)
    }
    // As `monsters resolve --ours` (or `--theirs`) keeps it.
    guard let roster = try? marked?.resolving(nil, keeping: side).roster,
      canonical(roster) == kept
    else {
      violated("resolving every conflict to \(side) is not \(side)' version", input)
    }
    do throws(RosterError) {
      let (_, problems, _) = try fuzzFile.parse(RosterBytes(kept))
      if !problems.isEmpty {
        violated("keeping \(side) of every conflict has problems: \(problems)", input)
      }
    } catch {
      violated("keeping \(side) of every conflict is no roster: \(error)", input)
    }
  }
  return merge
}

/// Stops the run unless a merge in which one side kept the ancestor gives the other side,
/// and one in which both sides made the same changes gives them: one of the three ways,
/// chosen by the input.
private func checkOneSided(_ base: Roster, _ changed: Roster, way: Int, _ input: [UInt8]) {
  let expected = canonical(changed)
  for (ours, theirs) in [[(base, changed), (changed, base), (changed, changed)][way]] {
    let merge = checkMerge(base, ours, theirs, input)
    if !merge.isClean || file(merge) != expected {
      violated(
        "a merge where \(ours == base ? "ours" : theirs == base ? "theirs" : "neither") kept the "
          + "ancestor does not give the other side: \(merge.conflicts)", input)
    }
  }
}

/// Reads the two sides as the reader does and as a merge reads them (names not indexed,
/// checked through the ancestor), and stops the run unless the second way refuses a side
/// exactly when the reader does, and compares it with the ancestor the same.
///
/// - Returns: The sides read both ways; `nil` when one is not a roster.
private func readSides(_ base: Roster, _ parts: [ArraySlice<UInt8>], _ input: [UInt8])
  -> (rosters: [Roster], matched: [MatchedRoster])?
{
  var rosters: [Roster] = []
  var matched: [MatchedRoster] = []
  for part in 1..<3 {
    let bytes = part < parts.count ? parts[part] : parts[0]
    let full = roster(bytes)
    // As `merge` reads a side: against the ancestor, whose records stand for the monsters
    // the side has byte for byte as the ancestor has them.
    guard
      let read = try? fuzzFile.unindexedRoster(
        from: RosterBytes(Array(bytes)), sharingWith: base)
    else {
      if full != nil { violated("a side the reader reads is refused unindexed", input) }
      return nil
    }
    if let full, !read.roster.elementsEqual(full) {
      violated("a side read against the ancestor is not the roster read", input)
    }
    let side = try? UnmatchedRoster(
      roster: read.roster, file: fuzzFile, shared: read.shared, earlier: base
    ).matched(with: base)
    if (side == nil) != (full == nil) {
      violated(
        "a side read unindexed is \(side == nil ? "refused" : "taken") where the reader "
          + "\(full == nil ? "refuses" : "takes") it", input)
    }
    guard let side, let full else { return nil }
    if RosterDiff(from: base, to: side).changes != RosterDiff(from: base, to: full).changes {
      violated("a diff with a side read unindexed differs from one with the roster read", input)
    }
    rosters.append(full)
    matched.append(side)
  }
  return (rosters, matched)
}

/// Checks the properties above for one input.
private func check(_ input: [UInt8]) {
  guard let settings = input.first else { return }
  let parts = input.dropFirst().split(
    separator: 0x01, maxSplits: 2, omittingEmptySubsequences: false)
  // An empty ancestor is none, as git gives it for two versions added on both sides.
  guard let base = parts[0].isEmpty ? Roster() : roster(parts[0]) else { return }
  var sides: [Roster] = []
  var matched: [MatchedRoster]?
  if settings & 1 == 1 {
    for part in 1..<3 {
      sides.append(edited(base, by: part < parts.count ? parts[part] : parts[0]))
    }
  } else {
    guard let read = readSides(base, parts, input) else { return }
    (sides, matched) = (read.rosters, read.matched)
  }
  var rosters = [base] + sides
  if settings & 2 == 2 {
    rosters = rosters.map { (try? fuzzFile.roster(from: canonical($0))) ?? $0 }
  }
  if settings & 0x40 != 0 { checkDiffOfItself(rosters[Int(settings >> 2) % 3], input) }
  let merge = checkMerge(rosters[0], rosters[1], rosters[2], input)
  if let matched, settings & 2 == 0 {
    let fromSides = RosterMerge(base: base, ours: matched[0], theirs: matched[1])
    if file(fromSides) != file(merge) || fromSides.conflicts != merge.conflicts {
      violated("a merge of sides read unindexed differs from one of the rosters read", input)
    }
  }
  if settings & 0x80 != 0 {
    checkOneSided(rosters[0], rosters[1], way: Int(settings >> 4) % 3, input)
  }
}

// MARK: - Scenarios with a known merge

/// Randomness from an input's bytes, one byte a number (in its high and low bits alike, so
/// that a choice among a few follows the byte); once they run out, numbers that follow from
/// the bytes read, so that a choice never waits for a number it cannot get.
private struct InputRandomness: RandomNumberGenerator {
  var bytes: ArraySlice<UInt8>
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15

  mutating func next() -> UInt64 {
    if let byte = bytes.popFirst() {
      state = state &* 31 &+ UInt64(byte)
      return UInt64(byte) &* 0x0101_0101_0101_0101
    }
    // SplitMix64.
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Stops the run unless the merge and the diffs of the scenario that the bytes make are
/// right.
private func checkScenario(_ randomness: ArraySlice<UInt8>, _ input: [UInt8]) {
  var generator = InputRandomness(bytes: randomness)
  let scenario = MergeScenario(using: &generator)
  do throws(MergeScenario.Violation) {
    _ = try scenario.check()
  } catch {
    violated("\(error)", input)
  }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if bytes.count >= 2 && bytes[1] == 0x02 {
    checkScenario(bytes.dropFirst(2), bytes)
  } else {
    check(bytes)
  }
  return 0
}
