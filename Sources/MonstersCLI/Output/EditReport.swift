import MonsterKit

/// What an edit prints once it is saved: a line on standard output for each monster it
/// changed, a note on standard error for what it skipped, and with `--dry-run` the diff of
/// the file instead.
enum EditReport {
  /// The line a change prints on standard output, such as `Cat-Bot: weapon sword -> fire.`;
  /// `nil` for a skip, which has a ``note(for:of:in:)`` instead.
  static func line(for change: RosterChange) -> String? {
    var bytes: [UInt8] = []
    guard appendLine(for: change, to: &bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the line a change prints, without its line break: text built byte by byte,
  /// as an edit of 200,000 monsters prints 200,000 of them.
  ///
  /// - Returns: `false`, with nothing appended, for a skip.
  static func appendLine(for change: RosterChange, to buffer: inout [UInt8]) -> Bool {
    switch change {
    case .changed(let change):
      if let newName = change.newName {
        buffer.append(contentsOf: "Renamed ".utf8)
        append(escapedForMessage(change.name), to: &buffer)
        buffer.append(contentsOf: " to ".utf8)
        append(escapedForMessage(newName), to: &buffer)
        if hasFieldChanges(change) { buffer.append(contentsOf: "; ".utf8) }
      } else {
        append(escapedForMessage(change.name), to: &buffer)
        buffer.append(contentsOf: ": ".utf8)
      }
      appendFields(of: change, to: &buffer)
      buffer.append(UInt8(ascii: "."))
    case .added(let name):
      buffer.append(contentsOf: "Added ".utf8)
      append(escapedForMessage(name), to: &buffer)
      buffer.append(UInt8(ascii: "."))
    case .removed(let name):
      buffer.append(contentsOf: "Removed ".utf8)
      append(escapedForMessage(name), to: &buffer)
      buffer.append(UInt8(ascii: "."))
    case .weaponAdded(let weapon):
      append(
        "Added weapon \(weapon.name) (image \(escapedForMessage(weapon.imageName))).", to: &buffer)
    case .weaponRemoved(let weapon):
      append("Removed weapon \(weapon.name).", to: &buffer)
    case .fieldAdded(let field, let count):
      append("Added field \(escapedForMessage(field.key))", to: &buffer)
      if let value = field.defaultValue, count > 0 {
        append(
          ", and gave its default, \(shown(value, of: field)), to \(monsters(count))", to: &buffer)
      }
      buffer.append(UInt8(ascii: "."))
    case .fieldRemoved(let field, let count):
      append("Removed field \(escapedForMessage(field.key))", to: &buffer)
      if count > 0 { append(", and took it from \(monsters(count))", to: &buffer) }
      buffer.append(UInt8(ascii: "."))
    case .skippedExisting, .skippedMissing, .noMatch:
      return false
    }
    return true
  }

  private static func append(_ text: String, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: text.utf8)
  }

  private static func monsters(_ count: Int) -> String {
    count == 1 ? "1 monster" : "\(count) monsters"
  }

  private static func hasFieldChanges(_ change: MonsterChange) -> Bool {
    !change.fields.isEmpty
  }

  /// Appends the fields that changed, as `weapon sword -> fire, name colour none -> red`.
  private static func appendFields(of change: MonsterChange, to buffer: inout [UInt8]) {
    var isFirst = true
    func start(_ label: String) {
      if !isFirst { buffer.append(contentsOf: ", ".utf8) }
      isFirst = false
      buffer.append(contentsOf: label.utf8)
    }
    func arrow(_ old: String, _ new: String) {
      append(old, to: &buffer)
      buffer.append(contentsOf: " -> ".utf8)
      append(new, to: &buffer)
    }
    // The fields in the order listings show them: the weapon first.
    let listed = MonsterField.listed.map(\.key)
    let ordered = change.fields.enumerated().sorted { a, b in
      let places = [a, b].map { listed.firstIndex(of: $0.element.field.key) ?? listed.count }
      return places[0] != places[1] ? places[0] < places[1] : a.offset < b.offset
    }.map(\.element)
    for fieldChange in ordered {
      let field = fieldChange.field
      guard field.kind != .any else {
        start("key '\(escapedForMessage(field.key))' ")
        append(
          fieldChange.old == nil ? "added" : fieldChange.new == nil ? "removed" : "changed",
          to: &buffer)
        continue
      }
      start(field.label + " ")
      arrow(shown(fieldChange.old, of: field), shown(fieldChange.new, of: field))
    }
  }

  /// A field's value as an edit's line shows it: text in quotes, a file name, a weapon, a
  /// colour or one of a field's values bare, no value as `none`.
  private static func shown(_ value: JSONValue?, of field: MonsterField) -> String {
    switch (field.kind, value) {
    case (_, nil): ValueKind.noColorWord
    case (.text, .string(let text)?) where !field.isFileName: "'\(escapedForMessage(text))'"
    case (_, .string(let text)?): escapedForMessage(text)
    case (_, let value?): escapedForMessage(DiffReport.compactJSON(value))
    }
  }

  /// The note a skip prints on standard error, such as `Nothing to add to monsters.json:
  /// there is a monster named 'Cat-Bot' already.`; `nil` for a change.
  ///
  /// - Parameters:
  ///   - change: What the edit did.
  ///   - edit: The edit, whose verb the note says: `add`, `remove`, `rename` or `change`.
  ///   - file: The roster file, as messages show it.
  static func note(for change: RosterChange, of edit: RosterEdit, in file: String) -> String? {
    let verb = Verb(edit)
    let nothing = "Nothing to \(verb.rawValue) \(verb.preposition) \(file): "
    switch change {
    case .skippedExisting(let name, let holder):
      return name == holder
        ? nothing + "there is a monster named '\(escapedForMessage(name))' already."
        : nothing + "the name '\(escapedForMessage(name))' is taken by "
          + "'\(escapedForMessage(holder))' (names are compared ignoring case)."
    case .skippedMissing(let name):
      return nothing + "no monster named '\(escapedForMessage(name))'."
    case .noMatch(let conditions):
      return nothing + "no monster has \(conditionsText(conditions))."
    case .changed, .added, .removed, .weaponAdded, .weaponRemoved, .fieldAdded, .fieldRemoved:
      return nil
    }
  }

  /// Conditions as a note says them: `weapon=fire and name=Cat-Bot`, escaped.
  static func conditionsText(_ conditions: [MonsterCondition]) -> String {
    escapedForMessage(conditions.map(conditionText).joined(separator: " and "))
  }

  /// What an edit does, as a note that it did nothing says it.
  private enum Verb: String {
    case add, remove, rename, change

    init(_ edit: RosterEdit) {
      switch edit {
      case .add, .addIfMissing, .addWeapon, .addField: self = .add
      case .remove, .removeEach, .removeWeapon, .removeField: self = .remove
      case .rename, .renameIfPresent: self = .rename
      case .set, .setEach, .addOrSet: self = .change
      case .addNamed(_, _, let ifTaken): self = ifTaken == .update ? .change : .add
      }
    }

    /// The word before the roster file: `add to`, `remove from`, `change in`.
    var preposition: String {
      switch self {
      case .add: "to"
      case .remove: "from"
      case .rename, .change: "in"
      }
    }
  }

  /// What goes before every note of a command, so that a log of many commands reads on
  /// its own: `monsters set: `.
  static func notePrefix(_ context: CommandContext) -> String {
    "monsters \(context.invocation.command?.name ?? "apply"): "
  }

  /// One line on what an edit did: what the picker shows once a pick is saved.
  ///
  /// - Parameter changes: The edit's changes.
  static func describe(_ changes: some Sequence<RosterChange>) -> String {
    let lines = changes.compactMap { line(for: $0) }
    return lines.isEmpty ? "Nothing changed." : lines.joined(separator: " ")
  }

  /// A diff as a terminal may show it: JSON allows DEL, the C1 controls and the
  /// bidirectional controls raw in a string, so each control character but the line break
  /// and the tab, and each bidirectional control, is shown as a JSON escape, such as
  /// `\u009b` or `\u202e`. The lines it adds still read as the same roster, but the lines
  /// it takes from the file no longer match a file that holds such characters raw: a diff
  /// meant for `patch` goes to a file or a pipe, where nothing is escaped.
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
  /// file as it would be; otherwise a line on standard output for each change. Either way,
  /// a note on standard error for each skip, and one when nothing changed.
  ///
  /// - Parameters:
  ///   - outcome: The update and each edit's changes.
  ///   - context: The command's context.
  ///   - notePrefix: What goes before the notes of each edit, by its position, such as the
  ///     script line it came from (`edits.txt:3: `).
  /// - Throws: ``CommandFailure/outputFailed(_:edit:)`` when the output cannot be written.
  static func report(
    _ outcome: EditOutcome, context: CommandContext, notePrefix: (Int) -> String = { _ in "" }
  ) throws(CommandFailure) {
    let update = outcome.update
    let isDryRun = context.invocation.has(.dryRun)
    let path = escapedForMessage(context.file.path)
    let lead = Self.notePrefix(context)
    var noted = false
    var printed = false
    for (position, changes) in outcome.changes.enumerated() {
      for change in changes {
        if let note = note(for: change, of: outcome.edits[position], in: path) {
          context.console.errors.writeLine(lead + notePrefix(position) + note)
          noted = true
        } else if !isDryRun {
          try context.output.append { buffer in
            if appendLine(for: change, to: &buffer) { buffer.append(UInt8(ascii: "\n")) }
          }
          printed = true
        }
      }
    }
    guard update.changed else {
      if printed {
        context.console.errors.writeLine(
          lead + "Nothing to change: the edits leave \(path) as it was.")
      } else if !noted {
        context.console.errors.writeLine(lead + "Nothing to change: \(path) is as asked.")
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
