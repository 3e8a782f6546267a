/// Writes bytes into a buffer through a raw pointer, for building a monster's object in one
/// piece and appending it at once.
///
/// The buffer is made as large as what is written into it, counted from the same pieces;
/// a debug build stops at a write past its end.
struct ByteCursor {
  private let start: UnsafeMutableRawPointer
  private var position: UnsafeMutableRawPointer
  private let end: UnsafeMutableRawPointer

  /// A cursor at the start of a buffer.
  ///
  /// - Parameter buffer: The memory to write, which must have a base address.
  init?(_ buffer: UnsafeMutableRawBufferPointer) {
    guard let start = buffer.baseAddress else { return nil }
    self.start = start
    position = start
    end = start + buffer.count
  }

  /// The bytes written so far.
  var written: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: start, count: start.distance(to: position))
  }

  @inline(__always)
  mutating func write(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    assert(bytes.count <= position.distance(to: end), "a byte cursor ran past its buffer")
    position.copyMemory(from: base, byteCount: bytes.count)
    position += bytes.count
  }

  @inline(__always)
  mutating func write(_ text: StaticString) {
    write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always)
  mutating func write(_ byte: UInt8) {
    assert(position < end, "a byte cursor ran past its buffer")
    position.storeBytes(of: byte, as: UInt8.self)
    position += 1
  }

  /// Writes a member of an object: what stands before the value, then the value, a
  /// string's in quotes.
  ///
  /// - Parameters:
  ///   - prefix: The bytes before the value, up to a string's opening quote.
  ///   - value: The value's JSON text, a string's contents escaped already where they need
  ///     it.
  ///   - quoted: Whether the value is a string, written between quotes.
  @inline(__always)
  mutating func writeMember(
    _ prefix: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, quoted: Bool = true
  ) {
    write(prefix)
    if quoted { write(UInt8(ascii: "\"")) }
    write(value)
    if quoted { write(UInt8(ascii: "\"")) }
  }
}
