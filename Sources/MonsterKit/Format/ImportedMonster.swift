/// A monster read by ``MonsterImport``: the whole monster, to add, and the fields the input
/// gave, to change a monster that has its name already.
public struct ImportedMonster: Hashable, Sendable {
  /// The line of the input the monster is on (where its object starts, in JSON),
  /// counting from 1.
  public var line: Int
  /// The monster, with the defaults of a new monster for the fields the input left out:
  /// an empty description, the icon ``Monster/defaultIcon(forName:)`` gives, no colour.
  public var monster: Monster
  /// The fields the input gave, besides the name: what ``RosterEdit/addOrSet(_:_:)``
  /// changes on a monster that has the name already. A field left out stays as it is.
  public var changes: RosterEdit.Changes

  /// Creates an imported monster.
  ///
  /// - Parameters:
  ///   - line: The line of the input, counting from 1.
  ///   - monster: The monster, to add.
  ///   - changes: The fields the input gave, to change a monster that has the name.
  public init(line: Int, monster: Monster, changes: RosterEdit.Changes) {
    self.line = line
    self.monster = monster
    self.changes = changes
  }
}
