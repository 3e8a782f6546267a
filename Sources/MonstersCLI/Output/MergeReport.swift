import MonsterKit

/// How `merge` tells what it could not merge: one line a conflict, on standard error.
enum MergeReport {
  /// A conflict in the roster's words, such as `Cat-Bot: weapon fire in ours, smoke in
  /// theirs`.
  static func line(for conflict: MergeConflict) -> String {
    let name = conflict.monster.map(DiffReport.shown) ?? ""
    switch conflict.reason {
    case .field(.name, let ours, let theirs):
      return "\(name): renamed to \(DiffReport.value(ours, of: .name)) in ours and to "
        + "\(DiffReport.value(theirs, of: .name)) in theirs"
    case .field(let field, let ours, let theirs):
      return "\(name): \(DiffReport.fieldName(field)) \(DiffReport.value(ours, of: field)) in "
        + "ours, \(DiffReport.value(theirs, of: field)) in theirs"
    case .addedTwice:
      return "\(name): added in ours and in theirs, differently"
    case .removed(let side):
      return side == .ours
        ? "\(name): removed in ours, changed in theirs"
        : "\(name): changed in ours, removed in theirs"
    case .sameName(let other):
      return "'\(name)' and '\(DiffReport.shown(other))' would be the same name"
    case .rosterField(let key, let ours, let theirs):
      return "roster key '\(DiffReport.shown(key))': \(DiffReport.json(ours)) in ours, "
        + "\(DiffReport.json(theirs)) in theirs"
    }
  }
}
