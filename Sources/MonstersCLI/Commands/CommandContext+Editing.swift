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
        failures = []
        let result = try roster.applyEach(edits) { (position, error) throws(RosterError) in
          failed = position
          guard tryingEach else { throw error }
          failures.append(EditFailure(error: error, edit: position))
        }
        changes = result.changes
        // What fails from here on, such as the write on a full disk, is no edit's doing.
        failed = nil
        return mayWrite && failures.isEmpty && result.changed
      }
      return (EditOutcome(update: update, edits: edits, changes: changes), failures)
    } catch {
      throw EditFailure(error: error, edit: failed)
    }
  }

  /// Makes one edit through the one edit path, as ``perform(_:)`` does.
  ///
  /// - Throws: The edit's failure, as the command reports it.
  func perform(_ edit: RosterEdit) throws(CommandFailure) -> EditOutcome {
    do throws(EditFailure) {
      return try perform([edit])
    } catch {
      throw MonsterNameHint.adding(
        to: CommandFailure(refusedEdit: error.error, command: invocation.command), context: self)
    }
  }

  /// Makes one edit through the one edit path and reports it: a line for each change, a
  /// note for each skip, or with `--dry-run` the diff. What every editing subcommand runs.
  func applyAndReport(_ edit: RosterEdit) throws(CommandFailure) {
    try checkExitCodeOption()
    try report(try perform(edit))
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
