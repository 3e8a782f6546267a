/// A subcommand of `monsters`: its name, arguments and options, and its help.
struct CommandSpec: Equatable, Sendable {
  /// The name, such as `list`.
  var name: String
  /// One line on what the command does.
  var abstract: String
  /// More on the command, for its help page.
  var discussion: String = ""
  /// The arguments, in order.
  var arguments: [ArgumentSpec] = []
  /// The command's own options.
  var options: [OptionSpec] = []

  /// The command's options and the global ones, as help lists them.
  var allOptions: [OptionSpec] {
    options + OptionSpec.global
  }

  /// The option with a long name, among the command's and the global ones.
  func option(named name: String) -> OptionSpec? {
    allOptions.first { $0.name == name }
  }

  /// The option with a one-letter name.
  func option(short: Character) -> OptionSpec? {
    allOptions.first { $0.shortName == short }
  }
}
