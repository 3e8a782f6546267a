import MonsterKit
import ProcessPlatform

// lock-holder PATH [COMMAND [ARGUMENT...]]
//
// Holds the lock a roster's edits take, `flock(2)` on the roster's folder opened for
// reading, as README's `flock(1)` recipe does, on every system the tests run on (macOS has
// no flock(1)). It waits for the lock; then, without a command, it prints `locked` and
// holds the lock until its standard input ends; with one, it runs the command (found on
// `PATH`, as flock(1) finds it) while it holds the lock, and exits with the command's
// status. Errors go to standard error, with status 69.

/// Writes a line to a descriptor, ignoring a failure: there is nobody to tell.
func say(_ text: String, to descriptor: Int32) {
  _ = Array((text + "\n").utf8).withUnsafeBytes { try? Platform.writeBytes(descriptor, $0) }
}

/// Ends with a message on standard error.
func fail(_ text: String) -> Never {
  say("lock-holder: \(text)", to: Platform.standardError)
  Platform.exit(69)
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else { fail("usage: lock-holder PATH [COMMAND [ARGUMENT...]]") }
let lock: Int32
do throws(SystemCallError) {
  lock = try Platform.openFile(path, [.readOnly, .closeOnExec])
  try Platform.lockFile(lock, .exclusive)
} catch {
  fail("cannot lock \(path): \(Platform.errorDescription(error.code))")
}

let command = Array(arguments.dropFirst())
guard let program = command.first else {
  say("locked", to: Platform.standardOutput)
  // Until the end of standard input, or its failure.
  while let bytes = try? Platform.readBytes(Platform.standardInput, upTo: 4096), !bytes.isEmpty {}
  Platform.exit(0)
}
/// The program's path: as given when it holds a `/`, else the first on `PATH`.
func find(_ program: String) -> String {
  guard !program.contains("/") else { return program }
  let folders = (Platform.environmentValue("PATH") ?? "/usr/bin:/bin").split(separator: ":")
  for folder in folders where Platform.isExecutable("\(folder)/\(program)") {
    return "\(folder)/\(program)"
  }
  return program
}

let process: Platform.ProcessID
do throws(SystemCallError) {
  process = try Platform.spawn(find(program), arguments: Array(command.dropFirst()))
} catch {
  fail("cannot run \(program): \(Platform.errorDescription(error.code))")
}
Platform.exit(Platform.waitForExit(process)?.status ?? 69)
