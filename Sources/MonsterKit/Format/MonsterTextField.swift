/// The text fields of a monster, as a record of the file locates them.
package enum MonsterTextField: Int, CaseIterable, Sendable {
  /// The name.
  case name
  /// The description.
  case description
  /// The icon's file name.
  case icon
}
