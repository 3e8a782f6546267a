import MonsterKit
import MonstersCLI

// A reader that goes away (`monsters list | head -1`) makes write(2) fail with EPIPE, and
// a file past the size limit (`ulimit -f`) makes it fail with EFBIG, which the command line
// handles, instead of killing the process.
Platform.ignoreWriteSignals()

let code = MonstersCommandLine.run(
  bytes: ProcessArguments.current(),
  environment: .process,
  console: .standard())
Platform.exit(code.rawValue)
