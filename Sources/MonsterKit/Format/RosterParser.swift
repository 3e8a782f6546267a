/// What reading a roster file's bytes gives: the monsters, the top level's other keys, and
/// every rule the file breaks.
struct ParsedRoster {
  var source: RosterSource
  var otherFields: [JSONMember]
  /// The weapons and fields the file declares: those of its entries that break no rule.
  var declarations: RosterDeclarations
  var problems: [PendingProblem]
  /// Whether the file's top level and declarations break no rule: whatever its monsters
  /// break, what it declares is what it means.
  var frameIsSound: Bool
  /// The monsters taken from the earlier file's records, when one was given.
  var shared: [SharedMonsters] = []
}

/// Reads a roster file's bytes in one pass.
///
/// A JSON syntax error stops the reading (it is thrown); a broken roster rule does not: the
/// reader notes it and goes on, so that `check` can report every one.
struct RosterParser {
  private let bytes: UnsafeRawBufferPointer
  private var records: [MonsterRecord] = []
  private var monsterOtherFields: [[JSONMember]] = []
  private var otherFields: [JSONMember] = []
  /// The problems of the monsters.
  private var problems: [PendingProblem] = []
  private var namesAreASCII = true
  /// Whether every byte read so far is where the canonical form puts it; see
  /// ``RosterSource/isKnownCanonical``.
  private var layoutIsCanonical = false
  /// Where the last monster's object ends.
  private var monstersEnd = 0
  /// An earlier file whose records may stand for monsters of this one, and where.
  private let earlier: RosterSource
  private let runs: [SharedRun]
  private var nextRun = 0
  private var shared: [SharedMonsters] = []
  /// The roster's weapons, by which a monster's weapon is numbered.
  private var weapons = WeaponTable.builtIn
  /// The weapons and fields the file declares, as far as they are read.
  private var declarations = RosterDeclarations.none
  /// The problems of the file's top level and its declarations, apart from the monsters'.
  private var frameProblems: [PendingProblem] = []
  /// The declarations of a first reading, when the file declares them after its monsters:
  /// the monsters are read again knowing them.
  private let knownDeclarations: RosterDeclarations?
  /// Whether the file declares weapons or fields after its monsters.
  private var declaresAfterMonsters = false
  /// The declared fields, found by their keys' bytes.
  private var declaredFields = DeclaredFieldTable()
  /// Where the values of a monster's keys beyond the built-in ones start, in order, while
  /// the roster declares fields: kept from monster to monster, so that none allocates.
  private var otherValueOffsets: [Int] = []
  /// Where those keys start, as the values do.
  private var otherKeyOffsets: [Int] = []
  /// A monster's keys beyond the built-in ones while it is read, kept from monster to
  /// monster, so that each monster's list of them is made once, at its size.
  private var otherMembers: [JSONMember] = []
  /// Those keys, to refuse one given twice, kept from monster to monster as the list is.
  private var otherKeys = DuplicateKeyDetector()

  private init(
    _ bytes: UnsafeRawBufferPointer, sharingWith earlier: RosterSource?,
    declarations known: RosterDeclarations? = nil
  ) {
    self.bytes = bytes
    self.earlier = earlier ?? .empty
    knownDeclarations = known
    runs = earlier?.sharedRuns(in: bytes) ?? []
    if let known { declare(known) }
    records.reserveCapacity(Self.recordCapacity(forFileOf: bytes.count))
  }

  /// How many records the reader makes room for in a file: as many monsters as the
  /// smallest objects could make. Memory that is never used is never touched, and the array
  /// never grows by copying.
  ///
  /// - Parameter count: The file's size in bytes.
  static func recordCapacity(forFileOf count: Int) -> Int {
    count / 48
  }

  /// The memory the reader sets aside for the records of a file, in bytes, for a caller
  /// that asks for it first (``Platform/requireMemory(_:)``).
  ///
  /// - Parameter count: The file's size in bytes.
  static func recordBytes(forFileOf count: Int) -> Int {
    recordCapacity(forFileOf: count) * MemoryLayout<MonsterRecord>.stride
  }

  /// Reads a roster file's bytes.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - earlier: An earlier file in canonical form that this one may mostly be, such as the
  ///     common ancestor of a side of a merge: the monsters in the bytes the files have in
  ///     common at their start and their end are taken from its records rather than read.
  ///     What the reader gives is the same either way.
  /// - Returns: The monsters' records and the problems found.
  /// - Throws: `JSONSyntaxError` at the first place the bytes are not JSON.
  static func parse(_ bytes: RosterBytes, sharingWith earlier: RosterSource? = nil)
    throws(JSONSyntaxError) -> ParsedRoster
  {
    var parser = try bytes.withUnsafeBytes { (buffer) throws(JSONSyntaxError) in
      var parser = RosterParser(buffer, sharingWith: earlier)
      try parser.readFile()
      return parser
    }
    if parser.declaresAfterMonsters {
      // The monsters were read before what the file declares: once more, knowing it.
      let first = parser
      parser = try bytes.withUnsafeBytes { (buffer) throws(JSONSyntaxError) in
        var parser = RosterParser(buffer, sharingWith: nil, declarations: first.declarations)
        try parser.readFile()
        return parser
      }
      parser.frameProblems = first.frameProblems
    }
    let problems = parser.frameProblems + parser.problems
    let source = RosterSource(
      bytes: bytes, records: parser.records, otherFields: parser.monsterOtherFields,
      weapons: parser.weapons, namesAreASCII: parser.namesAreASCII,
      isKnownCanonical: parser.layoutIsCanonical && problems.isEmpty,
      monstersEnd: parser.monstersEnd)
    return ParsedRoster(
      source: source, otherFields: parser.otherFields, declarations: parser.declarations,
      problems: problems, frameIsSound: parser.frameProblems.isEmpty, shared: parser.shared)
  }

  /// Takes what the file declares: its weapons number monsters' weapons, and its fields are
  /// checked in each monster.
  private mutating func declare(_ declared: RosterDeclarations) {
    declarations = declared
    weapons = WeaponTable(declared.weaponList)
    declaredFields = DeclaredFieldTable(
      declared.fields, refusesOtherKeys: declared.otherKeysRule == .refuse)
  }

  private mutating func readFile() throws(JSONSyntaxError) {
    try checkEncoding()
    var scanner = JSONScanner(bytes)
    let first = try scanner.peek(expecting: "a JSON object")
    guard first == UInt8(ascii: "{") else {
      _ = try scanner.readValue(depth: 1)
      try scanner.expectEnd(after: "the end of the JSON value")
      frameProblems.append(
        PendingProblem(
          offset: 0, message: "a roster is a JSON object with 'version' and 'monsters'"))
      return
    }
    let start = scanner.position
    // The canonical layout is checked byte for byte: `expected` is where the next piece of
    // it must start, and each piece must be there, exactly, in the canonical order of keys.
    layoutIsCanonical = start == 0 && bytes.holds(CanonicalLayout.versionLine, at: 0)
    var expected = CanonicalLayout.versionLine.utf8CodeUnitCount
    var keysInOrder = 0
    func inOrder(_ place: Int) -> Bool {
      defer { keysInOrder = max(keysInOrder, place + 1) }
      return place >= keysInOrder
    }
    var monsterCount = 0
    var sawVersion = false
    var sawMonsters = false
    var keys = DuplicateKeyDetector()
    try scanner.readObject(depth: 1) { (scanner, key) throws(JSONSyntaxError) in
      let name = scanner.text(of: key)
      try keys.insert(name, at: key.start - 1)
      if let declared = RosterDeclarations.Key(rawValue: name) {
        if sawMonsters { declaresAfterMonsters = true }
        let member = try readDeclaration(declared, &scanner)
        // In canonical form: `"weapons": [...]` on the lines after the version, then a comma.
        let piece = member.map(CanonicalLayout.declaration) ?? []
        layoutIsCanonical =
          layoutIsCanonical && inOrder(1 + declared.position) && !piece.isEmpty
          && bytes.holds(piece, at: expected) && scanner.position == expected + piece.count - 1
        expected = scanner.position + 1
        return
      }
      switch name {
      case "version":
        sawVersion = true
        layoutIsCanonical = layoutIsCanonical && inOrder(0)
        let offset = scanner.position
        checkVersion(try scanner.readValue(depth: 2), at: offset)
      case "monsters":
        sawMonsters = true
        let key = CanonicalLayout.monstersKey
        layoutIsCanonical =
          layoutIsCanonical && inOrder(1 + RosterDeclarations.Key.allCases.count)
          && bytes.holds(key, at: expected)
          && scanner.position == expected + key.utf8CodeUnitCount - 1
        expected += key.utf8CodeUnitCount
        guard scanner.current == UInt8(ascii: "[") else {
          let offset = scanner.position
          _ = try scanner.readValue(depth: 2)
          frameProblems.append(
            PendingProblem(offset: offset, message: "'monsters' must be an array"))
          return
        }
        try scanner.readArray(depth: 2) { (scanner) throws(JSONSyntaxError) in
          let separator =
            monsterCount == 0 ? CanonicalLayout.beforeFirstMonster : CanonicalLayout.betweenMonsters
          layoutIsCanonical =
            layoutIsCanonical && scanner.bytes.holds(separator, at: expected)
            && scanner.position == expected + separator.utf8CodeUnitCount
          if let run = takeSharedRun(at: scanner.position) {
            monsterCount += run.earlierRecords.count
            scanner.position = run.end
          } else {
            monsterCount += 1
            if try !readCanonicalMonster(&scanner) {
              layoutIsCanonical = false
              try readMonster(&scanner)
            }
          }
          expected = scanner.position
        }
        let end =
          monsterCount == 0 ? CanonicalLayout.afterNoMonsters : CanonicalLayout.afterMonsters
        layoutIsCanonical =
          layoutIsCanonical && scanner.bytes.holds(end, at: expected)
          && scanner.position == expected + end.utf8CodeUnitCount
        monstersEnd = expected
        expected = scanner.position
      default:
        otherFields.append(JSONMember(name, try scanner.readValue(depth: 2)))
      }
    }
    try scanner.expectEnd(after: "the roster's closing '}'")
    layoutIsCanonical =
      layoutIsCanonical && otherFields.isEmpty && bytes.holds(CanonicalLayout.tail, at: expected)
      && bytes.count == expected + CanonicalLayout.tail.utf8CodeUnitCount
    if !sawVersion {
      frameProblems.append(PendingProblem(offset: start, message: "the roster has no 'version'"))
    }
    if !sawMonsters {
      frameProblems.append(PendingProblem(offset: start, message: "the roster has no 'monsters'"))
    }
  }

  // MARK: - Declarations

  /// Reads the value of a key that declares weapons, fields or what other keys are,
  /// noting a problem for each entry that breaks a rule; on a second reading, which knows
  /// them, passes over it.
  ///
  /// - Returns: The declaration as the file holds it in canonical form, of the entries
  ///   that break no rule; `nil` when it breaks a rule as a whole.
  private mutating func readDeclaration(
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
    // What breaks a rule among the entries (two of one name): left out, with a problem.
    var refused: Set<Int> = []
    for problem in declared.problems() where problem.isWeapon == (key == .weapons) {
      let entry = kept[problem.position]
      let what = key == .weapons ? "weapon" : "field"
      frameProblems.append(
        PendingProblem(
          offset: entry.offset,
          message:
            "\(what) \(entry.number) ('\(escapedForMessage(problem.name))'): \(problem.reason)"))
      refused.insert(problem.position)
    }
    if !refused.isEmpty {
      declared.weapons = declared.weapons.map { list in
        list.enumerated().filter { key != .weapons || !refused.contains($0.offset) }.map(\.element)
      }
      declared.fields = declared.fields.enumerated()
        .filter { key != .fields || !refused.contains($0.offset) }.map(\.element)
    }
    declare(declared)
    return declared.jsonMembers.first { $0.key == key.rawValue }
  }

  /// Refuses, with a clear message, files that are not UTF-8 text at all.
  private func checkEncoding() throws(JSONSyntaxError) {
    if bytes.isEmpty {
      throw JSONSyntaxError(offset: 0, message: "the file is empty; expected a JSON object")
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      throw JSONSyntaxError(
        offset: 0, message: "the file starts with a UTF-8 byte order mark; remove it")
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.prefix(4).contains(0)
    {
      throw JSONSyntaxError(
        offset: 0, message: "the file is UTF-16 or UTF-32; a roster file is UTF-8")
    }
  }

  /// Checks the version: 1, written as JSON may write it (`1.0` too, which a JSON Schema
  /// validator cannot tell from `1`, and which the canonical form writes `1`).
  private mutating func checkVersion(_ value: JSONValue, at offset: Int) {
    if case .number(let text) = value, let reading = IntegerReading(json: text) {
      if reading == .integer(1) { return }
      let newer: String? =
        switch reading {
        case .integer(let version) where version > 1: String(version)
        case .beyond(negative: false): text
        default: nil
        }
      if let newer {
        frameProblems.append(
          PendingProblem(
            offset: offset, message: RosterProblem.newerVersionMessage(newer, program: nil),
            newerVersion: newer))
        return
      }
    }
    frameProblems.append(PendingProblem(offset: offset, message: "'version' must be 1"))
  }

  // MARK: - Monsters

  /// Takes the earlier file's records of a shared run that starts where a monster does,
  /// shifted to where this file has their bytes.
  private mutating func takeSharedRun(at position: Int) -> SharedRun? {
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
  /// with a few comparisons of fixed bytes.
  ///
  /// - Returns: `false`, with the scanner where it was, for anything else, which
  ///   ``readMonster(_:)`` then reads; and always while the roster requires a field, which
  ///   such a monster lacks, so that its problem is told.
  @inline(__always)
  private mutating func readCanonicalMonster(_ scanner: inout JSONScanner) throws(JSONSyntaxError)
    -> Bool
  {
    guard declaredFields.required.isEmpty else { return false }
    let start = scanner.position
    // A key of the canonical layout, with what stands before it, then its string value;
    // `nil` when the bytes are anything else.
    func member(_ key: MonsterField.BuiltIn) throws(JSONSyntaxError) -> StringToken? {
      guard scanner.skip(CanonicalLayout.prefix(key)), scanner.current == UInt8(ascii: "\"")
      else { return nil }
      return try scanner.readString()
    }
    guard let name = try member(.name), !name.isEscaped,
      let description = try member(.description),
      let icon = try member(.icon),
      let weaponToken = try member(.weapon)
    else {
      scanner.position = start
      return false
    }
    let nameBytes = UnsafeRawBufferPointer(rebasing: bytes[name.start..<name.end])
    guard
      let weapon = weapons.number(
        ofSpelling: UnsafeRawBufferPointer(rebasing: bytes[weaponToken.start..<weaponToken.end])),
      Roster.problem(withName: nameBytes) == nil
    else {
      scanner.position = start
      return false
    }
    var nameColor: NameColor?
    var colorIsCanonical = true
    if scanner.bytes.holds(CanonicalLayout.prefix(.nameColor), at: scanner.position) {
      guard let color = try member(.nameColor) else {
        scanner.position = start
        return false
      }
      let spelling = UnsafeRawBufferPointer(rebasing: scanner.bytes[color.start..<color.end])
      nameColor = color.isEscaped ? nil : NameColor(fileSpelling: spelling)
      guard let nameColor else {
        scanner.position = start
        return false
      }
      colorIsCanonical = nameColor.isSpelledCanonically(spelling)
    }
    guard scanner.skip(CanonicalLayout.objectEnd) else {
      scanner.position = start
      return false
    }
    if !name.isASCII { namesAreASCII = false }
    if description.isEscaped || icon.isEscaped || !colorIsCanonical { layoutIsCanonical = false }
    var flags = MonsterRecord.Flags.hasName
    if description.isEscaped { flags.insert(.escaped(.description)) }
    if icon.isEscaped { flags.insert(.escaped(.icon)) }
    records.append(
      MonsterRecord(
        name: ByteSpan(name.start..<name.end),
        description: ByteSpan(description.start..<description.end),
        icon: ByteSpan(icon.start..<icon.end),
        otherFieldsIndex: nil, nameColor: nameColor,
        weapon: weapon,
        flags: flags))
    return true
  }

  private mutating func readMonster(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
    let number = records.count + 1
    let offset = scanner.position
    var record = MonsterRecord.unread
    defer { records.append(record) }
    guard scanner.current == UInt8(ascii: "{") else {
      _ = try scanner.readValue(depth: 3)
      problems.append(PendingProblem(offset: offset, message: "monster \(number) is not an object"))
      namesAreASCII = false
      return
    }
    var seen: UInt8 = 0
    otherMembers.removeAll(keepingCapacity: true)
    otherKeys.removeAll()
    var fieldProblems: [PendingProblem] = []
    var nameToken: StringToken?
    var nameIsValid = true
    // Declared fields are checked once the object is read: the closure, called for every key,
    // then reads nothing of the table. A roster that refuses keys no field declares checks
    // each key, whether it declares fields or not.
    let checksDeclaredFields = !declaredFields.isEmpty || declaredFields.refusesOtherKeys
    otherValueOffsets.removeAll(keepingCapacity: true)
    otherKeyOffsets.removeAll(keepingCapacity: true)
    try scanner.readObject(depth: 3) { (scanner, keyToken) throws(JSONSyntaxError) in
      let key =
        keyToken.isEscaped
        ? MonsterField.BuiltIn(spelling: scanner.text(of: keyToken))
        : MonsterField.BuiltIn(
          UnsafeRawBufferPointer(rebasing: scanner.bytes[keyToken.start..<keyToken.end]))
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
      guard seen & key.bit == 0 else {
        throw JSONSyntaxError(
          offset: keyToken.start - 1, message: "duplicate key '\(key.spelling)' in one object")
      }
      seen |= key.bit
      let valueOffset = scanner.position
      if key == .nameColor, scanner.current == UInt8(ascii: "n") {
        _ = try scanner.readLiteral()  // null: no colour
        return
      }
      guard scanner.current == UInt8(ascii: "\"") else {
        _ = try scanner.readValue(depth: 4)
        fieldProblems.append(
          PendingProblem(offset: valueOffset, message: "'\(key.spelling)' must be a string"))
        return
      }
      let token = try scanner.readString()
      let contents = UnsafeRawBufferPointer(rebasing: scanner.bytes[token.start..<token.end])
      switch key {
      case .name:
        record.name = ByteSpan(token.start..<token.end)
        record.flags.insert(.hasName)
        nameToken = token
        if token.isEscaped { record.flags.insert(.escaped(.name)) }
        let problem =
          token.isEscaped
          ? unescaped(contents).withUnsafeBytes(Roster.problem(withName:))
          : Roster.problem(withName: contents)
        if let problem {
          fieldProblems.append(
            PendingProblem(
              offset: valueOffset, message: "the name " + problem + "; correct it in the file"))
          nameIsValid = false
        }
      case .description:
        record.description = ByteSpan(token.start..<token.end)
        if token.isEscaped { record.flags.insert(.escaped(.description)) }
      case .icon:
        record.icon = ByteSpan(token.start..<token.end)
        if token.isEscaped { record.flags.insert(.escaped(.icon)) }
      case .weapon:
        let weapon =
          token.isEscaped
          ? weapons.number(of: scanner.text(of: token)) : weapons.number(ofSpelling: contents)
        if let weapon {
          record.weapon = weapon
        } else {
          fieldProblems.append(
            PendingProblem(
              offset: valueOffset,
              message: "unknown weapon '\(escapedForMessage(scanner.text(of: token)))'; "
                + "the weapons are \(listedForMessage(weapons.weapons.names))"))
        }
      case .nameColor:
        let text = scanner.text(of: token)
        if let color = NameColor(text) {
          record.nameColor = color
        } else {
          fieldProblems.append(
            PendingProblem(
              offset: valueOffset,
              message: "unknown name colour '\(escapedForMessage(text))'; use "
                + NameColor.spellings))
        }
      }
    }
    for key in MonsterField.BuiltIn.allCases where key.isRequired && seen & key.bit == 0 {
      fieldProblems.append(PendingProblem(offset: offset, message: "no '\(key.spelling)'"))
    }
    if checksDeclaredFields {
      checkDeclaredFields(startingAt: offset, into: &fieldProblems)
    }
    if !otherMembers.isEmpty {
      record.otherFieldsIndex = Int32(monsterOtherFields.count)
      monsterOtherFields.append(Array(otherMembers))
    }
    if nameToken.map({ $0.isEscaped || !$0.isASCII }) ?? true {
      namesAreASCII = false
    }
    if fieldProblems.isEmpty { return }
    let label =
      nameToken.flatMap { token in
        nameIsValid ? "monster \(number) ('\(escapedForMessage(scanner.text(of: token)))')" : nil
      } ?? "monster \(number)"
    for problem in fieldProblems {
      problems.append(
        PendingProblem(offset: problem.offset, message: "\(label): \(problem.message)"))
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
              message: "'\(escapedForMessage(members[place].key))' \(problem)"))
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
