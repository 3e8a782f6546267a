import MonsterKit

/// A subcommand: its spec, which the parser, help and completions read, and what it does.
///
/// Each subcommand's file in this folder holds its spec and its `run`, and for one that edits
/// the roster its `edit`: `monsters set` is `SetCommand`.
struct Subcommand: Sendable {
  /// The name, arguments, options and help.
  var spec: CommandSpec
  /// Runs the subcommand.
  var run: @Sendable (CommandContext) throws(CommandFailure) -> Void
  /// For a subcommand that edits the roster, the edit its command line asks for: the same
  /// for a command line and for a line of an `apply` script.
  var edit: (@Sendable (Invocation) throws(CommandFailure) -> RosterEdit)?

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
    CompletionsCommand.subcommand,
    HelpCommand.subcommand,
  ]

  /// The specs of every subcommand.
  static let specs = all.map { $0.spec }
}
