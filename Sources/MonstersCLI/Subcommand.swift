/// A subcommand: its spec, which the parser, help and completions read, and what it does.
struct Subcommand: Sendable {
  /// The name, arguments, options and help.
  var spec: CommandSpec
  /// Runs the subcommand.
  var run: @Sendable (CommandContext) throws(CommandFailure) -> Void

  /// Every subcommand, in the order help lists them.
  static let all: [Subcommand] = [
    ListCommand.subcommand,
    ShowCommand.subcommand,
    SetCommand.subcommand,
    PickCommand.subcommand,
    WeaponsCommand.subcommand,
    InitCommand.subcommand,
    HelpCommand.subcommand,
  ]

  /// The specs of every subcommand.
  static let specs = all.map(\.spec)
}
