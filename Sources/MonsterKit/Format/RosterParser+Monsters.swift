// The reader's monsters: each object read into a record by the built-in table
// (`MonsterField.BuiltIn`), a field's value into its lane, and its declared fields checked.

extension RosterParser {
  /// Takes the earlier file's records of a shared run that starts where a monster does,
  /// shifted to where this file has their bytes.
  mutating func takeSharedRun(at position: Int) -> SharedRun? {
    while nextRun < runs.count && runs[nextRun].start < position { nextRun += 1 }
    // The earlier file's records number weapons by its table, which must be this one's. They
    // have no keys beyond the built-in ones (they were read as the canonical form writes a
    // monster without any), so a field this file requires is missing from each: read them.
    guard nextRun < runs.count, runs[nextRun].start == position, earlier.weapons == weapons,
      declaredFields.required.isEmpty
    else { return nil }
    let run = runs[nextRun]
    nextRun += 1
    shared.append(
      SharedMonsters(
        offsets: records.count..<records.count + run.earlierRecords.count,
        earlierStart: run.earlierRecords.lowerBound))
    let taken = earlier.records[run.earlierRecords]
    if run.shift == 0 {
      records.append(contentsOf: taken)
    } else {
      for record in taken { records.append(record.shifted(by: run.shift)) }
    }
    namesAreASCII = namesAreASCII && earlier.namesAreASCII
    return run
  }

  /// Reads a monster written exactly as the canonical form writes it, without escapes in
  /// its name and weapon and without keys beyond the built-in ones: the common case, read
  /// with a few comparisons of fixed bytes, key by key of the built-in table.
  ///
  /// - Returns: `false`, with the scanner where it was, for anything else, which
  ///   ``readMonster(_:)`` then reads; and always while the roster requires a field, which
  ///   such a monster lacks, so that its problem is told.
  @inline(__always)
  mutating func readCanonicalMonster(_ scanner: inout JSONScanner) throws(JSONSyntaxError)
    -> Bool
  {
    guard declaredFields.required.isEmpty else { return false }
    let start = scanner.position
    var record = MonsterRecord.unread
    record.flags = .hasName
    var isCanonical = true
    var nameIsASCII = true
    // The keys in the table's order, without an array: a million monsters go through them.
    var next = MonsterField.BuiltIn.first
    while let key = next {
      next = key.next
      let prefix = CanonicalLayout.prefix(key)
      // A field a monster may be without is left out, or there in full.
      if !key.isRequired && !scanner.bytes.holds(prefix, at: scanner.position) { continue }
      guard scanner.skip(prefix), scanner.current == UInt8(ascii: "\"") else {
        scanner.position = start
        return false
      }
      let token = try scanner.readString()
      var contents: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[token.start..<token.end])
      }
      let isRead: Bool
      switch key.lane {
      case .text(let field):
        record.setSpan(field, ByteSpan(token.start..<token.end))
        if token.isEscaped {
          record.flags.insert(.escaped(field))
          isCanonical = false
        }
        if field == .name { nameIsASCII = token.isASCII }
        isRead = field != .name || !token.isEscaped && Monster.problem(withName: contents) == nil
      case .held(.weapon):
        let weapon = weapons.number(ofSpelling: contents)
        record.weapon = weapon ?? 0
        isRead = weapon != nil
      case .held(.nameColor):
        record.nameColor = token.isEscaped ? nil : NameColor(fileSpelling: contents)
        isRead = record.nameColor != nil
        if let color = record.nameColor, !color.isSpelledCanonically(contents) {
          isCanonical = false
        }
      }
      guard isRead else {
        scanner.position = start
        return false
      }
    }
    guard scanner.skip(CanonicalLayout.objectEnd) else {
      scanner.position = start
      return false
    }
    if !nameIsASCII { namesAreASCII = false }
    if !isCanonical { layoutIsCanonical = false }
    records.append(record)
    return true
  }

  /// What is known of a monster while its object is read.
  struct MonsterReading {
    var record = MonsterRecord.unread
    /// The built-in keys read, by ``MonsterField/BuiltIn/bit``.
    var seen: UInt32 = 0
    /// The key after the last built-in one read, in the table's order.
    var expected = MonsterField.BuiltIn.first
    var problems: [PendingProblem] = []
    var nameToken: StringToken?
    var nameIsValid = true

    mutating func note(_ message: String, at offset: Int) {
      problems.append(PendingProblem(offset: offset, message: message))
    }
  }

  /// Reads a monster's object as it stands, noting each rule it breaks.
  mutating func readMonster(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
    let number = records.count + 1
    let offset = scanner.position
    var monster = MonsterReading()
    defer { records.append(monster.record) }
    guard scanner.current == UInt8(ascii: "{") else {
      _ = try scanner.readValue(depth: 3)
      problems.append(PendingProblem(offset: offset, message: "monster \(number) is not an object"))
      namesAreASCII = false
      return
    }
    otherMembers.removeAll(keepingCapacity: true)
    otherKeys.removeAll()
    // Declared fields are checked once the object is read: the closure, called for every key,
    // then reads nothing of the table. A roster that refuses keys no field declares checks
    // each key, whether it declares fields or not.
    let checksDeclaredFields = !declaredFields.isEmpty || declaredFields.refusesOtherKeys
    otherValueOffsets.removeAll(keepingCapacity: true)
    otherKeyOffsets.removeAll(keepingCapacity: true)
    try scanner.readObject(depth: 3) { (scanner, keyToken) throws(JSONSyntaxError) in
      let keyBytes = UnsafeRawBufferPointer(
        rebasing: scanner.bytes[keyToken.start..<keyToken.end])
      // The key after the last one read, in the table's order, is tried first: it most often
      // is the one.
      let key =
        keyToken.isEscaped
        ? MonsterField.BuiltIn(spelling: scanner.text(of: keyToken))
        : monster.expected.flatMap { $0.spelling.matches(keyBytes) ? $0 : nil }
          ?? MonsterField.BuiltIn(keyBytes)
      guard let key else {
        let name = scanner.text(of: keyToken)
        try otherKeys.insert(name, at: keyToken.start - 1)
        if checksDeclaredFields {
          otherKeyOffsets.append(keyToken.start - 1)
          otherValueOffsets.append(scanner.position)
        }
        otherMembers.append(JSONMember(name, try scanner.readValue(depth: 4)))
        return
      }
      try readBuiltIn(key, keyAt: keyToken.start - 1, &scanner, into: &monster)
    }
    for key in MonsterField.BuiltIn.ordered where key.isRequired && monster.seen & key.bit == 0 {
      monster.note("no '\(key.spelling)'", at: offset)
    }
    if checksDeclaredFields {
      checkDeclaredFields(startingAt: offset, into: &monster.problems)
    }
    if !otherMembers.isEmpty {
      monster.record.otherFieldsIndex = Int32(monsterOtherFields.count)
      monsterOtherFields.append(Array(otherMembers))
    }
    if monster.nameToken.map({ $0.isEscaped || !$0.isASCII }) ?? true {
      namesAreASCII = false
    }
    if monster.problems.isEmpty { return }
    let label =
      monster.nameToken.flatMap { token in
        monster.nameIsValid
          ? "monster \(number) ('\(escapedForMessage(scanner.text(of: token)))')" : nil
      } ?? "monster \(number)"
    for problem in monster.problems {
      problems.append(
        PendingProblem(offset: problem.offset, message: "\(label): \(problem.message)"))
    }
  }

  /// Reads the value of a built-in key of a monster's object into its lane: a text field's
  /// span, or a value the record holds itself.
  ///
  /// (Mutating, as `readHeld` is, and the others static, so that the reader's state, which
  /// the closure that calls it holds, is not copied for each key.)
  @inline(__always)
  private mutating func readBuiltIn(
    _ key: MonsterField.BuiltIn, keyAt keyOffset: Int, _ scanner: inout JSONScanner,
    into monster: inout MonsterReading
  ) throws(JSONSyntaxError) {
    guard monster.seen & key.bit == 0 else {
      throw JSONSyntaxError(
        offset: keyOffset, message: "duplicate key '\(key.spelling)' in one object")
    }
    monster.seen |= key.bit
    monster.expected = key.next
    if !key.isRequired, scanner.current == UInt8(ascii: "n") {
      _ = try scanner.readLiteral()  // null: no value
      return
    }
    switch key.lane {
    case .text(let field):
      guard let token = try Self.string(of: key, &scanner, into: &monster) else { return }
      monster.record.setSpan(field, ByteSpan(token.start..<token.end))
      if token.isEscaped { monster.record.flags.insert(.escaped(field)) }
      if field == .name { Self.checkName(token, &scanner, into: &monster) }
    case .held(let field):
      try readHeld(field, &scanner, into: &monster)
    }
  }

  /// Reads a string value of a key, or notes that the value is none and passes over it.
  @inline(__always)
  private static func string(
    of key: MonsterField.BuiltIn, _ scanner: inout JSONScanner, into monster: inout MonsterReading
  ) throws(JSONSyntaxError) -> StringToken? {
    let offset = scanner.position
    guard scanner.current == UInt8(ascii: "\"") else {
      _ = try scanner.readValue(depth: 4)
      monster.note("'\(key.spelling)' must be a string", at: offset)
      return nil
    }
    return try scanner.readString()
  }

  /// Notes the name, and what rule of names it breaks.
  @inline(__always)
  private static func checkName(
    _ token: StringToken, _ scanner: inout JSONScanner, into monster: inout MonsterReading
  ) {
    monster.record.flags.insert(.hasName)
    monster.nameToken = token
    let contents = UnsafeRawBufferPointer(rebasing: scanner.bytes[token.start..<token.end])
    let problem =
      token.isEscaped
      ? unescaped(contents).withUnsafeBytes(Monster.problem(withName:))
      : Monster.problem(withName: contents)
    if let problem {
      monster.note("the name " + problem.rule + "; correct it in the file", at: token.start - 1)
      monster.nameIsValid = false
    }
  }

  /// Reads the value of a field the record holds itself.
  @inline(__always)
  private mutating func readHeld(
    _ field: MonsterHeldField, _ scanner: inout JSONScanner, into monster: inout MonsterReading
  ) throws(JSONSyntaxError) {
    let offset = scanner.position
    guard let token = try Self.string(of: field.builtIn, &scanner, into: &monster) else { return }
    let reader = scanner
    func text() -> String { reader.text(of: token) }
    switch field {
    case .weapon:
      let contents = UnsafeRawBufferPointer(rebasing: reader.bytes[token.start..<token.end])
      let weapon =
        token.isEscaped ? weapons.number(of: text()) : weapons.number(ofSpelling: contents)
      guard let weapon else {
        return monster.note(
          "unknown weapon '\(escapedForMessage(text()))'; the weapons are "
            + listedForMessage(weapons.weapons.names), at: offset)
      }
      monster.record.weapon = weapon
    case .nameColor:
      guard let color = NameColor(spelling: text()) else {
        return monster.note(
          "unknown name colour '\(escapedForMessage(text()))'; use " + NameColor.spellings,
          at: offset)
      }
      monster.record.nameColor = color
    }
  }

  /// Notes what is wrong with a monster's declared fields: a value its field does not take,
  /// a required field it lacks, and a key no field declares where the roster refuses such
  /// keys. A value its field takes in another spelling than the
  /// canonical one (an integer written `5.0`) is taken in the canonical one.
  ///
  /// The monster's keys beyond the built-in ones are `otherMembers`, their values starting
  /// where `otherValueOffsets` says.
  ///
  /// - Parameters:
  ///   - offset: Where the monster starts.
  ///   - fieldProblems: Where the problems go.
  private mutating func checkDeclaredFields(
    startingAt offset: Int, into fieldProblems: inout [PendingProblem]
  ) {
    let others = otherMembers
    // The declared fields the monster has, by position, up to the 64th.
    var declaredSeen: UInt64 = 0
    var canonical: [(place: Int, value: JSONValue)] = []
    // Through a buffer, so that each member's key and value are read where they are rather
    // than copied with the member.
    others.withUnsafeBufferPointer { members in
      for place in members.indices {
        guard let declared = declaredFields.position(ofKey: members[place].key, atPlace: place)
        else {
          if declaredFields.refusesOtherKeys {
            fieldProblems.append(
              PendingProblem(
                offset: otherKeyOffsets[place],
                message: declaredFields.undeclaredKeyProblem(members[place].key)))
          }
          continue
        }
        if declared < 64 { declaredSeen |= 1 << declared }
        if declaredFields.fits(members[place].value, declared) { continue }
        switch declaredFields.verdict(
          at: declared, on: members[place].value, weapons: weapons.weapons)
        {
        case .fits: break
        case .canonical(let value): canonical.append((place, value))
        case .problem(let problem):
          fieldProblems.append(
            PendingProblem(
              offset: otherValueOffsets[place],
              message: "'\(escapedForMessage(members[place].key))' "
                + problem.words(for: declaredFields.fields[declared], weapons: weapons.weapons)))
        }
      }
    }
    for (place, value) in canonical { otherMembers[place].value = value }
    if !declaredFields.required.isEmpty {
      // Beyond the 64th declared field, the monster's keys are looked through.
      let keys = declaredFields.fields.count > 64 ? Set(others.map { CodePointKey($0.key) }) : []
      for position in declaredFields.required
      where position < 64
        ? declaredSeen & 1 << position == 0
        : !keys.contains(CodePointKey(declaredFields.fields[position].key))
      {
        let field = declaredFields.fields[position]
        fieldProblems.append(
          PendingProblem(
            offset: offset,
            message: "no '\(escapedForMessage(field.key))', a required field"))
      }
    }
  }
}
