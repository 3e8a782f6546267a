import MonsterKit

/// How `merge` tells what it could not merge: one line a conflict, on standard error.
enum MergeReport {
  /// A conflict in the roster's words, such as `Cat-Bot: weapon fire in ours, smoke in
  /// theirs`.
  static func line(for conflict: MergeConflict) -> String {
    let name = conflict.monster.map(quoted) ?? ""
    switch conflict.reason {
    case .field(.name, let ours, let theirs):
      return "\(name): renamed to \(value(ours, of: .name)) in ours and to "
        + "\(value(theirs, of: .name)) in theirs"
    case .field(let field, let ours, let theirs):
      return "\(name): \(DiffReport.fieldName(field)) \(value(ours, of: field)) in ours, "
        + "\(value(theirs, of: field)) in theirs"
    case .addedTwice:
      return "\(name): added in ours and in theirs, differently"
    case .removed(let side):
      return side == .ours
        ? "\(name): removed in ours, changed in theirs"
        : "\(name): changed in ours, removed in theirs"
    case .sameName(let other):
      return "'\(name)' and '\(quoted(other))' would be the same name"
    case .notAllowed(let why):
      return "the merged weapons and fields do not fit the monsters: \(why)"
    case .rosterField(let key, let ours, let theirs):
      return "roster key '\(quoted(key))': \(quoted(DiffReport.json(ours))) in ours, "
        + "\(quoted(DiffReport.json(theirs))) in theirs"
    }
  }

  /// Text from a roster in a message: escaped as ``DiffReport/shown(_:)`` escapes it, and cut
  /// short after 200 characters.
  static func quoted(_ text: String) -> String {
    DiffReport.escapingFormatCharacters(escapedForMessage(text))
  }

  /// A field's value as ``DiffReport/value(_:of:)`` shows it, cut short for a message.
  private static func value(_ value: JSONValue?, of field: MonsterField) -> String {
    guard field.kind != .any, case .string(let text)? = value else {
      return quoted(DiffReport.json(value))
    }
    return field.kind == .text && !field.isFileName ? "'\(quoted(text))'" : quoted(text)
  }
}
