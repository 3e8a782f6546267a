import MonsterKit

/// `monsters import`: adds monsters read from TSV, CSV, NDJSON or a JSON array, in one
/// edit.
enum ImportCommand {
  static let formatOption = OptionSpec.format(
    MonsterImport.Format.self,
    help: "tsv, csv, ndjson or json (default: told from the input: '[' starts json, '{' "
      + "ndjson, a first line with a comma and no tab csv, anything else tsv).")
  static let updateOption = OptionSpec(
    "update",
    help: "Replace the fields the input gives of a monster that is there already (matched by "
      + "name, ignoring case), rather than fail; other fields stay as they are.")

  static let subcommand = Subcommand(name: "import", run: run) {
    CommandSpec(
      abstract: "Add monsters from TSV, CSV, NDJSON or JSON, in one edit.",
      discussion: """
        Reads what 'monsters list' prints: TSV with a header line (--format tsv), CSV as \
        spreadsheets export it (csv: quoted fields, doubled quotes, line breaks in quotes, \
        CRLF, a byte order mark), one JSON object a line (ndjson), or a JSON array of \
        objects (json). The columns or keys are \(MonsterField.listed.map(\.key).joined(separator: ", ")), \
        in any case, and the roster's declared fields; name and weapon are needed. Values are \
        read as add and set read them. A new monster gets an empty description, the icon \
        add gives it, and no colour for what is left out; an empty cell of an optional \
        field, or a null colour, is no value. In TSV, a field that starts with a double quote \
        and is closed as one is read as a spreadsheet quotes it ("Says ""hi\"\"\" is Says \
        "hi"). Any other column or key is kept as a key of the monster's own: a JSON \
        value as it is, a TSV or CSV cell as text, an empty cell as no key. A cell \
        quoted with nothing in it ("") is the empty string where the field takes one.

        All the monsters land in one write, or none does: every line that cannot be read, \
        or whose name is taken (without --update), is named with its error (the first \
        20, then how many more), and the file is left as it was. Importing a roster's own \
        listing changes nothing and does not rewrite the file.
        """,
      details: """
        JSON objects may also follow one another on a line or across lines; a message names an \
        object by the line it starts on. A line whose cells are all empty is skipped. A header \
        whose columns are joined by another separator (name;weapon, as a spreadsheet set to some \
        languages exports CSV), lines that end in a carriage return alone, and UTF-16 text (what a \
        spreadsheet saves as "Unicode text") are refused (65) with a message that says so.

        Where the roster declares fields, a column or key that is neither built in nor declared (a \
        column in any case, a JSON key exactly as spelled) is refused, once, at the header, with \
        the field meant (Unknown field 'Levl'. Did you mean 'level'?), unless the roster keeps \
        such keys. A header that names a field twice, in any case or normal form (Team,team), is a \
        usage error (64). --update needs only the name column and the columns it changes.

        Nothing is written while a line fails: the exit status is 65 when a line cannot be read, 1 \
        when the only trouble is taken names. In NDJSON a line that is not JSON is one bad line, \
        and the lines after it are read; a JSON array that is not JSON is named at its first \
        syntax error only, as nothing after it can be told apart.
        """,
      arguments: [
        ArgumentSpec(
          name: "input", kind: .path, isOptional: true,
          help: "The file to read, or - for standard input (the default).")
      ],
      options: [formatOption, updateOption, .dryRun, .exitCode])
  }.examples {
    [
      CommandExample(
        "Add the monsters of a TSV file (a header line, then one a line).",
        "import new-monsters.tsv"),
      CommandExample(
        "Update the roster from a spreadsheet saved as CSV.",
        "import --update roster.csv"),
      CommandExample(
        "Copy another roster's monsters in, replacing those already here.",
        "import --update -", shellPrefix: "monsters -f other.json list --format tsv |"),
      CommandExample(
        "Say whether an import would change the roster: exit 1 if so.",
        "import new.ndjson --dry-run --exit-code"),
    ]
  }

  /// How many of the lines that cannot be imported are named, one by one.
  static let namedLineLimit = 20

  /// Reads the input, and adds (or with `--update` changes) its monsters in one edit.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.checkExitCodeOption()
    let invocation = context.invocation
    // No format given is no format: the input's first bytes tell it.
    let format = try invocation.choice(formatOption, ifGiven: MonsterImport.Format.self)
    let path = invocation.argument(0) ?? CommandContext.standardInputPath
    let name = CommandContext.shownName(ofInput: path)
    let bytes = try InputFile.contents(of: path, console: context.console)
    let updates = invocation.has(updateOption)
    let reading = MonsterImport.readEach(bytes, format: format, updating: updates)
    let monsters = reading.monsters
    let edits = monsters.map { $0.edit(ifTaken: updates ? .update : .fail) }
    // Every line is tried, so that each one that cannot be imported is named; then
    // nothing is written.
    let (outcome, editFailures): (EditOutcome, [EditFailure])
    do throws(EditFailure) {
      (outcome, editFailures) = try context.performEach(edits, mayWrite: reading.errors.isEmpty)
    } catch {
      throw error.failure(inInput: name, command: invocation.command) { monsters[$0].line }
    }
    var failures = reading.errors.map {
      (line: $0.line, CommandFailure.invalidInput(path: name, $0))
    }
    let (columnFailures, lineFailures) = headerFailures(editFailures, header: reading.header)
    failures += columnFailures.map { (line: $0.line, CommandFailure.invalidInput(path: name, $0)) }
    for failure in lineFailures {
      let line = failure.edit.map { monsters[$0].line } ?? 0
      // A value the roster does not take is the input's, as the reader names its lines.
      if let message = lineMessage(for: failure.error) {
        failures.append(
          (line, .invalidInput(path: name, MonsterImportError(line: line, message: message))))
        continue
      }
      var hint: String?
      if case .nameTaken = failure.error {
        hint = "Use --\(updateOption.name) to replace its fields."
      }
      failures.append(
        (
          line,
          failure.failure(inInput: name, command: invocation.command, hint: hint) { _ in line }
        ))
    }
    guard failures.isEmpty else {
      throw lines(failures.sorted { $0.line < $1.line }, of: name, context: context)
    }
    // An empty input still takes the edit path, which reads the roster and refuses what
    // cannot be edited, as any import would; it changes nothing.
    guard !monsters.isEmpty else {
      context.console.errors.writeLine(
        EditReport.notePrefix(context) + "Nothing to import into "
          + "\(escapedForMessage(context.file.path)): \(escapedForMessage(name)) lists no monster.")
      return
    }
    try context.report(outcome)
  }

  /// The failure of an input whose lines cannot all be imported: one line's own; for
  /// several, each of the first ``namedLineLimit`` is reported here, and the failure says
  /// how many lines there are.
  ///
  /// - Parameter failures: Each failure with its line, in the order of the lines.
  private static func lines(
    _ failures: [(line: Int, CommandFailure)], of name: String, context: CommandContext
  ) -> CommandFailure {
    guard failures.count > 1 else { return failures[0].1 }
    let named = failures.prefix(namedLineLimit)
    for (_, failure) in named {
      failure.message.map { context.console.errors.writeLine("Error: " + $0) }
    }
    // A line with two failures (an object, then text that is not JSON) is one line.
    func lineCount(_ failures: some Collection<(line: Int, CommandFailure)>) -> Int {
      Set(failures.map(\.line)).count
    }
    return .inputLines(
      path: name, failures.map(\.1), lines: lineCount(failures), named: lineCount(named))
  }

  /// Splits the failures of an input's lines into those of its header's columns, each named
  /// once at the header (a column the roster neither builds in nor declares, where it
  /// refuses such keys), and the lines' own.
  ///
  /// - Returns: An error at the header for each column the roster refuses, in the header's
  ///   order, and the failures that are no column's.
  private static func headerFailures(_ failures: [EditFailure], header: MonsterImport.Header?)
    -> (columns: [MonsterImportError], lines: [EditFailure])
  {
    guard let header else { return ([], failures) }
    var declared: [String]?
    let lines = failures.filter { failure in
      guard case .unknownField(let key, let fields) = failure.error,
        header.columns.contains(where: { $0.hasSameCodePoints(as: key) })
      else { return true }
      declared = fields
      return false
    }
    guard let declared else { return ([], failures) }
    // Every column the roster refuses, not only the first of each line: those neither built
    // in (in any case) nor declared (exactly, or in any case and normal form).
    let known = MonsterField.builtIn.map { MonsterField.foldedKey($0.key) }
    let folded = Set(declared.map(MonsterField.foldedKey))
    var named: Set<String> = []
    let columns = header.columns.filter { column in
      guard !column.isEmpty, named.insert(column).inserted else { return false }
      let key = MonsterField.foldedKey(column)
      return !known.contains { $0 == column.lowercased() } && !folded.contains(key)
    }
    return (
      columns.map { column in
        MonsterImportError(
          line: header.line,
          message: RosterError.unknownField(
            column, fields: MonsterField.listed.map(\.key) + declared
          ).description)
      }, lines
    )
  }

  /// A value of an input's line that the roster does not take, in the words the roster's
  /// reader uses for the same value in a file: `unknown weapon 'axe'; the weapons are ...`;
  /// `nil` for an error that is no value's.
  static func lineMessage(for error: RosterError) -> String? {
    switch error {
    case .unknownWeapon(let text, let weapons):
      "unknown weapon '\(escapedForMessage(text))'; the weapons are "
        + listedForMessage(weapons)
    case .invalidValue(let text, let field, let reason):
      "'\(escapedForMessage(field))' cannot be '\(escapedForMessage(text))': \(reason)"
    case .unknownField, .missingValue: error.description
    default: nil
    }
  }
}

extension MonsterImport.Format: OptionChoice {}
