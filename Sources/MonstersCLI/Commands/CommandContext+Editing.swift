import MonsterKit

// Making edits through the one edit path and reporting them: what every editing command
// shares, `--dry-run` and `--exit-code` included.

extension CommandContext {
  /// Makes edits, in order, through the one edit path as one change, collecting what each
  /// did; with `--dry-run`, works out what they would do and writes nothing.
  ///
  /// The file is written only when the roster changed: edits that change nothing, or whose
  /// changes cancel out, leave it as it was.
  ///
  /// - Parameter edits: The edits.
  /// - Returns: The update and each edit's changes.
  /// - Throws: ``EditFailure``, naming the edit that failed.
  func perform(_ edits: [RosterEdit]) throws(EditFailure) -> EditOutcome {
    try perform(edits, tryingEach: false, mayWrite: true).outcome
  }

  /// Makes edits as ``perform(_:)`` does, but goes on past an edit that fails, so that
  /// every edit that cannot be made is known; then nothing is written. Each edit after one
  /// that failed is made to the roster without it.
  ///
  /// - Parameters:
  ///   - edits: The edits.
  ///   - mayWrite: Whether to write at all: `false` when the edits are known to be
  ///     incomplete (lines of an input that could not be read), so that they are only
  ///     tried.
  /// - Returns: The update (written only when no edit failed and `mayWrite`), each edit's
  ///   changes (none for one that failed), and the failures, in order.
  /// - Throws: ``EditFailure`` with no edit when reading, locking or writing fails.
  func performEach(_ edits: [RosterEdit], mayWrite: Bool) throws(EditFailure)
    -> (outcome: EditOutcome, failures: [EditFailure])
  {
    try perform(edits, tryingEach: true, mayWrite: mayWrite)
  }

  private func perform(_ edits: [RosterEdit], tryingEach: Bool, mayWrite: Bool)
    throws(EditFailure) -> (outcome: EditOutcome, failures: [EditFailure])
  {
    var changes: [[RosterChange]] = []
    var failures: [EditFailure] = []
    var failed: Int?
    do throws(RosterError) {
      let update = try self.update { (roster) throws(RosterError) in
        changes = []
        failures = []
        let before = roster
        var changedAny = false
        for (position, edit) in edits.enumerated() {
          failed = position
          let result: [RosterChange]
          do throws(RosterError) {
            result = try roster.applyReporting(edit)
          } catch  where tryingEach {
            failures.append(EditFailure(error: error, edit: position))
            changes.append([])
            continue
          }
          if result.contains(where: \.changesRoster) { changedAny = true }
          changes.append(result)
        }
        // What fails from here on, such as the write on a full disk, is no edit's doing.
        failed = nil
        guard mayWrite && failures.isEmpty else { return false }
        return changedAny && (edits.count == 1 || !roster.hasSameMonsters(as: before))
      }
      return (EditOutcome(update: update, edits: edits, changes: changes), failures)
    } catch {
      throw EditFailure(error: error, edit: failed)
    }
  }

  /// Makes one edit through the one edit path and reports it: a line for each change, a
  /// note for each skip, or with `--dry-run` the diff.
  func applyAndReport(_ edit: RosterEdit) throws(CommandFailure) {
    try checkExitCodeOption()
    let outcome: EditOutcome
    do throws(EditFailure) {
      outcome = try perform([edit])
    } catch {
      throw CommandFailure(refusedEdit: error.error, command: invocation.command)
    }
    try report(outcome)
  }

  /// Reports what edits did, and with `--dry-run --exit-code` fails quietly when they
  /// would change the file.
  ///
  /// - Parameters:
  ///   - outcome: What the edits did.
  ///   - notePrefix: What goes before the notes of each edit, by its position.
  func report(_ outcome: EditOutcome, notePrefix: (Int) -> String = { _ in "" })
    throws(CommandFailure)
  {
    try EditReport.report(outcome, context: self, notePrefix: notePrefix)
    if invocation.has(.exitCode) && outcome.update.changed { throw .wouldChange }
  }

  /// Refuses `--exit-code` without `--dry-run`, before anything is written.
  func checkExitCodeOption() throws(CommandFailure) {
    if invocation.has(.exitCode) && !invocation.has(.dryRun) {
      throw usageError(
        .invalidValue("'--exit-code' goes with '--dry-run': it says whether the file would change.")
      )
    }
  }
}
