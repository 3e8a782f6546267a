/// Reads monsters from what another program, or a listing of another roster, wrote: TSV
/// with a header line, JSON objects one after another (NDJSON), or a JSON array of
/// objects.
///
/// Each format is the one a roster's monsters are listed in, so that a listing reads back
/// to the monsters it lists:
///
/// - **TSV**: a header line naming the columns (the built-in fields' keys in any case,
///   declared fields or other keys, in any order), then one monster a line, fields
///   separated by tabs, with a
///   tab, line break, carriage return and backslash in a field written `\t`, `\n`, `\r`
///   and `\\`. A backslash before anything else is kept as it is; a line may end in a
///   carriage return, blank lines are skipped, and a byte order mark before the header
///   is too.
/// - **NDJSON**: monster objects, as the roster file writes them, one after another
///   (usually one a line); **JSON**: an array of them.
///
/// `name` and `weapon` are needed; the other fields may be left out. The roster reads the
/// values when the monsters are added (``RosterEdit/addNamed(_:_:ifTaken:)``), by its
/// fields: text (a cell, or a JSON string) as a person types it, so a weapon is read
/// forgivingly (`ninja-star` is `ninjaStar`), a colour in any case, and an empty cell of a
/// field a monster may be without, or JSON's `null` for a colour, is no value. A column or
/// key the roster neither builds in nor declares is kept with its monster: a cell as a
/// string (an empty one as no key), a JSON value as it is.
///
/// ```swift
/// let text = "name\tweapon\nRobo-Bot\tfire\n"
/// let monsters = try MonsterImport.read(Array(text.utf8))
/// try roster.apply(.addNamed(monsters[0].name, monsters[0].changes, ifTaken: .fail))
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
  ///   not UTF-8 or not JSON, a missing column or field, a built-in field's value that is
  ///   not a string, a name a monster cannot have.
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
  /// The fields one monster of an input gives, before the roster reads them.
  struct Fields {
    var name: String?
    /// Every other field, in the order given.
    var changes = RosterEdit.Changes()
    /// Whether the input gives a weapon.
    var hasWeapon = false

    /// Notes a field's value.
    mutating func set(_ key: String, to value: FieldInput?) {
      if MonsterField.BuiltIn(spelling: key) == .weapon { hasWeapon = true }
      changes.set(key, to: value)
    }
  }

  /// The UTF-8 byte order mark.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Checks the fields of the monster on a line: those every monster needs are there, and
  /// the name is one a monster can have. The roster checks the rest.
  ///
  /// - Throws: ``MonsterImportError`` on that line for a missing name or weapon, or a name
  ///   a monster cannot have.
  static func monster(_ fields: Fields, line: Int) throws(MonsterImportError) -> ImportedMonster {
    func fail(_ message: String) -> MonsterImportError {
      MonsterImportError(line: line, message: message)
    }
    guard let name = fields.name else { throw fail("the monster has no 'name'") }
    if let problem = Roster.problem(withName: name) {
      throw fail("'\(escapedForMessage(name))' cannot be a monster's name: it \(problem)")
    }
    guard fields.hasWeapon else {
      throw fail("'\(escapedForMessage(name))' has no 'weapon'")
    }
    return ImportedMonster(line: line, name: name, changes: fields.changes)
  }
}
