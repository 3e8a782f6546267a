// swift-tools-version: 6.3

import PackageDescription

let package = Package(
  name: "monsters",
  // Swift 6.3: MonsterKit passes closures that throw a typed error to
  // `Array(unsafeUninitializedCapacity:initializingWith:)`, which is `rethrows` (and so
  // throws `any Error`) in the standard library of Swift 6.2 and earlier.
  //
  // Linux (glibc, and musl with the static Linux SDK) needs no entry here. macOS 15: the
  // command line's `String(validating:as:)` and the tests' `Mutex` are macOS 15 API. iOS 16:
  // only MonsterKit builds for iOS, and its lock waits on `ContinuousClock` (iOS 16).
  platforms: [.macOS(.v15), .iOS(.v16)],
  products: [
    .library(name: "MonsterKit", targets: ["MonsterKit"]),
    // Optional, for apps: URLs, Data and LocalizedError. The only target importing Foundation.
    .library(name: "MonsterKitFoundation", targets: ["MonsterKitFoundation"]),
    .executable(name: "monsters", targets: ["monsters"]),
  ],
  targets: [
    .target(name: "CPlatformShims"),
    // The C library's files, folders, locks, attributes, memory and clock, below
    // MonsterKit: what MonsterKit needs of the system, and nothing else.
    .target(name: "MonstersSystem", dependencies: ["CPlatformShims"]),
    .target(name: "MonsterKit", dependencies: ["MonstersSystem"]),
    .target(name: "MonsterKitFoundation", dependencies: ["MonsterKit"]),
    // The command line's part of the system: terminal modes and size, signals taken as
    // events, the environment, exit, threads, starting programs (git) and pseudo-terminals
    // (the benchmark and the tests). Not for the apps that link MonsterKit.
    .target(name: "ProcessPlatform", dependencies: ["MonstersSystem", "CPlatformShims"]),
    .target(
      name: "MonstersCLI", dependencies: ["MonsterKit", "MonstersSystem", "ProcessPlatform"]),
    .executableTarget(
      name: "monsters",
      dependencies: ["MonstersCLI", "MonsterKit", "MonstersSystem", "ProcessPlatform"]),
    // What the test targets share. Targets, not test targets: a test target that others
    // depend on builds with SwiftPM's own build system but not with Swift Build's, which
    // Xcode uses (and SwiftPM 6.4 by default). They are compiled by `swift build`, and
    // linked into nothing but the tests. The benchmark and the programs the tests run are a
    // package of their own, in Tests/Tools.
    //
    // ProgramRunning: running a program through peak-meter, building a product, finding
    // an installed program, the package's root folder. The benchmark builds it too, and
    // nothing else of the tests'.
    .target(
      name: "ProgramRunning", dependencies: ["MonstersSystem", "ProcessPlatform"],
      path: "Tests/ProgramRunning"),
    // TestSupport: the tests' alone, above ProgramRunning: fixtures, the bad JSON
    // documents, the scenarios of a known merge, the lock holder, the system calls only
    // tests make.
    .target(
      name: "TestSupport",
      dependencies: ["MonsterKit", "MonstersSystem", "ProcessPlatform", "ProgramRunning"],
      path: "Tests/TestSupport"),
    .testTarget(
      name: "MonsterKitTests",
      dependencies: [
        "MonsterKit", "MonstersSystem", "ProcessPlatform", "ProgramRunning", "TestSupport",
      ]),
    // What an app does with MonsterKit, through its public API only (no @testable).
    .testTarget(name: "MonsterKitAppTests", dependencies: ["MonsterKit"]),
    // The tutorial's one screen as an app's model (Observation, no UI framework), and its
    // tests, through MonsterKit's public API only.
    .testTarget(name: "TutorialAppTests", dependencies: ["MonsterKit"]),
    .testTarget(
      name: "MonsterKitFoundationTests", dependencies: ["MonsterKit", "MonsterKitFoundation"]),
    .testTarget(
      name: "MonstersCLITests",
      dependencies: [
        "MonstersCLI", "MonsterKit", "MonstersSystem", "ProcessPlatform", "ProgramRunning",
        "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
