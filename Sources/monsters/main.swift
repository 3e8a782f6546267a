import MonsterKit
import MonstersCLI
import MonstersSystem
import ProcessPlatform

// A reader that goes away (`monsters list | head -1`) makes write(2) fail with EPIPE, and
// a file past the size limit (`ulimit -f`) makes it fail with EFBIG, which the command line
// handles, instead of killing the process.
Platform.ignoreWriteSignals()
// Ctrl-\ (SIGQUIT) ends the command as it ends any other program. The Swift runtime's crash
// reporter, where it is on (a dynamically linked build), would take it for a crash, print a
// backtrace and let the command go on as if nothing had been asked.
Platform.restoreDefaultAction(Platform.SignalNumber.quit)

let code = MonstersCommandLine.run(
  bytes: ProcessArguments.current(),
  environment: .process,
  console: .standard())
Platform.exit(code.rawValue)
