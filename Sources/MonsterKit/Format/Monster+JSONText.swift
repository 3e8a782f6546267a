import MonstersSystem

// A monster on its own as the JSON text of its object in the roster file, compact: what
// `Codable` keeps of it, so that any encoder keeps every key in order and every number's
// digits, as the file does.

extension Monster {
  /// The compact JSON text of the monster's object, `{"name":"Cat-Bot",...}`: the built-in
  /// keys in their order (a field the monster has no value of left out), then
  /// ``otherFields``.
  ///
  /// - Throws: ``RosterError/invalidValue(_:field:reason:)`` when ``otherFields`` hold what
  ///   the file cannot: a built-in key, a key twice, a number that is no JSON number.
  func jsonObjectText() throws(RosterError) -> String {
    try otherFields.checkWritableAsMonsters()
    var bytes: [UInt8] = []
    bytes.appendJSON(.object(jsonMembers), indent: nil)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads a monster from the JSON text of its object, as the roster file holds one: the
  /// built-in fields as strings (one that is not required may be left out, or `null`),
  /// every other key kept in order, as it is, in ``otherFields``. The weapon has its
  /// default image (``Weapon/defaultImageName(forName:)``): a roster gives a weapon it
  /// declares its own.
  ///
  /// - Parameter text: The object's text.
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` (the path `monster`) for
  ///   text that is not one JSON object; ``RosterError/missingValue(field:monster:)`` for a
  ///   required field left out; ``RosterError/invalidValue(_:field:reason:)`` for a value
  ///   the field does not take, or other keys the file cannot hold;
  ///   ``RosterError/invalidName(_:reason:)`` for a name that breaks the rules.
  init(jsonObjectText text: String) throws(RosterError) {
    var text = text
    let value = try text.withUTF8(typed: { (bytes) throws(RosterError) -> JSONValue in
      var scanner = JSONScanner(bytes)
      do throws(JSONSyntaxError) {
        guard try scanner.peek(expecting: "a monster object") == UInt8(ascii: "{") else {
          throw scanner.error("expected a monster object, such as {\"name\": ...}")
        }
        let value = try scanner.readValue(depth: JSONValue.monsterObjectDepth)
        try scanner.expectEnd(after: "the monster object")
        return value
      } catch {
        throw error.rosterError(path: "monster", in: bytes)
      }
    })
    guard case .object(let members) = value else {
      preconditionFailure("a value that starts with '{' is an object")
    }
    try self.init(jsonMembers: members)
  }

  /// Builds a monster from the members of its object, as ``init(jsonObjectText:)`` reads
  /// them, each built-in field through its description.
  private init(jsonMembers members: [JSONMember]) throws(RosterError) {
    let values = members.valuesByKey
    let name = members.value(forKey: MonsterField.name.key).flatMap { value -> String? in
      if case .string(let text) = value { return text }
      return nil
    }
    self.init(id: .random(), name: "", description: "", icon: "", weapon: .sword)
    for key in MonsterField.BuiltIn.ordered {
      let field = key.field
      switch values[CodePointKey(field.key)] {
      case nil where !key.isRequired, .null? where !key.isRequired:
        field.set(nil, in: &self, weapons: [])
      case nil, .null?:
        throw .missingValue(field: field.key, monster: name)
      case .string(let text)? where field.kind == .weapon:
        guard Weapon.isValidName(text) else {
          throw .invalidValue(
            text, field: field.key, reason: "a weapon's name is letters and digits")
        }
        field.set(.string(text), in: &self, weapons: [])
      case let value?:
        try field.check(value)
        field.set(value, in: &self, weapons: [])
      }
    }
    let others = members.filter { MonsterField.BuiltIn(spelling: $0.key) == nil }
    try others.checkWritableAsMonsters()
    otherFields = others
  }
}
