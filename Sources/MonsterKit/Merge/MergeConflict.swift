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
    /// for none).
    case rosterField(String, ours: JSONValue?, theirs: JSONValue?)
    /// Each side declared a weapon or a field its own way (a part of a field changed two
    /// ways, or the declaration changed on one side and removed on the other), or one side
    /// removed it where the other gave it to a monster: each side's declaration as the
    /// file holds it (`nil` where the side declares none). The merged file marks the
    /// declarations alone.
    case declaration(Declaration, ours: JSONValue?, theirs: JSONValue?)
    /// Which monster is which, a side's files do not settle, and the other side changed
    /// some of them: the side, the names the common ancestor gives the monsters in doubt,
    /// and the names the side gives them. A side that renamed a monster and gave its name
    /// to another, or changed every field that tells a monster from another, may have
    /// done one thing or another; giving the other side's changes to the monster one
    /// reading names could give them to another, so the whole group is in conflict, each
    /// side's monsters as it has them.
    case uncertainIdentity(MergeSide, old: [String], new: [String])
    /// The monster, merged, does not fit what the merge declares (a weapon or a field one
    /// side removed or narrowed, and the other gave it): why. The monster is marked with
    /// each side's version, and the declaration too.
    case notAllowed(String)
  }

  /// A weapon or a field a roster declares, or what it makes of keys no field declares.
  public enum Declaration: Hashable, Sendable {
    /// A weapon, by name.
    case weapon(String)
    /// A field, by key.
    case field(String)
    /// What the roster makes of a monster's key that no field declares (`otherKeys`): kept
    /// or refused, as it says, or as its fields imply.
    case otherKeys
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
