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
// (nor a TSV or CSV header) for no monster; `show --field` prints the field; and the diff
// of a `--dry-run`, applied to the file as `patch` would, gives a valid roster in canonical
// form (a valid roster on a terminal, where DEL and C1 controls are shown escaped).
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
