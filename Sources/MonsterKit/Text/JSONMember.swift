/// One key and its value in a JSON object.
public struct JSONMember: Hashable, Sendable {
  /// The key.
  public var key: String
  /// The value.
  public var value: JSONValue

  /// Creates a member.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - value: The value.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }

  /// Whether two members have the same key, code point by code point, and the same value
  /// (``JSONValue/==(_:_:)``).
  public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
    lhs.key.hasSameCodePoints(as: rhs.key) && lhs.value == rhs.value
  }
}

extension JSONMember {
  /// The keys of several objects' members, each once, in the order they first appear.
  static func keys(of objects: [[JSONMember]]) -> [String] {
    var seen: Set<CodePointKey> = []
    var keys: [String] = []
    for member in objects.joined() where seen.insert(CodePointKey(member.key)).inserted {
      keys.append(member.key)
    }
    return keys
  }
}

extension [JSONMember] {
  /// The members' values by key (of a key held twice, the first; keys compared code point
  /// by code point), so that looking up every
  /// key of an object with thousands of them takes a pass, not a pass per key.
  var valuesByKey: [CodePointKey: JSONValue] {
    Dictionary(map { (CodePointKey($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The members' places by key (of a key held twice, the first).
  var positionsByKey: [CodePointKey: Int] {
    Dictionary(
      zip(lazy.map { CodePointKey($0.key) }, indices), uniquingKeysWith: { first, _ in first })
  }

  /// The place of the first member of a key, compared code point by code point; `nil` when
  /// no member has it.
  func firstIndex(ofKey key: String) -> Int? {
    firstIndex { $0.key.hasSameCodePoints(as: key) }
  }

  /// The value of the first member of a key, compared code point by code point; `nil` when
  /// no member has it.
  func value(forKey key: String) -> JSONValue? {
    firstIndex(ofKey: key).map { self[$0].value }
  }

  /// Gives a key a value (the first member of the key, when it is held twice), adding it at
  /// the end when no member has it, or takes the key's member away for `nil`.
  mutating func setValue(_ value: JSONValue?, forKey key: String) {
    if let index = firstIndex(ofKey: key) {
      if let value {
        self[index].value = value
      } else {
        remove(at: index)
      }
    } else if let value {
      append(JSONMember(key, value))
    }
  }
}
