// An error naming its file otherwise: the name a user knows a document by, or the roster's
// path where a program read another file for it (a side of a merge that git gave as a
// temporary file).

extension RosterError {
  /// The error, naming its file by another name; an error about no file, such as an edit's,
  /// is as it was.
  ///
  /// ```swift
  /// RosterError.missingFile(path: "/private/var/.../Team.json").naming("Team")
  /// // .missingFile(path: "Team"): "Team: no such file."
  /// ```
  ///
  /// - Parameter name: The name messages give the file.
  /// - Returns: The error.
  public func naming(_ name: String) -> RosterError {
    switch self {
    case .noSuchMonster, .monsterGone, .nameTaken, .invalidName, .unknownWeapon, .unknownField,
      .invalidValue,
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
    case .saveConflict(var conflict):
      {
        conflict.path = name
        return .saveConflict(conflict)
      }()
    case .notTheFileRead: .notTheFileRead(path: name)
    }
  }
}
