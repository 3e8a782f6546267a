import MonsterKit

/// A command line, parsed: the subcommand, its arguments and its options.
struct Invocation: Equatable {
  /// The subcommand, or `nil` when none was given.
  var command: CommandSpec?
  /// The arguments, in order.
  var arguments: [String] = []
  /// The options given, in order, each once but those that may be repeated.
  var options: [Option] = []

  /// An option as given on the line.
  struct Option: Equatable {
    /// The long name, without the dashes.
    var name: String
    /// The value, or `nil` for a flag.
    var value: String?
  }

  /// The value of an option, if it was given.
  func value(_ option: OptionSpec) -> String? {
    options.first { $0.name == option.name }?.value
  }

  /// Every value of an option that may be repeated, in the order given.
  func values(_ option: OptionSpec) -> [String] {
    options.compactMap { $0.name == option.name ? $0.value : nil }
  }

  /// Whether a flag was given.
  func has(_ flag: OptionSpec) -> Bool {
    options.contains { $0.name == flag.name }
  }

  /// The values of the options given with one, by long name (the last, for an option
  /// given more than once).
  var values: [String: String] {
    var values: [String: String] = [:]
    for option in options {
      values[option.name] = option.value
    }
    return values
  }

  /// The argument at a position, if it was given.
  func argument(_ position: Int) -> String? {
    arguments.indices.contains(position) ? arguments[position] : nil
  }

  /// The argument at a position, which the subcommand needs.
  ///
  /// - Throws: ``CommandFailure/usage(_:command:)`` when it is missing. Parsing checks
  ///   arguments already; this keeps a line that skipped the check (`--help`) from
  ///   reaching past the end.
  func requiredArgument(_ position: Int) throws(CommandFailure) -> String {
    guard let argument = argument(position) else {
      let spec = command?.arguments.dropFirst(position).first
      throw CommandFailure.usage(
        spec.map { .missingArgument($0) } ?? .missingCommand, command: command)
    }
    return argument
  }
}

// MARK: - Parsing

extension Invocation {
  /// Parses a command line, without the program's name.
  ///
  /// A subcommand's first argument may name one of its actions, which is a subcommand of
  /// two words (`weapons add`). Options may be written `--name value` or `--name=value`,
  /// and the global ones may stand anywhere on the line. `--` ends the options: the words
  /// after it are the subcommand's arguments, dashes or not. Once a subcommand that takes a
  /// fixed number of arguments has them all, a word after them is an option again, so that
  /// `add -- -Odd-Bot --weapon fire` adds `-Odd-Bot` with a weapon; for one that takes any
  /// number (`set`, `remove`), every word after `--` is an argument.
  ///
  /// - Parameters:
  ///   - words: The arguments after `monsters`.
  ///   - commands: The subcommands there are; only the spec of the one named is made, and
  ///     without the examples, which help adds (``Subcommand/spec(of:)``).
  /// - Throws: ``CommandFailure/usage(_:command:)`` for a line that cannot be parsed.
  init(parsing words: [String], commands: [Subcommand]) throws(CommandFailure) {
    try self.init(parsing: words, names: commands.map { $0.name }) { name in
      commands.first { $0.name == name }?.parsingSpec
    }
  }

  /// Parses a command line among the given specs.
  ///
  /// - Parameters:
  ///   - words: The arguments after `monsters`.
  ///   - commands: The specs of the subcommands there are.
  /// - Throws: ``CommandFailure/usage(_:command:)`` for a line that cannot be parsed.
  init(parsing words: [String], commands: [CommandSpec]) throws(CommandFailure) {
    try self.init(parsing: words, names: commands.map { $0.name }) { name in
      commands.first { $0.name == name }
    }
  }

  /// Parses a command line among subcommands known by name, whose spec `spec` gives.
  private init(
    parsing words: [String], names: [String], spec: (String) -> CommandSpec?
  ) throws(CommandFailure) {
    var index = 0
    var optionsEnded = false
    func fail(_ error: UsageError) -> CommandFailure {
      .usage(error, command: command)
    }
    /// Whether the subcommand has every argument it can take, so that a word after `--`
    /// may be an option again.
    func hasEveryArgument() -> Bool {
      guard let command, command.arguments.last?.isRepeating != true else { return false }
      return arguments.count >= command.arguments.count
    }
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded && hasEveryArgument() { optionsEnded = false }
      if optionsEnded || word == "-" || !word.hasPrefix("-") {
        // A word that would be an option but for a dash that is not `-` (`—dry-run`, as an
        // editor's autocorrect writes `--dry-run`) is refused, not taken for a name: a name
        // `--if-exists` lets pass would otherwise drop the option silently.
        if !optionsEnded {
          let known = command.map { $0.allOptions + [.version] } ?? OptionSpec.topLevel
          if let (dash, meant) = Self.optionMeant(byDashLookalike: word, among: known) {
            throw fail(.dashLookalike(word, dash: dash, meant: meant))
          }
        }
        // The subcommand is not an option: it may follow `--` (`monsters -- show x`).
        if command == nil {
          if let found = spec(word) {
            command = found
          } else if index < words.count, let action = spec(word + " " + words[index]) {
            // An action whose subcommand is not among these (`apply` takes edits only).
            command = action
            index += 1
          } else {
            throw fail(.unknownCommand(word, among: names.filter { !$0.contains(" ") }))
          }
        } else if let current = command, arguments.isEmpty, !optionsEnded,
          let action = spec(current.name + " " + word)
        {
          // A subcommand's action, such as `weapons add`, is a subcommand of its own.
          command = action
        } else {
          arguments.append(word)
        }
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      // The options a word may name: before the subcommand, those of `monsters` itself.
      let known = command.map { $0.allOptions + [.version] } ?? OptionSpec.topLevel
      let (option, inlineValue) = try Self.option(for: word, among: known, command: command)
      let value: String?
      if option.value == nil {
        if inlineValue != nil { throw fail(.unexpectedValue(option)) }
        value = nil
      } else if let inlineValue {
        value = inlineValue
      } else {
        guard index < words.count, !Self.looksLikeOption(words[index], among: known) else {
          throw fail(.missingValue(option))
        }
        value = words[index]
        index += 1
      }
      guard option.isRepeatable || !options.contains(where: { $0.name == option.name }) else {
        throw fail(.repeatedOption(option))
      }
      options.append(Option(name: option.name, value: value))
    }
    if let command, !has(.help), !has(.version) {
      try checkArguments(of: command)
    }
  }

  /// The option a word names, among the `known` ones, and its value when written
  /// `--name=value`; `command` is the subcommand so far, whose usage a usage error shows.
  private static func option(
    for word: String, among known: [OptionSpec], command: CommandSpec?
  ) throws(CommandFailure) -> (OptionSpec, String?) {
    func unknown(_ name: String) -> CommandFailure {
      let candidates = known.map { "--\($0.name)" }
      return .usage(
        .unknownOption(
          name,
          suggestion: formatSuggestion(for: name, among: known)
            ?? closestMatch(to: name, among: candidates)),
        command: command)
    }
    if word.hasPrefix("--") {
      let body = word.dropFirst(2)
      let (name, value): (String, String?) =
        body.split(atFirst: "=").map { ($0.head, $0.tail) } ?? (String(body), nil)
      guard let option = known.first(where: { $0.name == name }) else {
        throw unknown(value == nil ? word : "--\(name)")
      }
      return (option, value)
    }
    // A short option: `-f path`, `-fpath` or `-f=path`.
    let letter = word.dropFirst().first ?? "-"
    guard let option = known.first(where: { $0.shortName == letter }) else {
      throw unknown(word)
    }
    let rest = word.dropFirst(2)
    if rest.isEmpty { return (option, nil) }
    guard option.value != nil else { throw unknown(word) }
    guard rest.hasPrefix(codePoint: "=") else { return (option, String(rest)) }
    return (option, String(decoding: rest.utf8.dropFirst(), as: UTF8.self))
  }

  /// For an option named after a format (`--json`), the `--format` that gives it.
  private static func formatSuggestion(for word: String, among known: [OptionSpec]) -> String? {
    guard word.hasPrefix("--"),
      let format = known.first(where: { $0.name == "format" }),
      case .choice(let formats) = format.value
    else { return nil }
    let name = word.dropFirst(2).lowercased()
    return formats.first { $0 == name }.map { "--\(format.name) \($0)" }
  }

  /// The characters that look like `-` and that editors and word processors put for it:
  /// hyphens, dashes (`--` becomes an em dash under autocorrect) and minus signs.
  private static let dashLookalikes: Set<Unicode.Scalar> = [
    "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}",
    "\u{FE58}", "\u{FE63}", "\u{FF0D}",
  ]

  /// The option a word names but for its leading dashes, some of which only look like `-`
  /// (`—dry-run`, `–f`): the first such dash, and the option written as it should be
  /// (`--dry-run`, `-f`); `nil` for any other word.
  private static func optionMeant(byDashLookalike word: String, among known: [OptionSpec])
    -> (dash: Unicode.Scalar, meant: String)?
  {
    let scalars = word.unicodeScalars
    let dashes = scalars.prefix { $0 == "-" || dashLookalikes.contains($0) }
    guard let dash = dashes.first(where: { dashLookalikes.contains($0) }) else { return nil }
    var name = ""
    name.unicodeScalars.append(contentsOf: scalars.dropFirst(dashes.count).prefix { $0 != "=" })
    if let option = known.first(where: { $0.name == name }) { return (dash, "--" + option.name) }
    if name.count == 1, known.contains(where: { $0.shortName == name.first }) {
      return (dash, "-" + name)
    }
    return nil
  }

  /// Whether a word after an option that needs a value is another option rather than the
  /// value: `set Cat-Bot --weapon --dry-run` is missing its weapon.
  private static func looksLikeOption(_ word: String, among known: [OptionSpec]) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    if word == "--" { return true }
    if word.hasPrefix("--") {
      let name = word.dropFirst(2).prefix { $0 != "=" }
      return known.contains { $0.name == name }
    }
    let letter = word.dropFirst().first
    return word.count == 2 && known.contains { $0.shortName == letter }
  }

  private func checkArguments(of command: CommandSpec) throws(CommandFailure) {
    if let missing = command.options.first(where: { $0.isRequired && value($0) == nil }) {
      throw CommandFailure.usage(.missingOption(missing), command: command)
    }
    var expected = command.arguments
    let chosen = command.forms.filter { form in options.contains { $0.name == form.flag } }
    if chosen.count > 1 {
      throw CommandFailure.usage(
        .invalidValue(
          "\(chosen.map { "--" + $0.flag }.joined(separator: " and ")) cannot be used together."),
        command: command)
    }
    if let form = chosen.first {
      let allowed = Set([form.flag] + form.options + OptionSpec.global.map(\.name))
      if let other = options.first(where: { !allowed.contains($0.name) }) {
        throw CommandFailure.usage(
          .invalidValue("--\(other.name) cannot be used with --\(form.flag)."), command: command)
      }
      expected = form.arguments
    } else if command.needsForm {
      throw CommandFailure.usage(
        .invalidValue(
          "Give \(command.forms.map { "--" + $0.flag }.joined(separator: " or ")).",
        ), command: command)
    }
    if let missing = expected.dropFirst(arguments.count).first(where: { !$0.isOptional }) {
      throw CommandFailure.usage(.missingArgument(missing), command: command)
    }
    if arguments.count > expected.count && expected.last?.isRepeating != true {
      throw CommandFailure.usage(
        unexpectedArgumentError(of: command, expecting: expected), command: command)
    }
  }

  /// The error for arguments past the last a subcommand takes. When that last one is a
  /// name, the extra words are likely the rest of a name with spaces: the error shows the
  /// line with the name quoted.
  private func unexpectedArgumentError(of command: CommandSpec, expecting expected: [ArgumentSpec])
    -> UsageError
  {
    let extra = arguments[expected.count]
    let takesName = expected.last.map { [.monster, .text].contains($0.kind) } ?? false
    guard takesName, let nameStart = expected.indices.last,
      !arguments[nameStart...].contains(where: { $0.hasPrefix("-") })
    else { return .unexpectedArgument(extra) }
    let name = arguments[nameStart...].joined(separator: " ")
    return .unquotedName(extra, line: words(withArguments: arguments[..<nameStart] + [name]))
  }

  /// The words of this command line after `monsters`, with other arguments: for a hint
  /// that shows the line as it was meant.
  func words(withArguments arguments: [String]) -> [String] {
    var words = (command.map { [$0.name] } ?? []) + arguments
    for option in options {
      words.append("--" + option.name)
      if let value = option.value { words.append(value) }
    }
    return words
  }
}
