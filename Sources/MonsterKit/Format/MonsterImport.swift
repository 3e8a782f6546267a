/// Reads monsters from what another program, or a listing of another roster, wrote: TSV
/// with a header line, JSON objects one after another (NDJSON), or a JSON array of
/// objects.
///
/// Each format is the one a roster's monsters are listed in, so that a listing reads back
/// to the monsters it lists:
///
/// - **TSV**: a header line naming the columns (`name`, `weapon`, `description`, `icon`,
///   `nameColor`, in any order), then one monster a line, fields separated by tabs, with a
///   tab, line break, carriage return and backslash in a field written `\t`, `\n`, `\r`
///   and `\\`. A backslash before anything else is kept as it is; a line may end in a
///   carriage return, blank lines are skipped, and a byte order mark before the header
///   is too.
/// - **NDJSON**: monster objects, as the roster file writes them, one after another
///   (usually one a line); **JSON**: an array of them.
///
/// `name` and `weapon` are needed; the other fields may be left out. A weapon is read
/// forgivingly (`ninja-star` is ``WeaponType/ninjaStar``) and a colour in any case; an
/// empty `nameColor`, or JSON's `null`, is no colour. An object's keys that
/// MonsterKit does not know are kept with its monster.
///
/// ```swift
/// let text = "name\tweapon\nRobo-Bot\tfire\n"
/// let monsters = try MonsterImport.read(Array(text.utf8))
/// monsters[0].monster.icon  // "meetrobobot.png"
/// ```
public enum MonsterImport {
  /// The formats an input may be in.
  public enum Format: String, CaseIterable, Sendable {
    /// Tab-separated values with a header line.
    case tsv
    /// JSON objects one after another.
    case ndjson
    /// A JSON array of objects.
    case json

    /// The format of an input, from its first byte that is not white space: `[` is a
    /// JSON array, `{` JSON objects, anything else (a header line) TSV.
    ///
    /// - Parameter bytes: The input.
    /// - Returns: The format.
    public static func detected(in bytes: some Sequence<UInt8>) -> Format {
      let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      switch first {
      case UInt8(ascii: "["): return .json
      case UInt8(ascii: "{"): return .ndjson
      default: return .tsv
      }
    }
  }

  /// Reads the monsters of an input.
  ///
  /// - Parameters:
  ///   - bytes: The input, as UTF-8.
  ///   - format: The input's format, or `nil` to tell it from the input
  ///     (``Format/detected(in:)``).
  /// - Returns: The monsters, in order; none for an input with none.
  /// - Throws: ``MonsterImportError`` at the first line that cannot be read: text that is
  ///   not UTF-8 or not JSON, a missing column or field, a value of the wrong type, an
  ///   unknown weapon or colour, a name a monster cannot have.
  public static func read(_ bytes: [UInt8], format: Format? = nil) throws(MonsterImportError)
    -> [ImportedMonster]
  {
    // A byte order mark, which some programs put before UTF-8 text, is no field's.
    let text = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
    return switch format ?? .detected(in: text) {
    case .tsv: try readTSV(text)
    case .ndjson: try readJSON(text, asArray: false)
    case .json: try readJSON(text, asArray: true)
    }
  }
}

// MARK: - Fields

extension MonsterImport {
  /// The fields one monster of an input gives, as text, before they are checked.
  struct Fields {
    var name: String?
    var weapon: String?
    var description: String?
    var icon: String?
    /// `.some(nil)` for JSON's `null`.
    var nameColor: String??
    var otherFields: [JSONMember] = []
  }

  /// The UTF-8 byte order mark.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The key of each field, as the file spells it.
  static let fieldNames = MonsterKey.allCases.map { $0.spelling.description }

  /// Checks the fields of the monster on a line.
  ///
  /// - Throws: ``MonsterImportError`` on that line for a missing name or weapon, an
  ///   unknown weapon or colour, or a name a monster cannot have.
  static func monster(_ fields: Fields, line: Int) throws(MonsterImportError) -> ImportedMonster {
    func fail(_ message: String) -> MonsterImportError {
      MonsterImportError(line: line, message: message)
    }
    guard let name = fields.name else { throw fail("the monster has no 'name'") }
    if let problem = Roster.problem(withName: name) {
      throw fail("'\(escapedForMessage(name))' cannot be a monster's name: it \(problem)")
    }
    guard let weaponText = fields.weapon else {
      throw fail("'\(escapedForMessage(name))' has no 'weapon'")
    }
    guard let weapon = WeaponType(parsing: weaponText) else {
      throw fail(
        "unknown weapon '\(escapedForMessage(weaponText))'; the weapons are "
          + WeaponType.allCases.map(\.rawValue).joined(separator: ", "))
    }
    var changes = RosterEdit.Changes(
      weapon: weapon, description: fields.description, icon: fields.icon,
      otherFields: fields.otherFields)
    if let text = fields.nameColor {
      if let text, !text.isEmpty {
        guard let color = NameColor(parsing: text) else {
          throw fail(
            "unknown name colour '\(escapedForMessage(text))'; use black, red, green, yellow, "
              + "blue, magenta, cyan, white, #RRGGBB, or nothing for no colour")
        }
        changes.nameColor = .some(color)
      } else {
        changes.nameColor = .some(nil)
      }
    }
    let monster = Monster(
      name: name, description: fields.description ?? "", icon: fields.icon, weapon: weapon,
      nameColor: changes.nameColor ?? nil, otherFields: fields.otherFields)
    return ImportedMonster(line: line, monster: monster, changes: changes)
  }
}
