/// What a value on the command line is: it decides how the value is read, and what shell
/// completion offers for it.
enum ValueKind: Equatable, Sendable {
  /// A monster's name on the roster in use.
  case monster
  /// One of the roster's weapons.
  case weapon
  /// A name colour.
  case color
  /// A name colour, or `none` to remove it.
  case colorOrNone
  /// One of a fixed list of words.
  case choice([String])
  /// The name of one of `monsters`'s subcommands.
  case subcommand
  /// A file's path.
  case path
  /// A number of seconds.
  case seconds
  /// Any text.
  case text
  /// A condition on a monster's field, `FIELD=VALUE`.
  case condition
  /// A declared field and its new value, `NAME=VALUE`.
  case assignment
  /// One of a monster's fields.
  case field
  /// One of the fields the roster declares.
  case declaredField
  /// Monster fields, separated by commas.
  case fieldList
}

extension ValueKind {
  /// The word that, where a value is ``colorOrNone``, removes the colour.
  static let noColorWord = "none"
}
