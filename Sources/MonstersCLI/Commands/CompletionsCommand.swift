import MonsterKit

/// `monsters completions`: a shell completion script.
enum CompletionsCommand {
  static let subcommand = Subcommand(name: "completions", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "Print a shell completion script for bash, zsh or fish.",
      discussion: """
        The script completes subcommands, options, their values, and monster names read \
        from the roster in use. Its first lines say how to install it.
        """,
      arguments: [
        ArgumentSpec(
          name: "shell", kind: .choice(CompletionScript.shells), help: "bash, zsh or fish.")
      ])
  }

  /// Prints the completion script for the shell named.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let shell = try context.invocation.requiredArgument(0, as: CompletionScript.Shell.self)
    // A script serves every roster: its help names no roster's weapons.
    let specs = Subcommand.specs.map { $0.listingWeapons(["one of the roster's weapons"]) }
    context.output.write(CompletionScript.script(for: shell, commands: specs))
  }
}
