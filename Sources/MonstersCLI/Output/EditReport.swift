import MonsterKit
import MonstersSystem

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

  /// Appends the line a change prints, without its line break: the change's sentence
  /// (``RosterChange/appendSentence(to:)``).
  ///
  /// - Returns: `false`, with nothing appended, for a skip.
  static func appendLine(for change: RosterChange, to buffer: inout [UInt8]) -> Bool {
    change.appendSentence(to: &buffer)
  }

  /// The note a skip prints on standard error, such as `Nothing to add to monsters.json:
  /// there is a monster named 'Cat-Bot' already.`; `nil` for a change.
  ///
  /// - Parameters:
  ///   - change: What the edit did.
  ///   - edit: The edit, whose verb the note says: `add`, `remove`, `rename` or `change`.
  ///   - file: The roster file, as messages show it.
  static func note(for change: RosterChange, of edit: RosterEdit, in file: String) -> String? {
    // Built for a skip only: an edit of many monsters reports as many changes.
    var nothing: String {
      let verb = Verb(edit)
      return "Nothing to \(verb.rawValue) \(verb.preposition) \(file): "
    }
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
    case .changed, .added, .removed, .weaponAdded, .weaponRemoved, .fieldAdded, .fieldRemoved,
      .fieldChanged, .weaponChanged, .otherKeysChanged:
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
      case .rename, .renameIfPresent, .renameField, .renameWeapon: self = .rename
      case .set, .setEach, .addOrSet, .changeField, .changeWeaponImage, .setOtherKeys:
        self = .change
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
    try writeDiff(of: update, context: context)
  }

  /// Prints, for `--dry-run`, the diff of the file as it is against the file as it would
  /// be.
  ///
  /// - Throws: ``CommandFailure/outputFailed(_:edit:)`` when the output cannot be written.
  static func writeDiff(of update: RosterUpdate, context: CommandContext) throws(CommandFailure) {
    // The file as it was, as it would be, and the diff between them, each in memory:
    // asked for first, as reading the roster asked for its memory.
    do throws(SystemCallError) {
      try Platform.requireMemory(4 * update.originalByteCount)
    } catch {
      throw .roster(.fileSystem(path: context.file.path, action: .read, errno: error.code))
    }
    let original = update.originalBytes
    let diff = UnifiedDiff.text(
      old: original ?? [], new: update.after.canonicalJSON(),
      oldName: original == nil ? "/dev/null" : context.file.path, newName: context.file.path)
    context.output.write(context.style.isTerminal ? escapingControls(diff) : diff)
  }
}
