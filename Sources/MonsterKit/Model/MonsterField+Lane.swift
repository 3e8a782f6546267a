// The lanes of the built-in fields: where each one's value lives while a roster is read
// from its file, as the table (`MonsterField.BuiltIn.lane`) says.

extension MonsterField {
  /// Where a built-in field's value lives while a roster is read from its file.
  enum Lane: Hashable, Sendable {
    /// A string whose bytes a record of the file locates (``MonsterTextField``): read,
    /// compared and copied as the file's bytes, built into a `String` only when asked for.
    case text(MonsterTextField)
    /// A value the record holds itself (``MonsterHeldField``), such as the weapon's number
    /// in the roster's table: an edit of it changes the record, not the file's bytes.
    case held(MonsterHeldField)
  }
}

/// The fields of a monster in the text lane (``MonsterField/Lane/text(_:)``): strings whose
/// bytes a record of the file locates.
package enum MonsterTextField: Int, CaseIterable, Sendable {
  /// The name.
  case name
  /// The description.
  case description
  /// The icon's file name.
  case icon

  /// The built-in field this is.
  package var builtIn: MonsterField.BuiltIn {
    switch self {
    case .name: .name
    case .description: .description
    case .icon: .icon
    }
  }
}

/// The fields of a monster in the held lane (``MonsterField/Lane/held(_:)``): values a
/// record of the file holds itself (``MonsterRecord/withHeldValue(_:weapons:_:)``).
enum MonsterHeldField: CaseIterable, Sendable {
  /// The weapon, by its number in the roster's ``WeaponTable``.
  case weapon
  /// The name colour.
  case nameColor

  /// The built-in field this is.
  var builtIn: MonsterField.BuiltIn {
    switch self {
    case .weapon: .weapon
    case .nameColor: .nameColor
    }
  }
}
