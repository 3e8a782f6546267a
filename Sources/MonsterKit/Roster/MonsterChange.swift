/// What an edit changed in one monster: its name, and each field that changed, before and
/// after.
///
/// A change is described without building the monster, so that an edit of a million
/// monsters read from a file says what it did at little cost.
public struct MonsterChange: Hashable, Sendable {
  /// The monster's name before the edit.
  public var name: String
  /// The new name, when the name changed.
  public var newName: String?
  /// Each other field that changed, with its values before and after: the built-in fields
  /// in their order, then the others in the monster's order.
  public var fields: [FieldChange]

  /// Creates the change of a monster with nothing changed yet.
  ///
  /// - Parameter name: The monster's name before the edit.
  public init(name: String) {
    self.name = name
    self.fields = []
  }

  /// The change from one version of a monster to another.
  ///
  /// - Parameters:
  ///   - old: The monster before.
  ///   - new: The monster after.
  public init(from old: Monster, to new: Monster) {
    self.init(from: old, to: new, declared: [])
  }

  /// The change from one version of a monster to another, its keys beyond the built-in
  /// ones described by the fields a roster declares.
  init(from old: Monster, to new: Monster, declared: [MonsterField]) {
    self.init(name: old.name)
    if !new.name.hasSameCodePoints(as: old.name) { newName = new.name }
    for field in MonsterField.builtIn.dropFirst() {
      let (before, after) = (field.value(in: old), field.value(in: new))
      if before != after { fields.append(FieldChange(field, from: before, to: after)) }
    }
    let (before, after) = (old.otherFields.valuesByKey, new.otherFields.valuesByKey)
    for key in JSONMember.keys(of: [old.otherFields, new.otherFields]) {
      let (from, to) = (before[CodePointKey(key)], after[CodePointKey(key)])
      guard from != to else { continue }
      let field = declared.first { $0.key.hasSameCodePoints(as: key) } ?? .other(key)
      fields.append(FieldChange(field, from: from, to: to))
    }
  }

  /// The change of one field, if it changed.
  ///
  /// - Parameter field: The field.
  /// - Returns: Its values before and after, or `nil`.
  public func change(of field: MonsterField) -> FieldChange? {
    fields.first { $0.field.key.hasSameCodePoints(as: field.key) }
  }

  /// Whether nothing changed.
  public var isEmpty: Bool {
    newName == nil && fields.isEmpty
  }
}
