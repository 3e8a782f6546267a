import MonsterKit

/// `monsters edit`: the roster, or some monsters, in the user's editor, as `crontab -e`
/// and `kubectl edit` open theirs.
///
/// The editor gets canonical JSON in a private file (``EditorSession``). What it saves is
/// read as `check` reads a roster; a problem reopens it with the problems listed at the
/// top (``EditDocument``), until it is right or it is saved unchanged or empty. The result
/// is one edit under the roster's lock, merged three-way with what changed in the file
/// while the editor was open (``RosterExcerpt``); a conflict reopens it with the conflicts
/// marked.
enum EditCommand {
  static let whereOption = OptionSpec.whereCondition(insteadOfNaming: "Edit")

  static let subcommand = Subcommand(name: "edit", run: run) {
    CommandSpec(
      abstract: "Edit the roster, or some monsters, in your editor.",
      discussion: """
        Opens the roster as canonical JSON in $VISUAL, else $EDITOR, else vi, in a file \
        only you may read, removed afterwards. Name monsters, or pick them with --where, to \
        edit only them: renames, additions and removals among them are made too (a \
        monster added comes after the one before it, one removed leaves the others in \
        their places); the weapons and fields are shown for reference, and changed by \
        editing the whole roster. A name another monster of the roster has is a problem \
        to fix.

        On save, the file is checked as 'monsters check' checks a roster; if something is \
        wrong, it opens again with the problems listed at the top, each with its line. \
        Saved unchanged, or empty, the edit is cancelled (exit 1), as is an editor that \
        fails. Changes others saved to the roster while the editor was open are merged \
        with yours, monster by monster, as 'monsters merge' merges; a conflict opens the \
        file again with both sides marked. A terminal is needed: in a script, use \
        'monsters set' or 'monsters apply'.
        """,
      arguments: [
        ArgumentSpec(
          name: "monster", kind: .monster, isOptional: true, isRepeating: true,
          help: "The monsters to edit, in any case (default: the whole roster).")
      ],
      options: [whereOption, .dryRun, .exitCode])
  }.examples {
    [
      CommandExample("The whole roster in your editor.", "edit"),
      CommandExample(
        "Only Cat-Bot and Dog-Bot; rename, add or remove among them too.",
        "edit cat-bot dog-bot"),
      CommandExample(
        "Every monster with a ninja star, in VS Code.",
        "edit --where weapon=ninjaStar", shellPrefix: "EDITOR='code --wait'"),
      CommandExample("See the diff of your edit, saving nothing.", "edit --dry-run"),
    ]
  }

  /// Where an edit stands: the roster it started from, and the part of it the editor has.
  private struct Round {
    var base: Roster
    var excerpt: RosterExcerpt
  }

  /// How an attempt to save what the editor saved ended.
  private enum Attempt {
    /// Saved, or with `--dry-run` made in memory.
    case done(RosterUpdate)
    /// The editor opens again, with this document, for this round.
    case again(EditDocument, Round)
  }

  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.checkExitCodeOption()
    if context.file.stream != nil {
      throw context.usageError(
        .invalidValue("edit writes the roster file: name a file, not '-'."))
    }
    let console = context.console
    guard console.input.isTerminal, console.output.isTerminal else {
      throw context.usageError(
        .invalidValue(
          "edit opens an editor, which needs a terminal; in a script, use 'monsters set' "
            + "or 'monsters apply'."))
    }
    let base = try context.readRoster(showing: false)
    guard let offsets = try selection(context, in: base) else { return }
    let excerpt: RosterExcerpt
    do throws(RosterError) {
      excerpt = try RosterExcerpt(of: base, offsets: offsets)
    } catch {
      throw .roster(error)
    }
    let session = try EditorSession(
      naming: baseName(of: context.file.path), environment: context.environment)
    defer { session.end() }
    var round = Round(base: base, excerpt: excerpt)
    var document = EditDocument(
      intro: intro(round.excerpt, total: base.count, context), body: excerpt.roster.canonicalJSON())
    let editor = EditorSession.command(in: context.environment)
    while true {
      try session.write(document.text)
      try console.output.flush()
      switch session.runEditor(
        editor, environment: context.environment.variables, input: console.input.descriptor)
      {
      case .saved: break
      case .failed(let why): throw .editCancelled(path: context.file.path, editorFailure: why)
      case .stopped(let signal): throw stopped(by: signal, context)
      }
      let saved = try session.read()
      let body = EditDocument.body(of: saved)
      if saved == document.text || EditDocument.isBlank(body) {
        throw .editCancelled(path: context.file.path, editorFailure: nil)
      }
      if let signal = session.pendingStop() { throw stopped(by: signal, context) }
      switch try attempt(body, round, session: session, context) {
      case .done(let update):
        try report(update, context)
        return
      case .again(let reopened, let next):
        document = reopened
        round = next
      }
    }
  }

  /// The offsets of the monsters to edit: `nil` when there is nothing to edit (a note
  /// says so), all of them for none named.
  private static func selection(_ context: CommandContext, in roster: Roster)
    throws(CommandFailure) -> [Int]??
  {
    let invocation = context.invocation
    guard !invocation.arguments.isEmpty || !invocation.values(whereOption).isEmpty else {
      return .some(nil)
    }
    let indices: [Roster.Index]
    switch try invocation.selection(where: whereOption) {
    case .names(let names), .namesIfPresent(let names):
      var found: [Roster.Index] = []
      for name in names {
        do throws(RosterError) {
          found.append(try roster.existingIndex(named: name))
        } catch {
          throw MonsterNameHint.adding(to: .roster(error), context: context)
        }
      }
      indices = found
    case .matching(let conditions):
      indices = try context.indices(matching: conditions, in: roster)
      if indices.isEmpty {
        context.console.errors.writeLine(
          EditReport.notePrefix(context) + "Nothing to edit in "
            + "\(escapedForMessage(context.file.path)): no monster has "
            + "\(EditReport.conditionsText(conditions)).")
        return nil
      }
    }
    return .some(indices.map { roster.distance(from: roster.startIndex, to: $0) })
  }

  /// The comments at the top of the file: what is edited, and how to cancel.
  private static func intro(_ excerpt: RosterExcerpt, total: Int, _ context: CommandContext)
    -> [String]
  {
    let path = escapedForTerminal(context.file.path)
    guard !excerpt.isWhole else {
      return [
        "monsters edit: \(path), the whole roster. Save and quit the editor to apply your",
        "changes; save it unchanged, or empty, to cancel. Lines starting with '#' up here",
        "are ignored.",
      ]
    }
    let count = excerpt.roster.count
    return [
      "monsters edit: \(count) of the \(total) monsters of \(path). Save and quit the editor to",
      "replace \(count == 1 ? "it" : "them") with what is below: renames, additions and "
        + "removals are made too. The",
      "weapons and fields are the roster's, shown for reference: change them by editing",
      "the whole roster. Save it unchanged, or empty, to cancel. Lines starting with '#'",
      "up here are ignored.",
    ]
  }

  /// Reads what the editor saved, and saves it: under the lock, merged with what changed
  /// in the file since the round started. What cannot be saved opens the editor again.
  private static func attempt(
    _ body: [UInt8], _ round: Round, session: EditorSession, _ context: CommandContext
  ) throws(CommandFailure) -> Attempt {
    let intro = intro(round.excerpt, total: round.base.count, context)
    func again(
      _ problems: [EditDocument.Problem],
      note: String =
        "It cannot be saved as it is; fix these, or save it unchanged or empty to cancel:"
    ) -> Attempt {
      .again(EditDocument(intro: intro, note: [note], problems: problems, body: body), round)
    }
    let edited: Roster
    do throws(RosterError) {
      edited = try RosterFile(path: session.path).roster(from: body)
    } catch {
      return again(EditDocument.problems(of: error))
    }
    if !round.excerpt.isWhole, let problem = declarationProblem(edited, round.excerpt.roster) {
      return again([problem])
    }
    var outcome: Outcome?
    let update: RosterUpdate
    do throws(RosterError) {
      update = try context.update { (roster) throws(RosterError) in
        outcome = nil
        if let signal = session.pendingStop() {
          outcome = .stopped(signal)
          return false
        }
        do throws(RosterError) {
          switch try round.excerpt.merge(edited, from: round.base, into: roster) {
          case .merged(let result):
            let changed = !result.hasSameMonsters(as: roster)
            roster = result
            return changed
          case .conflicts(let merge, let now):
            outcome = .conflicts(merge, now: now, roster: roster)
            return false
          }
        } catch {
          outcome = .refused(error)
          return false
        }
      }
    } catch {
      switch error {
      case .lockTimeout, .syntax, .invalidRoster, .unresolvedConflict:
        // The edit is kept, open again, while the roster is busy or broken: saved again, it
        // is tried again.
        return again(
          [EditDocument.Problem(message: CommandFailure.roster(error).message ?? "\(error)")],
          note: "It could not be saved; save it again to try again, or save it unchanged or "
            + "empty to cancel:")
      default:
        throw CommandFailure(refusedEdit: error, command: context.invocation.command)
      }
    }
    switch outcome {
    case nil:
      return .done(update)
    case .stopped(let signal)?:
      throw stopped(by: signal, context)
    case .refused(let error)?:
      var problems = EditDocument.problems(of: error)
      if case .nameTaken(let name, _) = error, problems.count == 1 {
        problems[0].line = EditDocument.line(ofName: name, in: body)
      }
      return again(problems)
    case .conflicts(let merge, let now, let roster)?:
      return conflicted(merge, next: Round(base: roster, excerpt: now), intro: intro, context)
    }
  }

  /// The editor's next round when the edit conflicts with what changed in the file while
  /// the editor was open: the merge, with each conflict marked.
  private static func conflicted(
    _ merge: RosterMerge, next: Round, intro: [String], _ context: CommandContext
  ) -> Attempt {
    let markers = ConflictMarkers(
      oursLabel: "\(baseName(of: context.file.path)) now", theirsLabel: "your edit")
    let shown = escapedForTerminal(context.file.path)
    return .again(
      EditDocument(
        intro: intro,
        note: [
          "\(shown) changed while the editor was open, and these changes of yours",
          "conflict with those (ours: the file now; theirs: your edit). Each is marked",
          "below: keep one side, or what you make of both, and take the markers out:",
        ],
        problems: merge.conflicts.map {
          EditDocument.Problem(message: MergeReport.line(for: $0))
        },
        body: merge.fileBytes(markers: markers)), next)
  }

  /// What ended an attempt to save short of a save.
  private enum Outcome {
    case stopped(Int32)
    case refused(RosterError)
    case conflicts(RosterMerge, now: RosterExcerpt, roster: Roster)
  }

  /// The problem with an edited excerpt whose weapons, fields or keys of the roster differ
  /// from the roster's: those are changed by editing the whole roster.
  private static func declarationProblem(_ edited: Roster, _ excerpt: Roster)
    -> EditDocument.Problem?
  {
    guard
      edited.declaresWeapons != excerpt.declaresWeapons
        || !edited.weapons.elementsEqual(excerpt.weapons, by: { $0.hasSameImage(as: $1) })
        || edited.declaredFields != excerpt.declaredFields || !edited.otherFields.isEmpty
    else { return nil }
    return EditDocument.Problem(
      message: "the roster's weapons, fields and keys are changed by editing the whole "
        + "roster ('monsters edit' with no monster named): put them back as they were")
  }

  /// Says what the edit did: a line a change on standard output, or with `--dry-run` the
  /// diff of the file; a note when it changed nothing.
  private static func report(_ update: RosterUpdate, _ context: CommandContext)
    throws(CommandFailure)
  {
    guard update.changed else {
      context.console.errors.writeLine(
        EditReport.notePrefix(context)
          + "Nothing to change: \(escapedForMessage(context.file.path)) is as asked.")
      return
    }
    if context.invocation.has(.dryRun) {
      try EditReport.writeDiff(of: update, context: context)
      if context.invocation.has(.exitCode) { throw .wouldChange }
      return
    }
    try context.output.writeReport { () throws(CommandFailure) in
      for change in RosterDiff(from: update.before, to: update.after).changes {
        context.output.writeLine(DiffReport.line(for: change))
      }
    }
  }

  /// The failure of an edit a signal stopped: nothing was written.
  private static func stopped(by signal: Int32, _ context: CommandContext) -> CommandFailure {
    context.console.errors.writeLine(
      EditReport.notePrefix(context) + "Stopped by \(PickCommand.signalName(signal)); "
        + "nothing was written: \(escapedForMessage(context.file.path)) is as it was.")
    return .interrupted(signal: signal)
  }
}
