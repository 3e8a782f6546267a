import Foundation
import ProgramRunning
import TestSupport

/// The examples of a Markdown page, such as README.md, read as shell transcripts and run
/// against the built `monsters`, so that a page drifting from the binary fails the tests.
///
/// How to write an example:
///
/// - A fenced block with the info string `console` is a transcript. A line `$ command` is
///   typed; lines right after it that start with `> ` continue it (the lines of a
///   here-document, say). The lines up to the next `$ ` line, or the end of the block, are
///   what the command prints, standard output and standard error together, exactly: a
///   blank line there is a blank line printed.
/// - A command must exit with status 0, unless the next command is `echo $?`, whose output
///   then says the status.
/// - Each heading starts a scene: a fresh empty folder as the current folder, and a fresh
///   `bash`. The `console` blocks under one heading run in order, in that one shell and
///   folder, so files and variables carry from one block to the next. `monsters` is the
///   built binary, first on `PATH`; standard input is empty, and nothing is a terminal.
///   `flock` is util-linux's flock(1), or where it is not installed (macOS) the package's
///   `lock-holder`, which takes the same lock the same way. Commands must run on Linux and
///   on macOS alike: POSIX options only (`sed` without `-i`, no GNU `timeout`).
/// - A block that is shown but not run (the picker, an install step) has the info string
///   `sh`, `text`, `json`, `swift` or `yaml`. A fence with another info string, or none, is an
///   error, so that an example cannot be skipped by a slip.
struct ReadmeTranscript {
  /// The info strings of blocks that are shown, not run.
  static let shownOnly: Set<String> = ["sh", "text", "json", "swift", "yaml"]
  /// The info string of blocks that are run.
  static let runnable = "console"

  /// A command of a transcript, and what it should print.
  struct Command: Equatable {
    /// The line of the page the command is on, counting from 1.
    var line: Int
    /// The command, with its continuation lines.
    var text: String
    /// What it should print.
    var expected: String
  }

  /// The commands under one heading, which run in one shell and one folder.
  struct Scene: Equatable {
    /// The heading, such as `## The roster file`.
    var heading: String
    /// The commands, in order.
    var commands: [Command]
  }

  /// A page that does not follow the format, or a scene that did not finish.
  struct Problem: Error, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
  }

  /// The scenes with at least one command.
  var scenes: [Scene] = []
  /// How many blocks were shown only, by info string.
  var shownBlocks: [String: Int] = [:]
  /// How many `console` blocks there are.
  var runnableBlocks = 0

  /// Reads a page.
  ///
  /// - Throws: ``Problem`` for a fence without a known info string, an unclosed fence,
  ///   or output before a transcript's first command.
  init(markdown: String) throws(Problem) {
    var scene = Scene(heading: "(top)", commands: [])
    var fence: (backticks: Int, indent: Int, info: String, line: Int)?
    var awaitingContinuation = false
    func closeScene() {
      if !scene.commands.isEmpty { scenes.append(scene) }
    }
    for (offset, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = offset + 1
      let indent = rawLine.prefix { $0 == " " }.count
      let backticks = rawLine.dropFirst(indent).prefix { $0 == "`" }.count
      if let open = fence {
        if backticks >= open.backticks
          && rawLine.dropFirst(indent + backticks).allSatisfy(\.isWhitespace)
        {
          fence = nil
          continue
        }
        guard open.info == Self.runnable else { continue }
        // A block in a list item is indented as its fence is.
        let line = rawLine.dropFirst(min(indent, open.indent))
        if line.hasPrefix("$ ") {
          scene.commands.append(
            Command(line: number, text: String(line.dropFirst(2)), expected: ""))
          awaitingContinuation = true
        } else if awaitingContinuation && line.hasPrefix("> ") {
          scene.commands[scene.commands.count - 1].text += "\n" + line.dropFirst(2)
        } else {
          guard let last = scene.commands.last, last.line > open.line else {
            throw Problem(line: number, message: "output before the block's first '$ ' line")
          }
          scene.commands[scene.commands.count - 1].expected += line + "\n"
          awaitingContinuation = false
        }
        continue
      }
      if backticks >= 3 {
        let info = rawLine.dropFirst(indent + backticks).trimmingCharacters(in: .whitespaces)
        guard info == Self.runnable || Self.shownOnly.contains(info) else {
          throw Problem(
            line: number,
            message: "a fence needs the info string \(Self.runnable) (run) or one of "
              + "\(Self.shownOnly.sorted().joined(separator: ", ")) (shown only), not '\(info)'")
        }
        fence = (backticks, indent, info, number)
        if info == Self.runnable { runnableBlocks += 1 } else { shownBlocks[info, default: 0] += 1 }
        awaitingContinuation = false
      } else if rawLine.hasPrefix("#") {
        closeScene()
        scene = Scene(heading: String(rawLine), commands: [])
      }
    }
    if let open = fence {
      throw Problem(line: open.line, message: "the fence opened here is never closed")
    }
    closeScene()
  }
}

// MARK: - Running

extension ReadmeTranscript {
  /// What a command of a scene printed, and its exit status.
  struct Outcome: Equatable {
    var output: String
    var status: Int32
  }

  /// The marker the shell prints after each command: the status between two record
  /// separators, on a line of its own.
  private static let separator = "\u{1E}"

  /// Runs a scene in a fresh folder, in one `bash`.
  ///
  /// - Parameters:
  ///   - scene: The scene.
  ///   - binaryFolder: The folder of the `monsters` to run, put first on `PATH`.
  ///   - timeout: How long the whole scene may take.
  /// - Returns: What each command printed and its status, in order; fewer than the
  ///   commands if the shell ended early.
  static func run(_ scene: Scene, binaryFolder: String, timeout: Duration = .seconds(60))
    throws -> [Outcome]
  {
    let scratch =
      FileManager.default.temporaryDirectory.path + "/monsters-readme-" + UUID().uuidString
    let folder = scratch + "/work"
    let home = scratch + "/home"
    for path in [folder, home] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(atPath: scratch) }

    var script = "cd \"$1\" || exit 99\nexec 2>&1\nset -o pipefail\n"
    for command in scene.commands {
      script += command.text + "\n"
      script += "__status=$?; printf '\(separator)%d\(separator)\\n' \"$__status\"; "
      script += "(exit \"$__status\")\n"
    }
    // util-linux's flock(1), where it is installed; elsewhere (macOS) the package's
    // lock-holder, which takes the same lock the same way, answers to its name.
    guard let flock = installedProgram("flock") ?? LockHolder.program?.path else {
      throw Problem(line: 0, message: "lock-holder could not be found or built")
    }
    let tools = scratch + "/tools"
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: tools + "/flock", withDestinationPath: flock)
    let path = tools + ":" + binaryFolder + ":/usr/bin:/bin"
    let environment = [
      "PATH": path,
      "HOME": home,
      "LANG": "C.UTF-8",
      "TZ": "UTC",
      "GIT_CONFIG_NOSYSTEM": "1",
      "GIT_AUTHOR_NAME": "A Monster Keeper",
      "GIT_AUTHOR_EMAIL": "keeper@example.com",
      "GIT_COMMITTER_NAME": "A Monster Keeper",
      "GIT_COMMITTER_EMAIL": "keeper@example.com",
    ]
    let outputPath = scratch + "/output"
    // `timeout` runs the shell in a process group of its own and kills the whole group, so
    // a command that hangs leaves nothing running behind it.
    let limit = "\(timeout.components.seconds)"
    let shell = ["/bin/bash", "-c", script + "exit 0\n", "bash", folder]
    let (program, arguments) =
      if let timeoutTool = installedProgram("timeout") {
        (timeoutTool, ["--signal=KILL", limit] + shell)
      } else {
        (shell[0], Array(shell.dropFirst()))
      }
    let process = try SpawnedProcess(
      URL(fileURLWithPath: program), arguments: arguments.map { Array($0.utf8) },
      environment: environment, output: outputPath, errors: outputPath + ".errors")
    let termination = process.wait(until: .now + timeout + .seconds(5))
    if termination == nil {
      process.kill()
      process.wait()
    }
    guard let termination, termination == .exited(0) else {
      throw Problem(
        line: scene.commands.first?.line ?? 0,
        message: "the examples under '\(scene.heading)' did not run to their end within "
          + "\(limit) seconds (\(termination.map(\.description) ?? "still running"))")
    }
    let output = String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self)
    return outcomes(of: output)
  }

  /// Splits what the shell printed at the markers.
  static func outcomes(of output: String) -> [Outcome] {
    var outcomes: [Outcome] = []
    var rest = Substring(output)
    while let start = rest.firstRange(of: separator),
      let end = rest[start.upperBound...].firstRange(of: separator + "\n"),
      let status = Int32(rest[start.upperBound..<end.lowerBound])
    {
      outcomes.append(Outcome(output: String(rest[..<start.lowerBound]), status: status))
      rest = rest[end.upperBound...]
    }
    return outcomes
  }

  /// Where a scene's outcomes differ from its transcript, one message per difference,
  /// naming the line of the page.
  static func differences(_ scene: Scene, _ outcomes: [Outcome]) -> [String] {
    var differences: [String] = []
    for (index, command) in scene.commands.enumerated() {
      guard index < outcomes.count else {
        differences.append("line \(command.line): '$ \(command.text)' never ran; the shell ended")
        break
      }
      let outcome = outcomes[index]
      if outcome.output != command.expected {
        differences.append(
          "line \(command.line): '$ \(command.text)' printed\n\(outcome.output)"
            + "-- where the page shows --\n\(command.expected)-- end --")
      }
      let next = scene.commands.dropFirst(index + 1).first
      if outcome.status != 0 && next?.text.hasPrefix("echo $?") != true {
        differences.append(
          "line \(command.line): '$ \(command.text)' exited with \(outcome.status); show it "
            + "with '$ echo $?' after it")
      }
    }
    return differences
  }
}
