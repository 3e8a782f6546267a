/// One field of a monster that an edit changed: its value before and after, as the file
/// holds them (`nil` for none).
///
/// ```swift
/// FieldChange(.weapon, from: .string("sword"), to: .string("fire"))
/// ```
public struct FieldChange: Hashable, Sendable {
  /// The field.
  public var field: MonsterField
  /// The value before, or `nil` when the monster had none.
  public var old: JSONValue?
  /// The value after, or `nil` when the monster has none.
  public var new: JSONValue?

  /// Creates the change of a field.
  ///
  /// - Parameters:
  ///   - field: The field.
  ///   - old: The value before, or `nil` for none.
  ///   - new: The value after, or `nil` for none.
  public init(_ field: MonsterField, from old: JSONValue?, to new: JSONValue?) {
    self.field = field
    self.old = old
    self.new = new
  }
}
