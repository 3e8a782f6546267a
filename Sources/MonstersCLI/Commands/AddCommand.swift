import MonsterKit

/// `monsters add`: a new monster at the end of the roster.
enum AddCommand {
  static let ifMissingOption = OptionSpec.forRerunning(
    "if-missing", instead: "Do nothing, with a note, when a monster has the name already")

  static let subcommand = Subcommand(name: "add", edit: edit) {
    CommandSpec(
      abstract: "Add a monster at the end of the roster.",
      discussion: """
        Names are unique ignoring case (STRASSE is Straße), not empty, free of control \
        and invisible format characters, and without white space at either end. \
        Without --icon, Robo-Bot gets meetrobobot.png, as in the tutorial. A name that is \
        taken fails, unless --if-missing: then the monster that has it is left as it is.
        """,
      arguments: [ArgumentSpec(name: "name", kind: .text, help: "The new monster's name.")],
      options: FieldOptions.options(.create) + [
        ifMissingOption, .dryRun, .exitCode,
      ])
  }.examples {
    [
      CommandExample(
        "Add Robo-Bot; its icon is meetrobobot.png.",
        "add Robo-Bot --weapon fire --description Beep"),
      CommandExample(
        "In a script that runs again: add Robo-Bot unless it is there.",
        "add Robo-Bot --weapon fire --if-missing"),
      CommandExample(
        "A name with a space, and a colour (quoted: # starts a shell comment).",
        "add 'Space Bot' --weapon smoke --name-color '#FF8800'"),
    ]
  }

  /// The monster the command line describes, to add: the roster reads its fields.
  static func edit(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    .addNamed(
      try invocation.requiredArgument(0), try FieldOptions.changes(invocation),
      ifTaken: invocation.has(ifMissingOption) ? .skip : .fail)
  }
}
