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
///
/// The reader is in three files: this one reads the file's top level, the `+Declarations`
/// extension what it declares, and the `+Monsters` extension its monsters, by the built-in
/// table. Its state is theirs to share, and no one else's.
struct RosterParser {
  let bytes: UnsafeRawBufferPointer
  var records: [MonsterRecord] = []
  var monsterOtherFields: [[JSONMember]] = []
  var otherFields: [JSONMember] = []
  /// The problems of the monsters.
  var problems: [PendingProblem] = []
  var namesAreASCII = true
  /// Whether every byte read so far is where the canonical form puts it; see
  /// ``RosterSource/isKnownCanonical``.
  var layoutIsCanonical = false
  /// Where the last monster's object ends.
  var monstersEnd = 0
  /// An earlier file whose records may stand for monsters of this one, and where.
  let earlier: RosterSource
  let runs: [SharedRun]
  var nextRun = 0
  var shared: [SharedMonsters] = []
  /// The roster's weapons, by which a monster's weapon is numbered.
  var weapons = WeaponTable.builtIn
  /// The weapons and fields the file declares, as far as they are read.
  var declarations = RosterDeclarations.none
  /// The problems of the file's top level and its declarations, apart from the monsters'.
  var frameProblems: [PendingProblem] = []
  /// The declarations of a first reading, when the file declares them after its monsters:
  /// the monsters are read again knowing them.
  let knownDeclarations: RosterDeclarations?
  /// Whether the file declares weapons or fields after its monsters.
  var declaresAfterMonsters = false
  /// The declared fields, found by their keys' bytes.
  var declaredFields = DeclaredFieldTable()
  /// Where the values of a monster's keys beyond the built-in ones start, in order, while
  /// the roster declares fields: kept from monster to monster, so that none allocates.
  var otherValueOffsets: [Int] = []
  /// Where those keys start, as the values do.
  var otherKeyOffsets: [Int] = []
  /// A monster's keys beyond the built-in ones while it is read, kept from monster to
  /// monster, so that each monster's list of them is made once, at its size.
  var otherMembers: [JSONMember] = []
  /// Those keys, to refuse one given twice, kept from monster to monster as the list is.
  var otherKeys = DuplicateKeyDetector()

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
  mutating func declare(_ declared: RosterDeclarations) {
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
        try readMonsters(&scanner, expected: &expected)
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

  /// Reads the value of `monsters`, checking that it stands as the canonical form writes
  /// it from `expected` on, and moving `expected` past it.
  private mutating func readMonsters(_ scanner: inout JSONScanner, expected: inout Int)
    throws(JSONSyntaxError)
  {
    var monsterCount = 0
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
}
