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
package enum MonsterHeldField: CaseIterable, Sendable {
  /// The weapon, by its number in the roster's ``WeaponTable``.
  case weapon
  /// The name colour.
  case nameColor

  /// The built-in field this is.
  package var builtIn: MonsterField.BuiltIn {
    switch self {
    case .weapon: .weapon
    case .nameColor: .nameColor
    }
  }
}
