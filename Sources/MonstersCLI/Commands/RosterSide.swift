import MonsterKit

/// One of the rosters that `diff` compares or `merge` merges, named as the usage names it
/// (`OLD`, `OURS`): a file, a pipe or a process substitution, or `-` for standard input.
struct RosterSide {
  /// The name of the side in messages, such as `OURS`.
  var label: String
  /// The path, or `-`.
  var path: String
  /// The name messages give the file, in place of its label and path, when the path means
  /// nothing to the user: `monsters.json (theirs)` for one of git's temporary files.
  var shownAs: String?
  /// The side's bytes, when they were read already (from standard input, from git): the
  /// side is read from them rather than from the path.
  var bytes: [UInt8]?

  /// Whether the side is standard input.
  var isStandardInput: Bool { path == CommandContext.standardInputPath }

  /// A failure of reading the side, as messages say it: `OURS: ours.json:1:1: ...`, or
  /// `monsters.json (ours):1:1: ...` for a side shown by another name.
  func failure(_ error: RosterError) -> CommandFailure {
    guard let shownAs else { return .side(label, failure: .roster(error)) }
    return .roster(error.naming(shownAs))
  }

  /// The side's bytes as they are, for a merge that could not be made, which keeps them
  /// whole.
  func contents() throws(RosterError) -> [UInt8] {
    if let bytes { return bytes }
    return try RosterFile(path: path).contents() ?? []
  }

  /// Reads the roster.
  ///
  /// - Parameters:
  ///   - console: Where `-` is read from.
  ///   - allowingEmpty: Whether an empty file is an empty roster.
  /// - Throws: ``CommandFailure/side(_:failure:)``: the side's label, and 66 for a missing
  ///   file, 65 for one that is not a valid roster, 74 for one that cannot be read.
  func read(from console: Console, allowingEmpty: Bool = false) throws(CommandFailure) -> Roster {
    guard isStandardInput else { return try readFile(allowingEmpty: allowingEmpty) }
    do throws(CommandFailure) {
      let bytes = try console.input.readAll()
      if allowingEmpty && bytes.isEmpty { return Roster() }
      do throws(RosterError) {
        return try RosterFile(path: CommandContext.standardInputName).roster(from: bytes)
      } catch {
        throw .roster(error)
      }
    } catch {
      throw .side(label, failure: error)
    }
  }

  /// Runs two pieces of work at once, the first on a thread of its own
  /// (``BackgroundWork``; a roster of a million monsters takes a core a fifth of a second to
  /// read), and gives each one's result.
  static func both<First: Sendable, Second: Sendable>(
    _ first: @escaping @Sendable () -> Result<First, CommandFailure>,
    _ second: () -> Result<Second, CommandFailure>
  ) -> (Result<First, CommandFailure>, Result<Second, CommandFailure>) {
    let background = BackgroundWork(first)
    let secondResult = second()
    return (background.value(), secondResult)
  }

  /// Does something with the side's file (mapped when large), its errors the side's.
  private func withFile<Value>(_ body: (RosterFile) throws(RosterError) -> Value)
    throws(CommandFailure) -> Value
  {
    var file = RosterFile(
      path: isStandardInput ? CommandContext.standardInputName : path, whenMissing: .seededRoster)
    file.mapsLargeFiles = true
    if let bytes { file.stream = .bytes(bytes) }
    do throws(RosterError) {
      return try body(file)
    } catch {
      throw failure(error)
    }
  }

  /// Does something with the side's roster, its errors the side's.
  func reading<Value>(_ body: () throws(RosterError) -> Value) throws(CommandFailure) -> Value {
    do throws(RosterError) {
      return try body()
    } catch {
      throw failure(error)
    }
  }

  /// Reads the side's file.
  func readFile(allowingEmpty: Bool) throws(CommandFailure) -> Roster {
    try withFile { (file) throws(RosterError) in try file.readVersion(allowingEmpty: allowingEmpty)
    }
  }

  /// Reads the side's file to be matched with an earlier roster, or to be the earlier roster
  /// that others are read against while it is indexed (``index(_:)``).
  func readForMatching(allowingEmpty: Bool = false) throws(CommandFailure) -> UnmatchedRoster {
    try withFile { (file) throws(RosterError) in
      try file.readForMatching(allowingEmpty: allowingEmpty)
    }
  }

  /// Reads the side's file against an earlier roster, whose records stand for the monsters
  /// it has as that one has them (see ``RosterFile/readForMatching(against:)-(Roster)``).
  func readForMatching(against earlier: UnmatchedRoster) throws(CommandFailure)
    -> UnmatchedRoster
  {
    try withFile { (file) throws(RosterError) in try file.readForMatching(against: earlier) }
  }

  /// Indexes the names of the side's roster, read by ``readForMatching(allowingEmpty:)``.
  func index(_ side: UnmatchedRoster) throws(CommandFailure) -> Roster {
    try withFile { (_) throws(RosterError) in try side.indexed() }
  }

  /// Matches the side's roster with an earlier one.
  func match(_ side: UnmatchedRoster, with earlier: Roster) throws(CommandFailure)
    -> MatchedRoster
  {
    try withFile { (_) throws(RosterError) in try side.matched(with: earlier) }
  }

  /// Refuses two sides that both read standard input, which can be read once.
  static func checkOneStandardInput(_ sides: [RosterSide], _ context: CommandContext)
    throws(CommandFailure)
  {
    let readers = sides.filter(\.isStandardInput).map(\.label)
    guard readers.count > 1 else { return }
    throw context.usageError(
      .invalidValue(
        "\(readers.joined(separator: " and ")) are both '-': standard input can be read once."))
  }
}

extension RosterError {
  /// The error, naming its file by another name: a side of a merge that git gave as a
  /// temporary file is named by the roster's path.
  fileprivate func naming(_ name: String) -> RosterError {
    switch self {
    case .noSuchMonster, .nameTaken, .invalidName, .unknownWeapon, .unknownField, .invalidValue,
      .missingValue, .invalidDeclaration, .weaponTaken, .fieldTaken, .weaponInUse, .fieldInUse,
      .undeclaredKey, .valueInUse:
      self
    case .syntax(_, let line, let column, let message):
      .syntax(path: name, line: line, column: column, message: message)
    case .invalidRoster(_, let problems): .invalidRoster(path: name, problems: problems)
    case .unresolvedConflict(_, let lines): .unresolvedConflict(path: name, lines: lines)
    case .missingFile: .missingFile(path: name)
    case .fileExists: .fileExists(path: name)
    case .notARegularFile: .notARegularFile(path: name)
    case .notEditable: .notEditable(path: name)
    case .fileTooLarge: .fileTooLarge(path: name)
    case .changedWhileReading: .changedWhileReading(path: name)
    case .fileSystem(_, let action, let code): .fileSystem(path: name, action: action, errno: code)
    case .lockTimeout(_, let seconds): .lockTimeout(path: name, seconds: seconds)
    }
  }
}
