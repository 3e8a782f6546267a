import MonsterKit

/// What `set`, `add`, `remove`, `rename` and `pick` print once an edit is saved.
enum EditReport {
  /// One line on what an edit did, such as `Cat-Bot: weapon sword -> fire.`
  ///
  /// - Parameters:
  ///   - edit: The edit.
  ///   - before: The roster before it.
  ///   - after: The roster after it.
  static func describe(_ edit: RosterEdit, before: Roster, after: Roster) -> String {
    switch edit {
    case .set(let name, _):
      guard let old = before.monster(named: name), let new = after.monster(named: name) else {
        return "Changed \(escapedForMessage(name))."
      }
      return "\(escapedForMessage(new.name)): "
        + differences(from: old, to: new).joined(separator: ", ") + "."
    case .add(let monster):
      return "Added \(escapedForMessage(monster.name))."
    case .remove(let name):
      let removed = before.monster(named: name)?.name ?? name
      return "Removed \(escapedForMessage(removed))."
    case .rename(let name, let newName):
      let old = before.monster(named: name)?.name ?? name
      return "Renamed \(escapedForMessage(old)) to \(escapedForMessage(newName))."
    }
  }

  /// The fields that differ between two versions of a monster, as `weapon sword -> fire`.
  static func differences(from old: Monster, to new: Monster) -> [String] {
    var lines: [String] = []
    if old.weapon != new.weapon {
      lines.append("weapon \(old.weapon.type.rawValue) -> \(new.weapon.type.rawValue)")
    }
    if old.description != new.description {
      lines.append(
        "description '\(escapedForMessage(old.description))' -> "
          + "'\(escapedForMessage(new.description))'")
    }
    if old.icon != new.icon {
      lines.append("icon \(escapedForMessage(old.icon)) -> \(escapedForMessage(new.icon))")
    }
    if old.nameColor != new.nameColor {
      lines.append(
        "name colour \(old.nameColor?.description ?? "none") -> "
          + (new.nameColor?.description ?? "none"))
    }
    return lines
  }

  /// A diff as a terminal may show it: JSON allows DEL, the C1 controls and the
  /// bidirectional controls raw in a string, so each control character but the line break
  /// and the tab, and each bidirectional control, is shown as a JSON escape, such as
  /// `\u009b` or `\u202e`: the diff still applies, and gives the same roster.
  static func escapingControls(_ diff: String) -> String {
    escaping(diff) { scalar in
      guard scalar != "\n", scalar != "\t",
        scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
      else { return nil }
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }

  /// Prints what edits did: with `--dry-run`, the diff of the file as it is against the
  /// file as it would be; otherwise the change on standard output; and a note on standard
  /// error when they changed nothing.
  static func report(
    _ edits: [RosterEdit], _ update: RosterUpdate, context: CommandContext
  ) throws(CommandFailure) {
    guard update.changed else {
      context.console.errors.writeLine(
        "Nothing to change: \(escapedForMessage(context.file.path)) is as asked.")
      return
    }
    if context.invocation.has(.dryRun) {
      let path = context.file.path
      let original = update.originalBytes
      let diff = UnifiedDiff.text(
        old: original ?? [], new: update.after.canonicalJSON(),
        oldName: original == nil ? "/dev/null" : path, newName: path)
      context.output.write(context.style.isTerminal ? escapingControls(diff) : diff)
      return
    }
    for edit in edits {
      context.output.writeLine(describe(edit, before: update.before, after: update.after))
    }
  }
}
