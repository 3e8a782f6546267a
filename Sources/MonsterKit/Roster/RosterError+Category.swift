// MARK: - Category and position

extension RosterError {
  /// What kind of failure an error is, for an app that handles each kind its own way.
  ///
  /// `RosterError` stays one enum, rather than one type for parsing, one for editing and one
  /// for files: every `throws(RosterError)` in MonsterKit and every caller's `catch` would
  /// change with a split. An app switches on ``category`` instead:
  ///
  /// ```swift
  /// do throws(RosterError) {
  ///   roster = try file.read()
  /// } catch {
  ///   switch error.category {
  ///   case .parse: showProblem(error.description, line: error.line, column: error.column)
  ///   case .edit: showAlert(error.description)
  ///   case .file: showAlert(error.description)
  ///   case .lock: retryLater()
  ///   }
  /// }
  /// ```
  public enum Category: Hashable, Sendable, CaseIterable {
    /// The bytes are not a roster: ``RosterError/syntax(path:line:column:message:)``,
    /// ``RosterError/invalidRoster(path:problems:)``,
    /// ``RosterError/unresolvedConflict(path:lines:)``. ``RosterError/line`` and
    /// ``RosterError/column`` say where.
    case parse
    /// An edit breaks a rule of the roster, such as a name taken or a weapon unknown; the
    /// roster is as it was.
    case edit
    /// The file cannot be read or written: missing, in the way, not a regular file, too
    /// large, changed while read, or a system call failed.
    case file
    /// Another program held the roster's lock for longer than the lock wait
    /// (``RosterError/lockTimeout(path:seconds:)``); trying again later may succeed.
    case lock
  }

  /// What kind of failure this is: parsing, editing, the file, or the lock.
  public var category: Category {
    switch self {
    case .syntax, .invalidRoster, .unresolvedConflict:
      .parse
    case .noSuchMonster, .nameTaken, .invalidName, .unknownWeapon, .unknownField, .invalidValue,
      .missingValue, .invalidDeclaration, .weaponTaken, .fieldTaken, .weaponInUse, .fieldInUse,
      .undeclaredKey, .valueInUse:
      .edit
    case .missingFile, .fileExists, .notARegularFile, .notEditable, .fileTooLarge,
      .changedWhileReading, .fileSystem:
      .file
    case .lockTimeout:
      .lock
    }
  }

  /// The line of the file where the error is, counting from 1, or `nil` for an error that
  /// has no place in a file.
  ///
  /// A syntax error's line; the first problem's line of an invalid roster; the first
  /// conflict marker's line of an unresolved merge.
  ///
  /// ```swift
  /// // RosterError.syntax(path: "m.json", line: 3, column: 7, message: "expected ','")
  /// error.line  // 3
  /// error.column  // 7
  /// ```
  public var line: Int? {
    position?.line
  }

  /// The column of the file where the error is, counting characters from 1, or `nil` for
  /// an error that has no place in a file (see ``line``). A conflict marker's column is 1.
  public var column: Int? {
    position?.column
  }

  private var position: (line: Int, column: Int)? {
    switch self {
    case .syntax(_, let line, let column, _):
      (line, column)
    case .invalidRoster(_, let problems):
      problems.first.map { ($0.line, $0.column) }
    case .unresolvedConflict(_, let lines):
      lines.first.map { ($0, 1) }
    default:
      nil
    }
  }
}
