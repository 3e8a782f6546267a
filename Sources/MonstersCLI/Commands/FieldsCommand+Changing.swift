import MonsterKit
import MonstersSystem

// `fields change`, `fields rename` and `fields other-keys`: changes to the fields a roster
// declares, each one edit, made across the monsters.

extension FieldsCommand {
  static let addValuesOption = OptionSpec(
    "add-values", .text("a,b,..."),
    help: "Words to add to the values the field takes, separated by commas.")
  static let removeValuesOption = OptionSpec(
    "remove-values", .text("a,b,..."),
    help: "Words to take from its values, in any case; refused while a monster holds one.")
  static let newMinimumOption = newBoundOption("minimum", "least")
  static let newMaximumOption = newBoundOption("maximum", "greatest")
  static let optionalOption = OptionSpec(
    "optional", help: "A monster may be without the field; its default goes.")
  static let newDefaultOption = OptionSpec(
    "default", .text("value"), help: "The value a monster without the required field is given.")
  static let noDefaultOption = OptionSpec("no-default", help: "The required field has no default.")

  /// The word of `--minimum` and `--maximum` for no bound.
  static let noBoundWord = "none"

  /// `--minimum` or `--maximum`: the `extreme` number an integer field takes, or none.
  private static func newBoundOption(_ name: String, _ extreme: String) -> OptionSpec {
    OptionSpec(
      name, .text("n|" + noBoundWord),
      help: "The \(extreme) number an integer field takes, or \(noBoundWord).")
  }

  static let change = Subcommand(name: "fields change", edit: changing) {
    CommandSpec(
      abstract: "Change a declared field: its values, range, or whether it is required.",
      discussion: """
        Each change is made to the field as the roster declares it when the edit is made. \
        A value or a range that a monster's value would no longer fit is refused (1), \
        naming the monsters; so is making a field required that some monster lacks, \
        without a default to give it.
        """,
      arguments: [
        ArgumentSpec(name: "field", kind: .declaredField, help: "The declared field's name.")
      ],
      options: [
        addValuesOption, removeValuesOption, newMinimumOption, newMaximumOption,
        requiredOption, optionalOption, newDefaultOption, noDefaultOption, .dryRun,
        .exitCode,
      ])
  }.examples {
    [
      CommandExample("Widen level to 200.", "fields change level --maximum 200"),
      CommandExample(
        "Add green to the teams, and take yellow away once no monster is on it.",
        "fields change team --add-values green --remove-values yellow"),
      CommandExample(
        "Make notes required, giving 'none yet' to every monster without any.",
        "fields change notes --required --default 'none yet'"),
    ]
  }

  static let rename = Subcommand(name: "fields rename", edit: renaming) {
    CommandSpec(
      abstract: "Rename a declared field, in every monster that has it.",
      discussion: """
        The key keeps its place among each monster's keys. The new name is one no other \
        field has, ignoring case.
        """,
      arguments: [
        ArgumentSpec(name: "field", kind: .declaredField, help: "The declared field's name."),
        ArgumentSpec(name: "new-name", kind: .text, help: "Its new name."),
      ],
      options: [.dryRun, .exitCode])
  }.examples {
    [
      CommandExample("Call team squad, in every monster that has one.", "fields rename team squad")
    ]
  }

  static let otherKeys = Subcommand(name: "fields other-keys", edit: ruling) {
    CommandSpec(
      abstract: "Keep or refuse monsters' keys that no field declares.",
      discussion: """
        A roster that declares a field refuses every other key: 'monsters check' names \
        it, with the field meant, and edits and imports refuse it. 'keep' keeps such \
        keys as a monster's own, as a roster that declares no field does; 'refuse' is \
        refused (1) while a monster has one. The roster says so in one entry, \
        "otherKeys", which 'monsters fields' shows.
        """,
      arguments: [
        ArgumentSpec(
          name: "rule", kind: .choice(OtherKeys.allCases.map(\.rawValue)),
          help: "keep or refuse.")
      ],
      options: [.dryRun, .exitCode])
  }.examples {
    [
      CommandExample(
        "Keep keys no field declares, as keys of the monsters' own.",
        "fields other-keys keep"),
      CommandExample("Refuse them again, once no monster has one.", "fields other-keys refuse"),
    ]
  }

  /// The change of a field's declaration the command line asks for.
  static func changing(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    let name = try invocation.requiredArgument(0)
    func refuse(_ message: String) -> CommandFailure {
      invocation.usageError(.invalidValue(message))
    }
    for (one, other) in [
      (requiredOption, optionalOption), (newDefaultOption, noDefaultOption),
      (optionalOption, newDefaultOption),
    ] where invocation.has(one) && invocation.has(other) {
      throw refuse("'--\(one.name)' and '--\(other.name)' do not go together.")
    }
    var change = FieldRedeclaration()
    change.addedValues = invocation.commaSeparated(addValuesOption) ?? []
    change.removedValues = invocation.commaSeparated(removeValuesOption) ?? []
    func bound(_ option: OptionSpec) throws(CommandFailure) -> FieldRedeclaration.BoundChange {
      guard let text = invocation.value(option) else { return .keep }
      if text.lowercased() == noBoundWord { return .remove }
      return .set(try Self.bound(text, of: option, in: invocation, orElse: noBoundWord))
    }
    change.minimum = try bound(newMinimumOption)
    change.maximum = try bound(newMaximumOption)
    if invocation.has(requiredOption) { change.requirement = .required }
    if invocation.has(optionalOption) { change.requirement = .optional }
    if let text = invocation.value(newDefaultOption) { change.defaultValue = .set(.typed(text)) }
    if invocation.has(noDefaultOption) { change.defaultValue = .remove }
    guard !change.isEmpty else {
      let options = [
        addValuesOption, removeValuesOption, newMinimumOption, newMaximumOption,
        requiredOption, optionalOption, newDefaultOption, noDefaultOption,
      ]
      throw refuse("Nothing to change: give " + listing(options.map { "--" + $0.name }) + ".")
    }
    return .changeField(name, change)
  }

  /// The field the command line renames.
  static func renaming(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    .renameField(try invocation.requiredArgument(0), to: try invocation.requiredArgument(1))
  }

  /// What the command line says of keys no field declares.
  static func ruling(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit {
    .setOtherKeys(try invocation.requiredArgument(0, as: OtherKeys.self))
  }
}

extension OtherKeys: OptionChoice {}
