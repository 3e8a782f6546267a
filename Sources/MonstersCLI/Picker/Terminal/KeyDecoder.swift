/// Turns the bytes a terminal in raw mode sends into keys and mouse reports.
///
/// Arrow keys and their kin arrive as escape sequences (`ESC [ C`, or `ESC O C` in the
/// terminal's application mode), so a lone `ESC` cannot be told from the start of one until
/// a moment has passed with nothing after it. The decoder keeps an unfinished sequence (or
/// the first bytes of a character beyond ASCII) and says how long to wait for the rest;
/// when the wait runs out, ``flush()`` reads what is left:
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B, 0x43, 0x71])  // [.right, .character("q")]
/// decoder.decode([0x1B])                    // [], and decoder.waitMilliseconds is 50
/// decoder.flush()                           // [.escape]
/// ```
///
/// `ESC` before another key is that key with Alt (Meta) held, and a sequence the picker does
/// not know (a function key, a report of focus, a string such as an OSC reply) is no key
/// either: neither is read as Esc, which would close the picker. A paste that the terminal
/// brackets (`ESC [ 200 ~`, the text, `ESC [ 201 ~`) is one ``PickerKey/paste(_:)``, so that
/// a line break or a digit in it presses nothing.
///
/// Mouse reports come in the SGR format (`ESC [ < 0 ; 10 ; 5 M` for a press of the left
/// button at column 10, row 5, counted from 1; `m` for a release), or in the older X10
/// format (`ESC [ M` and three bytes) from a terminal that lacks SGR.
struct KeyDecoder: Sendable {
  /// Bytes of a sequence that has not ended yet.
  private var pending: [UInt8] = []
  /// The text of a bracketed paste so far, while one is being read.
  private var paste: [UInt8]?

  /// How long to wait for a lone `ESC` to be followed by the rest of a sequence.
  static let escapeWait: Int32 = 50
  /// How long to wait for the rest of a sequence that has begun (`ESC [`, or a character's
  /// first bytes), which only a slow connection splits.
  static let sequenceWait: Int32 = 500
  /// The most bytes an escape sequence may take before it is dropped as garbage; a mouse
  /// report at the largest coordinates a terminal sends takes 16.
  static let longestSequence = 32
  /// The most digits a number in a mouse report may have; more is garbage.
  static let longestNumber = 6
  /// The most bytes of a pasted text that are kept; the rest is dropped. A search takes far
  /// fewer.
  static let longestPaste = 4096
  /// The most bytes a string sequence (an OSC, DCS, APC, PM or SOS reply) may take before
  /// it is dropped as garbage.
  static let longestString = 4096
  /// What starts and ends a bracketed paste.
  static let pasteStart = Array("\u{1B}[200~".utf8)
  static let pasteEnd = Array("\u{1B}[201~".utf8)

  /// Creates a decoder with nothing pending.
  init() {}

  /// How many milliseconds to wait for more bytes before calling ``flush()``, or `nil`
  /// when nothing is pending and the wait may be forever.
  var waitMilliseconds: Int32? {
    switch pending.first {
    case nil: paste == nil ? nil : Self.sequenceWait
    case _ where pendingEscapes > 0: Self.escapeWait
    default: Self.sequenceWait
    }
  }

  /// How many Esc keys are pending, when nothing else is: one, or two pressed at once.
  private var pendingEscapes: Int {
    paste == nil && pending.count <= 2 && pending.allSatisfy { $0 == 0x1B } ? pending.count : 0
  }

  /// Decodes bytes, keeping the start of an unfinished sequence for the next call.
  ///
  /// - Parameter bytes: Bytes read from the terminal.
  /// - Returns: The keys they complete, in order.
  mutating func decode(_ bytes: some Sequence<UInt8>) -> [PickerKey] {
    pending.append(contentsOf: bytes)
    var keys: [PickerKey] = []
    var index = 0
    while index < pending.count {
      if paste != nil {
        guard let (key, length) = pasted(pending[index...]) else { break }
        if let key { keys.append(key) }
        index += length
        continue
      }
      guard let (key, length) = Self.key(in: pending[index...]) else { break }
      if key == .other && pending[index...].starts(with: Self.pasteStart) {
        paste = []
      } else if let key {
        keys.append(key)
      }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Takes bytes of a bracketed paste: its text up to the sequence that ends it, or as much
  /// as cannot be the start of that sequence.
  ///
  /// - Returns: The paste, once it ends, and how many bytes were taken; `nil` when
  ///   nothing can be taken until more bytes come.
  private mutating func pasted(_ bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
    let end = Self.pasteEnd
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == end[0] {
        let rest = bytes[index...]
        if rest.starts(with: end) {
          keep(bytes[bytes.startIndex..<index])
          let text = String(decoding: paste ?? [], as: UTF8.self)
          paste = nil
          return (.paste(text), index + end.count - bytes.startIndex)
        }
        // Perhaps the start of the end, split across reads.
        if end.starts(with: rest) { break }
      }
      index += 1
    }
    keep(bytes[bytes.startIndex..<index])
    return index == bytes.startIndex ? nil : (nil, index - bytes.startIndex)
  }

  /// Keeps pasted bytes, up to ``longestPaste``.
  private mutating func keep(_ bytes: ArraySlice<UInt8>) {
    let room = Self.longestPaste - (paste?.count ?? 0)
    paste?.append(contentsOf: bytes.prefix(max(0, room)))
  }

  /// Reads what is pending as if no more bytes will come: a lone `ESC` is the Esc key, and
  /// the start of a sequence or character that never ended is ignored.
  ///
  /// - Returns: The keys, if any.
  mutating func flush() -> [PickerKey] {
    defer { pending.removeAll() }
    if let text = paste {
      // A paste whose end never came: what came of it is the paste.
      paste = nil
      return [.paste(String(decoding: text, as: UTF8.self))]
    }
    switch pending.first {
    case nil: return []
    case _ where pendingEscapes > 0: return Array(repeating: .escape, count: pendingEscapes)
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
    case 0x08, 0x7F: return (.backspace, 1)
    case 0x15: return (.eraseLine, 1)
    case 0x0D:
      // Some terminals send CR LF for Enter; that is one key.
      let next = bytes.index(after: start)
      return (.enter, next < bytes.endIndex && bytes[next] == 0x0A ? 2 : 1)
    case 0x0A: return (.enter, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
    case 0xC2...0xF4: return character(in: bytes)
    default:
      return (.other, 1)
    }
  }

  /// A character beyond ASCII: its lead byte and the continuation bytes that follow. A
  /// broken or overlong encoding, a control character (C1) or a surrogate is no key.
  private static func character(in bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
    let start = bytes.startIndex
    let lead = bytes[start]
    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    var value = UInt32(lead) & (0x7F >> length)
    for offset in 1..<length {
      let index = start + offset
      guard index < bytes.endIndex else { return nil }
      guard bytes[index] & 0xC0 == 0x80 else { return (.other, offset) }
      value = value << 6 | UInt32(bytes[index] & 0x3F)
    }
    guard value >= smallest, let scalar = Unicode.Scalar(value),
      scalar.properties.generalCategory != .control
    else { return (.other, length) }
    return (.character(Character(scalar)), length)
  }

  /// The key an escape sequence at the start of `bytes` stands for.
  private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      if bytes.count >= 3 && bytes[start + 2] == UInt8(ascii: "M") {
        // An X10 mouse report: three bytes follow, each a number plus 32.
        guard bytes.count >= 6 else { return nil }
        return (x10Mouse(bytes[(start + 3)..<(start + 6)]), 6)
      }
      // CSI: parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, a final byte 0x40-0x7E.
      var index = start + 2
      while index < bytes.endIndex {
        let byte = bytes[index]
        switch byte {
        case 0x20...0x3F:
          index += 1
          if index - start > longestSequence { return (.other, index - start) }
        case 0x40...0x7E:
          return (csiKey(final: byte, parameters: bytes[(start + 2)..<index]), index + 1 - start)
        default:
          // Not a sequence after all: drop what was read of it.
          return (.other, index - start)
        }
      }
      return nil
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return nil }
      return (ss3Key(final: bytes[start + 2]), 3)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
      UInt8(ascii: "X"):
      return controlString(in: bytes)
    case 0x1B:
      // Esc before a sequence is that key with Alt; before anything else, Esc on its own.
      let next = start + 2
      guard next < bytes.endIndex else { return nil }
      guard bytes[next] == UInt8(ascii: "[") || bytes[next] == UInt8(ascii: "O") else {
        return (.escape, 1)
      }
      guard let (_, length) = escapeSequence(in: bytes.dropFirst()) else { return nil }
      return (.other, 1 + length)
    case 0x03:
      // Ctrl-C always interrupts: the Esc before it is dropped.
      return (nil, 1)
    default:
      // Another key with Alt, which means nothing here: the key and its Esc are dropped.
      guard let (_, length) = key(in: bytes.dropFirst()) else { return nil }
      return (.other, 1 + length)
    }
  }

  /// A string sequence (OSC, DCS, APC, PM or SOS): its text up to BEL or `ESC \`, which
  /// the picker ignores.
  private static func controlString(in bytes: ArraySlice<UInt8>) -> (PickerKey?, Int)? {
    let start = bytes.startIndex
    var index = start + 2
    while index < bytes.endIndex {
      switch bytes[index] {
      case 0x07: return (.other, index + 1 - start)
      case 0x1B:
        guard index + 1 < bytes.endIndex else { return nil }
        // ESC \ ends the string; any other ESC ends it too, as the start of a new sequence.
        return bytes[index + 1] == UInt8(ascii: "\\")
          ? (.other, index + 2 - start) : (.other, index - start)
      default:
        index += 1
        if index - start > longestString { return (.other, index - start) }
      }
    }
    return nil
  }

  private static func csiKey(final: UInt8, parameters: ArraySlice<UInt8>) -> PickerKey {
    if parameters.first == UInt8(ascii: "<")
      && (final == UInt8(ascii: "M") || final == UInt8(ascii: "m"))
    {
      return sgrMouse(parameters.dropFirst(), released: final == UInt8(ascii: "m"))
    }
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      let first = parameters.split(separator: UInt8(ascii: ";")).first ?? []
      switch String(decoding: first, as: UTF8.self) {
      case "1", "7": return .home
      case "4", "8": return .end
      case "5": return .pageUp
      case "6": return .pageDown
      default: return .other
      }
    default: return .other
    }
  }

  /// A key sent as `ESC O` and a letter: the arrows, Home and End, with the letters of
  /// their CSI forms.
  private static func ss3Key(final: UInt8) -> PickerKey {
    "ABCDHF".utf8.contains(final) ? csiKey(final: final, parameters: []) : .other
  }

  /// An SGR mouse report's parameters after the `<`: the button code, the column and the
  /// row, from 1.
  private static func sgrMouse(_ parameters: ArraySlice<UInt8>, released: Bool) -> PickerKey {
    let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    guard fields.count == 3, let code = number(fields[0]), let column = number(fields[1]),
      let row = number(fields[2]), column >= 1, row >= 1,
      let action = mouseAction(code: code, released: released)
    else { return .other }
    return .mouse(MouseEvent(action: action, column: column - 1, row: row - 1))
  }

  /// An X10 mouse report's three bytes: the button code, the column and the row, each plus
  /// 32, the place from 1.
  private static func x10Mouse(_ bytes: ArraySlice<UInt8>) -> PickerKey {
    let values = bytes.map { Int($0) - 32 }
    guard values[0] >= 0, values[1] >= 1, values[2] >= 1,
      let action = mouseAction(code: values[0], released: false)
    else { return .other }
    return .mouse(MouseEvent(action: action, column: values[1] - 1, row: values[2] - 1))
  }

  /// What a mouse report's button code says: the low two bits are the button (3 a release,
  /// in X10), 4, 8 and 16 the Shift, Meta and Control keys, 32 a motion, 64 the wheel, and
  /// 128 the buttons beyond the wheel. Motions, the wheel's sideways steps and the extra
  /// buttons are no action.
  private static func mouseAction(code: Int, released: Bool) -> MouseEvent.Action? {
    guard code < 256, code & (32 | 128) == 0 else { return nil }
    let buttons: [MouseEvent.Button] = [.left, .middle, .right]
    let low = code & 3
    if code & 64 != 0 {
      guard !released else { return nil }
      return low == 0 ? .wheelUp : low == 1 ? .wheelDown : nil
    }
    if low == 3 { return released ? nil : .release(nil) }
    return released ? .release(buttons[low]) : .press(buttons[low])
  }

  /// A decimal number of at most ``longestNumber`` digits.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= longestNumber else { return nil }
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }
}
