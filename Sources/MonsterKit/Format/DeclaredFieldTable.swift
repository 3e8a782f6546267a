/// The fields a roster declares, as the reader checks them in every monster: a monster's
/// keys are found by where the monster before had them, and the common values (one of a
/// field's values, a plain whole number, text) are checked without copying the field's
/// description.
///
/// Keys are compared code point by code point, as JSON and a JSON Schema validator compare
/// them: a monster's `"e\u0301"` is not a field declared as `"\u00e9"`.
///
/// - Complexity: A key where the monster before had the same key is found with one
///   comparison of bytes; any other key with a dictionary's lookup.
struct DeclaredFieldTable {
  /// The declared fields, in order; of two with one key, the first.
  let fields: [MonsterField]
  /// Whether a key no field declares is a problem (``OtherKeys/refuse``).
  let refusesOtherKeys: Bool
  /// The position of each field, by its key.
  private let positions: [CodePointKey: Int]
  /// The positions of the required fields.
  let required: [Int]
  /// For each field, whether all its values are ASCII (and compared the quicker way).
  private let valuesAreASCII: [Bool]
  /// The last monster's keys beyond the built-in ones, in its order, each with whether it
  /// is ASCII and its field's position: monsters mostly have the same keys in the same
  /// order.
  private var lastKeys: [(key: String, isASCII: Bool, position: Int?)] = []

  init(_ declared: [MonsterField] = [], refusesOtherKeys: Bool = false) {
    self.refusesOtherKeys = refusesOtherKeys
    var seen: Set<CodePointKey> = []
    let fields = declared.filter { seen.insert(CodePointKey($0.key)).inserted }
    self.fields = fields
    positions = Dictionary(
      uniqueKeysWithValues: fields.enumerated().map { (CodePointKey($1.key), $0) })
    required = fields.indices.filter { fields[$0].isRequired }
    valuesAreASCII = fields.map { field in
      guard case .values(let values) = field.kind else { return false }
      return values.allSatisfy(\.isASCII)
    }
  }

  /// Whether the roster declares no field.
  var isEmpty: Bool { fields.isEmpty }

  /// The position of the field of a key, or `nil` when none is.
  func position(ofKey key: String) -> Int? {
    positions[CodePointKey(key)]
  }

  /// The position of the field of a monster's key, or `nil` when none is, remembered for
  /// the next monster.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - place: Where the key stands among the monster's keys beyond the built-in ones:
  ///     each monster's keys are asked for in their order, from 0.
  mutating func position(ofKey key: String, atPlace place: Int) -> Int? {
    if place < lastKeys.count,
      key.hasSameCodePoints(as: lastKeys[place].key, otherIsASCII: lastKeys[place].isASCII)
    {
      return lastKeys[place].position
    }
    let position = positions[CodePointKey(key)]
    if place < lastKeys.count {
      lastKeys[place] = (key, key.isASCII, position)
    } else {
      lastKeys.append((key, key.isASCII, position))
    }
    return position
  }

  /// What is wrong with a monster's key that no field declares, in a roster that refuses
  /// such keys: the field meant, where one is close (`levl` for `level`, `Faction` for
  /// `faction`), or what keeps such keys.
  func undeclaredKeyProblem(_ key: String) -> String {
    let known = MonsterField.builtIn.map(\.key) + fields.map(\.key)
    let shown = "'\(escapedForMessage(key))' is not a declared field"
    if let meant = MonsterField.fieldMeant(by: key, among: known) {
      return shown + "; did you mean '\(escapedForMessage(meant))'?"
        + (meant == key ? " (the key is in another Unicode form)" : "")
    }
    return shown + "; the roster keeps no key of a monster's own unless it declares "
      + "\"\(RosterDeclarations.Key.otherKeys.rawValue)\": \"\(OtherKeys.keep.rawValue)\""
  }

  /// What the field at `position` makes of a value.
  enum Verdict: Equatable {
    /// The field takes the value as it is written.
    case fits
    /// The field takes the value, which the canonical form writes as this: an integer
    /// written `5.0` is `5`.
    case canonical(JSONValue)
    /// The field does not take the value: why, until the message is made
    /// (``FieldProblem/words(for:weapons:)``).
    case problem(FieldProblem)
  }

  /// What the field at `position` makes of a value: whether it takes it, in what form.
  func verdict(at position: Int, on value: JSONValue, weapons: [Weapon]) -> Verdict {
    if fits(value, position) { return .fits }
    let field = fields[position]
    if let problem = field.fieldProblem(with: value, weapons: weapons) {
      return .problem(problem)
    }
    let canonical = field.canonical(value)
    return canonical == value ? .fits : .canonical(canonical)
  }

  /// Whether the field at `position` surely takes the value as it is written: `false` is
  /// for ``verdict(at:on:weapons:)`` to decide. What the reader asks of every value first.
  @inline(__always)
  func fits(_ value: JSONValue, _ position: Int) -> Bool {
    switch value {
    case .string(let text):
      switch fields[position].kind {
      case .text: return true
      case .values(let values):
        let isASCII = valuesAreASCII[position]
        return values.contains { text.hasSameCodePoints(as: $0, otherIsASCII: isASCII) }
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
  /// digits in canonical form (`80`, `-3`, not `-0`), which no `Int` overflows; else `nil`.
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
    guard digits > 0, !negative || number != 0 else { return nil }
    return negative ? -number : number
  }
}
