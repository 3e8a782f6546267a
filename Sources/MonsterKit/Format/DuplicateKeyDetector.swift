/// Remembers the keys of one object and refuses a second one that is equal.
///
/// Keys are compared code point by code point, as JSON compares them, not as Swift compares
/// strings: `"\u00e9"` and `"e\u0301"` are two keys, as are `"K"` and KELVIN SIGN.
struct DuplicateKeyDetector {
  private var keys: [[UInt8]] = []
  private var keySet: Set<[UInt8]> = []

  /// Adds a key.
  ///
  /// - Throws: An error at `offset` when the object had the key already.
  mutating func insert(_ key: String, at offset: Int) throws(JSONSyntaxError) {
    let isDuplicate: Bool
    let utf8 = Array(key.utf8)
    if keys.count < 16 {
      isDuplicate = keys.contains(utf8)
      keys.append(utf8)
      if keys.count == 16 { keySet = Set(keys) }
    } else {
      isDuplicate = !keySet.insert(utf8).inserted
    }
    if isDuplicate {
      throw JSONSyntaxError(
        offset: offset, message: "duplicate key '\(escapedForMessage(key))' in one object")
    }
  }
}
