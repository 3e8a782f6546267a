import MonsterKit

/// `monsters completions`: a shell completion script.
enum CompletionsCommand {
  static let subcommand = Subcommand(name: "completions", run: run) {
    CommandSpec(
      abstract: "Print a shell completion script for bash, zsh or fish.",
      discussion: """
        The script completes subcommands, options, their values, and monster names read \
        from the roster in use. Its first lines say how to install it.
        """,
      details: """
        It offers a field's values after --where FIELD= (the roster's weapons after --where \
        weapon=), the declared fields after --field, the other fields after --fields name, and \
        monster names, read live from the roster, each name once a line; a name, a field or a \
        value is only ever data, never run. Completion never waits: names are read only from a \
        roster that is a regular file, so a line with -f - (or /dev/stdin, a terminal, a FIFO) \
        completes without them, and so does a FIFO found as monsters.json, with no lock wait for \
        its writer. The bash script runs in bash 3.2, macOS's /bin/bash, too.
        """,
      arguments: [
        ArgumentSpec(
          name: "shell", kind: .choice(CompletionScript.shells), help: "bash, zsh or fish.")
      ])
  }.examples {
    [
      CommandExample(
        "Load bash completion in this shell.",
        "completions bash", shellPrefix: "eval \"$(", shellSuffix: ")\""),
      CommandExample(
        "Install fish completion.",
        "completions fish", shellSuffix: "> ~/.config/fish/completions/monsters.fish"),
    ]
  }

  /// Prints the completion script for the shell named.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let shell = try context.invocation.requiredArgument(0, as: CompletionScript.Shell.self)
    // A script serves every roster: its help names no roster's weapons.
    let specs = Subcommand.specs.map { $0.listingWeapons(["one of the roster's weapons"]) }
    context.output.write(CompletionScript.script(for: shell, commands: specs))
  }
}
