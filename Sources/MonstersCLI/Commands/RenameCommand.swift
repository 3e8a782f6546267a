import MonsterKit

/// `monsters rename`: gives a monster a new name; it keeps its place.
enum RenameCommand {
  static let subcommand = Subcommand(
    editing: CommandSpec(
      name: "rename",
      abstract: "Give a monster a new name.",
      discussion: """
        The monster keeps its place on the roster. The new name must not be another \
        monster's, ignoring case; changing only the case of a name is allowed.
        """,
      arguments: [
        .monster,
        ArgumentSpec(name: "new-name", kind: .text, help: "The monster's new name."),
      ]),
    edit: { (invocation) throws(CommandFailure) in
      .rename(try invocation.requiredArgument(0), to: try invocation.requiredArgument(1))
    })
}
