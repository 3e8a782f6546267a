import MonsterKit

/// `monsters rename`: gives a monster a new name; it keeps its place.
enum RenameCommand {
  static let subcommand = Subcommand(name: "rename", run: run, edit: edit) { name in
    CommandSpec(
      name: name,
      abstract: "Give a monster a new name.",
      discussion: """
        The monster keeps its place on the roster. The new name must not be another \
        monster's, ignoring case; changing only the case of a name is allowed.
        """,
      arguments: [
        .monster,
        ArgumentSpec(name: "new-name", kind: .text, help: "The monster's new name."),
      ],
      options: [.dryRun, .exitCode])
  }

  /// Renames the monster through the one edit path, and says so.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.applyAndReport(edit(context.invocation))
  }

  /// The renaming the command line asks for.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    .rename(try invocation.requiredArgument(0), to: try invocation.requiredArgument(1))
  }
}
