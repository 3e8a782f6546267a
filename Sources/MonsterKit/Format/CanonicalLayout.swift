/// The canonical form's fixed bytes: everything in a canonical roster file but the values.
///
/// This is the one place the layout is spelled. The reader checks a file for these pieces
/// to know it is canonical, the writer writes them, and the offsets by which the writer
/// copies a run of monsters from a canonical file as it stands are computed from them:
///
/// ```
/// {                                 versionLine: from here...
///   "version": 1,                   ...to the comma
///   "weapons": [                    declaration(_:), what the roster declares, if anything:
///     "sword",                        its weapons, then its fields, each a key of the
///     ...                             roster's object, at the roster's indent, then a comma
///   ],
///   "monsters": [                   monstersKey: from the line break to the `[`
///     {                             beforeFirstMonster, then prefix(.name) to the `: `
///       "name": "Cat-Bot",
///       "description": "MEE-OW",    prefix(.description): from the `,` to the `: `
///       "icon": "meetcatbot.png",   prefix(.icon)
///       "weapon": "sword",          prefix(.weapon)
///       "nameColor": "red"          prefix(.nameColor), when there is a colour
///     },                            objectEnd, then betweenMonsters
///     {
///       ...
///     }
///   ]                               afterMonsters (afterNoMonsters after an empty `[`)
/// }                                 tail
/// ```
///
/// Unknown keys are written after the known ones with the same two-space indent, by
/// `appendMembers(_:isFirst:indent:forTerminal:)`; a file that has any is never taken for
/// canonical without being compared with the canonical form.
enum CanonicalLayout {
  /// One step of indent. The JSON writer indents every level by it, and the pieces below
  /// are indented by it.
  static var indent: StaticString { "  " }

  /// The indent level of the roster's keys: `version`, `monsters` and unknown ones.
  static var rosterMemberLevel: Int { 1 }

  /// The indent level of a monster's object; its members are one level deeper.
  static var monsterLevel: Int { 2 }

  /// From the file's start to the comma after the version.
  static var versionLine: StaticString { "{\n  \"version\": 1," }

  /// From the line break after the version, or after the declarations, to the `[` of the
  /// monsters.
  static var monstersKey: StaticString { "\n  \"monsters\": [" }

  /// A declaration, the roster's weapons or its fields, as it stands between the version
  /// and the monsters: a line break, the key at the roster's indent, the value, a comma.
  ///
  /// - Parameter member: The declaration's key and value.
  /// - Returns: The bytes.
  static func declaration(_ member: JSONMember) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendKey(member.key, isFirst: true, indent: rosterMemberLevel, forTerminal: false)
    bytes.appendJSON(member.value, indent: rosterMemberLevel)
    bytes.append(UInt8(ascii: ","))
    return bytes
  }

  /// Before the first monster's object.
  static var beforeFirstMonster: StaticString { "\n    " }

  /// Between two monsters' objects: after the `}` of one, before the `{` of the next.
  static var betweenMonsters: StaticString { ",\n    " }

  /// After the last monster's object.
  static var afterMonsters: StaticString { "\n  ]" }

  /// After the `[` of a roster with no monsters.
  static var afterNoMonsters: StaticString { "]" }

  /// After the monsters' array, or after the roster's unknown keys: the file's end.
  static var tail: StaticString { "\n}\n" }

  /// What stands before the value of a known key in a monster's object: the object's `{`
  /// or the comma after the previous member, the line break, the indent, the key and its
  /// colon. The value, a string, follows with its opening quote.
  ///
  /// - Parameter key: The key.
  /// - Returns: The bytes before the key's value.
  @inline(__always)
  static func prefix(_ key: MonsterField.BuiltIn) -> StaticString {
    switch key {
    case .name: "{\n      \"name\": "
    case .description: ",\n      \"description\": "
    case .icon: ",\n      \"icon\": "
    case .weapon: ",\n      \"weapon\": "
    case .nameColor: ",\n      \"nameColor\": "
    }
  }

  /// After the last member of a monster's object: the line break, the indent and the `}`.
  static var objectEnd: StaticString { "\n    }" }

  // MARK: - Offsets

  /// How far a monster's name starts after its object's `{`: the name's prefix and the
  /// opening quote.
  @inline(__always)
  static var nameOffset: Int {
    prefix(.name).utf8CodeUnitCount + 1
  }

  /// How many bytes stand between two monsters' objects.
  @inline(__always)
  static var separatorCount: Int {
    betweenMonsters.utf8CodeUnitCount
  }
}

extension RosterSource {
  /// The bytes of a run of monsters' objects, in a file known to be canonical: from the `{`
  /// of the first to the `}` of the last, the separators between them included.
  ///
  /// - Parameter records: The positions of the run's records, which stood together in the
  ///   file.
  /// - Returns: The range of the file's bytes to copy.
  func objectBytes(_ records: ClosedRange<Int>) -> Range<Int> {
    let start = Int(self.records[records.lowerBound].name.start) - CanonicalLayout.nameOffset
    let end =
      records.upperBound + 1 < self.records.count
      ? Int(self.records[records.upperBound + 1].name.start) - CanonicalLayout.nameOffset
        - CanonicalLayout.separatorCount
      : monstersEnd
    return start..<end
  }
}
