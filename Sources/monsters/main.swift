import MonsterKit
import MonstersCLI

// A reader that goes away (`monsters list | head -1`) makes write(2) fail with EPIPE,
// which the command line handles, instead of killing the process.
Platform.ignoreBrokenPipes()

let code = MonstersCommandLine.run(
  bytes: ProcessArguments.current(),
  environment: .process,
  console: .standard())
Platform.exit(code.rawValue)
