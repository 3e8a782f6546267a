/// A subcommand of `monsters`: its name, arguments and options, and its help.
struct CommandSpec: Equatable, Sendable {
  /// The name, such as `list`; a subcommand's spec takes the subcommand's.
  var name = ""
  /// One line on what the command does.
  var abstract: String
  /// More on the command, for its help page.
  var discussion: String = ""
  /// The rest of the command's rules, which the manual page gives after ``discussion`` and
  /// the help page leaves out: paragraphs separated by a blank line.
  var details: String = ""
  /// The arguments, in order.
  var arguments: [ArgumentSpec] = []
  /// The command's own options.
  var options: [OptionSpec] = []
  /// Uses of the command, for the EXAMPLES of its help and of the manual page.
  var examples: [CommandExample] = []
  /// Other ways to run the command, each chosen by a flag of ``options``, with arguments
  /// of its own: `merge --git [<path>]` beside `merge <base> <ours> <theirs>`.
  var forms: [CommandForm] = []
  /// Whether the command runs only in one of its ``forms``: `resolve` needs `--ours` or
  /// `--theirs`.
  var needsForm = false

  /// Each way to run the command, as its usage lines show it: the arguments, and the
  /// options with the chosen form's flag first (required ones without brackets).
  var usages: [(arguments: [ArgumentSpec], options: [OptionSpec])] {
    let flags = Set(forms.map(\.flag))
    var usages = needsForm ? [] : [(arguments, options.filter { !flags.contains($0.name) })]
    for form in forms {
      let flag = options.filter { $0.name == form.flag }.map(\.required)
      usages.append((form.arguments, flag + options.filter { form.options.contains($0.name) }))
    }
    return usages
  }

  /// Every argument of every form, each name once, as help lists them.
  var allArguments: [ArgumentSpec] {
    var seen: Set<String> = []
    return (arguments + forms.flatMap(\.arguments)).filter { seen.insert($0.name).inserted }
  }

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
    spec.details = OptionSpec.withWeapons(details, weapons)
    for index in spec.options.indices {
      spec.options[index].help = OptionSpec.withWeapons(spec.options[index].help, weapons)
    }
    for index in spec.arguments.indices {
      spec.arguments[index].help = OptionSpec.withWeapons(spec.arguments[index].help, weapons)
    }
    return spec
  }
}

/// A way to run a command chosen by a flag, with arguments other than the command's: the
/// parser, help, the manual page and completion read it as they read the command's own.
struct CommandForm: Equatable, Sendable {
  /// The long name of the flag that chooses the form, one of the command's options: `git`.
  var flag: String
  /// The form's arguments, in place of the command's.
  var arguments: [ArgumentSpec]
  /// The long names of the command's other options that the form takes.
  var options: [String] = []
}
