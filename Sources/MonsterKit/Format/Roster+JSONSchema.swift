// A JSON Schema (draft 2020-12) of a roster's file, for editors that check JSON as it is
// typed: the format, the roster's weapons, and its fields as the field description has them.

extension Roster {
  /// The schema's dialect.
  static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

  /// A JSON Schema (draft 2020-12) of this roster's file: its format, its weapons and its
  /// fields.
  ///
  /// Every file that ``Roster/init(jsonBytes:path:)`` reads passes it; a monster with a
  /// weapon the roster lacks, a value a field does not take, or a required key missing fails
  /// it. What a schema cannot say is left to reading the roster: names that are the same
  /// name ignoring case, the rules of a name, keys given twice.
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
    let monster = JSONValue.object([
      JSONMember("type", .string("object")),
      JSONMember("required", .array(required)),
      JSONMember("properties", .object(properties)),
    ])
    return .object([
      JSONMember("$schema", .string(Self.jsonSchemaDialect)),
      JSONMember("title", .string("A roster of monsters")),
      JSONMember("type", .string("object")),
      JSONMember("required", .array([.string("version"), .string("monsters")])),
      JSONMember(
        "properties",
        .object([
          JSONMember("version", .object([JSONMember("const", .number("1"))])),
          JSONMember(RosterDeclarations.Key.weapons.rawValue, RosterDeclarations.weaponsSchema),
          JSONMember(RosterDeclarations.Key.fields.rawValue, RosterDeclarations.fieldsSchema),
          JSONMember(
            "monsters",
            .object([
              JSONMember("type", .string("array")),
              JSONMember("items", .object([JSONMember("$ref", .string("#/$defs/monster"))])),
            ])),
        ])),
      JSONMember("$defs", .object([JSONMember("monster", monster)])),
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
    case .name: return .object([string, JSONMember("minLength", .number("1"))])
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
          ]))
      ])
    case .values(let values): return .object([enumeration(values)])
    case .integer(let minimum, let maximum):
      var members = [JSONMember("type", .string("integer"))]
      if let minimum { members.append(JSONMember("minimum", .number("\(minimum)"))) }
      if let maximum { members.append(JSONMember("maximum", .number("\(maximum)"))) }
      return .object(members)
    case .any: return .object([])
    }
  }
}

extension RosterDeclarations {
  /// The schema of a `weapons` list: built-in weapons by name, others as objects.
  static var weaponsSchema: JSONValue {
    let entry = JSONValue.object([
      JSONMember(
        "anyOf",
        .array([
          .object([JSONMember("enum", .array(WeaponType.allCases.map { .string($0.rawValue) }))]),
          .object([
            JSONMember("type", .string("object")),
            JSONMember("required", .array([.string(WeaponKey.name.rawValue)])),
            JSONMember(
              "properties",
              .object([
                JSONMember(
                  WeaponKey.name.rawValue,
                  .object([
                    JSONMember("type", .string("string")),
                    JSONMember("pattern", .string("^[A-Za-z0-9]+$")),
                  ])),
                JSONMember(
                  WeaponKey.image.rawValue, .object([JSONMember("type", .string("string"))])),
              ])),
            JSONMember("additionalProperties", .bool(false)),
          ]),
        ]))
    ])
    return .object([JSONMember("type", .string("array")), JSONMember("items", entry)])
  }

  /// The schema of a `fields` list.
  static var fieldsSchema: JSONValue {
    let integer = JSONValue.object([JSONMember("type", .string("integer"))])
    let entry = JSONValue.object([
      JSONMember("type", .string("object")),
      JSONMember("required", .array([.string(FieldKey.name.rawValue)])),
      JSONMember(
        "properties",
        .object([
          JSONMember(FieldKey.name.rawValue, .object([JSONMember("type", .string("string"))])),
          JSONMember(
            FieldKey.type.rawValue,
            .object([JSONMember("enum", .array(FieldType.allCases.map { .string($0.rawValue) }))])),
          JSONMember(FieldKey.minimum.rawValue, integer),
          JSONMember(FieldKey.maximum.rawValue, integer),
          JSONMember(
            FieldKey.values.rawValue,
            .object([
              JSONMember("type", .string("array")),
              JSONMember("items", .object([JSONMember("type", .string("string"))])),
            ])),
          JSONMember(FieldKey.required.rawValue, .object([JSONMember("type", .string("boolean"))])),
          JSONMember(FieldKey.default.rawValue, .object([])),
        ])),
      JSONMember("additionalProperties", .bool(false)),
    ])
    return .object([JSONMember("type", .string("array")), JSONMember("items", entry)])
  }
}
