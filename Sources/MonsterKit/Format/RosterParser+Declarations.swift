// The reader's declarations: the weapons, fields and rule for other keys a roster file
// declares, each entry that breaks a rule noted and left out.

extension RosterParser {
  /// Reads the value of a key that declares weapons, fields or what other keys are,
  /// noting a problem for each entry that breaks a rule; on a second reading, which knows
  /// them, passes over it.
  ///
  /// - Returns: The declaration as the file holds it in canonical form, of the entries
  ///   that break no rule; `nil` when it breaks a rule as a whole.
  mutating func readDeclaration(
    _ key: RosterDeclarations.Key, _ scanner: inout JSONScanner
  ) throws(JSONSyntaxError) -> JSONMember? {
    let offset = scanner.position
    guard knownDeclarations == nil else {
      _ = try scanner.readValue(depth: 2)
      return nil
    }
    if key == .otherKeys {
      let read = RosterDeclarations.otherKeys(try scanner.readValue(depth: 2))
      frameProblems += read.problems.map { PendingProblem(offset: offset, message: $0) }
      guard let rule = read.value else { return nil }
      var declared = declarations
      declared.otherKeys = rule
      declare(declared)
      return declared.jsonMembers.first { $0.key == key.rawValue }
    }
    guard scanner.current == UInt8(ascii: "[") else {
      _ = try scanner.readValue(depth: 2)
      let what =
        key == .weapons
        ? "weapons: built-in ones by name, others as {\"name\": ..., \"image\": ...}"
        : "fields, such as {\"name\": \"team\"}"
      frameProblems.append(
        PendingProblem(offset: offset, message: "'\(key.rawValue)' must be an array of \(what)"))
      return nil
    }
    var entries: [(offset: Int, number: Int, value: JSONValue)] = []
    try scanner.readArray(depth: 2) { (scanner) throws(JSONSyntaxError) in
      let offset = scanner.position
      entries.append((offset, entries.count + 1, try scanner.readValue(depth: 3)))
    }
    if entries.isEmpty {
      frameProblems.append(
        PendingProblem(
          offset: offset,
          message: "'\(key.rawValue)' lists no \(key == .weapons ? "weapon" : "field")"))
      return nil
    }
    var declared = declarations
    var kept: [(offset: Int, number: Int)] = []
    // Reads each entry as a weapon or a field: those read are kept, the others' problems
    // noted where they stand.
    func readEach<Value>(
      _ read: (JSONValue, Int) -> RosterDeclarations.Entry<Value>
    ) -> [Value] {
      var values: [Value] = []
      for entry in entries {
        let read = read(entry.value, entry.number)
        frameProblems += read.problems.map {
          PendingProblem(offset: entry.offset, message: $0)
        }
        if let value = read.value {
          values.append(value)
          kept.append((entry.offset, entry.number))
        }
      }
      return values
    }
    switch key {
    case .weapons: declared.weapons = readEach(RosterDeclarations.weapon)
    case .fields: declared.fields = readEach(RosterDeclarations.field)
    case .otherKeys: break
    }
    refuseClashes(among: key, kept: kept, in: &declared)
    declare(declared)
    return declared.jsonMembers.first { $0.key == key.rawValue }
  }

  /// Leaves out, with a problem, the entries of a declaration that break a rule together
  /// (two of one name).
  ///
  /// - Parameters:
  ///   - key: The declaration: weapons or fields.
  ///   - kept: Where each entry read stands in the file, and its number.
  ///   - declared: The declarations, the entries read among them.
  private mutating func refuseClashes(
    among key: RosterDeclarations.Key, kept: [(offset: Int, number: Int)],
    in declared: inout RosterDeclarations
  ) {
    // What breaks a rule among the entries (two of one name): left out, with a problem.
    var refused: Set<Int> = []
    for clash in declared.problems() where clash.isWeapon == (key == .weapons) {
      let entry = kept[clash.position]
      let what = key == .weapons ? "weapon" : "field"
      frameProblems.append(
        PendingProblem(
          offset: entry.offset,
          message:
            "\(what) \(entry.number) ('\(escapedForMessage(clash.name))'): \(clash.problem)"))
      refused.insert(clash.position)
    }
    if !refused.isEmpty {
      declared.weapons = declared.weapons.map { list in
        list.enumerated().filter { key != .weapons || !refused.contains($0.offset) }.map(\.element)
      }
      declared.fields = declared.fields.enumerated()
        .filter { key != .fields || !refused.contains($0.offset) }.map(\.element)
    }
  }
}
