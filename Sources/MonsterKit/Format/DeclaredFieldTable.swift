/// The fields a roster declares, as the reader checks them in every monster: a key is found
/// by its bytes, without a string hashed, and the common values (one of a field's values, a
/// plain whole number, text) are checked without copying the field's description.
///
/// - Complexity: Finding a key compares it with each declared key of its length, for up to
///   ``linearLimit`` fields; beyond that a dictionary finds it.
struct DeclaredFieldTable {
  /// The most fields found by comparing keys one by one.
  static let linearLimit = 16

  /// The declared fields, in order; of two with one key, the first.
  let fields: [MonsterField]
  /// Each field's key, as UTF-8.
  private let keys: [[UInt8]]
  /// The position of each key, for many fields.
  private let positions: [String: Int]
  /// The positions of the required fields.
  let required: [Int]
  /// Whether a declared key is not all ASCII.
  private let hasNonASCIIKey: Bool

  init(_ declared: [MonsterField] = []) {
    var seen: Set<String> = []
    let fields = declared.filter { seen.insert($0.key).inserted }
    let keys = fields.map { Array($0.key.utf8) }
    self.fields = fields
    self.keys = keys
    positions =
      fields.count > Self.linearLimit
      ? Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.key, $0) }) : [:]
    required = fields.indices.filter { fields[$0].isRequired }
    hasNonASCIIKey = keys.contains { $0.contains { $0 >= 0x80 } }
  }

  /// Whether the roster declares no field.
  var isEmpty: Bool { fields.isEmpty }

  /// The position of the field whose key is these bytes, or `nil` when none is.
  func position(ofKey key: UnsafeRawBufferPointer) -> Int? {
    guard fields.count > Self.linearLimit else {
      if let position = keys.firstIndex(where: { $0.withUnsafeBytes { bytesEqual($0, key) } }) {
        return position
      }
      // Keys are the same key when they are the same string: other bytes can be, where
      // the key is not ASCII (`é` composed and decomposed).
      guard hasNonASCIIKey || key.contains(where: { $0 >= 0x80 }) else { return nil }
      let text = String(decoding: key, as: UTF8.self)
      return fields.firstIndex { $0.key == text }
    }
    return positions[String(decoding: key, as: UTF8.self)]
  }

  /// The position of the field of a key, or `nil` when none is.
  func position(ofKey key: String) -> Int? {
    var key = key
    return key.withUTF8 { position(ofKey: UnsafeRawBufferPointer($0)) }
  }

  /// What is wrong with a value of the field at `position`, or `nil` when it takes it, as
  /// ``MonsterField/problem(with:weapons:)`` says.
  func problem(at position: Int, with value: JSONValue, weapons: [Weapon]) -> String? {
    if fits(value, position) { return nil }
    return fields[position].problem(with: value, weapons: weapons)
  }

  /// Whether the field at `position` surely takes the value: `false` is for
  /// ``MonsterField/problem(with:weapons:)`` to decide.
  private func fits(_ value: JSONValue, _ position: Int) -> Bool {
    switch value {
    case .string(let text):
      switch fields[position].kind {
      case .text: return true
      case .values(let values): return values.contains(text)
      default: return false
      }
    case .number(let text):
      guard case .integer(let minimum, let maximum) = fields[position].kind,
        let number = Self.plainInteger(text)
      else { return false }
      return number >= (minimum ?? .min) && number <= (maximum ?? .max)
    default: return false
    }
  }

  /// The number a JSON number's text is when it is a plain whole number of up to 18
  /// digits (`80`, `-3`), which no `Int` overflows; else `nil`.
  static func plainInteger(_ text: String) -> Int? {
    // `nil` for text not stored contiguously, which the reader never makes: the slower
    // check then decides.
    text.utf8.withContiguousStorageIfAvailable(plainInteger) ?? nil
  }

  /// The number these bytes spell, read as a JSON number's text is read above.
  private static func plainInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    var number = 0
    var digits = 0
    var negative = false
    for byte in text {
      if byte == UInt8(ascii: "-") && digits == 0 && !negative {
        negative = true
        continue
      }
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10, digits < 18 else { return nil }
      number = number * 10 + Int(digit)
      digits += 1
    }
    guard digits > 0 else { return nil }
    return negative ? -number : number
  }
}
