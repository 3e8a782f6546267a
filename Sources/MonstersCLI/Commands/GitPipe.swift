import MonsterKit
import MonstersSystem
import ProcessPlatform

/// git running beside the command line, read as it writes and written to as it reads: a
/// walk of the history (`git rev-list`), whose output may be longer than memory should
/// hold, or `git cat-file --batch`, which answers one request after another.
///
/// Standard error is read along with standard output, so that neither pipe fills while
/// the other is waited on; what git complains of is kept for the message of a failure.
final class GitPipe {
  /// What a pipe could not do.
  enum Failure: Error {
    /// git could not be started: the `errno`.
    case notStarted(Int32)
    /// git's output could not be read, or its input written: the `errno`.
    case broken(Int32)
    /// git's output ended before what was asked for.
    case ended
  }

  /// The most bytes of standard error kept for a message.
  private static let keptErrors = 4096
  /// The size of one read of standard output.
  private static let readSize = 1 << 16

  private let process: Platform.ProcessID
  private var output: Int32
  private var errors: Int32
  private var input: Int32
  /// Bytes read from standard output and not yet taken, from `start` on.
  private var buffer: [UInt8] = []
  private var start = 0
  private var complaints: [UInt8] = []
  private var termination: Platform.Termination?

  /// Starts git.
  ///
  /// - Parameters:
  ///   - git: The git program and its environment.
  ///   - arguments: The arguments after `git`.
  ///   - takesInput: Whether requests are written to its standard input; otherwise it
  ///     reads `/dev/null`.
  /// - Throws: ``Failure/notStarted(_:)``.
  init(_ git: GitProcess, arguments: [String], takesInput: Bool) throws(Failure) {
    var opened: [Int32] = []
    func pipe() throws(Failure) -> (read: Int32, write: Int32) {
      do throws(SystemCallError) {
        let ends = try Platform.makePipe()
        opened += [ends.read, ends.write]
        for end in [ends.read, ends.write] { Platform.setCloseOnExec(end) }
        return ends
      } catch {
        for descriptor in opened { Platform.closeFile(descriptor) }
        throw .notStarted(error.code)
      }
    }
    let output = try pipe()
    let errors = try pipe()
    let input = takesInput ? try pipe() : nil
    do throws(SystemCallError) {
      // git dies quietly of SIGPIPE when the walk is left early (`-n`), whatever this
      // process, which handles a failed write itself, does with the signal.
      process = try Platform.spawn(
        git.executable, arguments: arguments,
        environment: git.environment.map { "\($0.key)=\($0.value)" },
        fileActions: [
          input.map { .duplicate($0.read, as: 0) }
            ?? .open(0, path: "/dev/null", options: .readOnly, mode: 0),
          .duplicate(output.write, as: 1),
          .duplicate(errors.write, as: 2),
        ],
        defaultSignals: Platform.SignalSet([Platform.SignalNumber.brokenPipe]))
    } catch {
      for descriptor in opened { Platform.closeFile(descriptor) }
      throw .notStarted(error.code)
    }
    Platform.closeFile(output.write)
    Platform.closeFile(errors.write)
    if let input { Platform.closeFile(input.read) }
    self.output = output.read
    self.errors = errors.read
    self.input = input?.write ?? -1
  }

  deinit {
    finish()
  }

  // MARK: - Reading

  /// The next line of standard output, without its line break; the rest of the output when
  /// it ends without one; `nil` at its end.
  func readLine() throws(Failure) -> ArraySlice<UInt8>? {
    // How far past `start` the buffer holds no line break: `fill` may move `start`.
    var searched = 0
    while true {
      if let end = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
        defer { start = end + 1 }
        return buffer[start..<end]
      }
      searched = buffer.count - start
      guard try fill() else {
        guard start < buffer.count else { return nil }
        defer { start = buffer.count }
        return buffer[start...]
      }
    }
  }

  /// Exactly `count` bytes of standard output.
  ///
  /// - Throws: ``Failure/ended`` when the output ends first.
  func read(count: Int) throws(Failure) -> [UInt8] {
    var failure: Failure?
    // Straight into the result, past the buffer: a version of a roster is megabytes.
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { space, initialized in
      let buffered = min(count, buffer.count - start)
      buffer.withUnsafeBufferPointer { held in
        _ = space.initialize(fromContentsOf: held[start..<start + buffered])
      }
      start += buffered
      initialized = buffered
      while initialized < count {
        do throws(Failure) {
          try waitForOutput()
          let read: Int
          do throws(SystemCallError) {
            read = try Platform.readBytes(
              output,
              into: UnsafeMutableRawBufferPointer(
                UnsafeMutableBufferPointer(rebasing: space[initialized...])))
          } catch {
            throw .broken(error.code)
          }
          guard read > 0 else { throw .ended }
          initialized += read
        } catch {
          failure = error
          return
        }
      }
    }
    if let failure { throw failure }
    return bytes
  }

  /// Reads standard output into the buffer, keeping what is not yet taken.
  ///
  /// - Returns: `false` at the end of the output.
  private func fill() throws(Failure) -> Bool {
    if start > 0 && start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > Self.readSize {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    return try readSome(upTo: Self.readSize, into: &buffer) > 0
  }

  /// Waits until standard output is readable, reading standard error meanwhile, then
  /// appends one read of it to `bytes`.
  ///
  /// - Returns: How many bytes were read: 0 at the end of the output.
  private func readSome(upTo count: Int, into bytes: inout [UInt8]) throws(Failure) -> Int {
    try waitForOutput()
    let old = bytes.count
    var failure: Int32?
    bytes.append(contentsOf: repeatElement(0, count: count))
    let done = bytes.withUnsafeMutableBytes { all in
      do throws(SystemCallError) {
        return try Platform.readBytes(
          output, into: UnsafeMutableRawBufferPointer(rebasing: all[old...]))
      } catch {
        failure = error.code
        return 0
      }
    }
    bytes.removeSubrange((old + done)...)
    if let failure { throw .broken(failure) }
    return done
  }

  /// Waits until standard output has something to read (or has ended), reading what git
  /// writes to standard error meanwhile.
  private func waitForOutput() throws(Failure) {
    while errors >= 0 {
      let ready: [Bool]
      do throws(SystemCallError) {
        ready = try Platform.waitUntilReadable([output, errors], milliseconds: -1)
      } catch {
        throw .broken(error.code)
      }
      if ready[1] { readErrors() }
      if ready[0] { return }
    }
  }

  /// Reads what standard error has, keeping its start; closes it at its end.
  private func readErrors() {
    let chunk = (try? Platform.readBytes(errors, upTo: 4096)) ?? []
    guard !chunk.isEmpty else {
      Platform.closeFile(errors)
      errors = -1
      return
    }
    complaints.append(contentsOf: chunk.prefix(max(0, Self.keptErrors - complaints.count)))
  }

  // MARK: - Writing

  /// Writes a request to git's standard input.
  ///
  /// - Throws: ``Failure/broken(_:)`` when git has gone (`EPIPE`).
  func write(_ bytes: [UInt8]) throws(Failure) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { all in
        Result { () throws(SystemCallError) in
          try Platform.writeBytes(input, UnsafeRawBufferPointer(rebasing: all[written...]))
        }
      }
      switch result {
      case .success(let count): written += count
      case .failure(let error): throw .broken(error.code)
      }
    }
  }

  // MARK: - The end

  /// Closes the pipes and waits for git to end: at the end of its output, it has; before,
  /// it ends as it writes to a pipe no one reads.
  ///
  /// - Returns: How git ended, and what it said on standard error, without its final line
  ///   break.
  @discardableResult
  func finish() -> (termination: Platform.Termination, errors: String) {
    if input >= 0 {
      Platform.closeFile(input)
      input = -1
    }
    if output >= 0 {
      Platform.closeFile(output)
      output = -1
    }
    // Standard error to its end, which comes when git ends: at the end of its input or
    // output, or as it writes to the output no one reads now.
    while errors >= 0 { readErrors() }
    if termination == nil {
      // A status the system did not keep (SIGCHLD ignored) is no failure.
      termination = Platform.waitForExit(process)?.termination ?? .exited(0)
    }
    return (termination ?? .exited(0), GitProcess.text(complaints))
  }
}
