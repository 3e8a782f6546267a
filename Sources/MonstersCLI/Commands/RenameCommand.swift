import MonsterKit

/// `monsters rename`: gives a monster a new name; it keeps its place.
enum RenameCommand {
  static let subcommand = Subcommand(name: "rename", edit: edit) {
    CommandSpec(
      abstract: "Give a monster a new name.",
      discussion: """
        The monster keeps its place on the roster. The new name must not be another \
        monster's, ignoring case; changing only the case of a name is allowed. A monster \
        that is not on the roster fails, unless --if-exists: then nothing changes, with a \
        note, so that a script that renames can run again.
        """,
      arguments: [
        .monster,
        ArgumentSpec(name: "new-name", kind: .text, help: "The monster's new name."),
      ],
      options: [ifExistsOption, .dryRun, .exitCode])
  }.examples {
    [
      CommandExample("Rename Dog-Bot; it keeps its place.", "rename dog-bot Hound-Bot"),
      CommandExample(
        "In a script that runs again: rename it if it is there.",
        "rename dog-bot Hound-Bot --if-exists"),
    ]
  }

  static let ifExistsOption = OptionSpec.forRerunning(
    "if-exists", instead: "Do nothing, with a note, when no monster has the name")

  /// The renaming the command line asks for.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    let (name, newName) = (try invocation.requiredArgument(0), try invocation.requiredArgument(1))
    return invocation.has(ifExistsOption)
      ? .renameIfPresent(name, to: newName) : .rename(name, to: newName)
  }
}
