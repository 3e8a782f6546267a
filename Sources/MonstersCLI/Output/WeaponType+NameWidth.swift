import MonsterKit

extension WeaponType {
  /// The width of the longest weapon name: the width of a table's weapon column, whichever
  /// weapons the table holds.
  static var longestNameWidth: Int {
    allCases.map { $0.rawValue.count }.max() ?? 0
  }
}
