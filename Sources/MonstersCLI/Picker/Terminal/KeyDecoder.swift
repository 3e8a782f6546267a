/// Turns the bytes a terminal in raw mode sends into keys.
///
/// Arrow keys and their kin arrive as escape sequences (`ESC [ C`, or `ESC O C` in the
/// terminal's application mode), so a lone `ESC` cannot be told from the start of one until
/// a moment has passed with nothing after it. The decoder keeps an unfinished sequence and
/// says how long to wait for the rest; when the wait runs out, ``flush()`` reads what is
/// left:
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B, 0x43, 0x71])  // [.right, .character("q")]
/// decoder.decode([0x1B])                    // [], and decoder.waitMilliseconds is 50
/// decoder.flush()                           // [.escape]
/// ```
struct KeyDecoder: Sendable {
  /// Bytes of a sequence that has not ended yet.
  private var pending: [UInt8] = []

  /// How long to wait for a lone `ESC` to be followed by the rest of a sequence.
  static let escapeWait: Int32 = 50
  /// How long to wait for the rest of a sequence that has begun (`ESC [`), which only a
  /// slow connection splits.
  static let sequenceWait: Int32 = 500

  /// Creates a decoder with nothing pending.
  init() {}

  /// How many milliseconds to wait for more bytes before calling ``flush()``, or `nil`
  /// when nothing is pending and the wait may be forever.
  var waitMilliseconds: Int32? {
    switch pending.count {
    case 0: nil
    case 1: Self.escapeWait
    default: Self.sequenceWait
    }
  }

  /// Decodes bytes, keeping the start of an unfinished escape sequence for the next call.
  ///
  /// - Parameter bytes: Bytes read from the terminal.
  /// - Returns: The keys they complete, in order.
  mutating func decode(_ bytes: some Sequence<UInt8>) -> [PickerKey] {
    pending.append(contentsOf: bytes)
    var keys: [PickerKey] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.key(in: pending[index...]) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Reads what is pending as if no more bytes will come: a lone `ESC` is the Esc key, and
  /// the start of a sequence that never ended is ignored.
  ///
  /// - Returns: The keys, if any.
  mutating func flush() -> [PickerKey] {
    defer { pending.removeAll() }
    switch pending.count {
    case 0: return []
    case 1: return [.escape]
    default: return [.other]
    }
  }

  /// The key at the start of `bytes` and how many bytes it takes, or `nil` when `bytes`
  /// ends before the key does. A key of `nil` with a length skips bytes that are no key.
  private static func key(in bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
    let start = bytes.startIndex
    let byte = bytes[start]
    switch byte {
    case 0x1B:
      return escapeSequence(in: bytes)
    case 0x03: return (.interrupt, 1)
    case 0x1A: return (.suspend, 1)
    case 0x09: return (.tab, 1)
    case 0x0D:
      // Some terminals send CR LF for Enter; that is one key.
      let next = bytes.index(after: start)
      return (.enter, next < bytes.endIndex && bytes[next] == 0x0A ? 2 : 1)
    case 0x0A: return (.enter, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
    case 0xC0...0xFF:
      // A character beyond ASCII: its lead byte and the continuation bytes that follow.
      var end = bytes.index(after: start)
      while end < bytes.endIndex && bytes[end] & 0xC0 == 0x80 { end += 1 }
      return (.other, end - start)
    default:
      return (.other, 1)
    }
  }

  /// The key an escape sequence at the start of `bytes` stands for.
  private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let introducer = bytes[start + 1]
    switch introducer {
    case UInt8(ascii: "["):
      // CSI: parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, a final byte 0x40-0x7E.
      var index = start + 2
      while index < bytes.endIndex {
        let byte = bytes[index]
        switch byte {
        case 0x20...0x3F:
          index += 1
        case 0x40...0x7E:
          let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
          return (csiKey(final: byte, parameters: parameters), index + 1 - start)
        default:
          // Not a sequence after all: drop what was read of it.
          return (.other, index - start)
        }
      }
      return nil
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return nil }
      return (ss3Key(final: bytes[start + 2]), 3)
    default:
      // Esc followed by another key: Esc, then that key on its own.
      return (.escape, 1)
    }
  }

  private static func csiKey(final: UInt8, parameters: String) -> PickerKey {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "Z"): .backTab
    case UInt8(ascii: "~"):
      switch parameters.split(separator: ";").first ?? "" {
      case "1", "7": .home
      case "4", "8": .end
      case "5": .pageUp
      case "6": .pageDown
      default: .other
      }
    default: .other
    }
  }

  /// A key sent as `ESC O` and a letter: the arrows, Home and End, with the letters of
  /// their CSI forms.
  private static func ss3Key(final: UInt8) -> PickerKey {
    "ABCDHF".utf8.contains(final) ? csiKey(final: final, parameters: "") : .other
  }
}
