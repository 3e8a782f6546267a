import MonsterKit
import MonstersSystem

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
      return "\(name): \(DiffReport.fieldName(field)) " + inOursAndTheirs(ours, theirs, of: field)
    case .addedTwice(let differences):
      return "\(name): added in ours and in theirs, differently"
        + list(differences.map { difference in sides(of: difference) })
    case .removed(let side, let changes):
      let changed = list(changes.map(change))
      return side == .ours
        ? "\(name): removed in ours, changed in theirs" + changed
        : "\(name): changed in ours" + changed + ", removed in theirs"
    case .sameName(let other):
      return "'\(name)' and '\(quoted(other))' would be the same name"
    case .uncertainIdentity(let side, let old, let new):
      return "which monster is which is not certain: in \(side == .ours ? "ours" : "theirs") "
        + names(old) + " became " + names(new)
        + ", which can be read more than one way, and the other side changed them; the "
        + "group is marked whole"
    case .notAllowed(let why):
      return "\(why), once the weapons and fields are merged: the monster and the declaration "
        + "are marked"
    case .declaration(let declaration, let ours, let theirs):
      return "\(DeclarationChangeText.name(of: declaration)): "
        + "\(DeclarationChangeText.entry(ours, of: declaration)) in ours, "
        + "\(DeclarationChangeText.entry(theirs, of: declaration)) in theirs"
    case .rosterField(let key, let ours, let theirs):
      return "roster key '\(quoted(key))': \(quoted(DiffReport.json(ours))) in ours, "
        + "\(quoted(DiffReport.json(theirs))) in theirs"
    }
  }

  /// What a merge that could not be made left in the roster's place, as a second line of
  /// its error: `shown` is the roster's name.
  static func notMerged(_ shown: String, _ marking: WholeFileConflict) -> String {
    let keeping =
      "Keep one side whole with 'monsters resolve --ours' or 'monsters resolve --theirs', "
      + "or fix the side and merge again."
    switch marking {
    case .written, .writtenInPlace:
      return "\nNothing was merged: \(shown) holds all of ours and all of theirs between "
        + "conflict markers. " + keeping
    case .writtenWithoutTheirs(let error):
      return "\nNothing was merged, and theirs did not fit (\(reason(error))): \(shown) holds "
        + "all of ours between conflict markers, and nothing of theirs."
    case .notWritten(let error):
      return "\nNothing was merged, and \(shown) could not be marked as a conflict "
        + "(\(reason(error))): it is as it was, which reads as resolved; do not commit it so."
    }
  }

  /// Why a write failed, in a few words: the system's, for a failed call.
  private static func reason(_ error: RosterError) -> String {
    guard case .fileSystem(_, _, let code) = error else { return error.description }
    return Platform.errorDescription(code)
  }

  /// Monsters' names, quoted and separated by commas.
  private static func names(_ names: [String]) -> String {
    names.map { "'\(quoted($0))'" }.joined(separator: ", ")
  }

  /// Items in parentheses, separated by commas; nothing when there are none.
  private static func list(_ items: [String]) -> String {
    items.isEmpty ? "" : " (" + items.joined(separator: ", ") + ")"
  }

  /// A change that one side made, such as `weapon fire -> smoke` or `renamed to Kitty-Bot`.
  private static func change(_ change: RosterDiff.Change) -> String {
    switch change {
    case .renamed(_, let new): "renamed to \(quoted(new))"
    case .changed(_, let field, let old, let new):
      "\(DiffReport.fieldName(field)) "
        + DiffReport.pair(old, new, of: field, shownBy: value).joined(separator: " -> ")
    default: quoted(DiffReport.line(for: change))
    }
  }

  /// A field that the two sides have differently, given as a change from ours to theirs:
  /// `weapon fire in ours, smoke in theirs`.
  private static func sides(of difference: RosterDiff.Change) -> String {
    switch difference {
    case .renamed(let ours, let theirs):
      "name \(quoted(ours)) in ours, \(quoted(theirs)) in theirs"
    case .changed(_, let field, let ours, let theirs):
      "\(DiffReport.fieldName(field)) " + inOursAndTheirs(ours, theirs, of: field)
    default: quoted(DiffReport.line(for: difference))
    }
  }

  /// A field's values on the two sides, as `fire in ours, smoke in theirs`; two long texts
  /// cut to where they differ.
  private static func inOursAndTheirs(
    _ ours: JSONValue?, _ theirs: JSONValue?, of field: MonsterField
  ) -> String {
    let shown = DiffReport.pair(ours, theirs, of: field, shownBy: value)
    return "\(shown[0]) in ours, \(shown[1]) in theirs"
  }

  /// Text from a roster in a message: escaped as ``DiffReport/shown(_:)`` escapes it, and cut
  /// short after 200 characters, as every message quotes it.
  static func quoted(_ text: String) -> String {
    escapedForMessage(text)
  }

  /// A field's value as ``DiffReport/value(_:of:)`` shows it, cut short for a message.
  private static func value(_ value: JSONValue?, of field: MonsterField) -> String {
    guard field.kind != .any, case .string(let text)? = value else {
      return quoted(DiffReport.json(value))
    }
    return field.kind == .text && !field.isFileName ? "'\(quoted(text))'" : quoted(text)
  }
}
