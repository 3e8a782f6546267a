import Glibc
import MonsterKit

/// git, run as a child process with the command line's environment: the one place the
/// command line starts another program.
struct GitProcess {
  /// What a run of git gave.
  struct Run {
    /// The exit status, or 128 plus the signal that ended it.
    var status: Int32
    /// Standard output, without the final line break.
    var output: String
    /// Standard error, without the final line break.
    var errors: String
  }

  /// The git program.
  let executable: String
  /// The environment git runs with.
  let environment: [String: String]

  /// git as found on the environment's `PATH`, or `nil` when it is not there.
  init?(environment: [String: String]) {
    guard let executable = Self.find("git", environment: environment) else { return nil }
    self.executable = executable
    self.environment = environment
  }

  /// The path of a program on the environment's `PATH` (`/usr/bin:/bin` when unset).
  static func find(_ program: String, environment: [String: String]) -> String? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
      var status = stat()
      if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        access(candidate, X_OK) == 0
      {
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
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0 else { throw SystemCallError(errno) }
    guard pipe(&errorPipe) == 0 else {
      let code = errno
      close(outputPipe[0])
      close(outputPipe[1])
      throw SystemCallError(code)
    }
    // Only git's standard output and error get the write ends.
    for descriptor in outputPipe + errorPipe {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    close(outputPipe[1])
    close(errorPipe[1])
    guard spawned == 0 else {
      close(outputPipe[0])
      close(errorPipe[0])
      throw SystemCallError(spawned)
    }
    let (output, errors) = Self.readBoth(outputPipe[0], errorPipe[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Run(status: exitStatus, output: Self.text(output), errors: Self.text(errors))
  }

  /// Reads two pipes to their ends at once, so that neither fills while the other is read;
  /// closes both.
  private static func readBoth(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var results: [[UInt8]] = [[], []]
    var descriptors = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while descriptors.contains(where: { $0.fd >= 0 }) {
      if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for which in descriptors.indices
      where descriptors[which].fd >= 0 && descriptors[which].revents != 0 {
        let count = chunk.withUnsafeMutableBytes {
          read(descriptors[which].fd, $0.baseAddress, $0.count)
        }
        if count > 0 {
          results[which].append(contentsOf: chunk[..<count])
        } else if count == 0 || errno != EINTR {
          close(descriptors[which].fd)
          descriptors[which].fd = -1
        }
      }
    }
    for descriptor in descriptors where descriptor.fd >= 0 { close(descriptor.fd) }
    return (results[0], results[1])
  }

  private static func text(_ bytes: [UInt8]) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
