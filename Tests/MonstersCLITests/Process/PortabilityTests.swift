import Foundation
import ProgramRunning
import Testing

/// The tests run on Linux and on macOS. A program a test runs by its path must be at that
/// path on both; one that a system may lack (fish, tmux, groff, util-linux's flock and
/// setpriv, GNU timeout) is found through `installedProgram`, which gives none where it is
/// missing, so that the test runs only where it is installed rather than fail, or pass
/// without running, on the other system.
@Suite struct PortabilityTests {
  /// Programs macOS 15 and 26 have at these paths (Linux has them at the same paths, /bin
  /// being /usr/bin there), that a test may run, or a script a test runs may name, by path.
  static let onEverySystem: Set<String> = [
    "/bin/bash", "/bin/cat", "/bin/chmod", "/bin/cp", "/bin/date", "/bin/dd", "/bin/echo",
    "/bin/kill", "/bin/ln", "/bin/ls", "/bin/mkdir", "/bin/mv", "/bin/pwd", "/bin/rm",
    "/bin/rmdir", "/bin/sh", "/bin/sleep", "/bin/stty", "/bin/test", "/usr/bin/awk",
    "/usr/bin/cmp", "/usr/bin/cut", "/usr/bin/diff", "/usr/bin/env", "/usr/bin/false",
    "/usr/bin/find", "/usr/bin/git", "/usr/bin/grep", "/usr/bin/gzip", "/usr/bin/head",
    "/usr/bin/mkfifo", "/usr/bin/patch", "/usr/bin/perl", "/usr/bin/printf", "/usr/bin/sed",
    "/usr/bin/sort", "/usr/bin/tail", "/usr/bin/tar", "/usr/bin/tee", "/usr/bin/touch",
    "/usr/bin/tr", "/usr/bin/true", "/usr/bin/uname", "/usr/bin/wc", "/usr/bin/xargs",
  ]

  /// Programs only macOS has, which a test runs only on macOS (`#if os(macOS)`), or which
  /// is another system's program where it is installed (bsdtar, macOS's tar, on Linux).
  static let onMacOS: Set<String> = ["/usr/bin/bsdtar", "/usr/bin/xattr"]

  /// GNU and util-linux programs that macOS lacks, as a test's script could run them by
  /// name: `timeout -s KILL 20 fish`.
  static var gnuCommand: Regex<(Substring, Substring, Substring)> {
    /\b(timeout|setsid|stdbuf|setpriv)\s+(-[A-Za-z-]+|[0-9]+)\b/
  }

  /// A program's path: in /bin, /sbin, /usr/bin, /usr/sbin, /usr/local/bin or Homebrew's
  /// /opt/homebrew/bin, not inside a longer path (the second capture).
  static var programPath: Regex<(Substring, Substring, Substring)> {
    /(^|[^\w$}).\/-])(\/(?:usr\/(?:local\/)?)?s?bin\/[\w.+-]+|\/opt\/homebrew\/bin\/[\w.+-]+)/
  }

  /// The lines of code (not comments) of the test targets' sources, with where each is.
  /// The package in Tests/Tools (the benchmark, for Linux) and the fuzz harnesses (built
  /// with libFuzzer, on Linux) are not the tests'.
  static func testCode() throws -> [(place: String, line: Substring)] {
    let tests = packageRoot.appendingPathComponent("Tests")
    let files = try FileManager.default.subpathsOfDirectory(atPath: tests.path)
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Tools/") && !$0.hasPrefix("Fuzz/") }
    #expect(files.contains("MonstersCLITests/Output/CompletionTests.swift"))
    return try files.sorted().flatMap { file in
      let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
      return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { !$0.element.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .map { (place: "Tests/\(file):\($0.offset + 1)", line: $0.element) }
    }
  }

  @Test func everyProgramATestNamesByPathIsAtThatPathOnLinuxAndMacOS() throws {
    let code = try Self.testCode()
    var named: Set<String> = []
    for (place, line) in code {
      for match in line.matches(of: Self.programPath) {
        // `folder + "/bin/curl"`: a path in a folder of the test's, not the system's.
        if line[..<match.range.lowerBound].hasSuffix("+ ") { continue }
        let path = String(match.output.2)
        named.insert(path)
        #expect(
          Self.onEverySystem.contains(path) || Self.onMacOS.contains(path),
          """
          \(place): \(path) is not on every system the tests run on: find it with \
          installedProgram("\(path.split(separator: "/").last ?? "")"), and run the test only \
          where it is installed
          """)
      }
    }
    // The scan sees what the tests run.
    #expect(named.isSuperset(of: ["/bin/sh", "/bin/bash", "/usr/bin/env", "/usr/bin/git"]))
  }

  @Test func noTestRunsAGNUProgramByName() throws {
    for (place, line) in try Self.testCode() {
      for match in line.matches(of: Self.gnuCommand) {
        Issue.record(
          """
          \(place): `\(match.output.0)`: \(match.output.1) is not macOS's; find it with \
          installedProgram("\(match.output.1)") and run the test only where it is installed
          """)
      }
    }
  }

  /// A tmux session's socket: its path fits in `sun_path` (104 bytes on macOS), whatever
  /// `TMPDIR` is; macOS's is some 50 bytes long.
  @Test func aTmuxSessionsSocketPathFitsEverySystem() throws {
    let folder = try PickerTmux.makeSessionFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let socket = PickerTmux.socketPath(in: folder)
    #expect(socket.hasPrefix("/tmp/"))
    #expect(socket.utf8.count < PickerTmux.socketPathLimit, "\(socket)")
  }
}
