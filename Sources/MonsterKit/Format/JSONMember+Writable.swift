import MonstersSystem

// Keys and values that an app builds itself, checked before they reach a file: what the
// writer would put in the file is read back by the scanner that reads the file, so that no
// edit writes a roster that no reader takes (a number that is no JSON number, a key twice
// in one object, a key a roster or a monster has of its own, nesting past the limit).

extension JSONValue {
  /// How deep a monster's object stands in the roster file: in `monsters`, in the roster.
  static let monsterObjectDepth = 3

  /// Refuses a value that would not read back as itself as a monster's value of a key.
  ///
  /// - Parameter key: The key, for the message.
  /// - Throws: ``RosterError/invalidValue(_:field:reason:)``.
  func checkWritableInMonster(as key: String) throws(RosterError) {
    if let reason = writingProblem(depth: Self.monsterObjectDepth + 1) {
      throw .invalidValue(MonsterField.text(of: self), field: key, reason: reason)
    }
  }

  /// Why a value, written at a depth of the roster file, would not read back as itself, or
  /// `nil` when it would.
  ///
  /// - Parameter depth: How deep the value stands in the file; 1 for the outermost object.
  /// - Returns: The scanner's words for the problem, such as `invalid number: leading
  ///   zeros are not allowed`.
  func writingProblem(depth: Int) -> String? {
    switch self {
    case .null, .bool, .string:
      return nil
    case .number(let text):
      return isJSONNumber(text) ? nil : "it is not a JSON number"
    case .array, .object:
      var bytes: [UInt8] = []
      bytes.appendJSON(self, indent: nil)
      return bytes.withUnsafeBytes(typed: { (buffer) -> String? in
        var scanner = JSONScanner(buffer)
        do throws(JSONSyntaxError) {
          _ = try scanner.readValue(depth: depth)
          return nil
        } catch {
          return error.message
        }
      })
    }
  }
}

extension [JSONMember] {
  /// Refuses members that cannot stand in one object of the roster file beside the keys
  /// the object has of its own: such a key, a key given twice, or a value that would not
  /// read back as itself.
  ///
  /// - Parameters:
  ///   - depth: How deep the object stands in the file; 1 for the roster's.
  ///   - owner: Whose keys these are, for a message: `a monster`, `the roster`.
  ///   - isOwnKey: Whether a key is one the object has of its own, written apart from
  ///     these members.
  /// - Throws: ``RosterError/invalidValue(_:field:reason:)`` naming the first such key.
  func checkWritable(depth: Int, owner: String, isOwnKey: (String) -> Bool)
    throws(RosterError)
  {
    var seen: Set<CodePointKey> = []
    for member in self {
      let reason: String?
      if isOwnKey(member.key) {
        reason = "it is \(owner)'s own key, not one of its other keys"
      } else if !seen.insert(CodePointKey(member.key)).inserted {
        reason = "the key is there twice, and \(owner) holds a key once"
      } else {
        reason = member.value.writingProblem(depth: depth + 1)
      }
      if let reason {
        throw .invalidValue(MonsterField.text(of: member.value), field: member.key, reason: reason)
      }
    }
  }

  /// Refuses a monster's other keys that cannot stand in its object in the roster file, as
  /// ``checkWritable(depth:owner:isOwnKey:)`` does.
  func checkWritableAsMonsters() throws(RosterError) {
    try checkWritable(depth: JSONValue.monsterObjectDepth, owner: "a monster") {
      MonsterField.BuiltIn(spelling: $0) != nil
    }
  }

  /// Refuses a roster's other keys that cannot stand in its object, as
  /// ``checkWritable(depth:owner:isOwnKey:)`` does.
  func checkWritableAsRosters() throws(RosterError) {
    try checkWritable(depth: 1, owner: "the roster") { key in
      key == "version" || key == "monsters" || RosterDeclarations.Key(rawValue: key) != nil
    }
  }
}
