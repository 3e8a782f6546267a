/// What a roster makes of a monster's key that no field declares, such as a misspelt
/// `levl` beside a declared `level`.
///
/// A roster that declares no field keeps every such key, as it always has: a key of the
/// monster's own, read and written as it is. Once a roster declares a field, it refuses
/// them: `check` names each with the field meant, and an edit or an import that would add
/// one fails. A roster that wants keys of their own beside its declared fields says so in
/// its declarations, `"otherKeys": "keep"`:
///
/// ```json
/// {
///   "version": 1,
///   "fields": [{ "name": "level", "type": "integer" }],
///   "otherKeys": "keep",
///   "monsters": []
/// }
/// ```
public enum OtherKeys: String, CaseIterable, Hashable, Sendable {
  /// Keys no field declares are kept, as keys of the monsters' own.
  case keep
  /// Keys no field declares are problems: the roster holds its declared fields only.
  case refuse

  /// What a roster that does not say makes of them: it refuses them once it declares a
  /// field, and keeps them otherwise.
  ///
  /// - Parameter declaresFields: Whether the roster declares a field.
  static func implied(declaresFields: Bool) -> OtherKeys {
    declaresFields ? .refuse : .keep
  }
}
