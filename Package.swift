// swift-tools-version: 6.0

import PackageDescription

let package = Package(
  name: "monsters",
  // Linux (glibc, and musl with the static Linux SDK) needs no entry here. macOS 15: the
  // command line's `String(validating:as:)` and the tests' `Mutex` are macOS 15 API. iOS 16:
  // only MonsterKit builds for iOS, and its lock waits on `ContinuousClock` (iOS 16).
  platforms: [.macOS(.v15), .iOS(.v16)],
  products: [
    .library(name: "MonsterKit", targets: ["MonsterKit"]),
    .executable(name: "monsters", targets: ["monsters"]),
  ],
  targets: [
    .target(name: "CPlatformShims"),
    .target(name: "MonsterKit", dependencies: ["CPlatformShims"]),
    .target(name: "MonstersCLI", dependencies: ["MonsterKit"]),
    .executableTarget(name: "monsters", dependencies: ["MonstersCLI", "MonsterKit"]),
    .executableTarget(name: "monsters-bench", dependencies: ["MonsterKit", "TestSupport"]),
    .target(name: "TestSupport", dependencies: ["MonsterKit"], path: "Tests/TestSupport"),
    .testTarget(name: "MonsterKitTests", dependencies: ["MonsterKit", "TestSupport"]),
    .testTarget(
      name: "MonstersCLITests", dependencies: ["MonstersCLI", "MonsterKit", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
