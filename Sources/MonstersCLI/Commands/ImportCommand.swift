import MonsterKit

/// `monsters import`: adds monsters read from TSV, NDJSON or a JSON array, in one edit.
enum ImportCommand {
  static let formatOption = OptionSpec(
    "format", value: .choice(MonsterImport.Format.allCases.map(\.rawValue)),
    valueName: "format",
    help: "tsv, ndjson or json (default: told from the input: '[' starts json, '{' ndjson, "
      + "anything else tsv).")
  static let updateOption = OptionSpec(
    "update",
    help: "Replace the fields the input gives of a monster that is there already (matched by "
      + "name, ignoring case), rather than fail; other fields stay as they are.")

  static let subcommand = Subcommand(name: "import", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "Add monsters from TSV, NDJSON or JSON, in one edit.",
      discussion: """
        Reads what 'monsters list' prints: TSV with a header line (--format tsv), one \
        JSON object a line (ndjson), or a JSON array of objects (json). The columns or \
        keys are \(MonsterField.listed.map(\.key).joined(separator: ", ")) and the \
        roster's declared fields; name and weapon are needed. Values are read as add and set read them. A \
        new monster gets an empty description, the icon add gives it, and no colour for \
        what is left out; an empty cell of an optional field, or a null colour, is no \
        value. Other columns and keys are kept with the monster: a cell as text, a JSON \
        value as it is.

        All the monsters land in one write, or none does: a line that cannot be read, or \
        a name that is taken (without --update), is named with its error and the file is \
        left as it was. Importing a roster's own listing changes nothing and does not \
        rewrite the file.
        """,
      arguments: [
        ArgumentSpec(
          name: "input", kind: .path, isOptional: true,
          help: "The file to read, or - for standard input (the default).")
      ],
      options: [formatOption, updateOption, .dryRun, .exitCode])
  }

  /// Reads the input, and adds (or with `--update` changes) its monsters in one edit.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.checkExitCodeOption()
    let invocation = context.invocation
    // No format given is no format: the input's first byte tells it.
    let format = MonsterImport.Format(rawValue: try invocation.choice(formatOption))
    let path = invocation.argument(0) ?? "-"
    let name = path == "-" ? "<stdin>" : path
    let bytes = try InputFile.contents(of: path, console: context.console)
    let monsters: [ImportedMonster]
    do throws(MonsterImportError) {
      monsters = try MonsterImport.read(bytes, format: format)
    } catch {
      throw .invalidInput(path: name, error)
    }
    let updates = invocation.has(updateOption)
    let edits = monsters.map { $0.edit(ifTaken: updates ? .update : .fail) }
    let outcome: EditOutcome
    do throws(EditFailure) {
      outcome = try context.perform(edits)
    } catch {
      // A value the roster does not take is the input's, as its line says.
      if let edit = error.edit, let message = lineMessage(for: error.error) {
        throw .invalidInput(
          path: name, MonsterImportError(line: monsters[edit].line, message: message))
      }
      var hint: String?
      if case .nameTaken = error.error {
        hint = "Use --\(updateOption.name) to replace its fields."
      }
      throw error.failure(inInput: name, command: context.invocation.command, hint: hint) {
        monsters[$0].line
      }
    }
    // An empty input still takes the edit path, which reads the roster and refuses what
    // cannot be edited, as any import would; it changes nothing.
    guard !monsters.isEmpty else {
      context.console.errors.writeLine(
        "Nothing to import: \(escapedForMessage(name)) lists no monster.")
      return
    }
    try context.report(outcome)
  }

  /// A value of an input's line that the roster does not take, in the words the roster's
  /// reader uses for the same value in a file: `unknown weapon 'axe'; the weapons are ...`;
  /// `nil` for an error that is no value's.
  static func lineMessage(for error: RosterError) -> String? {
    switch error {
    case .unknownWeapon(let text, let weapons):
      "unknown weapon '\(escapedForMessage(text))'; the weapons are "
        + weapons.joined(separator: ", ")
    case .invalidValue(let text, let field, let reason):
      "'\(escapedForMessage(field))' cannot be '\(escapedForMessage(text))': \(reason)"
    case .unknownField, .missingValue: error.description
    default: nil
    }
  }
}
