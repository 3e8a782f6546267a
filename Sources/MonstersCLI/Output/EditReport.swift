import MonsterKit

/// What an edit prints once it is saved: a line on standard output for each monster it
/// changed, a note on standard error for what it skipped, and with `--dry-run` the diff of
/// the file instead.
enum EditReport {
  /// The line a change prints on standard output, such as `Cat-Bot: weapon sword -> fire.`;
  /// `nil` for a skip, which has a ``note(for:)`` instead.
  static func line(for change: RosterChange) -> String? {
    switch change {
    case .changed(let before, let after):
      let fields = differences(from: before, to: after)
      guard before.name == after.name else {
        let renamed =
          "Renamed \(escapedForMessage(before.name)) to \(escapedForMessage(after.name))"
        return fields.isEmpty
          ? renamed + "." : renamed + "; " + fields.joined(separator: ", ") + "."
      }
      return "\(escapedForMessage(after.name)): " + fields.joined(separator: ", ") + "."
    case .added(let monster):
      return "Added \(escapedForMessage(monster.name))."
    case .removed(let monster):
      return "Removed \(escapedForMessage(monster.name))."
    case .skippedExisting, .skippedMissing, .noMatch:
      return nil
    }
  }

  /// The note a skip prints on standard error, such as `Nothing to add: there is a monster
  /// named 'Cat-Bot' already.`; `nil` for a change.
  static func note(for change: RosterChange) -> String? {
    switch change {
    case .skippedExisting(let name, let holder):
      return name == holder
        ? "Nothing to add: there is a monster named '\(escapedForMessage(name))' already."
        : "Nothing to add: the name '\(escapedForMessage(name))' is taken by "
          + "'\(escapedForMessage(holder))' (names are compared ignoring case)."
    case .skippedMissing(let name):
      return "Nothing to remove: no monster named '\(escapedForMessage(name))'."
    case .noMatch(let conditions):
      let text = conditions.map(conditionText).joined(separator: " and ")
      return "Nothing to change: no monster has \(escapedForMessage(text))."
    case .changed, .added, .removed:
      return nil
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
    let keys = old.otherFields.map(\.key) + new.otherFields.map(\.key)
    var seen: Set<String> = []
    for key in keys where seen.insert(key).inserted {
      let before = old.otherFields.first { $0.key == key }
      let after = new.otherFields.first { $0.key == key }
      if before != after {
        lines.append("key '\(escapedForMessage(key))' \(before == nil ? "added" : "changed")")
      }
    }
    return lines
  }

  /// One line on what an edit did, from the rosters before and after it: what the picker
  /// shows once a pick is saved.
  ///
  /// - Parameters:
  ///   - edit: The edit.
  ///   - before: The roster before it.
  ///   - after: The roster after it.
  static func describe(_ edit: RosterEdit, before: Roster, after: Roster) -> String {
    var roster = before
    let changes = (try? roster.applyReporting(edit)) ?? []
    let lines = changes.compactMap { line(for: $0) ?? note(for: $0) }
    return lines.isEmpty ? "Nothing changed." : lines.joined(separator: " ")
  }

  /// A diff as a terminal may show it: JSON allows DEL and the C1 controls raw in a string,
  /// and a path may hold any control character, so each control character but the line
  /// break and the tab is shown as a JSON escape, such as `\u009b`.
  static func escapingControls(_ diff: String) -> String {
    escaping(diff) { scalar in
      guard scalar != "\n", scalar != "\t", scalar.properties.generalCategory == .control
      else { return nil }
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }

  /// Prints what edits did, as ``report(_:context:notePrefix:)`` does, for edits saved
  /// without their changes collected (the picker's).
  static func report(
    _ edits: [RosterEdit], _ update: RosterUpdate, context: CommandContext
  ) throws(CommandFailure) {
    var roster = update.before
    let changes = edits.map { (try? roster.applyReporting($0)) ?? [] }
    try report(EditOutcome(update: update, changes: changes), context: context)
  }

  /// Prints what edits did: with `--dry-run`, the diff of the file as it is against the
  /// file as it would be; otherwise a line on standard output for each change. Either way,
  /// a note on standard error for each skip, and one when nothing changed.
  ///
  /// - Parameters:
  ///   - outcome: The update and each edit's changes.
  ///   - context: The command's context.
  ///   - notePrefix: What goes before the notes of each edit, by its position, such as the
  ///     script line it came from (`edits.txt:3: `).
  /// - Throws: ``CommandFailure/outputFailed(_:)`` when the output cannot be written.
  static func report(
    _ outcome: EditOutcome, context: CommandContext, notePrefix: (Int) -> String = { _ in "" }
  ) throws(CommandFailure) {
    let update = outcome.update
    let isDryRun = context.invocation.has(.dryRun)
    var noted = false
    var printed = false
    for (position, changes) in outcome.changes.enumerated() {
      for change in changes {
        if let note = note(for: change) {
          context.console.errors.writeLine(notePrefix(position) + note)
          noted = true
        } else if !isDryRun, let line = line(for: change) {
          try context.output.append { buffer in
            buffer.append(contentsOf: line.utf8)
            buffer.append(UInt8(ascii: "\n"))
          }
          printed = true
        }
      }
    }
    let path = escapedForTerminal(context.file.path)
    guard update.changed else {
      if printed {
        context.console.errors.writeLine("Nothing to change: the edits leave \(path) as it was.")
      } else if !noted {
        context.console.errors.writeLine("Nothing to change: \(path) is as asked.")
      }
      return
    }
    guard isDryRun else { return }
    let original = update.originalBytes
    let diff = UnifiedDiff.text(
      old: original ?? [], new: update.after.canonicalJSON(),
      oldName: original == nil ? "/dev/null" : context.file.path, newName: context.file.path)
    context.output.write(context.style.isTerminal ? escapingControls(diff) : diff)
  }
}
