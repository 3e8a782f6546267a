import MonsterKit

/// `monsters resolve`: keeps one side of a merge's conflicts in the roster file.
enum ResolveCommand {
  static let oursOption = keepOption("ours", "the version of the branch merged into")
  static let theirsOption = keepOption("theirs", "the version of the branch merged in")

  /// `--ours` or `--theirs`: keep `side`, which is `version`.
  private static func keepOption(_ side: String, _ version: String) -> OptionSpec {
    OptionSpec(side, help: "Keep \(side): \(version).")
  }

  static let declarationsOption = OptionSpec(
    "declarations",
    help: "The conflict of the weapons or fields the roster declares, alone or with the "
      + "monsters named.")

  static let subcommand = Subcommand(name: "resolve", run: run) {
    let monsters = ArgumentSpec(
      name: "monster", kind: .monster, isOptional: true, isRepeating: true,
      help: "A monster in conflict, by either side's name, in any case (default: every "
        + "conflict).")
    return CommandSpec(
      abstract: "Keep one side of the conflicts a merge left in the roster file.",
      discussion: """
        Keeps ours or theirs of the conflict of each monster named (by the name either \
        side gives it), or of every conflict, and writes the file: a valid roster in \
        canonical form once no conflict is left, otherwise the file with the other \
        conflicts still between markers. Prints what it kept.

        Each monster in conflict stands between markers of its own, as 'monsters merge' \
        writes them, but monsters whose identities depend on each other (a name one side \
        gave another monster, two that would have one name), which stand in one conflict \
        and are kept together. A conflict of what the roster declares (a weapon or field \
        each side declared its own way, or removed on one side and used on the other) \
        stands among the declarations: --declarations names it. Keeping every conflict's \
        one side also resolves a file that git's own line merge marked, or that holds all \
        of ours and all of theirs (a merge that could not be made). Refused, and nothing \
        written, when the side kept is not a valid roster, would give two monsters one \
        name or a monster a value the declarations kept do not allow, or when a monster \
        named stands in a conflict of whole files (keeping it would discard all of the \
        other side).
        """,
      arguments: [monsters],
      options: [oursOption, theirsOption, declarationsOption],
      forms: [
        CommandForm(
          flag: oursOption.name, arguments: [monsters], options: [declarationsOption.name]),
        CommandForm(
          flag: theirsOption.name, arguments: [monsters], options: [declarationsOption.name]),
      ],
      needsForm: true)
  }.examples {
    [
      CommandExample(
        "Keep theirs of Cat-Bot's conflict; the others stay marked.",
        "resolve cat-bot --theirs"),
      CommandExample("Keep ours of every conflict left.", "resolve --ours"),
    ]
  }

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let side: MergeSide = context.invocation.has(oursOption) ? .ours : .theirs
    let file = context.file
    if file.stream != nil {
      throw context.usageError(.invalidValue(RosterError.notEditable(path: file.path).description))
    }
    let outcome: ConflictResolution
    do throws(MarkedRoster.ResolutionError) {
      outcome = try file.resolveConflicts(
        named: context.invocation.arguments,
        declarations: context.invocation.has(declarationsOption), keeping: side)
    } catch {
      if case .file(.missingFile(let path)) = error { throw .missingRoster(path: path) }
      throw .resolution(error)
    }
    let shown = escapedForTerminal(file.path)
    guard !outcome.resolved.isEmpty else {
      context.console.errors.writeLine(
        EditReport.notePrefix(context) + "Nothing to resolve: \(shown) has no conflict.")
      // A roster git still holds in conflict with no markers in it (a driver that did not
      // run), or with git's own: what finishes the merge, as `check` says it.
      CheckCommand.noteMergesGitMade(for: [file.path], conflicted: [], context)
      return
    }
    let count = outcome.resolved.count
    let names = outcome.resolved.map { conflict in
      conflict.names.isEmpty
        ? (conflict.holdsDeclarations
          ? "the declarations"
          : conflict.holdsRosterKeys ? "the roster's keys" : "line \(conflict.line)")
        : conflict.names.map(MergeReport.quoted).joined(separator: " / ")
    }
    context.output.writeLine(
      "Kept \(side == .ours ? "ours" : "theirs") of \(count) "
        + "\(count == 1 ? "conflict" : "conflicts") (\(names.joined(separator: ", "))) in "
        + "\(shown): "
        + (outcome.remaining == 0
          ? "a roster again."
          : "\(outcome.remaining) \(outcome.remaining == 1 ? "conflict is" : "conflicts are") "
            + "left."))
    context.record.noteSaved(file.path)
  }
}
