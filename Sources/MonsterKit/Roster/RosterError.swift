import MonstersSystem
/// What can go wrong reading, editing or writing a roster.
///
/// One enum serves parsing, editing and files, so that every throwing call of MonsterKit
/// throws the same typed error; ``category`` tells the kinds apart, and ``line`` and
/// ``column`` say where in a file a parse error is.
public enum RosterError: Error, Hashable, Sendable {
  /// No monster on the roster has this name, ignoring case; perhaps one with a close name.
  case noSuchMonster(String, suggestion: String?)
  /// No monster on the roster has this id: the monster was removed (by the app, or by
  /// another program whose changes a save or a reload brought in), or is another roster's.
  case monsterGone(Monster.ID)
  /// Another monster, named second, has this name already: the two are the same name,
  /// ignoring case (see ``Monster/foldedName(_:)``).
  case nameTaken(String, by: String)
  /// The name cannot be a monster's: the reason is the rule it breaks (empty, a control or
  /// format character, white space at either end).
  case invalidName(String, reason: NameProblem)
  /// No weapon of the roster has this name, read forgivingly: the text, and the roster's
  /// weapons.
  case unknownWeapon(String, weapons: [String])
  /// The roster neither builds in nor declares a field of this name, and no monster has
  /// such a key: the name, and the roster's fields.
  case unknownField(String, fields: [String])
  /// A field does not take a value: the value as given, the field's key, and why, such
  /// as `it takes an integer from 1 to 100`.
  case invalidValue(String, field: String, reason: String)
  /// A required field was left without a value: its key, and the monster's name when a
  /// monster was being added.
  case missingValue(field: String, monster: String?)
  /// A field or weapon cannot be declared so: its name, and why.
  case invalidDeclaration(String, reason: DeclarationProblem)
  /// The roster has a weapon of this name already, ignoring case, `-` and `_`: the name
  /// asked for, and the weapon's.
  case weaponTaken(String, by: String)
  /// The roster has a field of this key already, built in or declared, ignoring case: the
  /// key asked for, and the field's.
  case fieldTaken(String, by: String)
  /// Monsters carry the weapon, so it cannot be removed: its name, the first of their
  /// names (up to ``namesShown``), and how many they are.
  case weaponInUse(String, monsters: [String], count: Int)
  /// Monsters have the field, so it cannot be removed: its key, the first of their names
  /// (up to ``namesShown``), and how many they are.
  case fieldInUse(String, monsters: [String], count: Int)
  /// Monsters have a key that no field declares, which the roster would refuse after the
  /// edit (``OtherKeys/refuse``): the key, the first of their names (up to ``namesShown``),
  /// and how many they are.
  case undeclaredKey(String, monsters: [String], count: Int)
  /// Monsters hold a value of a field that an edit of its declaration would no longer take
  /// (a value removed, a range narrowed, a kind changed): the field's key, what it would
  /// take, the first of their names (up to ``namesShown``), and how many they are.
  case valueInUse(field: String, takes: String, monsters: [String], count: Int)
  /// The file at the path is not JSON: the first error, by line and column.
  case syntax(path: String, line: Int, column: Int, message: String)
  /// The file at the path is JSON but breaks the roster's rules: every problem found.
  case invalidRoster(path: String, problems: [RosterProblem])
  /// The file at the path holds the markers of a merge's conflicts: the line of each.
  case unresolvedConflict(path: String, lines: [Int])
  /// There is no file at the path, and the operation needs one.
  case missingFile(path: String)
  /// There is a file at the path already, and the operation would replace it.
  case fileExists(path: String)
  /// The path names a device or a socket rather than a file.
  case notARegularFile(path: String)
  /// The path names a stream, such as standard input, a pipe or a terminal: a roster can be
  /// read from it, but there is no file to replace.
  case notEditable(path: String)
  /// The file at the path is larger than a roster file may be (4 GiB).
  case fileTooLarge(path: String)
  /// Another program wrote to the file while it was being read, so what was read may be
  /// half of one version and half of another; nothing was written.
  case changedWhileReading(path: String)
  /// A system call on the path failed: what was being done, and the `errno` it gave.
  case fileSystem(path: String, action: FileAction, errno: Int32)
  /// Another process held the roster's lock for longer than the lock wait.
  case lockTimeout(path: String, seconds: Double)
  /// The file changed since the snapshot a save was based on, and the changes meet the
  /// roster saved where the merge cannot decide: the merge, and the file as it is now.
  /// Nothing was written.
  case saveConflict(SaveConflict)
  /// A save was based on a snapshot of another file than the one at the path (another
  /// folder, or another name), which no merge could rest on. Nothing was written.
  case notTheFileRead(path: String)
}

// MARK: - File actions

extension RosterError {
  /// What was being done to a file when a system call failed: the words of
  /// `Cannot <action> <path>`.
  public enum FileAction: Hashable, Sendable, CustomStringConvertible {
    /// Reading the file, or finding it.
    case read
    /// Writing the new file and putting it in the roster's place.
    case write
    /// Locking the roster's folder, or the roster.
    case lock
    /// Creating a folder or a file that did not exist.
    case create
    /// Making the roster's folder durable once the new file is in it.
    case syncFolder
    /// Writing a merge's result.
    case writeMerge
    /// Writing a file at a symbolic link's target.
    case writeThroughLink

    /// The words of the action in a message: `read`, `sync the folder`.
    public var description: String {
      switch self {
      case .read: "read"
      case .write: "write"
      case .lock: "lock"
      case .create: "create"
      case .syncFolder: "sync the folder"
      case .writeMerge: "write the merge to"
      case .writeThroughLink: "write through the symbolic link"
      }
    }

    /// Whether a failure of the action leaves the file as it was, which a message says:
    /// a failed write never replaces the file with part of the new one.
    public var leavesTheFileAsItWas: Bool {
      self == .write
    }
  }
}

// MARK: - CustomStringConvertible

extension RosterError: CustomStringConvertible {
  /// The message a user reads, such as `No monster named 'Cat-Bott'. Did you mean 'Cat-Bot'?`.
  ///
  /// It names no command-line flag, so that any front end can show it; the `monsters`
  /// command line adds its own hints (`--force`, `--lock-timeout`, `monsters check`).
  public var description: String {
    message(hint: nil)
  }

  /// The message, with a hint for the user of one program where the error has room for one:
  /// what replaces a file that exists, where every problem of a roster is listed, how to
  /// wait longer for the lock.
  ///
  /// ```swift
  /// RosterError.fileExists(path: "m.json").message(hint: "use --force to replace it")
  /// // "m.json exists already; use --force to replace it."
  /// ```
  ///
  /// - Parameters:
  ///   - hint: Words that fit after a semicolon (a comma before `or` for the lock), or
  ///     `nil` for none.
  ///   - program: The name of the program that shows the message, which calls the editor
  ///     that held the lock another of it and asks for a newer one of it for a file of a
  ///     newer roster version; `nil` names no program.
  /// - Returns: The message; ``description`` when the error takes no hint and no program.
  package func message(hint: String?, program: String? = nil) -> String {
    switch category {
    case .edit: editMessage(hint: hint)
    case .parse: parseMessage(hint: hint, program: program)
    case .file, .lock, .conflict: fileMessage(hint: hint, program: program)
    }
  }

  /// The message of an edit that breaks a rule of the roster (``Category/edit``): a
  /// monster, a weapon or a field that is not there or is taken, a name, value or
  /// declaration that is not allowed, and a removal or change that monsters stand in the
  /// way of, where the hint goes.
  private func editMessage(hint: String?) -> String {
    switch self {
    case .noSuchMonster(let name, let suggestion):
      "No monster named '\(escapedForMessage(name))'."
        + (suggestion.map { " Did you mean '\(escapedForMessage($0))'?" } ?? "")
    case .monsterGone:
      "The monster is no longer on the roster: it was removed."
    case .nameTaken(let name, let holder):
      name == holder
        ? "There is a monster named '\(escapedForMessage(name))' already."
        : "The name '\(escapedForMessage(name))' is taken: there is a monster named "
          + "'\(escapedForMessage(holder))' (names are compared ignoring case)."
    case .invalidName(let name, let reason):
      "'\(escapedForMessage(name))' cannot be a monster's name: \(reason)."
    case .unknownWeapon(let text, let weapons):
      "Unknown weapon '\(escapedForMessage(text))'."
        + (closestMatch(to: text, among: weapons).map {
          " Did you mean '\(escapedForMessage($0))'?"
        }
          ?? "")
        + " The weapons are \(listedForMessage(weapons))."
    case .unknownField(let text, let fields):
      "Unknown field '\(escapedForMessage(text))'."
        + (MonsterField.fieldMeant(by: text, among: fields).map {
          " Did you mean '\(escapedForMessage($0))'?"
        } ?? "")
        + " The fields are \(listedForMessage(fields))."
    case .invalidValue(let text, let field, let reason):
      "Invalid value '\(escapedForMessage(text))' for '\(escapedForMessage(field))': \(reason)."
    case .missingValue(let field, let monster?):
      "'\(escapedForMessage(monster))' needs a value for '\(escapedForMessage(field))', a "
        + "required field."
    case .missingValue(let field, nil):
      "'\(escapedForMessage(field))' is a required field: a monster cannot be without one."
    case .invalidDeclaration(let name, let reason):
      "'\(escapedForMessage(name))' cannot be declared: \(reason)."
    case .weaponTaken(let name, let holder):
      "The roster has a weapon named '\(escapedForMessage(holder))' already"
        + (name == holder ? "." : " (weapon names are compared ignoring case, '-' and '_').")
    case .fieldTaken(let key, let holder):
      "The roster has a field named '\(escapedForMessage(holder))' already"
        + (key == holder ? "." : " (field names are compared ignoring case).")
    case .weaponInUse(let name, let monsters, let count):
      "Weapon '\(escapedForMessage(name))' cannot be removed: \(Self.listed(monsters, of: count)) "
        + (count == 1 ? "carries" : "carry") + " it" + (hint.map { "; \($0)" } ?? "") + "."
    case .fieldInUse(let key, let monsters, let count):
      "Field '\(escapedForMessage(key))' cannot be removed: \(Self.listed(monsters, of: count)) "
        + (count == 1 ? "has" : "have") + " it" + (hint.map { "; \($0)" } ?? "") + "."
    case .undeclaredKey(let key, let monsters, let count):
      "\(Self.listed(monsters, of: count)) " + (count == 1 ? "has" : "have")
        + " the key '\(escapedForMessage(key))', which no field declares, and the roster would "
        + "refuse it" + (hint.map { "; \($0)" } ?? "") + "."
    case .valueInUse(let field, let takes, let monsters, let count):
      "Field '\(escapedForMessage(field))' cannot be changed to take \(takes): "
        + "\(Self.listed(monsters, of: count)) " + (count == 1 ? "holds" : "hold")
        + " a value outside that" + (hint.map { "; \($0)" } ?? "") + "."
    default:
      preconditionFailure("not an edit's error")
    }
  }

  /// The message of a file that is not a roster (``Category/parse``): where the first
  /// error or problem is, and how many more there are, where the hint goes.
  private func parseMessage(hint: String?, program: String?) -> String {
    switch self {
    case .syntax(let path, let line, let column, let message):
      "\(escapedForMessage(path)):\(line):\(column): \(message)"
    case .invalidRoster(let path, let problems):
      problems.first.map {
        "\(escapedForMessage(path)):\($0.line):\($0.column): \($0.message(program: program))"
          + moreProblems(problems.count - 1, hint: hint)
      } ?? "\(escapedForMessage(path)): not a valid roster"
    case .unresolvedConflict(let path, let lines):
      "\(escapedForMessage(path)):\(lines.first ?? 1): unresolved merge conflict"
        + moreConflicts(lines.count - 1, hint: hint)
    default:
      preconditionFailure("not a parse error")
    }
  }

  /// The message of a file that cannot be read or written (``Category/file``), of the lock
  /// held too long (``Category/lock``), and of a save that met changes it could not merge
  /// (``Category/conflict``).
  private func fileMessage(hint: String?, program: String?) -> String {
    switch self {
    case .missingFile(let path):
      "\(escapedForMessage(path)): no such file."
    case .fileExists(let path):
      "\(escapedForMessage(path)) exists already" + (hint.map { "; \($0)" } ?? "") + "."
    case .notARegularFile(let path):
      "\(escapedForMessage(path)) is not a regular file; a roster is kept in one."
    case .notEditable(let path):
      "\(escapedForMessage(path)) is a stream (standard input, a pipe, a FIFO or a terminal), not a "
        + "file: a roster can be read from it, not edited."
    case .fileTooLarge(let path):
      "\(escapedForMessage(path)) is larger than 4 GiB, more than a roster file may be."
    case .changedWhileReading(let path):
      "\(escapedForMessage(path)) changed while it was being read; nothing was written. "
        + "Try again."
    case .fileSystem(let path, let action, let code):
      "Cannot \(action) \(escapedForMessage(path)): \(Platform.errorDescription(code))"
        + (hint.map { "; \($0)" } ?? "") + "."
        + (action.leavesTheFileAsItWas ? " The file is as it was." : "")
    case .lockTimeout(let path, let seconds):
      "Another \(program ?? "program") is editing \(escapedForMessage(path)) (the roster was locked for "
        + "over \(formatSeconds(seconds)) s); try again" + (hint.map { ", or \($0)" } ?? "") + "."
    case .saveConflict(let conflict):
      "\(escapedForMessage(conflict.path)) changed since it was read, and "
        + (conflict.conflicts.count == 1
          ? "a change meets yours" : "\(conflict.conflicts.count) changes meet yours")
        + ": \(conflict.conflicts.first?.message(ours: "yours", theirs: "the file's") ?? "")"
        + (conflict.conflicts.count > 1 ? " (and \(conflict.conflicts.count - 1) more)" : "")
        + ". Nothing was written."
    case .notTheFileRead(let path):
      "The roster to save was read from another file than \(escapedForMessage(path)); nothing "
        + "was written."
    default:
      preconditionFailure("not an error of a file")
    }
  }
}

extension RosterError {
  /// How many monsters' names an error names; it counts the others.
  public static let namesShown = 5

  /// Names for a message, `A, B and C`, and how many more there are.
  static func listed(_ names: [String], of count: Int) -> String {
    let names = names.prefix(namesShown).map { escapedForMessage($0) }
    let more = count - names.count
    guard more <= 0 else { return names.joined(separator: ", ") + " and \(more) more" }
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }
}

private func moreProblems(_ count: Int, hint: String?) -> String {
  let hint = hint.map { "; \($0)" } ?? ""
  return switch count {
  case 0: ""
  case 1: " (and 1 more problem\(hint))"
  default: " (and \(count) more problems\(hint))"
  }
}

private func moreConflicts(_ count: Int, hint: String?) -> String {
  let hint = hint.map { "; \($0)" } ?? ""
  return count == 0 ? "" : " (and \(count) more\(hint))"
}

/// Seconds in decimal digits, as a user types them: `10`, `0.5`, `0.0000001`, never
/// `1e-07`.
func formatSeconds(_ seconds: Double) -> String {
  if seconds == seconds.rounded() && seconds < 1e15 { return String(Int(seconds)) }
  let text = String(seconds)
  guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]),
    exponent < 0
  else { return text }
  let digits = text[..<e].filter { $0 != "." }
  return "0." + String(repeating: "0", count: -exponent - 1) + digits
}
