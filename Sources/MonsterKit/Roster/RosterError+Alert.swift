import MonstersSystem
// An error as an alert shows it: what failed (``RosterError/description``), why
// (``RosterError/failureReason``), and what the user may do (``RosterError/recoverySuggestion``),
// the parts of Foundation's `LocalizedError`, in words that name no command line.

extension RosterError {
  /// Why the operation failed, in a sentence, for an alert's informative text; `nil` where
  /// ``description`` says all there is.
  ///
  /// ```swift
  /// RosterError.lockTimeout(path: "Team", seconds: 5).failureReason
  /// // "Another program held the roster's lock for over 5 s."
  /// ```
  public var failureReason: String? {
    switch self {
    case .noSuchMonster:
      "No monster on the roster has that name, ignoring case."
    case .monsterGone:
      "It was removed, by this app or by another program whose changes were brought in."
    case .nameTaken:
      "No two monsters of a roster have the same name, ignoring case."
    case .invalidName(_, let reason):
      sentence(reason.description)
    case .invalidValue(_, _, let reason):
      sentence(reason)
    case .invalidDeclaration(_, let reason):
      sentence(reason.description)
    case .unknownWeapon(_, let weapons):
      "The roster's weapons are \(listedForMessage(weapons))."
    case .unknownField(_, let fields):
      "The roster's fields are \(listedForMessage(fields))."
    case .missingValue:
      "Every monster has a value of a required field."
    case .weaponTaken, .fieldTaken:
      "Names of weapons and fields are compared ignoring case."
    case .weaponInUse, .fieldInUse, .valueInUse, .undeclaredKey:
      "Monsters of the roster hold it."
    case .syntax(_, let line, let column, let message):
      "The file is not JSON at line \(line), column \(column): \(message)."
    case .invalidRoster(_, let problems):
      problems.count == 1
        ? "The file breaks a rule of rosters."
        : "The file breaks \(problems.count) rules of rosters."
    case .unresolvedConflict(_, let lines):
      "The file holds the markers of a merge's conflicts, from line \(lines.first ?? 1)."
    case .missingFile:
      "There is no file where the roster was."
    case .fileExists:
      "A file is there already."
    case .notARegularFile:
      "It is a device or a socket, not a file."
    case .notEditable:
      "It is a stream, which can be read once and not replaced."
    case .fileTooLarge:
      "A roster file holds at most 4 GiB."
    case .changedWhileReading:
      "Another program wrote the file while it was being read."
    case .fileSystem(_, _, let code):
      Platform.errorDescription(code) + "."
    case .lockTimeout(_, let seconds):
      "Another program held the roster's lock for over \(formatSeconds(seconds)) s."
    case .saveConflict(let conflict):
      conflict.conflicts.map { $0.message(ours: "yours", theirs: "the file's") + "." }
        .prefix(Self.namesShown).joined(separator: " ")
        + (conflict.conflicts.count > Self.namesShown
          ? " And \(conflict.conflicts.count - Self.namesShown) more." : "")
    case .notTheFileRead:
      "The roster was read from another file."
    }
  }

  /// What the user may do about it, in a sentence, for an alert; `nil` where there is
  /// nothing to suggest.
  public var recoverySuggestion: String? {
    switch self {
    case .noSuchMonster(_, let suggestion?):
      "Did you mean '\(escapedForMessage(suggestion))'?"
    case .noSuchMonster, .monsterGone:
      "Choose a monster the roster has."
    case .nameTaken, .invalidName:
      "Choose another name."
    case .unknownWeapon, .unknownField, .invalidValue, .missingValue:
      "Choose one the roster takes."
    case .invalidDeclaration, .weaponTaken, .fieldTaken:
      "Choose another name or kind."
    case .weaponInUse, .fieldInUse, .valueInUse, .undeclaredKey:
      "Change those monsters first."
    case .syntax, .invalidRoster:
      "Correct the file at that place, or restore it from a copy."
    case .unresolvedConflict:
      "Resolve the conflicts, keeping one side of each, and open the file again."
    case .missingFile:
      "The file may have been moved or deleted: open it where it is now, or save it anew."
    case .fileExists:
      "Choose another name, or replace the file."
    case .notARegularFile, .notEditable, .fileTooLarge:
      "Choose a roster file."
    case .changedWhileReading, .lockTimeout:
      "Try again in a moment."
    case .fileSystem(_, let action, _):
      action.leavesTheFileAsItWas
        ? "The file is as it was; check that its folder may be written and the disk has room."
        : "Check that the file and its folder may be read and written."
    case .saveConflict:
      "Choose which side of each to keep, and save again."
    case .notTheFileRead:
      "Read the file again, and save what was read from it."
    }
  }
}

/// A reason, such as `it takes an integer from 1 to 100`, as a sentence: `It takes an
/// integer from 1 to 100.`
private func sentence(_ reason: String) -> String {
  reason.prefix(1).uppercased() + reason.dropFirst() + "."
}
