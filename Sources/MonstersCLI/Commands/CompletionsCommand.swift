import MonsterKit

/// `monsters completions`: a shell completion script.
enum CompletionsCommand {
  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "completions",
      abstract: "Print a shell completion script for bash, zsh or fish.",
      discussion: """
        The script completes subcommands, options, their values, and monster names read \
        from the roster in use. Its first lines say how to install it.
        """,
      arguments: [
        ArgumentSpec(
          name: "shell", kind: .choice(CompletionScript.shells), help: "bash, zsh or fish.")
      ]),
    run: run)

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let shell = try context.invocation.requiredArgument(0)
    guard CompletionScript.shells.contains(shell) else {
      throw context.usageError(
        .invalidValue(
          "Unknown shell '\(escapedForMessage(shell))'."
            + didYouMean(closestMatch(to: shell, among: CompletionScript.shells))
            + " Choose one of: bash, zsh, fish."))
    }
    context.output.write(CompletionScript.script(for: shell, commands: Subcommand.specs))
  }
}
