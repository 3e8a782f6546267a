// swift-tools-version: 6.3

import PackageDescription

// The programs the tests and the benchmark run, and the benchmark: a package of its own, so
// that `swift build` of the package above builds `monsters` and the libraries alone (as
// pre-commit's hook does, with `swift build -c release`). From the package's root folder:
//
//   swift run -c release --package-path Tests/Tools monsters-bench --help
//
// The tests build `lock-holder` and `peak-meter`, in C, with
// `swift build -c release --package-path Tests/Tools --scratch-path .build/tools` when they
// first need them. The benchmark reaches MonsterKit's package-level parts, as the tests do,
// so the folders of the targets it shares with the package above are linked into Shared/:
// one copy of the code, built here as a part of this package. Their declarations match
// those of the package above.

let package = Package(
  name: "monsters-tools",
  platforms: [.macOS(.v15)],
  targets: [
    .target(name: "CPlatformShims", path: "Shared/CPlatformShims"),
    .target(
      name: "MonstersSystem", dependencies: ["CPlatformShims"], path: "Shared/MonstersSystem"),
    .target(name: "MonsterKit", dependencies: ["MonstersSystem"], path: "Shared/MonsterKit"),
    .target(
      name: "ProcessPlatform", dependencies: ["MonstersSystem", "CPlatformShims"],
      path: "Shared/ProcessPlatform"),
    // Running a program through peak-meter, and the package's root folder: what the
    // benchmark shares with the tests, and nothing of the tests' own (TestSupport).
    .target(
      name: "ProgramRunning", dependencies: ["MonstersSystem", "ProcessPlatform"],
      path: "Shared/ProgramRunning"),
    .executableTarget(
      name: "monsters-bench",
      dependencies: ["MonsterKit", "MonstersSystem", "ProcessPlatform", "ProgramRunning"]),
    // Holds a roster folder's lock for the tests, as a script's `flock(1)` would, on every
    // system (macOS has no flock(1)).
    .executableTarget(name: "lock-holder"),
    // Runs a program and reports its peak memory, which a child of a large process cannot
    // see for itself on Linux (see its main.c): for the benchmark and the tests. In C, so
    // that its own memory, the least a peak it reports can show, is a few megabytes.
    .executableTarget(
      name: "peak-meter",
      // SwiftPM links every executable with the Swift runtime, which this one never calls.
      // Linked dynamically it takes 5 MB; with the runtime static, 3.8 MB; all static, with
      // the C library, 1.6 MB. (The linker warns that the runtime's `dlopen` wants the
      // system's glibc at run time: this program runs only where it was built.)
      linkerSettings: [
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .debug)),
        .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
