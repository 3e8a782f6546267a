/// One of the two rosters a merge brings together: ours, whose file takes the result, or
/// theirs.
public enum MergeSide: Hashable, Sendable {
  /// The roster merged into.
  case ours
  /// The roster merged in.
  case theirs
}

/// A change that one side of a merge made and the other contradicts, so that the merge
/// cannot decide: the merged file shows both versions between conflict markers.
public struct MergeConflict: Hashable, Sendable {
  /// Why the two sides cannot both be had.
  public enum Reason: Hashable, Sendable {
    /// Each side gave the field its own value (for the name: each side renamed the
    /// monster). The values are as ``MonsterField/value(in:)`` gives them.
    case field(MonsterField, ours: JSONValue?, theirs: JSONValue?)
    /// Each side added a monster of this name, and the two differ: how theirs differs from
    /// ours, as ``RosterDiff`` says it from ours' monster to theirs'.
    case addedTwice(differences: [RosterDiff.Change])
    /// One side removed the monster, which the other side changed: what that other side
    /// changed, as ``RosterDiff`` says it.
    case removed(by: MergeSide, otherSideChanged: [RosterDiff.Change])
    /// The monster would have the same name as another one, as ``Roster`` compares names:
    /// that other monster's name. Both are marked.
    case sameName(String)
    /// Each side gave the roster's key that `monsters` does not know its own value (`nil`
    /// for none); or each side changed the weapons or the fields it declares (`weapons`,
    /// `fields`) its own way, where the merged file holds both sides whole.
    case rosterField(String, ours: JSONValue?, theirs: JSONValue?)
    /// A side may have renamed the monster, or another one onto its name (a swap of names,
    /// a chain of renames), so the merge cannot tell which monster the other side's
    /// changes belong to: under the monster's name, the side has every other field as
    /// another monster of the common ancestor had it, or the side added a monster with
    /// every other field this one had. The side, and that other monster.
    case uncertainMatch(MergeSide, Lookalike)
    /// The weapons and fields the sides declare, merged, do not fit a merged monster: why.
    /// The merged file holds both sides whole.
    case notAllowed(String)
  }

  /// Another monster that may be the one a merge matched by name (see
  /// ``Reason/uncertainMatch(_:_:)``).
  public enum Lookalike: Hashable, Sendable {
    /// A monster of the common ancestor, by its name there, whose other fields the side's
    /// monster has.
    case ancestor(String)
    /// A monster the side added, by its name, which has every other field the monster had.
    case added(String)
  }

  /// The monster: as the common ancestor names it, else as the side that has it does;
  /// `nil` for a key of the roster itself.
  public var monster: String?
  /// Why the merge cannot decide.
  public var reason: Reason

  /// Creates a conflict.
  ///
  /// - Parameters:
  ///   - monster: The monster's name, or `nil` for a key of the roster itself.
  ///   - reason: Why the merge cannot decide.
  public init(monster: String?, reason: Reason) {
    self.monster = monster
    self.reason = reason
  }
}
