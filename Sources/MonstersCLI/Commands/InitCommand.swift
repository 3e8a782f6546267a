import MonsterKit

/// `monsters init`: writes the seeded roster.
enum InitCommand {
  static let forceOption = OptionSpec("force", help: "Replace the file if it exists.")

  static let subcommand = Subcommand(name: "init", run: run) {
    CommandSpec(
      abstract: "Write the seeded roster to the file.",
      discussion: """
        Writes the six monsters of the tutorial. A file that exists is left alone \
        unless --force is given. This is the one command that creates a file named by \
        --file or MONSTERS_FILE; the others need it to exist.
        """,
      options: [forceOption])
  }.examples {
    [
      CommandExample("Write the six seeded monsters to monsters.json.", "init"),
      CommandExample("Start a named roster over.", "--file team.json init --force"),
    ]
  }

  /// Writes the seeded roster, replacing a file only with `--force`.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    do throws(RosterError) {
      try context.file.initialize(force: context.invocation.has(forceOption))
    } catch {
      throw CommandFailure(refusedEdit: error, command: context.invocation.command)
    }
    context.record.noteSaved(context.file.path)
    context.output.writeLine(
      "Wrote the seeded roster to \(escapedForMessage(context.file.path)).")
  }
}
