/// Remembers the keys of one object and refuses a second one that is equal.
///
/// Keys are compared code point by code point, as JSON compares them (``CodePointKey``):
/// `"\u00e9"` and `"e\u0301"` are two keys, as are `"K"` and KELVIN SIGN.
struct DuplicateKeyDetector {
  /// The keys, while there are few: comparing with each costs less than hashing.
  private var keys: [CodePointKey] = []
  private var keySet: Set<CodePointKey> = []

  /// Adds a key.
  ///
  /// - Throws: An error at `offset` when the object had the key already.
  mutating func insert(_ key: String, at offset: Int) throws(JSONSyntaxError) {
    let isDuplicate: Bool
    let key = CodePointKey(key)
    if keys.count < 16 {
      isDuplicate = keys.contains(key)
      keys.append(key)
      if keys.count == 16 { keySet = Set(keys) }
    } else {
      isDuplicate = !keySet.insert(key).inserted
    }
    if isDuplicate {
      throw JSONSyntaxError(
        offset: offset, message: "duplicate key '\(escapedForMessage(key.text))' in one object")
    }
  }

  /// Forgets every key, keeping the memory for the next object's.
  mutating func removeAll() {
    keys.removeAll(keepingCapacity: true)
    keySet.removeAll()
  }
}
