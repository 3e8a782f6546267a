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
  /// Uses of the command, for the EXAMPLES of its help and of the manual page.
  var examples: [CommandExample] = []

  /// The command's options and the global ones, as help lists them.
  var allOptions: [OptionSpec] {
    options + OptionSpec.global
  }
}

extension CommandSpec {
  /// The spec with the roster's weapons written out where its help lists them
  /// (``OptionSpec/weaponsPlaceholder``).
  ///
  /// - Parameter weapons: The weapons' names.
  /// - Returns: The spec, for help, the manual page or completion.
  func listingWeapons(_ weapons: [String]) -> CommandSpec {
    var spec = self
    spec.abstract = OptionSpec.withWeapons(abstract, weapons)
    spec.discussion = OptionSpec.withWeapons(discussion, weapons)
    for index in spec.options.indices {
      spec.options[index].help = OptionSpec.withWeapons(spec.options[index].help, weapons)
    }
    for index in spec.arguments.indices {
      spec.arguments[index].help = OptionSpec.withWeapons(spec.arguments[index].help, weapons)
    }
    return spec
  }
}
