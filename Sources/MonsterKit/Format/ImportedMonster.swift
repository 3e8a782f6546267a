/// A monster read by ``MonsterImport``: its name, and the fields the input gave, which the
/// roster reads when it adds the monster (``RosterEdit/addNamed(_:_:ifTaken:)``) or, for a
/// monster that has the name already, changes them.
public struct ImportedMonster: Hashable, Sendable {
  /// The line of the input the monster is on (where its object starts, in JSON),
  /// counting from 1.
  public var line: Int
  /// The monster's name.
  public var name: String
  /// The fields the input gave, besides the name. A new monster gets the defaults of the
  /// others: an empty description, the icon ``Monster/defaultIcon(forName:)`` gives, no
  /// colour.
  public var changes: RosterEdit.Changes

  /// Creates an imported monster.
  ///
  /// - Parameters:
  ///   - line: The line of the input, counting from 1.
  ///   - name: The monster's name.
  ///   - changes: The fields the input gave, besides the name.
  public init(line: Int, name: String, changes: RosterEdit.Changes) {
    self.line = line
    self.name = name
    self.changes = changes
  }

  /// The edit that adds the monster.
  ///
  /// - Parameter ifTaken: What to do when a monster has its name already.
  /// - Returns: The edit.
  public func edit(ifTaken: RosterEdit.IfTaken) -> RosterEdit {
    .addNamed(name, changes, ifTaken: ifTaken)
  }
}
