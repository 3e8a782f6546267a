// A libFuzzer harness for `import`'s reader and for the values of `--where` and `--fields`.
//
// Built by `.ci/fuzz` with `swiftc -sanitize=fuzzer,address`, against MonsterKit and
// MonstersCLI built once for every harness, MonstersCLI with `-enable-testing`. It is not a
// SwiftPM target, and
// defines no `main`: libFuzzer's is the program's. Nothing is read or written.
//
// The input is one byte of settings (its low two bits choose the format: told from the
// input, TSV, NDJSON or JSON; its third bit, set, CSV instead), then the input to import,
// up to a byte 0x00, then the value of a `--where`, up to a byte 0x00, then the value of a
// `--fields`.
//
// Reading must return monsters or throw an error whose line (and column) lie inside the
// input, never trap; reading every line must name each bad line once, in order, inside the
// input, its first being the error reading throws. The monsters read, added to a roster,
// must read back from the roster's own listings, in each format, to the same monsters: the
// import reads what `list` writes.
//
// `--where` and `--fields` values must parse or throw a usage error with a message free of
// raw control characters; the conditions must pick exactly the monsters a plain filter of
// the roster's monsters picks, and the fields must print as a Markdown table of one row a
// monster, each row with one cell a field.

import MonsterKit

@testable import MonstersCLI

/// The lines of an input: its line breaks, plus one.
private func lineCount(_ bytes: [UInt8]) -> Int {
  bytes.count { $0 == UInt8(ascii: "\n") } + 1
}

/// Stops the run with what went wrong and the input.
private func violated(_ property: String, _ input: [UInt8]) -> Never {
  fatalError("\(property)\ninput: \(String(decoding: input, as: UTF8.self).debugDescription)")
}

/// A roster's listing, as `list` writes it for a pipe, in one format.
private func listing(_ roster: Roster, as format: MonsterImport.Format) -> [UInt8] {
  var bytes: [UInt8] = []
  switch format {
  case .tsv, .csv:
    let separator = format == .tsv ? "\t" : ","
    let lineEnd: [UInt8] = format == .tsv ? [10] : [13, 10]
    bytes += Array(MonsterField.listed.map(\.key).joined(separator: separator).utf8)
    bytes += lineEnd
    for index in roster.indices {
      for (position, field) in MonsterField.listed.enumerated() {
        if position > 0 { bytes += Array(separator.utf8) }
        func append(_ field: UnsafeRawBufferPointer) {
          if format == .tsv {
            ListCommand.appendTSVField(field, forTerminal: false, to: &bytes)
          } else {
            ListCommand.appendCSVField(field, forTerminal: false, to: &bytes)
          }
        }
        MonsterTable.withText(of: field, at: index, in: roster, append)
      }
      bytes += lineEnd
    }
  case .ndjson:
    for index in roster.indices {
      roster.appendJSON(ofMonsterAt: index, indent: nil, to: &bytes)
      bytes.append(10)
    }
  case .json:
    bytes.append(UInt8(ascii: "["))
    for (offset, index) in roster.indices.enumerated() {
      bytes += Array((offset == 0 ? "\n  " : ",\n  ").utf8)
      roster.appendJSON(ofMonsterAt: index, indent: 1, to: &bytes)
    }
    bytes += Array((roster.isEmpty ? "]\n" : "\n]\n").utf8)
  }
  return bytes
}

/// Checks the reader on one input, and the round trip of what it read.
private func checkImport(_ bytes: [UInt8], format: MonsterImport.Format?) -> Roster? {
  let reading = MonsterImport.readEach(bytes, format: format)
  var previous = (line: 0, column: 0)
  for error in reading.errors {
    let place = (line: error.line, column: error.column ?? 0)
    if error.line < 1 || error.line > lineCount(bytes) || place < previous {
      violated("errors out of order or outside the input: \(reading.errors)", bytes)
    }
    previous = place
  }
  let monsters: [ImportedMonster]
  do throws(MonsterImportError) {
    monsters = try MonsterImport.read(bytes, format: format)
  } catch {
    if error.line < 1 || error.line > lineCount(bytes) || (error.column ?? 1) < 1 {
      violated("an error at \(error.line):\(error.column ?? 0) is outside the input", bytes)
    }
    if reading.errors.first != error {
      violated("reading every line names another first error than \(error)", bytes)
    }
    _ = error.description
    return nil
  }
  if !reading.errors.isEmpty || reading.monsters != monsters {
    violated("reading every line differs from reading to the first error", bytes)
  }
  var lastLine = 0
  var roster = Roster()
  for monster in monsters {
    // Objects one after another, or in an array, may share a line: each is named by the
    // line it starts on.
    if monster.line < lastLine || monster.line < 1 || monster.line > lineCount(bytes) {
      violated("monster on line \(monster.line) after line \(lastLine)", bytes)
    }
    lastLine = monster.line
    // A name the input gives twice, or a value it does not take, is the roster's to refuse.
    guard (try? roster.apply(monster.edit(ifTaken: .fail))) != nil else { continue }
    let weapon = monster.changes.assignments.last { $0.key == "weapon" }
    guard case .text(let typed)? = weapon?.value,
      Weapon.builtIn.weapon(parsing: typed) == roster.monster(named: monster.name)?.weapon
    else {
      violated("\(monster.name) was added with another weapon than the input's", bytes)
    }
  }
  for listed in MonsterImport.Format.allCases {
    let text = listing(roster, as: listed)
    guard let again = try? MonsterImport.read(text, format: nil) else {
      violated("the \(listed) listing of what was read does not read back", bytes)
    }
    var expected = roster.monsters
    if listed == .tsv || listed == .csv {
      for index in expected.indices { expected[index].otherFields = [] }
    }
    var added = Roster()
    for monster in again { _ = try? added.apply(monster.edit(ifTaken: .fail)) }
    if added.monsters != expected {
      violated("the \(listed) listing reads back to other monsters", bytes)
    }
  }
  return roster
}

/// Whether text holds a control character but a line break.
private func holdsRawControl(_ text: String) -> Bool {
  text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }
}

/// Checks a `--where` and a `--fields` value against a roster.
private func checkValues(_ condition: String, _ fields: String, roster: Roster, input: [UInt8]) {
  let invocation: Invocation
  do throws(CommandFailure) {
    invocation = try Invocation(
      parsing: ["list", "--where", condition, "--fields", fields], commands: Subcommand.all)
  } catch {
    if let message = error.message, holdsRawControl(message) {
      violated("a raw control character in: \(message.debugDescription)", input)
    }
    return
  }
  do throws(CommandFailure) {
    let conditions = try invocation.conditions(ListCommand.whereOption)
    // A field or value the roster does not take is refused, as the command refuses it.
    guard let picked = try? roster.indices(matching: conditions) else { return }
    let expected = roster.indices.filter { index in
      conditions.allSatisfy { holds($0, roster[index], at: index, in: roster) }
    }
    if picked != expected {
      violated("--where \(condition.debugDescription) picks \(picked) not \(expected)", input)
    }
    for condition in conditions { _ = conditionText(condition) }
  } catch {
    if let message = error.message, holdsRawControl(message) {
      violated("a raw control character in: \(message.debugDescription)", input)
    }
  }
  do throws(CommandFailure) {
    guard let names = invocation.commaSeparated(ListCommand.fieldsOption) else {
      violated("--fields given and read as not given", input)
    }
    let context = try CommandContext(
      invocation: invocation,
      console: Console(input: InputChannel(), output: OutputChannel(), errors: OutputChannel()),
      environment: Environment([:]))
    let keys = try context.fields(named: names, in: roster, option: ListCommand.fieldsOption)
    if keys.isEmpty || Set(keys).count != keys.count {
      violated("--fields \(fields.debugDescription) gives \(keys)", input)
    }
    for index in roster.indices {
      let row =
        "| "
        + keys.map { field in MonsterTable.markdownCell(field, at: index, in: roster) }
        .joined(separator: " | ") + " |"
      // The cell separators, as GitHub's reader (cmark-gfm) finds them: bars with no
      // backslash just before them, also in a code span.
      var bars = 0
      var previous: Unicode.Scalar?
      for scalar in row.unicodeScalars {
        if scalar == "|" && previous != "\\" { bars += 1 }
        previous = scalar
        if scalar == "\n" || scalar == "\r" || holdsRawControl(String(scalar)) {
          violated(
            "a raw line break or control character in a Markdown row: \(row.debugDescription)",
            input)
        }
      }
      if bars != keys.count + 1 {
        violated("a Markdown row of \(keys.count) fields has \(bars - 1) cells: \(row)", input)
      }
    }
  } catch {
    if let message = error.message, holdsRawControl(message) {
      violated("a raw control character in: \(message.debugDescription)", input)
    }
  }
}

/// Checks one input.
private func check(_ bytes: [UInt8]) {
  guard let settings = bytes.first else { return }
  let formats: [MonsterImport.Format?] = [nil, .tsv, .ndjson, .json]
  let parts = bytes.dropFirst().split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
  let input = Array(parts[0])
  let format = settings & 4 != 0 ? .csv : formats[Int(settings & 3)]
  let roster = checkImport(input, format: format) ?? Roster.seeded
  let condition = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : "weapon=fire"
  let fields = parts.count > 2 ? String(decoding: parts[2], as: UTF8.self) : "name"
  checkValues(condition, fields, roster: roster, input: bytes)
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  check(bytes)
  return 0
}
