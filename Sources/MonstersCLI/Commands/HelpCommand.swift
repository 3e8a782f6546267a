import MonsterKit

/// `monsters help`: the help of `monsters` or of a subcommand.
enum HelpCommand {
  static let manOption = OptionSpec(
    "man", help: "Print the manual page instead, in roff for man(1), with every subcommand.")

  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "help",
      abstract: "Show help for monsters or one of its subcommands.",
      arguments: [
        ArgumentSpec(
          name: "subcommand", kind: .choice([]), isOptional: true,
          help: "The subcommand to show help for.")
      ],
      options: [manOption]),
    run: run)

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let specs = Subcommand.specs
    if context.invocation.has(manOption) {
      if let name = context.invocation.argument(0) {
        throw context.usageError(
          .invalidValue(
            "The manual page covers every subcommand; give --man without "
              + "'\(escapedForMessage(name))'."))
      }
      context.output.write(ManPage.page(commands: specs))
      return
    }
    var command: CommandSpec?
    if let name = context.invocation.argument(0) {
      guard let found = specs.first(where: { $0.name == name }) else {
        throw context.usageError(
          .unknownCommand(name, suggestion: closestMatch(to: name, among: specs.map(\.name))))
      }
      command = found
    }
    context.output.write(HelpText.page(for: command, commands: specs))
  }
}
