/// Reads monsters from what another program, a spreadsheet, or a listing of another roster
/// wrote: TSV or CSV with a header line, JSON objects one after another (NDJSON), or a
/// JSON array of objects.
///
/// Each format is the one a roster's monsters are listed in, so that a listing reads back
/// to the monsters it lists:
///
/// - **TSV**: a header line naming the columns (the built-in fields' keys in any case, the
///   roster's declared fields, other keys, in any order), then one monster a line, fields
///   separated by tabs, with a tab, line break, carriage return and backslash in a field
///   written `\t`, `\n`, `\r` and `\\`. A backslash before anything else is kept as it is;
///   a line may end in a carriage return, blank lines are skipped, and a byte order mark
///   before the header is too. A field that starts with a double quote is quoted as a
///   spreadsheet quotes it, when it is closed as one (the closing quote ends the field): it
///   runs to the closing quote, holds tabs and line breaks as they are, and a doubled quote
///   in it stands for one (`"Says ""hi"""` is `Says "hi"`); no backslash escape is undone
///   in it. A field that starts with a quote but is not closed that way is read as it is.
/// - **CSV**: as RFC 4180 has it and spreadsheets export it: the same header, fields
///   separated by commas, a field that holds a comma, a quote or a line break quoted, with
///   its quotes doubled; lines ending in CRLF or LF; a byte order mark first. A quote that
///   is not closed, or text after a closing quote, is an error.
/// - **NDJSON**: monster objects, as the roster file writes them, one after another
///   (usually one a line); **JSON**: an array of them.
///
/// `name` and `weapon` are needed; the other fields may be left out. The roster reads the
/// values when it adds the monsters (``RosterEdit/addNamed(_:_:ifTaken:)``), by its fields:
/// text (a cell, or a JSON string) as a person types it, so that a weapon is read
/// forgivingly (`ninja-star` is `ninjaStar`), a colour in any case, a declared integer from
/// its digits or as JSON writes a whole number (`7.0`), and an empty cell of a field a
/// monster may be without, or JSON's `null` for a colour, is no value. JSON tells an empty
/// string from no key: a JSON `""` of a key that is not built in is exactly `""`. So does a
/// cell quoted with nothing in it (`""`), as a listing writes the empty string: the empty
/// string for a field that takes one, else no value (``FieldInput/quotedEmpty``).
///
/// A column or key that the roster neither builds in nor declares is kept with its monster,
/// as a key of its own: an object's key with its JSON value as it is (`""` too), a TSV or
/// CSV column as text, where an empty cell gives the monster no such key and `""` the
/// empty string. A line of a spreadsheet's
/// export whose cells are all empty is skipped, as a blank line is.
///
/// ```swift
/// let text = "name\tweapon\nRobo-Bot\tfire\n"
/// let monsters = try MonsterImport.read(Array(text.utf8))
/// try roster.apply(monsters[0].edit(ifTaken: .fail))
/// roster.monster(named: "Robo-Bot")?.icon  // "meetrobobot.png"
/// ```
public enum MonsterImport {
  /// The formats an input may be in.
  public enum Format: String, CaseIterable, Sendable {
    /// Tab-separated values with a header line.
    case tsv
    /// Comma-separated values with a header line, as spreadsheets write them.
    case csv
    /// JSON objects one after another.
    case ndjson
    /// A JSON array of objects.
    case json

    /// The format of an input, from its first byte that is not white space: `[` is a
    /// JSON array, `{` JSON objects; anything else is a header line, CSV when the line
    /// holds a comma and no tab, TSV otherwise.
    ///
    /// - Parameter bytes: The input.
    /// - Returns: The format.
    public static func detected(in bytes: some Sequence<UInt8>) -> Format {
      var first: UInt8?
      var sawComma = false
      for byte in bytes {
        if first == nil {
          guard [0x20, 0x09, 0x0A, 0x0D].contains(byte) else {
            first = byte
            if byte == UInt8(ascii: "[") { return .json }
            if byte == UInt8(ascii: "{") { return .ndjson }
            sawComma = byte == UInt8(ascii: ",")
            continue
          }
          continue
        }
        switch byte {
        case UInt8(ascii: "\t"): return .tsv
        case UInt8(ascii: "\n"): return sawComma ? .csv : .tsv
        case UInt8(ascii: ","): sawComma = true
        default: break
        }
      }
      return sawComma ? .csv : .tsv
    }
  }

  /// What reading an input gave: the monsters of the lines that could be read, and why
  /// each of the others could not.
  public struct Reading: Hashable, Sendable {
    /// The monsters read, in order.
    public var monsters: [ImportedMonster] = []
    /// The problems, one for each line that could not be read, by line. Reading stops at
    /// the first place the input cannot be split into monsters (a JSON array that is not
    /// JSON, a quote that is never closed, a header without a `weapon`), which is the last;
    /// objects one after another go on at the next line after one that is not JSON.
    public var errors: [MonsterImportError] = []
    /// The header of TSV or CSV, when one was read: so that a column the roster does not
    /// take is named once, at the header, rather than at every line.
    public var header: Header?

    /// Creates what reading gave.
    ///
    /// - Parameters:
    ///   - monsters: The monsters read.
    ///   - errors: The problems.
    ///   - header: The header of TSV or CSV, if any.
    public init(
      monsters: [ImportedMonster] = [], errors: [MonsterImportError] = [], header: Header? = nil
    ) {
      self.monsters = monsters
      self.errors = errors
      self.header = header
    }
  }

  /// The header line of TSV or CSV: where it is, and the columns it names, as written.
  public struct Header: Hashable, Sendable {
    /// The line, counting from 1.
    public var line: Int
    /// The columns' names, as the header writes them; an unnamed column's is empty.
    public var columns: [String]

    /// Creates a header.
    ///
    /// - Parameters:
    ///   - line: The line, counting from 1.
    ///   - columns: The columns' names.
    public init(line: Int, columns: [String]) {
      self.line = line
      self.columns = columns
    }
  }

  /// Reads the monsters of an input, failing at its first problem.
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
    let reading = readEach(bytes, format: format)
    if let first = reading.errors.first { throw first }
    return reading.monsters
  }

  /// Reads the monsters of an input, and names every line that cannot be read, as
  /// ``read(_:format:)`` names the first.
  ///
  /// - Parameters:
  ///   - bytes: The input, as UTF-8.
  ///   - format: The input's format, or `nil` to tell it from the input.
  ///   - updating: Whether the monsters are to change those of their names on a roster
  ///     (``RosterEdit/IfTaken/update``): then only the name is needed, and the fields the
  ///     input changes; a line of a monster the roster does not have needs a weapon, which
  ///     the roster asks for when it adds it.
  /// - Returns: The monsters read and the problems, each by line.
  public static func readEach(_ bytes: [UInt8], format: Format? = nil, updating: Bool = false)
    -> Reading
  {
    // A byte order mark, which some programs put before UTF-8 text, is no field's.
    let text = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
    var reading = Reading()
    // UTF-16 text (a spreadsheet's "Unicode text") is one problem, said as such, not lines
    // that are not UTF-8 or not JSON.
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      reading.errors = [
        MonsterImportError(line: 1, message: "the input is UTF-16 text; save it as UTF-8")
      ]
      return reading
    }
    let needed: [MonsterField.BuiltIn] = updating ? [.name] : [.name, .weapon]
    switch format ?? .detected(in: text) {
    case .tsv: readDelimited(text, as: .tsv, needing: needed, into: &reading)
    case .csv: readDelimited(text, as: .csv, needing: needed, into: &reading)
    case .ndjson: readJSON(text, asArray: false, needing: needed, into: &reading)
    case .json: readJSON(text, asArray: true, needing: needed, into: &reading)
    }
    reading.errors.sort { ($0.line, $0.column ?? 0) < ($1.line, $1.column ?? 0) }
    return reading
  }

  /// Adds the monster of some fields, or why they make none, to what was read.
  static func add(
    _ fields: Fields, line: Int, needing needed: [MonsterField.BuiltIn], to reading: inout Reading
  ) {
    do throws(MonsterImportError) {
      reading.monsters.append(try monster(fields, line: line, needing: needed))
    } catch {
      reading.errors.append(error)
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

    /// Notes a field's value: of a column, which names a field in any case, or of a JSON
    /// key, which names one only as spelled.
    mutating func set(_ key: String, to value: FieldInput?, keyIsExact: Bool = false) {
      if MonsterField.BuiltIn(spelling: key) == .weapon { hasWeapon = true }
      changes.assignments.append(.init(key, value, keyIsExact: keyIsExact))
    }
  }

  /// The UTF-8 byte order mark.
  package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The key of each built-in field, as the file spells it.
  static let fieldNames = MonsterField.builtIn.map(\.key)

  /// Checks the fields of the monster on a line: those needed are there, and the name is
  /// one a monster can have. The roster reads the rest.
  ///
  /// - Throws: ``MonsterImportError`` on that line for a missing name or weapon (where
  ///   `needed` holds it), or a name a monster cannot have.
  static func monster(_ fields: Fields, line: Int, needing needed: [MonsterField.BuiltIn])
    throws(MonsterImportError) -> ImportedMonster
  {
    func fail(_ message: String) -> MonsterImportError {
      MonsterImportError(line: line, message: message)
    }
    guard let name = fields.name else { throw fail("the monster has no 'name'") }
    if let problem = Monster.problem(withName: name) {
      throw fail("'\(escapedForMessage(name))' cannot be a monster's name: \(problem)")
    }
    guard fields.hasWeapon || !needed.contains(.weapon) else {
      throw fail("'\(escapedForMessage(name))' has no 'weapon'")
    }
    return ImportedMonster(line: line, name: name, changes: fields.changes)
  }
}
