import MonsterKit
import MonstersSystem

/// Where the command line writes: a file descriptor, through one buffer, or memory.
///
/// Output is gathered in a buffer and handed to `write(2)` in large pieces, which is much
/// cheaper than a call per line, and a failed write is reported rather than crashing: a
/// closed pipe (`monsters list | head -1`) ends the command quietly. Once a write has failed,
/// the channel keeps its `errno` and writes nothing more, so that no later output lands
/// after a gap.
public final class OutputChannel {
  private let descriptor: Int32?
  private var buffer: [UInt8] = []
  private var written: [UInt8] = []
  /// The `errno` of the write that failed, or `nil` while every write succeeded.
  private(set) var failure: Int32?
  /// Whether the channel is a terminal, where colour and cursor control are allowed.
  public let isTerminal: Bool

  /// How many bytes to gather before writing them out.
  static let flushThreshold = 64 * 1024

  /// A channel that writes to a file descriptor.
  ///
  /// - Parameter descriptor: An open file descriptor, such as standard output's, 1.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    self.isTerminal = Platform.isTerminal(descriptor)
    // No more than the threshold: a larger buffer would be a mapping of its own, three
    // system calls more for every run.
    buffer.reserveCapacity(Self.flushThreshold)
  }

  /// A channel that keeps what is written, for tests.
  ///
  /// - Parameter isTerminal: Whether the channel should act as a terminal.
  public init(capturingAsTerminal isTerminal: Bool = false) {
    self.descriptor = nil
    self.isTerminal = isTerminal
  }

  /// Everything written to a capturing channel, as text.
  public var text: String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Everything written to a capturing channel, byte for byte.
  var bytes: [UInt8] {
    written + buffer
  }

  /// Appends text.
  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
  }

  /// Appends text and a line break.
  func writeLine(_ text: String = "") {
    buffer.append(contentsOf: text.utf8)
    buffer.append(UInt8(ascii: "\n"))
  }

  /// Appends a JSON value, two-space indented, and a line break; on a terminal, strings
  /// escape the controls a terminal would act on (DEL, C1, bidirectional).
  func writeJSON(_ value: JSONValue) throws(CommandFailure) {
    try append { buffer in
      buffer.appendJSON(value, indent: 0, forTerminal: isTerminal)
      buffer.append(UInt8(ascii: "\n"))
    }
  }

  /// Lets `body` append to the buffer directly, then writes it out if it is large.
  func append(_ body: (inout [UInt8]) -> Void) throws(CommandFailure) {
    body(&buffer)
    if buffer.count >= Self.flushThreshold { try flush() }
  }

  /// Writes a report whose command answers with its exit code, as `diff` and `check` do: a
  /// write that fails ends the report, not the command, which still exits with its answer
  /// when the reader went away (`| head -1`), and with 74 when the write failed otherwise
  /// (the run reports the failure the channel keeps).
  ///
  /// - Parameter body: Writes the report.
  /// - Throws: What `body` throws that is not a failed write.
  func writeReport(_ body: () throws(CommandFailure) -> Void) throws(CommandFailure) {
    do throws(CommandFailure) {
      try body()
    } catch .outputFailed {
      // The channel keeps the failure: it ends the run once the command has answered.
    }
  }

  /// Writes out what is buffered.
  ///
  /// - Throws: ``CommandFailure/outputFailed(_:edit:)`` when the write fails, for example when
  ///   the reader of a pipe has gone.
  func flush() throws(CommandFailure) {
    defer { buffer.removeAll(keepingCapacity: true) }
    if let failure { throw .outputFailed(failure) }
    guard let descriptor else {
      written += buffer
      return
    }
    do throws(SystemCallError) {
      try buffer.withUnsafeBufferPointer { (bytes) throws(SystemCallError) in
        try SystemFileSystem().writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
      }
    } catch {
      failure = error.code
      throw .outputFailed(error.code)
    }
  }
}

/// Where the command line reads from: a file descriptor or bytes given by a test.
public struct InputChannel {
  let descriptor: Int32?
  private let bytes: [UInt8]
  /// Whether the channel is a terminal.
  public let isTerminal: Bool

  /// A channel that reads a file descriptor.
  ///
  /// - Parameter descriptor: An open file descriptor, such as standard input's, 0.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    self.bytes = []
    self.isTerminal = Platform.isTerminal(descriptor)
  }

  /// A channel that holds the given text, for tests.
  ///
  /// - Parameter text: What reading the channel gives.
  public init(text: String = "") {
    self.descriptor = nil
    self.bytes = Array(text.utf8)
    self.isTerminal = false
  }

  /// Reads everything up to the end of the input, as every input is read
  /// (``InputFile/read(_:name:fileSystem:)``): from a file, a pipe or a terminal, not a
  /// device, and no more than an input may hold.
  ///
  /// - Returns: The bytes read.
  /// - Throws: The failure, naming standard input as `<stdin>`.
  func readAll() throws(CommandFailure) -> [UInt8] {
    guard let descriptor else { return bytes }
    return try InputFile.read(
      descriptor, name: CommandContext.standardInputName, fileSystem: SystemFileSystem())
  }
}

/// The streams a run of the command line reads and writes.
public struct Console {
  /// Standard input.
  public var input: InputChannel
  /// Standard output: what scripts read.
  public var output: OutputChannel
  /// Standard error: errors and notes.
  public var errors: OutputChannel

  /// Creates a console of three streams.
  ///
  /// - Parameters:
  ///   - input: Standard input.
  ///   - output: Standard output.
  ///   - errors: Standard error.
  public init(input: InputChannel, output: OutputChannel, errors: OutputChannel) {
    self.input = input
    self.output = output
    self.errors = errors
  }

  /// The process's own standard input, output and error.
  public static func standard() -> Console {
    Console(
      input: InputChannel(descriptor: Platform.standardInput),
      output: OutputChannel(descriptor: Platform.standardOutput),
      errors: OutputChannel(descriptor: Platform.standardError))
  }
}
