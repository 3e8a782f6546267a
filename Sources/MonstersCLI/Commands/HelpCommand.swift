import MonsterKit

/// `monsters help`: the help of `monsters` or of a subcommand, or the manual page.
enum HelpCommand {
  static let manOption = OptionSpec(
    "man", help: "Print the manual page instead, in roff for man(1), with every subcommand.")

  static let subcommand = Subcommand(name: "help", run: run) {
    CommandSpec(
      abstract: "Show help for monsters or one of its subcommands.",
      arguments: [
        ArgumentSpec(
          name: "subcommand", kind: .subcommand, isOptional: true, isRepeating: true,
          help: "The subcommand to show help for, such as list or weapons add.")
      ],
      options: [manOption])
  }.examples {
    [
      CommandExample("The help of set.", "help set"),
      CommandExample(
        "Install the manual page.",
        "help --man", shellSuffix: "> /usr/local/share/man/man1/monsters.1"),
    ]
  }

  /// Prints the help page of the subcommand named, or of `monsters`, or with `--man` the
  /// manual page.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    if context.invocation.has(manOption) {
      if let name = context.invocation.argument(0) {
        throw context.usageError(
          .invalidValue(
            "The manual page covers every subcommand; give --man without "
              + "'\(escapedForMessage(name))'."))
      }
      let weapons = context.weaponNamesForHelp()
      context.output.write(
        ManPage.page(commands: Subcommand.specs.map { $0.listingWeapons(weapons) }))
      return
    }
    var command: CommandSpec?
    if !context.invocation.arguments.isEmpty {
      let name = context.invocation.arguments.joined(separator: " ")
      guard let subcommand = Subcommand.all.first(where: { $0.name == name }) else {
        // `help list show`: a subcommand, then a word that is none of its actions.
        let first = context.invocation.arguments[0]
        if Subcommand.all.contains(where: { $0.name == first }) {
          throw context.usageError(.unexpectedArgument(context.invocation.arguments[1]))
        }
        throw context.usageError(
          .unknownCommand(first, among: Subcommand.all.map { $0.name }.filter { !$0.contains(" ") })
        )
      }
      command = subcommand.spec
    }
    let weapons = context.weaponNamesForHelp()
    context.output.write(
      HelpText.page(
        for: command?.listingWeapons(weapons),
        commands: Subcommand.specs.map { $0.listingWeapons(weapons) }))
  }
}
