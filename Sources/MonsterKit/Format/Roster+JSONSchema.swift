import MonstersSystem

// A JSON Schema (draft 2020-12) of a roster's file, for editors that check JSON as it is
// typed: the format, the roster's weapons, and its fields as the field description has them.
// It says what `check` says wherever a schema can say it, both ways.

extension Roster {
  /// The schema's dialect.
  static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

  /// A JSON Schema (draft 2020-12) of this roster's file: its format, its weapons and its
  /// fields.
  ///
  /// A file passes it exactly when ``Roster/init(jsonBytes:path:)`` reads it with this
  /// roster's declarations: a monster with a weapon the roster lacks, a value a field does
  /// not take, a required key missing, a key no field declares (where the roster refuses
  /// such keys) or a name that breaks the rules of names fails it. The declarations are
  /// this roster's, in any spelling `check` reads as the same (`"type": "text"` or none,
  /// `1.0` for `1`): a file that declares others fails it, until the schema is made again
  /// from that file. What a schema cannot say is left to reading the roster: two names
  /// that are the same name ignoring case, keys given twice. Numbers are meant exactly, as
  /// the reader reads them from their digits; a validator that reads them as doubles may
  /// misjudge one with more digits than a double holds, such as `9.9999999999999999`.
  ///
  /// ```swift
  /// let roster = try Roster(jsonBytes: data)
  /// let schema = roster.jsonSchemaBytes()  // for an editor's json.schemas
  /// ```
  public var jsonSchema: JSONValue {
    let weapons = self.weapons
    var properties: [JSONMember] = []
    var required: [JSONValue] = []
    for field in fields {
      properties.append(JSONMember(field.key, field.jsonSchema(weapons: weapons)))
      if field.isRequired { required.append(.string(field.key)) }
    }
    var monster = [
      JSONMember("type", .string("object")),
      JSONMember("required", .array(required)),
      JSONMember("properties", .object(properties)),
    ]
    if otherKeys == .refuse { monster.append(JSONMember("additionalProperties", .bool(false))) }
    let pinned = RosterDeclarations.Key.allCases.map { key in
      JSONMember(key.rawValue, declarations.jsonSchema(of: key))
    }
    return .object([
      JSONMember("$schema", .string(Self.jsonSchemaDialect)),
      JSONMember("title", .string("A roster of monsters")),
      JSONMember("type", .string("object")),
      JSONMember("required", .array([.string("version"), .string("monsters")])),
      JSONMember(
        "properties",
        .object(
          [JSONMember("version", .object([JSONMember("const", .number("1"))]))] + pinned + [
            JSONMember(
              "monsters",
              .object([
                JSONMember("type", .string("array")),
                JSONMember("items", .object([JSONMember("$ref", .string("#/$defs/monster"))])),
              ]))
          ])),
      JSONMember("$defs", .object([JSONMember("monster", .object(monster))])),
    ])
  }

  /// ``jsonSchema`` as JSON text: two-space indent, a final line break.
  public func jsonSchemaBytes() -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.appendJSON(jsonSchema, indent: 0)
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }
}

extension MonsterField {
  /// The schema of the field's values.
  ///
  /// - Parameter weapons: The roster's weapons, for a weapon.
  func jsonSchema(weapons: [Weapon]) -> JSONValue {
    func enumeration(_ words: [String]) -> JSONMember {
      JSONMember("enum", .array(words.map(JSONValue.string)))
    }
    let string = JSONMember("type", .string("string"))
    switch kind {
    case .name:
      return .object([
        string, JSONMember("minLength", .number("1")),
        JSONMember("not", .object([JSONMember("pattern", .string(NameRulePattern.broken))])),
      ])
    case .text: return .object([string])
    case .weapon: return .object([enumeration(weapons.names)])
    case .color:
      return .object([
        JSONMember(
          "anyOf",
          .array([
            .object([enumeration(words(weapons: weapons) ?? [])]),
            // `$` also matches before a final line break in some validators' regular
            // expressions (Python's): the length leaves `#RRGGBB` and a line break out.
            .object([
              string, JSONMember("pattern", .string("^#[0-9A-Fa-f]{6}$")),
              JSONMember("maxLength", .number("7")),
            ]),
            // No colour, as the reader reads a `null`.
            .object([JSONMember("type", .string("null"))]),
          ]))
      ])
    case .values(let values): return .object([enumeration(values)])
    case .integer(let minimum, let maximum):
      // A field holds the whole numbers of `Int`'s range, whatever its own bounds.
      return .object([
        JSONMember("type", .string("integer")),
        JSONMember("minimum", .number("\(minimum ?? .min)")),
        JSONMember("maximum", .number("\(maximum ?? .max)")),
      ])
    case .any: return .object([])
    }
  }
}

// MARK: - The declarations, pinned

extension RosterDeclarations {
  /// The schema of one key of the declarations: exactly what this roster declares there,
  /// in any spelling the reader reads as the same; nothing (`false`) where it declares
  /// nothing.
  func jsonSchema(of key: Key) -> JSONValue {
    let described = JSONMember(
      "description",
      .string(
        "What this roster declares, as 'monsters schema' read it; make the schema again "
          + "after changing it."))
    switch key {
    case .weapons:
      guard let weapons else { return .bool(false) }
      return Self.pinnedList(weapons.map(Self.weaponSchema), described)
    case .fields:
      guard !fields.isEmpty else { return .bool(false) }
      return Self.pinnedList(fields.map(Self.fieldSchema), described)
    case .otherKeys:
      guard let otherKeys else { return .bool(false) }
      return .object([described, JSONMember("const", .string(otherKeys.rawValue))])
    }
  }

  /// An array of exactly these entries, in this order.
  private static func pinnedList(_ entries: [JSONValue], _ description: JSONMember) -> JSONValue {
    .object([
      description,
      JSONMember("type", .string("array")),
      JSONMember("prefixItems", .array(entries)),
      JSONMember("items", .bool(false)),
      JSONMember("minItems", .number("\(entries.count)")),
    ])
  }

  /// An object of exactly these keys' values: `required` must be there, the others may be.
  private static func pinnedObject(_ values: [(key: String, value: JSONValue)], required: [String])
    -> JSONValue
  {
    .object([
      JSONMember("type", .string("object")),
      JSONMember("required", .array(required.map(JSONValue.string))),
      JSONMember(
        "properties",
        .object(values.map { JSONMember($0.key, .object([JSONMember("const", $0.value)])) })),
      JSONMember("additionalProperties", .bool(false)),
    ])
  }

  /// Every spelling of one weapon of the list: a built-in one by its name, or as an object
  /// of its name and perhaps its own image; another as an object of its name and image,
  /// the image left out where it is the default.
  private static func weaponSchema(_ weapon: Weapon) -> JSONValue {
    let name = WeaponKey.name.rawValue
    let image = WeaponKey.image.rawValue
    let object = pinnedObject(
      [(name, .string(weapon.name)), (image, .string(weapon.imageName))],
      required: weapon.imageName == Weapon.defaultImageName(forName: weapon.name)
        ? [name] : [name, image])
    guard weapon.type != nil else { return object }
    return .object([
      JSONMember("anyOf", .array([.object([JSONMember("const", .string(weapon.name))]), object]))
    ])
  }

  /// Every spelling of one field's declaration: its name, a `type` where one is needed (an
  /// integer without bounds) or allowed, its bounds, values, `required` (or no `required`
  /// for false) and default.
  private static func fieldSchema(_ field: MonsterField) -> JSONValue {
    var values: [(key: String, value: JSONValue)] = [
      (FieldKey.name.rawValue, .string(field.key))
    ]
    var required = [FieldKey.name.rawValue]
    switch field.kind {
    case .integer(let minimum, let maximum):
      values.append((FieldKey.type.rawValue, .string(FieldType.integer.rawValue)))
      if let minimum { values.append((FieldKey.minimum.rawValue, .number("\(minimum)"))) }
      if let maximum { values.append((FieldKey.maximum.rawValue, .number("\(maximum)"))) }
      if minimum == nil && maximum == nil { required.append(FieldKey.type.rawValue) }
      required += [minimum.map { _ in FieldKey.minimum }, maximum.map { _ in FieldKey.maximum }]
        .compactMap { $0?.rawValue }
    case .values(let list):
      values.append((FieldKey.type.rawValue, .string(FieldType.text.rawValue)))
      values.append((FieldKey.values.rawValue, .array(list.map(JSONValue.string))))
      required.append(FieldKey.values.rawValue)
    case .name, .text, .weapon, .color, .any:
      values.append((FieldKey.type.rawValue, .string(FieldType.text.rawValue)))
    }
    values.append((FieldKey.required.rawValue, .bool(field.isRequired)))
    if field.isRequired { required.append(FieldKey.required.rawValue) }
    if let value = field.defaultValue {
      values.append((FieldKey.default.rawValue, value))
      required.append(FieldKey.default.rawValue)
    }
    return pinnedObject(values, required: required)
  }
}

// MARK: - The rules of names

/// The rules of a monster's name (``Monster/problem(withName:)``) as a regular expression that
/// finds where a name breaks one: a control or format character anywhere, or white space
/// first or last. Made from the same Unicode properties the reader reads, so that the
/// schema and `check` agree on every character.
enum NameRulePattern {
  /// The pattern: `[controls and formats]|^[white space]|[white space]$`.
  ///
  /// Characters of the Basic Multilingual Plane are written `\uXXXX`, which both the
  /// regular expressions of ECMA-262 (with the `u` flag, as JSON Schema has them) and
  /// Python's read; those beyond it as themselves, which both read as one character.
  static let broken: String = {
    let forbidden = ranges { properties in
      properties.generalCategory == .control || properties.generalCategory == .format
    }
    let space = ranges { $0.isWhitespace }
    return "[\(forbidden)]|^[\(space)]|[\(space)]$"
  }()

  /// The code points whose properties pass a test, as the ranges of a character class.
  private static func ranges(_ test: (Unicode.Scalar.Properties) -> Bool) -> String {
    var result = ""
    var start: Unicode.Scalar?
    var last: Unicode.Scalar?
    func close() {
      guard let first = start, let end = last else { return }
      result += written(first)
      if end != first { result += "-" + written(end) }
      start = nil
    }
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), test(scalar.properties) else { continue }
      if let end = last, start != nil, end.value + 1 == value {
        last = scalar
        continue
      }
      close()
      start = scalar
      last = scalar
    }
    close()
    return result
  }

  /// A code point as a character class writes it.
  private static func written(_ scalar: Unicode.Scalar) -> String {
    guard scalar.value <= 0xFFFF else { return String(scalar) }
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
