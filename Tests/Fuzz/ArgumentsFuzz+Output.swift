import MonsterKit
import MonstersSystem

@testable import MonstersCLI

// ArgumentsFuzz's checks of what a run printed: listings as JSON, TSV, CSV and Markdown
// read back to the monsters picked, and no raw control characters.

/// Reads monster objects, as `list --format json` writes them, by the roster reader.
private func monsters(inJSONArray array: String) -> [Monster]? {
  let text = "{\"version\": 1, \"monsters\": " + array + "}"
  return try? RosterFile(path: "output").roster(from: Array(text.utf8)).monsters
}

/// The rows of a TSV or CSV listing, each a header or a monster, as a reader that knows
/// only the format reads them: a field that starts with a double quote runs to the quote
/// that closes it, a doubled quote in it standing for one; any other field runs to the
/// separator or the end of the line and, in TSV, has its backslash escapes undone. `nil`
/// for text that is not such a listing. A listing of no monster is empty, with no header.
private func delimitedRows(_ text: String, csv: Bool) -> [[String]]? {
  let separator: Unicode.Scalar = csv ? "," : "\t"
  let lineEnd: [Unicode.Scalar] = csv ? ["\r", "\n"] : ["\n"]
  var scalars = text.unicodeScalars[...]
  var rows: [[String]] = []
  var row: [String] = []
  while !scalars.isEmpty {
    var field = ""
    if scalars.first == "\"" {
      scalars.removeFirst()
      while true {
        guard let scalar = scalars.popFirst() else { return nil }
        if scalar == "\"" {
          guard scalars.first == "\"" else { break }
          scalars.removeFirst()
        }
        field.unicodeScalars.append(scalar)
      }
    } else {
      var raw = ""
      while let scalar = scalars.first, scalar != separator, !scalars.starts(with: lineEnd) {
        raw.unicodeScalars.append(scalar)
        scalars.removeFirst()
      }
      field = csv ? raw : tsvUnescaped(raw[...])
    }
    row.append(field)
    if scalars.first == separator {
      scalars.removeFirst()
    } else if scalars.starts(with: lineEnd) {
      scalars.removeFirst(lineEnd.count)
      rows.append(row)
      row = []
    } else {
      return nil
    }
  }
  return row.isEmpty ? rows : nil
}

/// Checks a TSV or CSV listing: no output for no monster; else the header, then each
/// monster's fields.
private func checkDelimited(
  _ output: String, csv: Bool, header: [String], rows expected: [[String]], what: String
) {
  let rows = delimitedRows(output, csv: csv)
  let good = expected.isEmpty ? output.isEmpty : rows == [header] + expected
  guard good else { fatalError("\(what) does not read back to the roster:\n\(output)") }
}

/// A TSV field with its escapes undone.
private func tsvUnescaped(_ field: Substring) -> String {
  var result = ""
  var scalars = field.unicodeScalars.makeIterator()
  while let scalar = scalars.next() {
    guard scalar == "\\", let next = scalars.next() else {
      result.unicodeScalars.append(scalar)
      continue
    }
    switch next {
    case "t": result += "\t"
    case "n": result += "\n"
    case "r": result += "\r"
    default: result.unicodeScalars.append(next)
    }
  }
  return result
}

/// The first control character or bidirectional control in text other than a line break,
/// those `allowed`, and the escape that starts a colour (`ESC [ digits and semicolons m`)
/// when `allowingColor`.
func rawControl(
  in text: String, allowed: Set<Unicode.Scalar> = [], allowingColor: Bool = false
) -> Unicode.Scalar? {
  var scalars = text.unicodeScalars[...]
  while let scalar = scalars.popFirst() {
    // Most scalars are printable ASCII: no Unicode property needs looking up for them.
    let isControl =
      scalar.value < 0x80
      ? scalar.value < 0x20 || scalar.value == 0x7F
      : scalar.value < 0xA0 || scalar.properties.isBidiControl
    guard isControl, scalar != "\n", !allowed.contains(scalar) else { continue }
    if allowingColor && scalar == "\u{1B}" && scalars.first == "[" {
      let sequence = scalars.dropFirst().prefix { $0 == ";" || ("0"..."9").contains($0) }
      if scalars.dropFirst(1 + sequence.count).first == "m" {
        scalars = scalars.dropFirst(2 + sequence.count)
        continue
      }
    }
    return scalar
  }
  return nil
}

/// Checks what a successful run printed against the roster file it ran on.
///
/// - Parameters:
///   - invocation: The command line that ran.
///   - output: What it printed on standard output.
///   - file: The roster file's bytes before the run, or `nil` when there was none.
///   - isTerminal: Whether standard output was a terminal.
func checkOutput(
  _ invocation: Invocation, _ output: String, file: [UInt8]?, isTerminal: Bool
) {
  if invocation.has(.help) || invocation.has(.version) { return }
  if invocation.has(.dryRun) && !output.isEmpty {
    // On a terminal, control characters and bidirectional controls are shown as JSON
    // escapes, in the lines taken from the file too: the diff applies to the file as a
    // terminal shows it, and gives the new canonical file as a terminal shows it, which
    // reads as the same roster.
    func shown(_ bytes: [UInt8]) -> [UInt8] {
      isTerminal
        ? Array(EditReport.escapingControls(String(decoding: bytes, as: UTF8.self)).utf8) : bytes
    }
    guard let patched = patch(shown(file ?? []), with: output) else {
      fatalError("the diff does not apply to the file:\n\(output)")
    }
    guard let roster = try? RosterFile(path: "patched").roster(from: patched),
      shown(roster.canonicalJSON()) == patched
    else {
      fatalError("the diff gives a file that is not a canonical roster:\n\(output)")
    }
    return
  }
  let roster =
    file.map { try? RosterFile(path: "input").roster(from: $0) } ?? Roster.seeded
  guard let roster, let command = invocation.command?.name else { return }
  let format = invocation.values["format"]
  var conditions = (try? invocation.conditions(ListCommand.whereOption)) ?? []
  if let weapon = invocation.value(ListCommand.weaponOption) {
    conditions.append(MonsterCondition("weapon", .typed(weapon)))
  }
  let listed = roster.indices.filter { index in
    conditions.allSatisfy { holds($0, roster[index], at: index, in: roster) }
  }.map { roster[$0] }
  if command == "list", let names = invocation.commaSeparated(ListCommand.fieldsOption) {
    // The built-in fields, in any case; a list the command refused printed nothing.
    let fields = names.compactMap { name in
      MonsterField.listed.first { $0.key.lowercased() == name.lowercased() }
    }
    guard fields.count == names.count, Set(fields.map(\.key)).count == fields.count else {
      return
    }
    checkFields(fields, format: format, output, listed, isTerminal: isTerminal)
    return
  }
  switch (command, format) {
  case ("list", "markdown"):
    checkMarkdown(output, rows: listed.count, columns: 3)
  case ("list", "json"):
    guard monsters(inJSONArray: output) == listed else {
      fatalError("list --format json does not read back to the roster:\n\(output)")
    }
  case ("list", "ndjson"):
    let objects = output.split(separator: "\n").joined(separator: ",")
    guard output.isEmpty || output.hasSuffix("\n"),
      monsters(inJSONArray: "[" + objects + "]") == listed
    else {
      fatalError("list --format ndjson does not read back to the roster:\n\(output)")
    }
  case ("list", "tsv") where !isTerminal, ("list", "csv") where !isTerminal:
    checkDelimited(
      output, csv: format == "csv", header: MonsterField.listed.map(\.key),
      rows: listed.map { monster in MonsterField.listed.map { value($0, of: monster) } },
      what: "list --format \(format ?? "")")
  case ("list", "names") where !isTerminal:
    guard output == listed.map({ $0.name + "\n" }).joined() else {
      fatalError("list --format names does not give the names:\n\(output)")
    }
  case ("show", _) where invocation.value(ShowCommand.fieldOption) != nil && !isTerminal:
    guard let name = invocation.argument(0), let index = roster.index(named: name),
      let fieldName = invocation.value(ShowCommand.fieldOption),
      let field = MonsterField.listed.first(where: {
        $0.key.lowercased() == fieldName.lowercased()
      }),
      output == MonsterTable.value(of: field, at: index, in: roster) + "\n"
    else {
      fatalError("show --field does not print the field:\n\(output)")
    }
  case ("show", "json"):
    guard let name = invocation.argument(0), let monster = roster.monster(named: name),
      monsters(inJSONArray: "[" + output + "]") == [monster]
    else {
      fatalError("show --format json does not read back to the monster:\n\(output)")
    }
  default:
    break
  }
}

/// A field of a monster as a listing's text.
private func value(_ field: MonsterField, of monster: Monster) -> String {
  switch field.builtIn {
  case nil: ""
  case .name: monster.name
  case .weapon: monster.weapon.name
  case .description: monster.description
  case .icon: monster.icon
  case .nameColor: monster.nameColor?.description ?? ""
  }
}

/// Checks a listing with `--fields`: TSV gives those columns, and Markdown a row a monster.
private func checkFields(
  _ fields: [MonsterField], format: String?, _ output: String, _ listed: [Monster],
  isTerminal: Bool
) {
  switch format {
  case "tsv" where !isTerminal, "csv" where !isTerminal:
    checkDelimited(
      output, csv: format == "csv", header: fields.map(\.key),
      rows: listed.map { monster in fields.map { value($0, of: monster) } },
      what: "list --fields --format \(format ?? "")")
  case "markdown":
    checkMarkdown(output, rows: listed.count, columns: fields.count)
  default:
    break
  }
}

/// Checks a Markdown table: a header, the delimiter row, then one row a monster, each row
/// with one cell a column, however the text might have broken it.
///
/// Rows are read by scalars, as a Markdown reader reads them: a cell may start with a
/// combining mark, which a `Character` would join to the space before it.
private func checkMarkdown(_ output: String, rows: Int, columns: Int) {
  // A table of no rows is not printed at all.
  if rows == 0 {
    guard output.isEmpty else { fatalError("a listing of no monster prints:\n\(output)") }
    return
  }
  let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  func starts(_ line: Substring, with prefix: String) -> Bool {
    line.unicodeScalars.starts(with: prefix.unicodeScalars)
  }
  guard lines.count == rows + 2,
    lines.allSatisfy({ starts($0, with: "| ") || starts($0, with: "|---") })
  else {
    fatalError("list --format markdown is not \(rows) rows:\n\(output)")
  }
  for line in lines {
    // The cell separators, as GitHub's reader (cmark-gfm) finds them: bars with no
    // backslash just before them, also in a code span, whatever stands before that.
    var bars = 0
    var previous: Unicode.Scalar?
    for character in line.unicodeScalars {
      if character == "|" && previous != "\\" { bars += 1 }
      previous = character
    }
    guard bars == columns + 1 else {
      fatalError("a Markdown row has \(bars - 1) cells, not \(columns):\n\(line)")
    }
  }
}
