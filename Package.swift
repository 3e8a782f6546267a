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
    .target(name: "MonsterKit", dependencies: ["CPlatformShims"]),
    .target(name: "MonsterKitFoundation", dependencies: ["MonsterKit"]),
    // Starting programs, waiting for them, pseudo-terminals: for the command line's git, the
    // benchmark and the tests, not for the apps that link MonsterKit.
    .target(name: "ProcessPlatform", dependencies: ["MonsterKit", "CPlatformShims"]),
    .target(name: "MonstersCLI", dependencies: ["MonsterKit", "ProcessPlatform"]),
    .executableTarget(name: "monsters", dependencies: ["MonstersCLI", "MonsterKit"]),
    .executableTarget(
      name: "monsters-bench", dependencies: ["MonsterKit", "ProcessPlatform", "TestSupport"]),
    // Holds a roster folder's lock for the tests, as a script's `flock(1)` would, on every
    // system (macOS has no flock(1)).
    .executableTarget(
      name: "lock-holder", dependencies: ["MonsterKit", "ProcessPlatform"],
      path: "Tests/LockHolder"),
    // Runs a program and reports its peak memory, which a child of a large process cannot
    // see for itself on Linux (see its main.c): for the benchmark and the tests. In C, so
    // that its own memory, the least a peak it reports can show, is a few megabytes.
    .executableTarget(
      name: "peak-meter", path: "Tests/PeakMeter",
      // SwiftPM links every executable with the Swift runtime, which this one never calls.
      // Linked dynamically it takes 5 MB; with the runtime static, 3.8 MB; all static, with
      // the C library, 1.6 MB, for the benchmark's release build. (The linker warns that
      // the runtime's `dlopen` wants the system's glibc at run time: this program runs only
      // where it was built. The debug build, which `swift test --sanitize=address` makes
      // too, cannot link the sanitizer's runtime into a static executable.)
      linkerSettings: [
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .debug)),
        .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
      ]),
    .target(
      name: "TestSupport", dependencies: ["MonsterKit", "ProcessPlatform"],
      path: "Tests/TestSupport"),
    .testTarget(
      name: "MonsterKitTests", dependencies: ["MonsterKit", "ProcessPlatform", "TestSupport"]),
    // What an app does with MonsterKit, through its public API only (no @testable).
    .testTarget(name: "MonsterKitAppTests", dependencies: ["MonsterKit"]),
    // The tutorial's one screen as an app's model (Observation, no UI framework), and its
    // tests, through MonsterKit's public API only.
    .testTarget(name: "TutorialAppTests", dependencies: ["MonsterKit"]),
    .testTarget(
      name: "MonsterKitFoundationTests", dependencies: ["MonsterKit", "MonsterKitFoundation"]),
    .testTarget(
      name: "MonstersCLITests",
      dependencies: ["MonstersCLI", "MonsterKit", "ProcessPlatform", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
