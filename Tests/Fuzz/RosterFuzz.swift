// A libFuzzer harness for the roster file's reader, its rules and the canonical writer.
//
// Built by `.ci/fuzz` with `swiftc -sanitize=fuzzer,address`, against MonsterKit built once
// for every harness with `-enable-testing`, so that it can reach the reader's internal parts.
// It is not a SwiftPM target.
//
// For any bytes, reading them as a roster file must either refuse them (a syntax error,
// unresolved conflict markers or
// broken rules) or give a roster such that:
//
// - its canonical form reads back to an equal roster, whose canonical form is the same
//   bytes;
// - the canonical form is reported as canonical, and the bytes read are reported as
//   canonical exactly when they are the canonical form, at the first byte that differs;
// - the same monsters, built into a roster one by one, are accepted and give the same
//   canonical form;
// - `roster(from:)` accepts exactly the bytes in which the parse that collects problems
//   (the one `check` uses) finds none, and every error and problem has a line and column
//   inside the file;
// - edits that the roster takes (renames to other monsters' names in another case, a
//   removal, new text with control characters, an added monster, weapons and colours of
//   several monsters changed in their records, several removed) leave a roster whose
//   canonical form reads back to it: the edits and the reader agree on what is valid; and
//   the fast comparison of rosters (`hasSameMonsters(as:)`) agrees with `==`;
// - every name follows the name rules, no two fold alike, and each is found by its folded
//   form; a name made of the input is refused exactly when it breaks the rules or folds
//   as a name on the roster does;
// - text escaped for a terminal holds no control character and no bidirectional control,
//   escaping it again changes nothing, and text quoted in a message is short.

/// The path the reader names in its messages.
@testable import MonsterKit

private let fuzzFile = RosterFile(path: "fuzz.json")

/// Stops the run with a message libFuzzer keeps with the crashing input.
private func violated(_ property: String, _ bytes: [UInt8]) -> Never {
  fatalError(
    "\(property)\ninput: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
}

/// The first offset where two byte arrays differ, counting a longer one's extra bytes.
private func firstMismatch(_ a: [UInt8], _ b: [UInt8]) -> Int? {
  let common = min(a.count, b.count)
  if let index = (0..<common).first(where: { a[$0] != b[$0] }) { return index }
  return a.count == b.count ? nil : common
}

/// Stops the run unless a line and column lie inside the bytes.
private func checkLocation(_ line: Int, _ column: Int, _ bytes: [UInt8]) {
  let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
  if line < 1 || line > lines || column < 1 || column > bytes.count + 1 {
    violated("line \(line), column \(column) is outside the file", bytes)
  }
}

/// Stops the run unless a roster's canonical form reads back to it, in the same bytes.
private func checkRoundTrip(_ roster: Roster, _ what: String, _ bytes: [UInt8]) {
  let canonical = roster.canonicalJSON()
  let reread: Roster
  do throws(RosterError) {
    reread = try fuzzFile.roster(from: canonical)
  } catch {
    violated("the canonical form \(what) does not read back: \(error)", bytes)
  }
  if reread != roster { violated("the canonical form \(what) reads back to another roster", bytes) }
  if reread.canonicalJSON() != canonical {
    violated("the canonical form \(what), read back, writes other bytes", bytes)
  }
}

/// Makes edits that lean on the name rules, keeping those the roster takes, and checks the
/// result after each.
private func checkEdits(_ roster: Roster, _ bytes: [UInt8]) {
  var roster = roster
  let names = roster.map(\.name)
  guard let first = names.first, let last = names.last else { return }
  var edits: [RosterEdit] = [
    .rename(first, to: last.uppercased()),
    .rename(last, to: last.lowercased()),
    .set(last, .init(description: first + "\u{7F}\u{85}\n\u{1B}", nameColor: .remove)),
    .add(Monster(name: first + "\u{212A}", description: "\\\"", weapon: .smoke)),
    .add(Monster(name: first.uppercased(), description: "", weapon: .fire)),
    .remove(names[names.count / 2]),
    .add(Monster(name: names[names.count / 2].lowercased(), description: "", weapon: .fire)),
  ]
  if names.count > 1 { edits.append(.rename(names[1], to: first)) }
  // Edits of several monsters: a weapon or a colour alone is changed in the records.
  edits += [
    .setEach(.matching([.weapon(.ninjaStar)]), .init(weapon: .fire, nameColor: .set(.red))),
    .setEach(.names([first, last]), .init(nameColor: .remove)),
    .setEach(.matching([.weapon(.fire)]), .init(weapon: .ninjaStar)),
    .removeEach(.matching([.weapon(.smoke), .field(.nameColor, nil)])),
    .removeEach(.namesIfPresent([last, "no such monster"])),
  ]
  let original = roster
  for edit in edits {
    do throws(RosterError) {
      try roster.apply(edit)
    } catch {
      continue
    }
    checkRoundTrip(roster, "after \(edit)", bytes)
    if roster.hasSameMonsters(as: original) != (roster == original) {
      violated("hasSameMonsters(as:) and == disagree after \(edit)", bytes)
    }
  }
}

/// Checks the name rules, folding and escaping on a roster that was read, and on a name and
/// a text made of the input.
private func checkNames(_ roster: Roster, _ bytes: [UInt8]) {
  var folded: Set<String> = []
  for monster in roster {
    if let problem = Monster.problem(withName: monster.name) {
      violated("the name \(monster.name.debugDescription) was read, but \(problem)", bytes)
    }
    let key = monster.foldedName
    if !folded.insert(key).inserted {
      violated("two names fold to \(key.debugDescription)", bytes)
    }
    if Monster.foldedName(key) != key {
      violated("folding \(monster.name.debugDescription) twice changes it", bytes)
    }
    guard let index = roster.index(named: key), roster[index].name == monster.name else {
      violated("\(monster.name.debugDescription) is not found by its folded name", bytes)
    }
  }
  let text = String(decoding: bytes.prefix(64), as: UTF8.self)
  var candidate = roster
  let added = Monster(name: text, description: text, icon: "i.png", weapon: .fire)
  do throws(RosterError) {
    try candidate.add(added)
    if Monster.problem(withName: text) != nil || folded.contains(Monster.foldedName(text)) {
      violated("\(text.debugDescription) was added against the rules", bytes)
    }
    if candidate.monster(named: Monster.foldedName(text).uppercased())?.name != text,
      Monster.foldedName(Monster.foldedName(text).uppercased()) == Monster.foldedName(text)
    {
      violated("\(text.debugDescription) is not found in upper case", bytes)
    }
    checkRoundTrip(candidate, "with \(text.debugDescription) added", bytes)
  } catch {
    switch error {
    case .invalidName:
      if Monster.problem(withName: text) == nil {
        violated("\(text.debugDescription) was refused as invalid: \(error)", bytes)
      }
    case .nameTaken:
      if !folded.contains(Monster.foldedName(text)) {
        violated("\(text.debugDescription) was refused as taken: \(error)", bytes)
      }
    default:
      violated("adding \(text.debugDescription) threw \(error)", bytes)
    }
  }
  for shown in [text, String(decoding: bytes, as: UTF8.self)] {
    let escaped = escapedForTerminal(shown)
    if escaped.unicodeScalars.contains(where: {
      $0.properties.generalCategory == .control || $0.properties.isBidiControl
    }) {
      violated("escaped text holds a control: \(escaped.debugDescription)", bytes)
    }
    if escapedForTerminal(escaped) != escaped {
      violated("escaping \(escaped.debugDescription) again changes it", bytes)
    }
    // At most 400 scalars kept, each at most 8 once escaped (`\u{202E}`), and the count.
    if escapedForMessage(shown).unicodeScalars.count > 400 * 8 + 60 {
      violated("a message quotes too much of \(shown.debugDescription)", bytes)
    }
  }
}

/// Checks the properties above for one input.
private func check(_ bytes: [UInt8]) {
  let accepted: Roster?
  do throws(RosterError) {
    accepted = try fuzzFile.roster(from: bytes)
  } catch {
    switch error {
    case .syntax(_, let line, let column, _):
      checkLocation(line, column, bytes)
      accepted = nil
    case .invalidRoster: accepted = nil
    case .unresolvedConflict(_, let lines):
      for line in lines { checkLocation(line, 1, bytes) }
      accepted = nil
    default: violated("the reader threw an error other than a roster error: \(error)", bytes)
    }
    _ = error.description
  }

  // The parse that `check` uses must agree with `roster(from:)`.
  do throws(RosterError) {
    let (_, problems, frameIsSound) = try fuzzFile.parse(RosterBytes(bytes))
    if problems.isEmpty != (accepted != nil) {
      violated("parse found \(problems.count) problems but roster(from:) disagreed", bytes)
    }
    // A file that reads has a sound top level and declarations, whose schema `schema`
    // prints; one whose frame is broken has problems.
    if problems.isEmpty && !frameIsSound {
      violated("a file with no problems has a broken top level or declaration", bytes)
    }
    for problem in problems {
      checkLocation(problem.line, problem.column, bytes)
      _ = problem.description
    }
  } catch {
    if accepted != nil { violated("parse threw \(error) for bytes that read", bytes) }
  }

  guard let roster = accepted else { return }
  let canonical = roster.canonicalJSON()

  // The bytes read are canonical exactly when they are the canonical form, and the reader
  // calls them canonical only when they are.
  if roster.storage.source.isKnownCanonical && canonical != bytes {
    violated("the reader called bytes canonical that are not the canonical form", bytes)
  }
  let difference = roster.firstDifference(fromCanonical: RosterBytes(bytes))
  if difference != firstMismatch(bytes, canonical) {
    violated(
      "firstDifference(fromCanonical:) gave \(String(describing: difference)), but the "
        + "bytes first differ at \(String(describing: firstMismatch(bytes, canonical)))",
      bytes)
  }

  // The canonical form reads back to the same roster, and writes the same bytes.
  checkRoundTrip(roster, "of the roster read", bytes)
  guard let reread = try? fuzzFile.roster(from: canonical) else { return }
  if reread.firstDifference(fromCanonical: RosterBytes(canonical)) != nil {
    violated("the canonical form is not reported as canonical", bytes)
  }

  // The same monsters, added one by one (no longer as the file's bytes), give the same
  // roster and the same bytes.
  let rebuilt: Roster
  do throws(RosterError) {
    rebuilt = try Roster(roster.monsters, otherFields: roster.otherFields)
  } catch {
    violated("the roster's own monsters cannot be added one by one: \(error)", bytes)
  }
  if rebuilt != roster { violated("the monsters added one by one are another roster", bytes) }
  if rebuilt.canonicalJSON() != canonical {
    violated("the monsters added one by one write other bytes", bytes)
  }
  for index in roster.indices {
    var compact: [UInt8] = []
    roster.appendJSON(ofMonsterAt: index, indent: nil, to: &compact)
    let name = roster[index].name
    guard let other = rebuilt.index(named: name), roster.index(named: name) == index else {
      violated("the monster named \(name.debugDescription) is not found by its name", bytes)
    }
    var rebuiltCompact: [UInt8] = []
    rebuilt.appendJSON(ofMonsterAt: other, indent: nil, to: &rebuiltCompact)
    if compact != rebuiltCompact {
      violated("the compact form of \(name.debugDescription) differs once rebuilt", bytes)
    }
  }

  checkEdits(roster, bytes)
  checkNames(roster, bytes)
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoster(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  check(bytes)
  return 0
}
