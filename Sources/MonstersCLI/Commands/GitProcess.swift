import MonsterKit
import MonstersSystem
import ProcessPlatform

/// git, run as a child process with the command line's environment: the one place the
/// command line starts another program.
struct GitProcess {
  /// What a run of git gave.
  struct Run {
    /// The exit status, or 128 plus the signal that ended it.
    var status: Int32
    /// Standard output, as git wrote it.
    var outputBytes: [UInt8]
    /// Standard error, without the final line break.
    var errors: String

    /// Standard output as text, without the final line break.
    var output: String { GitProcess.text(outputBytes) }
  }

  /// The git program.
  let executable: String
  /// The environment git runs with.
  let environment: [String: String]

  /// The variables that name a path (`GIT_DIR=../.git`, as a hook may be given
  /// `GIT_INDEX_FILE=.git/index`), which git reads from the folder it runs in: git runs
  /// with `-C` in the roster's folder, so a relative one is made absolute from this
  /// process's folder, where it was meant.
  static let pathVariables = [
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
    "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG",
  ]

  /// git as found on the environment's `PATH`, or `nil` when it is not there.
  init?(environment: [String: String]) {
    guard let executable = Self.find("git", environment: environment) else { return nil }
    self.executable = executable
    var environment = environment
    let relative = Self.pathVariables.filter { name in
      environment[name].map { !$0.isEmpty && !$0.hasPrefix(codePoint: "/") } ?? false
    }
    if !relative.isEmpty, let here = Platform.currentFolderPath() {
      for name in relative { environment[name] = here + "/" + environment[name, default: ""] }
    }
    self.environment = environment
  }

  /// The path of a program on the environment's `PATH` (`/usr/bin:/bin` when unset).
  static func find(_ program: String, environment: [String: String]) -> String? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(atEach: ":") {
      let candidate = (folder.isEmpty ? "." : folder) + "/" + program
      let status = try? Platform.fileStatus(atPath: candidate, followingLinks: true)
      if status?.fileType == .regular, Platform.isExecutable(candidate) {
        return candidate
      }
    }
    return nil
  }

  /// Runs git to its end, its standard input empty.
  ///
  /// - Parameter arguments: The arguments after `git`.
  /// - Returns: The status and what git printed.
  /// - Throws: The `errno` when git cannot be started.
  func run(_ arguments: [String]) throws(SystemCallError) -> Run {
    let output = try Platform.makePipe()
    let errors: (read: Int32, write: Int32)
    do throws(SystemCallError) {
      errors = try Platform.makePipe()
    } catch {
      Platform.closeFile(output.read)
      Platform.closeFile(output.write)
      throw error
    }
    // Only git's standard output and error get the write ends.
    for descriptor in [output.read, output.write, errors.read, errors.write] {
      Platform.setCloseOnExec(descriptor)
    }
    let process: Platform.ProcessID
    do throws(SystemCallError) {
      process = try Platform.spawn(
        executable, arguments: arguments,
        environment: environment.map { "\($0.key)=\($0.value)" },
        fileActions: [
          .open(0, path: "/dev/null", options: .readOnly, mode: 0),
          .duplicate(output.write, as: 1),
          .duplicate(errors.write, as: 2),
        ])
    } catch {
      for descriptor in [output.read, output.write, errors.read, errors.write] {
        Platform.closeFile(descriptor)
      }
      throw error
    }
    Platform.closeFile(output.write)
    Platform.closeFile(errors.write)
    let (printed, complaints) = Self.readBoth(output.read, errors.read)
    // A status the system did not keep (this process inherited SIGCHLD ignored) is no
    // failure: what git printed says the rest.
    let status = Platform.waitForExit(process)?.status ?? 0
    return Run(status: status, outputBytes: printed, errors: Self.text(complaints))
  }

  /// Runs git to its end, and gives its status and what it printed, as ``run(_:)`` does; a
  /// git that cannot be started is a failure.
  ///
  /// - Parameter arguments: The arguments after `git`.
  /// - Returns: The status and what git printed.
  /// - Throws: ``CommandFailure/git(_:)``.
  func result(of arguments: [String]) throws(CommandFailure) -> Run {
    do throws(SystemCallError) {
      return try run(arguments)
    } catch {
      throw .git("Cannot run \(executable): \(Platform.errorDescription(error.code)).")
    }
  }

  /// Runs git to its end, and gives what it printed, as ``run(_:)`` does; a git that cannot
  /// be started, or that fails, is a failure whose message `message` makes of what git said
  /// on standard error.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after `git`.
  ///   - message: The message of a failure, given git's complaint, escaped for a terminal.
  /// - Returns: What git printed.
  /// - Throws: ``CommandFailure/git(_:)``.
  func ask(_ arguments: [String], failure message: (String) -> String) throws(CommandFailure)
    -> Run
  {
    let run = try result(of: arguments)
    guard run.status == 0 else {
      throw .git(
        message(
          escapedForTerminal(run.errors.isEmpty ? "git exited with \(run.status)" : run.errors)))
    }
    return run
  }

  /// Reads two pipes to their ends at once, so that neither fills while the other is read;
  /// closes both.
  private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var results: [[UInt8]] = [[], []]
    var descriptors = [first, second]
    while descriptors.contains(where: { $0 >= 0 }) {
      guard let ready = try? Platform.waitUntilReadable(descriptors, milliseconds: -1) else {
        break
      }
      for which in descriptors.indices where descriptors[which] >= 0 && ready[which] {
        // A failed read ends the pipe as its end does.
        let chunk = (try? Platform.readBytes(descriptors[which], upTo: 1 << 16)) ?? []
        if chunk.isEmpty {
          Platform.closeFile(descriptors[which])
          descriptors[which] = -1
        } else {
          results[which].append(contentsOf: chunk)
        }
      }
    }
    for descriptor in descriptors where descriptor >= 0 { Platform.closeFile(descriptor) }
    return (results[0], results[1])
  }

  /// Text git printed, without its final line breaks.
  static func text(_ bytes: [UInt8]) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}

extension GitProcess {
  /// A version of a file in conflict that git's index holds, as `git ls-files -u` lists it.
  struct ConflictStage {
    /// 1 for the common ancestor, 2 for ours, 3 for theirs.
    var stage: Int
    /// The object that holds the version's bytes.
    var object: String
    /// The file, as the listing names it.
    var name: String
  }

  /// The versions of files in conflict in git's index that a pathspec names, in
  /// `git ls-files -u -z` order.
  ///
  /// - Parameters:
  ///   - path: The pathspec, taken literally.
  ///   - options: Options before the arguments of `ls-files`, such as `-C <folder>`.
  ///   - message: The message of a failure, given git's complaint.
  func conflictStages(
    of path: String, options: [String] = [], failure message: (String) -> String
  ) throws(CommandFailure) -> [ConflictStage] {
    let listed = try ask(
      options + ["--literal-pathspecs", "ls-files", "-u", "-z", "--full-name", "--", path],
      failure: message)
    // Each entry: `<mode> <object> <stage>\t<path>`, ended by a NUL byte.
    return listed.outputBytes.split(separator: 0).compactMap { entry in
      let text = String(decoding: entry, as: UTF8.self)
      guard let (info, name) = text.split(atFirst: "\t") else { return nil }
      let fields = info.split(separator: " ")
      guard fields.count == 3, let stage = Int(fields[2]) else { return nil }
      return ConflictStage(stage: stage, object: String(fields[1]), name: name)
    }
  }
}
