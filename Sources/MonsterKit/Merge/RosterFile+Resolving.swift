import MonstersSystem

// Keeping one side of a merge's conflicts in a roster file, through the edit path: under
// the roster's lock, from the file as read to its replacement.

/// What keeping one side of a roster file's conflicts did
/// (``RosterFile/resolveConflicts(named:declarations:keeping:)``).
public struct ConflictResolution: Sendable {
  /// The conflicts resolved, as the file had them; none when it had none.
  public var resolved: [MarkedRoster.Conflict]
  /// How many conflicts the file holds now: 0 once it is a roster again.
  public var remaining: Int
}

extension RosterFile {
  /// Keeps one side of the file's conflicts, those of some monsters or all, and writes the
  /// file: a roster in canonical form when no conflict is left, else the file with the
  /// others between markers again. A file with no conflict is left as it is.
  ///
  /// - Parameters:
  ///   - names: The monsters whose conflicts to resolve, as ``Roster`` compares names (each
  ///     conflict with a monster of one of these names, on either side).
  ///   - declarations: Whether to resolve the conflict of what the roster declares, where
  ///     the sides declare weapons or fields differently. With no names and no
  ///     declarations, every conflict is resolved.
  ///   - side: The side to keep.
  /// - Returns: What was resolved, and what is left.
  /// - Throws: ``MarkedRoster/ResolutionError``; nothing is written then.
  public func resolveConflicts(
    named names: [String], declarations: Bool = false, keeping side: MergeSide
  ) throws(MarkedRoster.ResolutionError) -> ConflictResolution {
    let outcome: Result<ConflictResolution, MarkedRoster.ResolutionError>
    do throws(RosterError) {
      outcome = try editing(action: .write) { (site, existing) throws(RosterError) in
        guard let existing else { throw .missingFile(path: path) }
        let planned = Result { () throws(MarkedRoster.ResolutionError) in
          try Self.plan(
            existing.bytes.array, path: path, names: names, declarations: declarations,
            keeping: side)
        }
        guard case .success(let (report, resolution)) = planned else {
          return .done(planned.map(\.0))
        }
        let saved: Bool
        switch resolution {
        case nil:
          return .done(.success(report))
        case .roster(let roster)?:
          saved = try save(roster, in: site, replacing: existing) { () throws(RosterError) in
            try checkUnchanged(existing)
          }
        case .marked(let bytes, _)?:
          saved = try save(
            in: site, replacing: existing,
            checkingFirst: { () throws(RosterError) in try checkUnchanged(existing) },
            writing: { (sink) throws(SystemCallError) in try bytes.withUnsafeBytes(typed: sink) })
        }
        return saved ? .done(.success(report)) : .startOver
      }
    } catch {
      throw .file(error)
    }
    return try outcome.get()
  }

  /// What resolving a file's conflicts gives: the report, and what to write (`nil` for
  /// nothing: the file has no conflict).
  private static func plan(
    _ bytes: [UInt8], path: String, names: [String], declarations: Bool, keeping side: MergeSide
  ) throws(MarkedRoster.ResolutionError) -> (ConflictResolution, MarkedRoster.Resolution?) {
    guard let marked = try Self.marked(bytes, path: path) else {
      if !names.isEmpty { throw .noConflict(named: names, among: []) }
      return (ConflictResolution(resolved: [], remaining: 0), nil)
    }
    var chosen = try conflicts(of: marked, named: names)
    if declarations {
      let held = marked.conflicts.indices.filter { marked.conflicts[$0].holdsDeclarations }
      guard !held.isEmpty else { throw .noDeclarationConflict }
      chosen = (chosen ?? []).union(held)
    }
    let resolution = try marked.resolving(chosen, keeping: side)
    let resolved = chosen.map { $0.sorted().map { marked.conflicts[$0] } } ?? marked.conflicts
    let remaining: Int
    switch resolution {
    case .roster: remaining = 0
    case .marked(_, let count): remaining = count
    }
    return (ConflictResolution(resolved: resolved, remaining: remaining), resolution)
  }

  /// The file's conflicts, or `nil` when it has none.
  private static func marked(_ bytes: [UInt8], path: String)
    throws(MarkedRoster.ResolutionError) -> MarkedRoster?
  {
    do throws(RosterError) {
      return try MarkedRoster(bytes: bytes, path: path)
    } catch {
      throw .file(error)
    }
  }

  /// The conflicts of the monsters named, by index; `nil` for all when none is named.
  private static func conflicts(of marked: MarkedRoster, named names: [String])
    throws(MarkedRoster.ResolutionError) -> Set<Int>?
  {
    guard !names.isEmpty else { return nil }
    guard marked.isMonsterByMonster else {
      throw .notMonsterByMonster(path: marked.path, line: marked.conflicts.first?.line ?? 1)
    }
    let folded = names.map(Monster.foldedName)
    var chosen: Set<Int> = []
    var missing: [String] = []
    for (name, key) in zip(names, folded) {
      let holding = marked.conflicts.indices.filter { index in
        marked.conflicts[index].names.contains { Monster.foldedName($0) == key }
      }
      if holding.isEmpty { missing.append(name) }
      chosen.formUnion(holding)
    }
    guard missing.isEmpty else {
      throw .noConflict(named: missing, among: marked.conflicts.flatMap(\.names))
    }
    return chosen
  }
}
