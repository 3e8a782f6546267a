/// Changes to a declared field's declaration: values added or removed, its range, whether it
/// is required, and its default. What is not given stays as it is.
///
/// The changes are read against the declaration as the roster has it when the edit is made
/// (under the file's lock), so that an edit that adds `green` to a field's values keeps a
/// value another edit added meanwhile:
///
/// ```swift
/// var widen = FieldRedeclaration()
/// widen.maximum = .set(200)
/// try roster.apply(.changeField("level", widen))
///
/// var green = FieldRedeclaration()
/// green.addedValues = ["green"]
/// try roster.apply(.changeField("team", green))
/// ```
///
/// An edit that would leave a monster with a value the field no longer takes (a value
/// removed, a range narrowed) is refused, naming the monsters
/// (``RosterError/valueInUse(field:takes:monsters:count:)``); a field made required is given
/// its default by every monster without it.
public struct FieldRedeclaration: Hashable, Sendable {
  /// Values to add, after the field's others; a value it lists already is left alone.
  public var addedValues: [String] = []
  /// Values to remove, each typed as a value of the field is (in any case, where only one
  /// matches).
  public var removedValues: [String] = []
  /// The least number an integer field takes.
  public var minimum: BoundChange = .keep
  /// The greatest number an integer field takes.
  public var maximum: BoundChange = .keep
  /// Whether every monster has the field.
  public var requirement: Requirement = .keep
  /// The value a monster without the required field is given.
  public var defaultValue: DefaultChange = .keep

  /// What happens to a part of the declaration that a field may be without: a bound of an
  /// integer field, a required field's default.
  public enum Change<Value: Hashable & Sendable>: Hashable, Sendable {
    /// It stays as it is.
    case keep
    /// It becomes this value.
    case set(Value)
    /// The field is left without it.
    case remove

    /// The part after the change, of one that was `value` (`nil` for none).
    func applied(to value: Value?) -> Value? {
      switch self {
      case .keep: value
      case .set(let new): new
      case .remove: nil
      }
    }
  }

  /// What happens to a bound of an integer field: it becomes a number, or the field has no
  /// such bound any more.
  public typealias BoundChange = Change<Int>

  /// What happens to a required field's default: it becomes a value, read by the field as a
  /// value of it is, or the field has no default.
  public typealias DefaultChange = Change<FieldInput>

  /// What happens to whether a field is required.
  public enum Requirement: Hashable, Sendable {
    /// It stays as it is.
    case keep
    /// Every monster has the field: those without it are given its default.
    case required
    /// A monster may be without the field; a required field's default goes with it.
    case optional
  }

  /// Creates changes that change nothing, to be filled in.
  public init() {}

  /// Whether the changes change nothing.
  public var isEmpty: Bool {
    self == FieldRedeclaration()
  }
}
