import MonsterKit

/// `monsters remove`: takes a monster off the roster.
enum RemoveCommand {
  static let subcommand = Subcommand(name: "remove", run: run, edit: edit) { name in
    CommandSpec(
      name: name,
      abstract: "Remove a monster from the roster.",
      arguments: [.monster],
      options: [.dryRun])
  }

  /// Removes the monster through the one edit path, and says so.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.applyAndReport(edit(context.invocation))
  }

  /// The removal the command line asks for.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    .remove(try invocation.requiredArgument(0))
  }
}
