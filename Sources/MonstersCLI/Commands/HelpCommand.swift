import MonsterKit

/// `monsters help`: the help of `monsters` or of a subcommand.
enum HelpCommand {
  static let subcommand = Subcommand(name: "help", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "Show help for monsters or one of its subcommands.",
      arguments: [
        ArgumentSpec(
          name: "subcommand", kind: .subcommand, isOptional: true,
          help: "The subcommand to show help for.")
      ])
  }

  /// Prints the help page of the subcommand named, or of `monsters`.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    var command: CommandSpec?
    if let name = context.invocation.argument(0) {
      guard let subcommand = Subcommand.all.first(where: { $0.name == name }) else {
        throw context.usageError(.unknownCommand(name, among: Subcommand.all.map { $0.name }))
      }
      command = subcommand.spec
    }
    context.output.write(HelpText.page(for: command, commands: Subcommand.specs))
  }
}
