import MonsterKit

/// `monsters list`: the monsters, as a table, one name a line, JSON, NDJSON, TSV, CSV or a
/// Markdown table.
enum ListCommand {
  /// How the monsters are listed.
  enum Format: String, OptionChoice {
    case table, names, json, ndjson, tsv, csv, markdown
  }

  static let formatOption = OptionSpec.format(Format.table)

  static let weaponOption = OptionSpec(
    "weapon", OptionValue(.weapon, "weapon"),
    help: "Only the monsters that carry this weapon: " + OptionSpec.weaponsPlaceholder + ".")
  static let whereOption = OptionSpec.whereCondition("Only the monsters whose field has the value.")
  static let fieldsOption = OptionSpec(
    "fields", OptionValue(.fieldList, "field,..."),
    help: "The fields to show, in order: the columns of table, tsv, csv and markdown, the "
      + "keys of json and ndjson (default: all keys; name, weapon, description for the "
      + "tables).")

  static let subcommand = Subcommand(name: "list", run: run) {
    CommandSpec(
      abstract: "List the monsters.",
      discussion: """
        The table has the columns NAME, WEAPON and DESCRIPTION. For scripts: 'names' \
        prints one name a line; 'json' an array of monster objects as in the file; \
        'ndjson' one compact object a line; 'tsv' a header line \
        (\(MonsterField.listed.map(\.key).joined(separator: ", ")), then the roster's \
        declared fields) and one monster a line, with tab, line break, \
        carriage return and backslash written \\t, \\n, \\r and \\\\ (a value that \
        starts with a double quote is quoted, as a spreadsheet quotes it), which \
        'monsters import' reads back (an empty cell is no value, and \"\" the empty \
        string); 'csv' the same as RFC 4180 has it, for spreadsheets \
        (fields quoted where they hold a comma, a quote or a line break; lines end in \
        CRLF; a field that a spreadsheet would read as a formula, starting with =, +, \
        -, @, a tab or a carriage return, has an apostrophe before it, which import \
        takes away; --bom starts it with a byte order mark, for Excel). 'markdown' is a GitHub-flavoured table for a pull request's comment, each \
        value in a code span, so that it makes no HTML, mention or link. When no monster is listed, the tables print no header, and a note says \
        so.
        """,
      options: [weaponOption, whereOption, fieldsOption, formatOption, bomOption])
  }.examples {
    [
      CommandExample("The roster as a table.", "list"),
      CommandExample(
        "The names of the monsters with a ninja star, one a line, for a script.",
        "list --where weapon=ninja-star --format names"),
      CommandExample(
        "Names and weapons as TSV, which 'monsters import' reads back.",
        "list --fields name,weapon --format tsv"),
      CommandExample(
        "CSV for a spreadsheet, which 'monsters import' reads back too.",
        "list --format csv", shellSuffix: "> roster.csv"),
      CommandExample(
        "A Markdown table, for a pull request's comment.",
        "list --format markdown", shellSuffix: "> roster.md"),
    ]
  }

  static let bomOption = OptionSpec(
    "bom",
    help: "With --format csv or tsv: start with a UTF-8 byte order mark, by which Excel "
      + "reads the text as UTF-8 ('monsters import' skips it).")

  /// Lists the monsters picked (all by default), with the fields and in the format asked
  /// for.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let invocation = context.invocation
    let format = try invocation.choice(formatOption, as: Format.self)
    var conditions =
      invocation.value(weaponOption).map { [MonsterCondition(MonsterField.weapon.key, .typed($0))] }
      ?? []
    conditions += try invocation.conditions(whereOption)
    let fieldNames = invocation.commaSeparated(fieldsOption)
    if invocation.has(bomOption) && format != .csv && format != .tsv {
      throw context.usageError(
        .invalidValue("'--\(bomOption.name)' goes with '--format csv' or '--format tsv'."))
    }
    if fieldNames != nil && format == .names {
      throw context.usageError(
        .invalidValue(
          "'--\(fieldsOption.name)' chooses the fields of table, tsv, csv, markdown, json "
            + "and ndjson; 'names' prints names only."))
    }
    let roster = try context.readRoster()
    context.noteAbandonedTemporaryFiles(of: context.file)
    let selected = try context.indices(matching: conditions, in: roster)
    let fields = try fieldNames.map { (names) throws(CommandFailure) in
      try context.fields(named: names, in: roster, option: fieldsOption)
    }
    let output = context.output
    let isTerminal = context.style.isTerminal
    if selected.isEmpty {
      let file = escapedForMessage(context.file.path)
      context.console.errors.writeLine(
        EditReport.notePrefix(context) + "Nothing to list: "
          + (conditions.isEmpty
            ? "\(file) holds no monster."
            : "no monster in \(file) has \(EditReport.conditionsText(conditions))."))
      // A table of no rows is no table: no header to mistake for a listing.
      guard format == .json else { return }
    }
    switch format {
    case .names:
      try writeNames(of: selected, in: roster, to: output)
    case .json:
      output.write("[")
      for (offset, index) in selected.enumerated() {
        try output.append { buffer in
          buffer.append(contentsOf: (offset == 0 ? "\n  " : ",\n  ").utf8)
          appendJSON(of: index, in: roster, fields: fields, indent: 1, isTerminal, &buffer)
        }
      }
      output.writeLine(selected.isEmpty ? "]" : "\n]")
    case .ndjson:
      for index in selected {
        try output.append { buffer in
          appendJSON(of: index, in: roster, fields: fields, indent: nil, isTerminal, &buffer)
          buffer.append(UInt8(ascii: "\n"))
        }
      }
    case .tsv, .csv:
      try writeDelimited(
        format == .csv ? .csv : .tsv, of: selected, in: roster,
        fields: fields ?? roster.listedFields, byteOrderMark: invocation.has(bomOption),
        context: context)
    case .markdown:
      try MonsterTable.writeMarkdown(
        selected, of: roster, columns: fields ?? MonsterTable.defaultColumns, output: output)
    case .table:
      try MonsterTable.writeTable(
        selected, of: roster, columns: fields ?? MonsterTable.defaultColumns, context: context)
    }
  }

  /// Appends the JSON object of a monster: as the file holds it, or only the fields asked
  /// for.
  private static func appendJSON(
    of index: Roster.Index, in roster: Roster, fields: [MonsterField]?, indent: Int?,
    _ isTerminal: Bool, _ buffer: inout [UInt8]
  ) {
    if let fields {
      roster.appendJSON(
        ofMonsterAt: index, fields: fields, indent: indent, forTerminal: isTerminal,
        to: &buffer)
    } else {
      roster.appendJSON(ofMonsterAt: index, indent: indent, forTerminal: isTerminal, to: &buffer)
    }
  }

  /// A format of delimited text `list` writes.
  enum Delimited {
    /// Tab-separated, with a listing's backslash escapes.
    case tsv
    /// Comma-separated, as RFC 4180 has it.
    case csv

    /// The byte between two fields.
    var separator: UInt8 { self == .tsv ? UInt8(ascii: "\t") : UInt8(ascii: ",") }
    /// What ends a line: RFC 4180 has CRLF.
    var lineEnd: String { self == .tsv ? "\n" : "\r\n" }
  }

  /// A header line of the fields' names, then one monster a line, fields separated by a
  /// tab or a comma.
  static func writeDelimited(
    _ format: Delimited, of selected: [Roster.Index], in roster: Roster, fields: [MonsterField],
    byteOrderMark: Bool = false, context: CommandContext
  ) throws(CommandFailure) {
    let isTerminal = context.style.isTerminal
    // The header's names are fields of the roster, escaped as any other value.
    var header: [UInt8] = []
    for (position, field) in fields.enumerated() {
      if position > 0 { header.append(format.separator) }
      var key = field.key
      key.withUTF8 { appendField(UnsafeRawBufferPointer($0), as: format, isTerminal, &header) }
    }
    try context.output.append {
      $0 +=
        (byteOrderMark ? MonsterImport.byteOrderMark : []) + header
        + Array(format.lineEnd.utf8)
    }
    for index in selected {
      try context.output.append { buffer in
        for (position, field) in fields.enumerated() {
          if position > 0 { buffer.append(format.separator) }
          // An empty cell is no value: the empty string is quoted, as `import` reads it.
          if field.builtIn == nil, roster.value(of: field, at: index) == .string("") {
            buffer.append(contentsOf: quotedField("", forTerminal: false).utf8)
            continue
          }
          MonsterTable.withText(of: field, at: index, in: roster) {
            appendField($0, as: format, isTerminal, &buffer)
          }
        }
        buffer.append(contentsOf: format.lineEnd.utf8)
      }
    }
  }

  /// Appends a field of delimited text.
  private static func appendField(
    _ utf8: UnsafeRawBufferPointer, as format: Delimited, _ isTerminal: Bool,
    _ buffer: inout [UInt8]
  ) {
    switch format {
    case .tsv: appendTSVField(utf8, forTerminal: isTerminal, to: &buffer)
    case .csv: appendCSVField(utf8, forTerminal: isTerminal, to: &buffer)
    }
  }

  /// Appends a TSV field: the file's bytes as they are when there is nothing to escape. A
  /// value that starts with a double quote is quoted, as a spreadsheet quotes it, so that
  /// it is not read back as a quoted field.
  static func appendTSVField(
    _ utf8: UnsafeRawBufferPointer, forTerminal: Bool, to buffer: inout [UInt8]
  ) {
    if utf8.first == UInt8(ascii: "\"") {
      buffer.append(contentsOf: quotedField(text(utf8), forTerminal: forTerminal).utf8)
      return
    }
    let needsEscape = forTerminal ? holdsTerminalControl(utf8) : holdsControlCharacter(utf8)
    if needsEscape || utf8.contains(UInt8(ascii: "\\")) {
      buffer.append(contentsOf: tsvField(text(utf8), forTerminal: forTerminal).utf8)
    } else {
      buffer.append(contentsOf: utf8)
    }
  }

  /// Appends a CSV field: quoted when it holds a comma, a double quote, a carriage return
  /// or a line feed, as RFC 4180 has it; otherwise the file's bytes as they are. A field a
  /// spreadsheet would read as a formula has an apostrophe before it, which `import`
  /// takes away (``MonsterImport/spreadsheetSafe(_:)``).
  static func appendCSVField(
    _ utf8: UnsafeRawBufferPointer, forTerminal: Bool, to buffer: inout [UInt8]
  ) {
    if let first = utf8.first, MonsterImport.mayNeedSpreadsheetMark(first) {
      let safe = Array(MonsterImport.spreadsheetSafe(text(utf8)).utf8)
      safe.withUnsafeBytes { appendRFC4180Field($0, forTerminal: forTerminal, to: &buffer) }
    } else {
      appendRFC4180Field(utf8, forTerminal: forTerminal, to: &buffer)
    }
  }

  /// Appends a CSV field as it is, quoted where RFC 4180 needs it.
  private static func appendRFC4180Field(
    _ utf8: UnsafeRawBufferPointer, forTerminal: Bool, to buffer: inout [UInt8]
  ) {
    let needsQuotes = utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
    }
    if needsQuotes || (forTerminal && holdsTerminalControl(utf8)) {
      buffer.append(contentsOf: quotedField(text(utf8), forTerminal: forTerminal).utf8)
    } else {
      buffer.append(contentsOf: utf8)
    }
  }

  /// A field in double quotes, each quote in it doubled; on a terminal, with control
  /// characters and bidirectional controls escaped.
  static func quotedField(_ text: String, forTerminal: Bool) -> String {
    let shown = forTerminal ? escapedForTerminal(text) : text
    return "\"" + escaping(shown) { $0 == "\"" ? "\"\"" : nil } + "\""
  }

  /// A TSV field: tab, line break, carriage return and backslash escaped, and on a
  /// terminal every other control character and the bidirectional controls too.
  static func tsvField(_ text: String, forTerminal: Bool) -> String {
    escaping(text) { scalar in
      switch scalar {
      case "\t": "\\t"
      case "\n": "\\n"
      case "\r": "\\r"
      case "\\": "\\\\"
      case _
      where forTerminal
        && (scalar.properties.generalCategory == .control || scalar.properties.isBidiControl):
        escapedForTerminal(String(scalar))
      default: nil
      }
    }
  }

  /// One name a line, copied from the file's bytes.
  static func writeNames(
    of selected: [Roster.Index], in roster: Roster, to output: OutputChannel
  ) throws(CommandFailure) {
    for index in selected {
      try output.append { buffer in
        roster.withUTF8(.name, at: index) { buffer.append(contentsOf: $0) }
        buffer.append(UInt8(ascii: "\n"))
      }
    }
  }
}
