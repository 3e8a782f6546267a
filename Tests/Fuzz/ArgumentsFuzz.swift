// A libFuzzer harness for the command line: the argument parser, then a whole run.
//
// Built by `.ci/fuzz` with `swiftc -sanitize=fuzzer,address`, against MonsterKit and
// MonstersCLI built once for every harness, MonstersCLI with `-enable-testing`. It is not a
// SwiftPM target, and
// defines no `main`: libFuzzer's is the program's.
//
// The input is, in order:
//
// - one byte of settings: bit 0 makes standard output a terminal; bit 1 gives the run a
//   roster file;
// - the words of the command line, separated by NUL bytes (UTF-8, bad bytes replaced),
//   up to a byte 0x01;
// - standard input (for `apply -` and `import -`), up to a byte 0x02;
// - the roster file's bytes.
//
// Parsing must return or throw `CommandFailure`, never trap; a run must end with one of
// the exit codes of the README, and with a message on standard error when it is not 0
// (but for `--dry-run --exit-code`, whose 1 follows the diff, which must apply). No
// control character or bidirectional control reaches a terminal raw, nor any message; an
// edit that succeeds leaves a valid roster; and every word, as a diff's header names a
// file, reads back as `patch` reads it.
//
// What a successful run printed for scripts must say what the roster holds: `list` as
// `json`, `ndjson`, `tsv`, `csv` or `names`, and `show --format json`, read back (TSV and
// CSV by a reader written here from their rules), give the monsters of the roster file (or
// the seeded ones) that `--weapon` and `--where` pick, as a plain filter of the monsters
// picks them, with the `--fields` asked for; `list --format markdown` is a table of one row
// a monster, each with as many cells as columns, whatever the text, and no table at all
// (nor a TSV or CSV header) for no monster; `show --field` prints the field; and the diff of a `--dry-run`, applied
// to the file as `patch` would, gives a valid roster in canonical form (a valid roster on
// a terminal, where DEL and C1 controls are shown escaped).
//
// The run touches no file but its own. With a roster file, the file is written afresh in
// a scratch folder of this process before each run, and `MONSTERS_FILE` names it. Without
// one, `MONSTERS_FILE` is `/proc/self/fuzz-no-such-folder/monsters.json`, in a folder that
// does not exist and that no one can create (not even root), which only Linux offers (as
// libFuzzer does for Swift): a named file that is not there is 66 for reading and editing
// alike. Words that could name another file (`--file`, `-f`) are taken out of the
// line that is run, and a line whose arguments name files (`apply` or `import` with a path
// other than `-`, `check` or `fmt` with any) is not run; the parser still sees them.

import MonsterKit
import MonstersSystem

@testable import MonstersCLI

/// A roster path in a folder that cannot exist: /proc refuses new folders.
private let missingRoster = "/proc/self/fuzz-no-such-folder/monsters.json"

/// A scratch folder of this process for the roster file, removed when the process exits,
/// in `$MONSTERS_FUZZ_SCRATCH` (which `.ci/fuzz` removes, even after a crash) or else in
/// /dev/shm or /tmp.
private let scratchFolder: String = {
  let base =
    Platform.environmentValue("MONSTERS_FUZZ_SCRATCH")
    ?? (Platform.isWritable("/dev/shm") ? "/dev/shm" : "/tmp")
  guard let path = try? Platform.makeTemporaryFolder(prefix: base + "/monsters-fuzz.") else {
    fatalError("cannot make a scratch folder in \(base)")
  }
  Platform.runAtExit {
    for name in ["monsters.json", "monsters.json.lock", ".monsters.json.tmp"] {
      try? Platform.removeFile(scratchFolder + "/" + name)
    }
    try? Platform.removeFolder(scratchFolder)
  }
  return path
}()

/// The exit codes the README lists.
private let allowedCodes: Set<Int32> = [0, 1, 64, 65, 66, 74, 75]

/// Whether a word could name the roster file, as an option or with its value joined to it.
/// Compared as bytes, which takes out more words than the parser would read as `--file`.
private func namesFile(_ word: String) -> Bool {
  word.utf8.starts(with: "-f".utf8) || word.utf8.starts(with: "--file".utf8)
}

/// Writes the roster file afresh; returns its path.
private func writeRoster(_ bytes: ArraySlice<UInt8>) -> String {
  let path = scratchFolder + "/monsters.json"
  try? Platform.removeFile(path)
  try? Platform.removeFile(scratchFolder + "/.monsters.json.tmp")
  do throws(SystemCallError) {
    let descriptor = try Platform.openFile(
      path, [.writeOnly, .create, .truncate, .closeOnExec], mode: 0o644)
    defer { Platform.closeFile(descriptor) }
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemCallError) in
        try SystemFileSystem().writeAll(buffer, to: descriptor)
      }
    }.get()
  } catch {
    fatalError("cannot write \(path): errno \(error.code)")
  }
  return path
}

/// A file's bytes, or `nil` when it cannot be read.
private func readFile(_ path: String) -> [UInt8]? {
  (try? SystemFileSystem().contents(of: path)) ?? nil
}

// MARK: - Output

/// The lines of text, each with whether it ended with a line break.
private func lines(_ bytes: [UInt8]) -> [(text: ArraySlice<UInt8>, isTerminated: Bool)] {
  var result: [(text: ArraySlice<UInt8>, isTerminated: Bool)] = []
  var start = 0
  while start < bytes.count {
    let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    result.append((bytes[start..<end], end < bytes.count))
    start = end + 1
  }
  return result
}

/// The numbers of a hunk header, `@@ -1,2 +3,4 @@`.
private func hunkHeader(_ line: ArraySlice<UInt8>) -> [Int]? {
  let text = String(decoding: line, as: UTF8.self)
  guard text.hasPrefix("@@ -"), text.hasSuffix(" @@") else { return nil }
  let numbers = text.dropFirst(4).dropLast(3).split(whereSeparator: { " ,+".contains($0) })
    .compactMap { Int($0) }
  return numbers.count == 4 ? numbers : nil
}

/// Applies a unified diff to a text as `patch` does, checking every context and removed
/// line and every count; `nil` when the diff does not apply.
private func patch(_ old: [UInt8], with diff: String) -> [UInt8]? {
  let source = lines(old)
  let diffLines = lines(Array(diff.utf8))
  guard diffLines.count >= 2, diffLines.allSatisfy(\.isTerminated),
    diffLines[0].text.starts(with: "--- ".utf8), diffLines[1].text.starts(with: "+++ ".utf8)
  else { return nil }
  var result: [(text: ArraySlice<UInt8>, isTerminated: Bool)] = []
  var cursor = 0
  var index = 2
  while index < diffLines.count {
    guard let numbers = hunkHeader(diffLines[index].text) else { return nil }
    let oldStart = numbers[1] == 0 ? numbers[0] : numbers[0] - 1
    let newStart = numbers[3] == 0 ? numbers[2] : numbers[2] - 1
    guard oldStart >= cursor, oldStart <= source.count else { return nil }
    result += source[cursor..<oldStart]
    cursor = oldStart
    guard result.count == newStart else { return nil }
    index += 1
    var (oldCount, newCount) = (0, 0)
    while index < diffLines.count, !diffLines[index].text.starts(with: "@@".utf8) {
      let line = diffLines[index].text
      index += 1
      var isTerminated = true
      if index < diffLines.count,
        diffLines[index].text.elementsEqual("\\ No newline at end of file".utf8)
      {
        isTerminated = false
        index += 1
      }
      guard let marker = line.first else { return nil }
      let text = line.dropFirst()
      if marker != UInt8(ascii: "+") {
        guard cursor < source.count, source[cursor].text.elementsEqual(text),
          source[cursor].isTerminated == isTerminated
        else { return nil }
        cursor += 1
        oldCount += 1
      }
      if marker != UInt8(ascii: "-") {
        result.append((text, isTerminated))
        newCount += 1
      }
      if marker != UInt8(ascii: " ") && marker != UInt8(ascii: "-") && marker != UInt8(ascii: "+") {
        return nil
      }
    }
    guard oldCount == numbers[1], newCount == numbers[3] else { return nil }
  }
  result += source[cursor...]
  return result.flatMap { $0.text + ($0.isTerminated ? [UInt8(ascii: "\n")] : []) }
}

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
private func rawControl(
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
private func checkOutput(
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
  if command == "list", let names = invocation.fieldNames(ListCommand.fieldsOption) {
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

/// A diff header's file name read back as GNU patch reads it: a name in double quotes is a
/// C string, with letter escapes and three octal digits; any other is as it stands.
private func patchReads(_ header: String) -> [UInt8]? {
  let bytes = Array(header.utf8)
  guard bytes.first == UInt8(ascii: "\""), bytes.count >= 2, bytes.last == UInt8(ascii: "\"")
  else { return bytes }
  var result: [UInt8] = []
  var index = 1
  while index < bytes.count - 1 {
    let byte = bytes[index]
    index += 1
    guard byte == UInt8(ascii: "\\") else {
      if byte == UInt8(ascii: "\"") { return nil }
      result.append(byte)
      continue
    }
    guard index < bytes.count - 1 else { return nil }
    let escape = bytes[index]
    index += 1
    let letters: [UInt8: UInt8] = [
      UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9, UInt8(ascii: "n"): 10,
      UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12, UInt8(ascii: "r"): 13,
      UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
    ]
    if let value = letters[escape] {
      result.append(value)
    } else if (UInt8(ascii: "0")...UInt8(ascii: "3")).contains(escape), index + 1 < bytes.count - 1
    {
      let digits = [escape, bytes[index], bytes[index + 1]].map { $0 &- UInt8(ascii: "0") }
      guard digits.allSatisfy({ $0 < 8 }) else { return nil }
      result.append(digits[0] << 6 | digits[1] << 3 | digits[2])
      index += 2
    } else {
      return nil
    }
  }
  return result
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

// MARK: - The run

/// Checks one input.
private func check(_ bytes: ArraySlice<UInt8>) {
  guard let settings = bytes.first else { return }
  let rest = bytes.dropFirst()
  let wordsEnd = rest.firstIndex(of: 0x01) ?? rest.endIndex
  let words = rest[..<wordsEnd].split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  let afterWords = rest[wordsEnd...].dropFirst()
  let inputEnd = afterWords.firstIndex(of: 0x02) ?? afterWords.endIndex
  let input = String(decoding: afterWords[..<inputEnd], as: UTF8.self)
  let rosterBytes = afterWords[inputEnd...].dropFirst()

  // The parser alone, on the words as they are.
  do throws(CommandFailure) {
    _ = try Invocation(parsing: words, commands: Subcommand.specs)
  } catch {
    _ = error.message
    _ = error.exitCode
  }

  // Every word, named in a diff's header, reads back as itself.
  for word in words {
    let header = UnifiedDiff.headerName(word)
    let isPlain = header.utf8.allSatisfy {
      $0 > 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }
    if patchReads(header) != Array(word.utf8) || !(header.hasPrefix("\"") || isPlain) {
      fatalError("the header name \(header.debugDescription) reads back as another name")
    }
  }

  // A whole run, on the words that cannot name a file.
  let safeWords = words.filter { !namesFile($0) }
  let invocation = try? Invocation(parsing: safeWords, commands: Subcommand.specs)
  if let invocation {
    // Belt and braces: a line that still names a file, or an apply script other than
    // standard input, is not run.
    if invocation.value(.file) != nil { return }
    switch invocation.command?.name {
    case "apply", "import":
      if let input = invocation.argument(0), input != "-" { return }
    case "check", "fmt":
      if !invocation.arguments.isEmpty { return }
    default:
      break
    }
  }
  let path = settings & 2 != 0 ? writeRoster(rosterBytes) : missingRoster
  let output = OutputChannel(capturingAsTerminal: settings & 1 != 0)
  let errors = OutputChannel(capturingAsTerminal: false)
  let console = Console(input: InputChannel(text: input), output: output, errors: errors)
  let code = MonstersCommandLine.run(
    safeWords, environment: ["MONSTERS_FILE": path, "TERM": "xterm"], console: console)
  guard allowedCodes.contains(code.rawValue) else {
    fatalError("exit code \(code.rawValue) for \(safeWords)")
  }
  // `--dry-run --exit-code` says that an edit would change the file by its exit code alone,
  // after the diff, as `git diff --exit-code` does.
  let saysWouldChange =
    code == .failure && invocation?.has(.exitCode) == true && !output.text.isEmpty
  if code != .success && errors.text.isEmpty && !saysWouldChange {
    fatalError("exit code \(code.rawValue) with no message for \(safeWords)")
  }
  // Tabs separate TSV fields; a diff shows the file's own white space, which may hold a
  // carriage return.
  let allowed: Set<Unicode.Scalar> = invocation?.has(.dryRun) == true ? ["\t", "\r"] : ["\t"]
  if settings & 1 != 0,
    let control = rawControl(in: output.text, allowed: allowed, allowingColor: true)
  {
    fatalError(
      "U+\(String(control.value, radix: 16)) reaches a terminal raw for \(safeWords):\n"
        + output.text.debugDescription)
  }
  if let control = rawControl(in: errors.text) {
    fatalError(
      "U+\(String(control.value, radix: 16)) in a message for \(safeWords):\n"
        + errors.text.debugDescription)
  }
  if code == .success || (saysWouldChange && errors.text.isEmpty), let invocation {
    checkOutput(
      invocation, output.text, file: settings & 2 != 0 ? Array(rosterBytes) : nil,
      isTerminal: settings & 1 != 0)
  }
  // An edit that succeeded leaves a roster that reads (`--help` or `--version` anywhere
  // shows help or the version instead).
  if code == .success, settings & 2 != 0, invocation?.has(.help) == false,
    invocation?.has(.version) == false,
    let command = invocation?.command?.name,
    ["set", "add", "remove", "rename", "apply"].contains(command),
    let after = readFile(path), !after.isEmpty
  {
    do throws(RosterError) {
      _ = try RosterFile(path: "after").roster(from: after)
    } catch {
      fatalError("\(safeWords) succeeded but left a roster that does not read: \(error)")
    }
  }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  check(bytes[...])
  return 0
}
