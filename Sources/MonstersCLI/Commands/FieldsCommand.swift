import MonsterKit
import MonstersSystem

/// `monsters fields`: a monster's fields, built in and declared, and what each takes;
/// `fields add` and `fields remove` edit the declared ones.
enum FieldsCommand {
  /// How the fields are listed.
  enum Format: String, OptionChoice {
    /// Aligned columns: the field, whether it is required, what it takes.
    case table
    /// One field's name a line.
    case names
    /// `FIELD=VALUE`, a line for each word a field takes from a closed list: what shell
    /// completion offers after `--where FIELD=` and `--field FIELD=`.
    case values
    /// An array of objects, a declared field's as the roster declares it.
    case json
  }

  static let formatOption = OptionSpec.format(Format.table)

  static let subcommand = Subcommand(name: "fields", run: run) {
    CommandSpec(
      abstract: "List a monster's fields and what each takes.",
      discussion: """
        The built-in fields, then those the roster declares ('monsters fields add', \
        'change', 'rename' and 'remove' edit them), and under the table whether it keeps \
        keys no field declares ('monsters fields other-keys'). 'values' prints \
        FIELD=VALUE for each word a field takes from a closed list, for scripts and shell \
        completion.
        """,
      options: [formatOption])
  }.examples {
    [
      CommandExample("Every field and what it takes.", "fields"),
      CommandExample("Each word a field takes, as FIELD=VALUE.", "fields --format values"),
    ]
  }

  static let valuesOption = OptionSpec(
    "values", .text("a,b,..."),
    help: "The words the field takes, separated by commas; spaces around a word are dropped.")
  static let integerOption = OptionSpec("integer", help: "The field takes a whole number.")
  static let minimumOption = OptionSpec(
    "minimum", .text("n"), help: "With --integer: the least number it takes.")
  static let maximumOption = OptionSpec(
    "maximum", .text("n"), help: "With --integer: the greatest number it takes.")
  /// `--required`, which `fields add` and `fields change` take alike.
  static let requiredOption = OptionSpec(
    "required", help: "Every monster has the field; those without it are given the default.")
  static let defaultOption = OptionSpec(
    "default", .text("value"),
    help: "With --required: the value a monster without the field is given.")
  static let forceOption = OptionSpec(
    "force", help: "Remove the field from the monsters that have it too.")

  static let add = Subcommand(name: "fields add", run: runAddition, edit: addition) {
    CommandSpec(
      abstract: "Declare a field of the roster's monsters.",
      discussion: """
        A field takes text, unless --values gives the words it takes or --integer makes it \
        a whole number. It is optional, unless --required: then every monster has it, \
        and those without it are given --default. Its name is a key no other field has, \
        ignoring case; a monster that has the key already must hold a value it takes.
        """,
      arguments: [ArgumentSpec(name: "name", kind: .text, help: "The new field's name.")],
      options: [
        valuesOption, integerOption, minimumOption, maximumOption, requiredOption, defaultOption,
        .dryRun, .exitCode,
      ])
  }.examples {
    [
      CommandExample(
        "A team, red or blue, that every monster has: red unless set.",
        "fields add team --values red,blue --required --default red"),
      CommandExample(
        "An optional health from 1 to 100.",
        "fields add health --integer --minimum 1 --maximum 100"),
      CommandExample("Free notes.", "fields add notes"),
    ]
  }

  static let remove = Subcommand(name: "fields remove", edit: removal) {
    CommandSpec(
      abstract: "Take a declared field away.",
      discussion: """
        A field that a monster has is not removed: the command fails (1), naming the \
        monsters, unless --force, which takes it from them too.
        """,
      arguments: [
        ArgumentSpec(name: "field", kind: .declaredField, help: "The declared field's name.")
      ],
      options: [forceOption, .dryRun, .exitCode])
  }.examples {
    [
      CommandExample("Take notes away, once no monster has any.", "fields remove notes"),
      CommandExample(
        "Take health away from the roster and from every monster.",
        "fields remove health --force"),
    ]
  }

  /// Prints the roster's fields.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.invocation.choice(formatOption, as: Format.self)
    let roster = try context.readRoster()
    let fields = roster.listedFields
    let weapons = roster.weapons
    switch format {
    case .names:
      for field in fields { context.output.writeLine(escapedForTerminal(field.key)) }
    case .values:
      for field in fields {
        let words = (field.words(weapons: weapons) ?? []) + noValueWord(of: field)
        for word in words {
          context.output.writeLine(escapedForTerminal(field.key + "=" + word))
        }
      }
    case .json:
      try context.output.writeJSON(.array(fields.map { json(of: $0, weapons: weapons) }))
    case .table:
      let required = fields.map { field in
        field.isRequired
          ? "yes" + (field.defaultValue.map { " (default \(shown($0)))" } ?? "") : "no"
      }
      let width = max(5, fields.map { $0.key.count }.max() ?? 0)
      let requiredWidth = max(8, required.map(\.count).max() ?? 0)
      context.output.writeLine(
        context.style.header(
          padded("FIELD", toWidth: width) + "  " + padded("REQUIRED", toWidth: requiredWidth)
            + "  TAKES"))
      for (field, required) in zip(fields, required) {
        context.output.writeLine(
          escapedForTerminal(
            padded(field.key, toWidth: width) + "  " + padded(required, toWidth: requiredWidth)
              + "  " + field.allowedValues(weapons: weapons)))
      }
      context.output.writeLine(otherKeysLine(of: roster))
    }
  }

  /// The line under the table that says what the roster makes of keys no field declares,
  /// and why: the entry that says so, or whether it declares fields.
  static func otherKeysLine(of roster: Roster) -> String {
    let entry = "\"\(OtherKeys.keep.rawValue)\""
    let said = "(\"otherKeys\": \"\(roster.otherKeys.rawValue)\")"
    let rule =
      switch (roster.otherKeys, roster.declaresOtherKeys) {
      case (.keep, true): "kept \(said)."
      case (.refuse, true): "refused \(said)."
      case (.keep, false): "kept, as a monster's own."
      case (.refuse, false):
        "refused, as the roster declares fields (\"otherKeys\": \(entry) keeps them)."
      }
    return "Keys no field declares: " + rule
  }

  /// The word a command line gives a field for no value, where there is one: `none` for
  /// the name colour.
  private static func noValueWord(of field: MonsterField) -> [String] {
    field.kind == .color ? [ValueKind.noColorWord] : []
  }

  private static func shown(_ value: JSONValue) -> String {
    if case .string(let text) = value { return text }
    return DiffReport.compactJSON(value)
  }

  /// A field as `--format json` lists it: its name, its type, what it takes, whether it is
  /// required, and whether it is built in.
  private static func json(of field: MonsterField, weapons: [Weapon]) -> JSONValue {
    var members = [JSONMember("name", .string(field.key))]
    let type: String
    switch field.kind {
    case .name: type = "name"
    case .text: type = "text"
    case .weapon: type = "weapon"
    case .color: type = "colour"
    case .any: type = "any"
    case .integer(let minimum, let maximum):
      type = "integer"
      if let minimum { members.append(JSONMember("minimum", .number("\(minimum)"))) }
      if let maximum { members.append(JSONMember("maximum", .number("\(maximum)"))) }
    case .values: type = "text"
    }
    members.insert(JSONMember("type", .string(type)), at: 1)
    if let words = field.words(weapons: weapons) {
      members.append(JSONMember("values", .array(words.map(JSONValue.string))))
    }
    members.append(JSONMember("required", .bool(field.isRequired)))
    if let value = field.defaultValue { members.append(JSONMember("default", value)) }
    members.append(JSONMember("builtIn", .bool(field.builtIn != nil)))
    return .object(members)
  }

  /// Declares the field, and where the roster has one of its name, says how to change
  /// that one.
  static func runAddition(_ context: CommandContext) throws(CommandFailure) {
    do throws(CommandFailure) {
      try context.applyAndReport(try addition(context.invocation))
    } catch {
      // A built-in field's name is refused before: the field taken is a declared one.
      guard case .roster(.fieldTaken(_, let holder)) = error else { throw error }
      throw .hinted(
        error,
        hint: "'monsters fields change \(escapedForMessage(holder))' changes its values, range "
          + "or default; 'monsters fields rename' its name.")
    }
  }

  /// A bound of an integer field as an option gives it: a whole number a bound may be, or
  /// a usage error that names the option and what it takes (and `alternative`, such as
  /// `none`, where the option takes that too).
  static func bound(
    _ text: String, of option: OptionSpec, in invocation: Invocation,
    orElse alternative: String? = nil
  ) throws(CommandFailure) -> Int {
    let reading = MonsterField.bound(typed: text)
    guard case .bound(let number) = reading else {
      throw invocation.usageError(
        .invalidValue(
          "Invalid value for '\(option.synopsis)': '\(escapedForMessage(text))' "
            + (reading.problem ?? "") + (alternative.map { ", or \($0)" } ?? "") + "."))
    }
    return number
  }

  /// The field the command line declares.
  static func addition(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    let name = try invocation.requiredArgument(0)
    let isInteger = invocation.has(integerOption)
    func refuse(_ message: String) -> CommandFailure {
      invocation.usageError(.invalidValue(message))
    }
    for option in [minimumOption, maximumOption] where !isInteger && invocation.has(option) {
      throw refuse("'--\(option.name)' goes with '--integer'.")
    }
    func bound(_ option: OptionSpec) throws(CommandFailure) -> Int? {
      guard let text = invocation.value(option) else { return nil }
      return try Self.bound(text, of: option, in: invocation)
    }
    let kind: MonsterField.Kind
    if let values = invocation.commaSeparated(valuesOption) {
      guard !isInteger else { throw refuse("'--values' and '--integer' do not go together.") }
      kind = .values(values)
    } else {
      kind =
        isInteger
        ? .integer(minimum: try bound(minimumOption), maximum: try bound(maximumOption)) : .text
    }
    let isRequired = invocation.has(requiredOption)
    let fallback = invocation.value(defaultOption)
    if fallback != nil && !isRequired { throw refuse("'--default' goes with '--required'.") }
    do throws(RosterError) {
      var field = try MonsterField(declaring: name, kind: kind, isRequired: isRequired)
      if let text = fallback {
        field = try MonsterField(
          declaring: name, kind: kind, isRequired: true,
          defaultValue: try field.value(typed: text))
      }
      return .addField(field)
    } catch {
      throw CommandFailure(refusedEdit: error, command: invocation.command)
    }
  }

  /// The field the command line takes away.
  static func removal(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    .removeField(
      try invocation.requiredArgument(0),
      ifHeld: invocation.has(forceOption) ? .takeFromMonsters : .fail)
  }
}
