import MonsterKit

/// `monsters help`: the help of `monsters` or of a subcommand.
enum HelpCommand {
  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "help",
      abstract: "Show help for monsters or one of its subcommands.",
      arguments: [
        ArgumentSpec(
          name: "subcommand", kind: .subcommand, isOptional: true,
          help: "The subcommand to show help for.")
      ]),
    run: run)

  /// Prints the help page of the subcommand named, or of `monsters`.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    var command: CommandSpec?
    if let name = context.invocation.argument(0) {
      do throws(UsageError) {
        command = try CommandSpec.named(name, among: Subcommand.specs)
      } catch {
        throw context.usageError(error)
      }
    }
    context.output.write(HelpText.page(for: command, commands: Subcommand.specs))
  }
}
