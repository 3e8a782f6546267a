import MonsterKit

/// A subcommand: its spec, which the parser, help and completions read, and what it does.
struct Subcommand: Sendable {
  /// The name, arguments, options and help.
  var spec: CommandSpec
  /// Runs the subcommand.
  var run: @Sendable (CommandContext) throws(CommandFailure) -> Void
  /// For a subcommand that edits the roster, the edit its command line asks for: the same
  /// for a command line and for a line of an `apply` script.
  var edit: (@Sendable (Invocation) throws(CommandFailure) -> RosterEdit)?

  /// A subcommand that does its own work.
  init(spec: CommandSpec, run: @escaping @Sendable (CommandContext) throws(CommandFailure) -> Void)
  {
    self.spec = spec
    self.run = run
    self.edit = nil
  }

  /// A subcommand that edits the roster: it makes its edit through the one edit path and
  /// reports it; `--dry-run` prints the diff instead of writing.
  init(
    editing spec: CommandSpec,
    edit: @escaping @Sendable (Invocation) throws(CommandFailure) -> RosterEdit
  ) {
    var spec = spec
    spec.options.append(.dryRun)
    self.spec = spec
    self.edit = edit
    self.run = { (context) throws(CommandFailure) in
      let edits = [try edit(context.invocation)]
      try EditReport.report(edits, try context.apply(edits), context: context)
    }
  }

  /// Every subcommand, in the order help lists them.
  static let all: [Subcommand] = [
    ListCommand.subcommand,
    ShowCommand.subcommand,
    SetCommand.subcommand,
    PickCommand.subcommand,
    AddCommand.subcommand,
    RemoveCommand.subcommand,
    RenameCommand.subcommand,
    WeaponsCommand.subcommand,
    InitCommand.subcommand,
    CheckCommand.subcommand,
    ApplyCommand.subcommand,
    DiffCommand.subcommand,
    MergeCommand.subcommand,
    SetupGitCommand.subcommand,
    CompletionsCommand.subcommand,
    HelpCommand.subcommand,
  ]

  /// The specs of every subcommand.
  static let specs = all.map(\.spec)
}
