import MonsterKit

/// `monsters remove`: takes a monster off the roster.
enum RemoveCommand {
  static let subcommand = Subcommand(
    editing: CommandSpec(
      name: "remove",
      abstract: "Remove a monster from the roster.",
      arguments: [.monster]),
    edit: { (invocation) throws(CommandFailure) in .remove(try invocation.requiredArgument(0)) })
}
