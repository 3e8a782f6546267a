/// A roster file that a merge left with conflicts between markers, read to keep one side of
/// some conflicts, or of all.
///
/// The file is read as two files: ours, every conflict resolved ours' way, and theirs, each
/// resolved theirs' way, as keeping one side of each pair of markers gives them. Each
/// conflict is a piece of both; the monsters in it are those whose objects it holds and
/// that the two sides have differently (a monster written the same on both sides, kept in
/// the conflict only for its comma, is in none). Keeping one side of some conflicts takes
/// that side's monsters there into both files; the file is then a roster when no conflict
/// is left, and marked again, with the others, when some are.
///
/// ```swift
/// let marked = try MarkedRoster(bytes: bytes, path: "monsters.json")
/// marked.conflicts.map(\.names)  // [["Cat-Bot"], ["Robo-Bot", "ROBO-BOT"]]
/// let roster = try marked.resolving([0, 1], keeping: .ours).roster
/// ```
public struct MarkedRoster: Sendable {
  /// One conflict of the file: a pair of markers.
  public struct Conflict: Sendable, Hashable {
    /// The line of its opening marker, from 1.
    public var line: Int
    /// The names of the monsters in it, ours' then those theirs names otherwise.
    public var names: [String]
    /// Whether it holds keys of the roster's own object that the sides give differently.
    public var holdsRosterKeys: Bool
    /// Whether it holds the weapons or fields the roster declares, which the sides declare
    /// differently.
    public var holdsDeclarations = false
    /// Whether it holds each side's whole file (a side that is not a valid roster, or a
    /// merge that could not be made monster by monster): keeping one side of it keeps that
    /// side whole.
    public var holdsWholeFiles = false
  }

  /// The file's conflicts, in order.
  public let conflicts: [Conflict]

  /// Whether the conflicts can be resolved one by one: both sides are valid rosters, and
  /// they hold the same monsters outside the markers. When one is not a roster, or a
  /// conflict cuts through a monster's object (git's own line merge writes such), only
  /// every conflict at once can be resolved, keeping one side.
  public var isMonsterByMonster: Bool {
    guard case .success(let ours) = sides[.ours]?.roster,
      case .success(let theirs) = sides[.theirs]?.roster
    else { return false }
    return pieces.allSatisfy { piece in
      guard case .shared = piece, let (a, b) = monsters(of: piece) else { return true }
      return a.map { ours[ours.index(atOffset: $0)] }
        == b.map { theirs[theirs.index(atOffset: $0)] }
    }
  }

  /// The file's path, for messages.
  let path: String
  /// The markers of the file's first conflict, to mark the conflicts left again as they
  /// were marked.
  private let markers: ConflictMarkers
  /// Ours and theirs, with the pieces of the file they are made of.
  private let sides: [MergeSide: Side]
  /// The file's pieces, in order: those both sides share, and the conflicts.
  private let pieces: [Piece]

  /// A piece of the file: shared by both sides, or a conflict, by its index.
  enum Piece {
    case shared(ours: Range<Int>, theirs: Range<Int>)
    case conflict(Int, ours: Range<Int>, theirs: Range<Int>)
  }

  /// One side: its text, and its roster, or why it is none.
  private struct Side: Sendable {
    var text: [UInt8]
    var roster: Result<Roster, RosterError>
  }

  /// What resolving some conflicts gives.
  public enum Resolution: Sendable {
    /// A roster: no conflict is left.
    case roster(Roster)
    /// The file with the conflicts left between markers again, and how many there are.
    case marked([UInt8], remaining: Int)

    /// The roster, when no conflict is left.
    public var roster: Roster? {
      guard case .roster(let roster) = self else { return nil }
      return roster
    }
  }

  /// Why conflicts could not be resolved as asked.
  public enum ResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The side to keep is not a valid roster, as the reader says of it (its lines are
    /// those of that side alone).
    case sideNotARoster(MergeSide, RosterError)
    /// Some conflicts were asked for by their monsters, but a side is not a valid roster,
    /// or a conflict cuts through a monster's object (git's own line merge writes such):
    /// only all of them can be resolved, to one side. The file's path and the line.
    case notMonsterByMonster(path: String, line: Int)
    /// Keeping the side asked would give two monsters the same name: the two names.
    case sameName(String, String)
    /// Keeping the side asked of some conflicts and not of others would leave a monster that
    /// does not fit what the roster declares, as the reader says it.
    case wouldNotFit(RosterError)
    /// A monster was named, but the conflict that holds it holds each side's whole file:
    /// keeping one side of it would discard all of the other; the file's path, the line,
    /// and the side that would be discarded, with the names of its monsters.
    case wholeFile(path: String, line: Int, discarding: MergeSide, monsters: [String])
    /// No conflict holds a monster of these names: the names asked for, and the names of
    /// the monsters in conflict.
    case noConflict(named: [String], among: [String])
    /// The declarations were asked for, but no conflict holds them.
    case noDeclarationConflict
    /// The file could not be read, locked or written.
    case file(RosterError)

    /// The message a user reads.
    public var description: String {
      switch self {
      case .sideNotARoster(let side, let error):
        "\(side == .ours ? "Ours" : "Theirs") is not a valid roster, kept whole: \(error)"
      case .notMonsterByMonster(let path, let line):
        "\(escapedForMessage(path)):\(line): these conflicts cannot be resolved a monster at "
          + "a time (a side is not a valid roster, or a conflict cuts through a monster); keep "
          + "one side of every conflict, or merge again monster by monster"
      case .sameName(let first, let second):
        "That would leave two monsters of one name on a side, '\(escapedForMessage(first))' "
          + "and '\(escapedForMessage(second))': resolve both their conflicts at once, or keep "
          + "the other side of one"
      case .wouldNotFit(let error):
        "That would leave the roster's monsters and what it declares at odds: \(error) Resolve "
          + "the monster's conflict and the declarations' (--declarations) to one side together."
      case .wholeFile(let path, let line, let side, let monsters):
        "\(escapedForMessage(path)):\(line): this conflict holds each side's whole file, so "
          + "keeping one side for a monster would discard all of \(side == .ours ? "ours" : "theirs")"
          + (monsters.isEmpty
            ? ""
            : " ("
              + monsters.prefix(5).map { "'\(escapedForMessage($0))'" }.joined(separator: ", ")
              + (monsters.count > 5 ? " and \(monsters.count - 5) more" : "") + ")")
          + "; keep a whole side with no monster named, or merge again monster by monster"
      case .noConflict(let names, let among):
        "No conflict holds a monster named "
          + names.map { "'\(escapedForMessage($0))'" }.joined(separator: ", ")
          + (among.isEmpty
            ? "."
            : "; the monsters in conflict are "
              + among.map { "'\(escapedForMessage($0))'" }.joined(separator: ", ") + ".")
      case .noDeclarationConflict:
        "No conflict holds the weapons or fields the roster declares: the sides declare the same."
      case .file(let error): error.description
      }
    }
  }

  /// Reads a file's conflicts.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: The file's path, for messages.
  /// - Returns: `nil` when the file has no conflict markers.
  /// - Throws: ``RosterError/unresolvedConflict(path:lines:)`` for markers that are no
  ///   whole conflict (an opening without its closing, a closing alone): they are to be
  ///   fixed by hand.
  public init?(bytes: [UInt8], path: String) throws(RosterError) {
    let split = try Self.split(bytes, path: path)
    guard !split.conflictLines.isEmpty else { return nil }
    self.path = path
    markers = split.markers
    pieces = split.pieces
    var sides: [MergeSide: Side] = [:]
    for (side, text) in [(MergeSide.ours, split.ours), (.theirs, split.theirs)] {
      let roster = Result { () throws(RosterError) in
        try RosterFile(path: "\(path) (\(side))").roster(from: text)
      }
      sides[side] = Side(text: text, roster: roster)
    }
    self.sides = sides
    conflicts = Self.conflicts(pieces, split.conflictLines, sides)
  }

  // MARK: - The monsters of each piece

  /// The offsets of a side's monsters whose objects start in a range of its text: found by
  /// their names, which stand at the start of their objects.
  private static func monsters(in range: Range<Int>, of roster: Roster) -> [Int] {
    let records = roster.storage.source.records
    // The records stand in file order: the first at or past a position, by halving.
    func first(from position: Int) -> Int {
      var (low, high) = (0, records.count)
      while low < high {
        let middle = (low + high) / 2
        if Int(records[middle].name.start) < position { low = middle + 1 } else { high = middle }
      }
      return low
    }
    return Array(first(from: range.lowerBound)..<first(from: range.upperBound))
  }

  /// The monsters of a piece on each side, by offset; `nil` when a side is no roster.
  private func monsters(of piece: Piece) -> (ours: [Int], theirs: [Int])? {
    guard case .success(let ours) = sides[.ours]?.roster,
      case .success(let theirs) = sides[.theirs]?.roster
    else { return nil }
    switch piece {
    case .shared(let mine, let other), .conflict(_, let mine, let other):
      return (Self.monsters(in: mine, of: ours), Self.monsters(in: other, of: theirs))
    }
  }

  private static func conflicts(
    _ pieces: [Piece], _ lines: [Int], _ sides: [MergeSide: Side]
  ) -> [Conflict] {
    var conflicts = lines.map { Conflict(line: $0, names: [], holdsRosterKeys: false) }
    for piece in pieces {
      guard case .conflict(let index, let mine, let other) = piece else { continue }
      conflicts[index].holdsWholeFiles = mine.lowerBound == 0 && other.lowerBound == 0
    }
    guard case .success(let ours) = sides[.ours]?.roster,
      case .success(let theirs) = sides[.theirs]?.roster
    else { return conflicts }
    for piece in pieces {
      guard case .conflict(let index, let mine, let other) = piece else { continue }
      let (a, b) = (monsters(in: mine, of: ours), monsters(in: other, of: theirs))
      let (oursMonsters, theirsMonsters) = (
        a.map { ours[ours.index(atOffset: $0)] }, b.map { theirs[theirs.index(atOffset: $0)] }
      )
      var names: [String] = []
      for monster in oursMonsters + theirsMonsters
      where !(oursMonsters.contains(monster) && theirsMonsters.contains(monster))
        && !names.contains(where: { Monster.foldedName($0) == Monster.foldedName(monster.name) })
      {
        names.append(monster.name)
      }
      conflicts[index].names = names
      let text = (sides[.ours]?.text ?? [], sides[.theirs]?.text ?? [])
      conflicts[index].holdsDeclarations =
        !conflicts[index].holdsWholeFiles
        && (declares(text.0[mine]) || declares(text.1[other]))
      // A conflict of no monster, where the sides' own keys differ, is of those keys.
      conflicts[index].holdsRosterKeys =
        names.isEmpty && !conflicts[index].holdsDeclarations
        && ours.otherFields != theirs.otherFields
    }
    return conflicts
  }

  /// Whether a piece of a side's text holds a declaration: a line that opens the roster's
  /// `weapons` or `fields`, as the canonical form writes them.
  private static func declares(_ piece: ArraySlice<UInt8>) -> Bool {
    let lines = piece.split(separator: UInt8(ascii: "\n"))
    return lines.contains { line in
      RosterDeclarations.Key.allCases.contains { key in
        line.starts(with: Array("  \"\(key.rawValue)\": ".utf8))
      }
    }
  }

  // MARK: - Resolving

  /// Keeps one side of some conflicts.
  ///
  /// - Parameters:
  ///   - chosen: The conflicts to resolve, by index in ``conflicts``; `nil` for all.
  ///   - side: The side to keep.
  /// - Returns: The roster, when no conflict is left; otherwise the file marked again.
  /// - Throws: ``ResolutionError``.
  public func resolving(_ chosen: Set<Int>?, keeping side: MergeSide) throws(ResolutionError)
    -> Resolution
  {
    if let chosen, let whole = chosen.first(where: { conflicts[$0].holdsWholeFiles }) {
      // Asked for by a monster, a conflict of whole files would keep a side whole.
      let discarded: MergeSide = side == .ours ? .theirs : .ours
      let names = (try? sides[discarded]?.roster.get()).map { $0.map(\.name) } ?? []
      throw .wholeFile(
        path: path, line: conflicts[whole].line, discarding: discarded, monsters: names)
    }
    let every = chosen.map { $0.isSuperset(of: conflicts.indices) } ?? true
    if every {
      guard let kept = sides[side] else { preconditionFailure("a side is missing") }
      switch kept.roster {
      case .success(let roster): return .roster(roster)
      case .failure(let error): throw .sideNotARoster(side, error)
      }
    }
    guard case .success(let ours) = sides[.ours]?.roster,
      case .success(let theirs) = sides[.theirs]?.roster
    else {
      throw .notMonsterByMonster(path: path, line: conflicts.first?.line ?? 1)
    }
    let picked = chosen ?? []
    let monsters = try monsterVersions(resolving: picked, keeping: side, ours: ours, theirs: theirs)
    let versions = try rosterVersions(
      of: monsters, resolving: picked, keeping: side, ours: ours, theirs: theirs)
    if versions.ours == versions.theirs { return .roster(versions.ours) }
    let writer = MarkedRosterWriter(
      ours: versions.ours, theirs: versions.theirs, entries: monsters.entries, markers: markers)
    var bytes: [UInt8] = []
    writer.write(chunkSize: 1 << 16) { bytes.append(contentsOf: $0) }
    let remaining = bytes.withUnsafeBytes(ConflictMarkers.unresolvedLines(in:)).count
    return .marked(bytes, remaining: remaining)
  }

  /// The monsters of the two versions once some conflicts are resolved, piece by piece:
  /// those the sides share, the kept side's of a conflict resolved, and each side's of a
  /// conflict left (unless the sides have them alike), with where each stands in the
  /// versions and the conflict it is left in.
  ///
  /// - Parameters:
  ///   - picked: The conflicts resolved, by index in ``conflicts``.
  ///   - side: The side kept.
  ///   - ours: Ours, a roster.
  ///   - theirs: Theirs, a roster.
  /// - Throws: ``ResolutionError/notMonsterByMonster(path:line:)`` where the sides differ
  ///   outside their markers.
  private func monsterVersions(
    resolving picked: Set<Int>, keeping side: MergeSide, ours: Roster, theirs: Roster
  ) throws(ResolutionError) -> (ours: [Monster], theirs: [Monster], entries: [MarkedEntry]) {
    var mine: [Monster] = []
    var other: [Monster] = []
    var entries: [MarkedEntry] = []
    func append(_ monsters: [Monster], to version: MergeSide?, conflict: Int? = nil) {
      for monster in monsters {
        let oursOffset = version == .theirs ? nil : mine.count
        let theirsOffset = version == .ours ? nil : other.count
        if version != .theirs { mine.append(monster) }
        if version != .ours { other.append(monster) }
        entries.append(MarkedEntry(ours: oursOffset, theirs: theirsOffset, conflict: conflict))
      }
    }
    for piece in pieces {
      guard let (a, b) = monsters(of: piece) else { continue }
      let oursMonsters = a.map { ours[ours.index(atOffset: $0)] }
      let theirsMonsters = b.map { theirs[theirs.index(atOffset: $0)] }
      switch piece {
      case .shared(_, _):
        guard oursMonsters == theirsMonsters else {
          // The sides differ outside their markers: a conflict cut through a monster.
          throw .notMonsterByMonster(path: path, line: conflicts.first?.line ?? 1)
        }
        append(oursMonsters, to: nil)
      case .conflict(let index, _, _):
        if picked.contains(index) {
          append(side == .ours ? oursMonsters : theirsMonsters, to: nil)
        } else if oursMonsters == theirsMonsters {
          append(oursMonsters, to: nil)
        } else {
          append(oursMonsters, to: .ours, conflict: index)
          append(theirsMonsters, to: .theirs, conflict: index)
        }
      }
    }
    return (mine, other, entries)
  }

  /// The two versions as rosters: each version's monsters, with the roster's own keys and
  /// declarations of the side kept where a resolved conflict holds them, and of its own
  /// side elsewhere.
  ///
  /// - Parameters:
  ///   - monsters: Each version's monsters.
  ///   - picked: The conflicts resolved, by index in ``conflicts``.
  ///   - side: The side kept.
  ///   - ours: Ours, a roster.
  ///   - theirs: Theirs, a roster.
  /// - Throws: ``ResolutionError/sameName(_:_:)`` for two monsters of one name in a
  ///   version, ``ResolutionError/wouldNotFit(_:)`` for a monster that does not fit what
  ///   its version declares, and ``ResolutionError/notMonsterByMonster(path:line:)`` for
  ///   any other reason a version is no roster.
  private func rosterVersions(
    of monsters: (ours: [Monster], theirs: [Monster], entries: [MarkedEntry]),
    resolving picked: Set<Int>, keeping side: MergeSide, ours: Roster, theirs: Roster
  ) throws(ResolutionError) -> (ours: Roster, theirs: Roster) {
    let keysResolved = conflicts.indices.contains {
      picked.contains($0) && conflicts[$0].holdsRosterKeys
    }
    let keys = (
      ours: keysResolved && side == .theirs ? theirs.otherFields : ours.otherFields,
      theirs: keysResolved && side == .ours ? ours.otherFields : theirs.otherFields
    )
    let declarationsResolved = conflicts.indices.contains {
      picked.contains($0) && conflicts[$0].holdsDeclarations
    }
    let declared = (
      ours: declarationsResolved && side == .theirs ? theirs.declarations : ours.declarations,
      theirs: declarationsResolved && side == .ours ? ours.declarations : theirs.declarations
    )
    do throws(RosterError) {
      return (
        try Roster(
          monsters.ours, weapons: declared.ours.weapons, fields: declared.ours.fields,
          otherKeys: declared.ours.otherKeys, otherFields: keys.ours),
        try Roster(
          monsters.theirs, weapons: declared.theirs.weapons, fields: declared.theirs.fields,
          otherKeys: declared.theirs.otherKeys, otherFields: keys.theirs)
      )
    } catch {
      switch error {
      case .nameTaken(let name, let holder): throw .sameName(holder, name)
      case .invalidValue, .unknownWeapon, .missingValue, .unknownField, .undeclaredKey:
        throw .wouldNotFit(error)
      default: throw .notMonsterByMonster(path: path, line: conflicts.first?.line ?? 1)
      }
    }
  }
}
