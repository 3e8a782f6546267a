import Glibc
import MonstersCLI

// A reader that goes away (`monsters list | head -1`) makes write(2) fail with EPIPE, and
// a file past the size limit (`ulimit -f`) makes it fail with EFBIG, which the command line
// handles, instead of killing the process.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)

let code = MonstersCommandLine.run(
  bytes: ProcessArguments.current(),
  environment: .process,
  console: .standard())
exit(code.rawValue)
