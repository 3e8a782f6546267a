import MonstersSystem

/// The bytes of a roster file: read into memory, or mapped from the file.
///
/// A large roster is mapped rather than read: its pages come straight from the kernel's
/// cache of the file, where reading would copy them into memory that must first be zeroed,
/// which on a million-monster roster costs more than reading the roster does.
struct RosterBytes: Sendable {
  private enum Storage: Sendable {
    case array([UInt8])
    case mapping(FileMapping)
  }

  private let storage: Storage

  /// Bytes held in memory.
  init(_ bytes: [UInt8]) {
    storage = .array(bytes)
  }

  /// Bytes mapped from a file.
  init(_ mapping: FileMapping) {
    storage = .mapping(mapping)
  }

  static let empty = RosterBytes([])

  var count: Int {
    switch storage {
    case .array(let bytes): bytes.count
    case .mapping(let mapping): mapping.count
    }
  }

  /// Calls `body` with the bytes.
  ///
  /// - Parameter body: Reads the bytes, which are valid only while it runs.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, with its own type.
  @inline(__always)
  func withUnsafeBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch storage {
    case .array(let bytes): try bytes.withUnsafeBytes(typed: body)
    case .mapping(let mapping): try body(mapping.bytes)
    }
  }

  /// The bytes, as an array.
  var array: [UInt8] {
    switch storage {
    case .array(let bytes): bytes
    case .mapping(let mapping): Array(mapping.bytes)
    }
  }
}
