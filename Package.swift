// swift-tools-version: 6.0

import PackageDescription

let package = Package(
  name: "monsters",
  products: [
    .library(name: "MonsterKit", targets: ["MonsterKit"]),
    .executable(name: "monsters", targets: ["monsters"]),
  ],
  targets: [
    .target(name: "MonsterKit", dependencies: ["CFileAttributes"]),
    .target(name: "CFileAttributes"),
    .target(name: "CSignalFD"),
    .target(name: "MonstersCLI", dependencies: ["MonsterKit", "CSignalFD"]),
    .executableTarget(name: "monsters", dependencies: ["MonstersCLI"]),
    .executableTarget(name: "monsters-bench", dependencies: ["MonsterKit"]),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "MonsterKitTests", dependencies: ["MonsterKit", "TestSupport"]),
    .testTarget(
      name: "MonstersCLITests", dependencies: ["MonstersCLI", "MonsterKit", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
