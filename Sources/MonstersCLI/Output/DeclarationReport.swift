import MonsterKit

/// What a roster declares, in words, for messages and diffs: `field 'team': one of red,
/// blue`, `weapon 'laser': image laser.png`.
enum DeclarationReport {
  /// A declaration's name: `weapon 'laser'`, `field 'team'`.
  static func name(of declaration: MergeConflict.Declaration) -> String {
    switch declaration {
    case .weapon(let name): "weapon '\(MergeReport.quoted(name))'"
    case .field(let key): "field '\(MergeReport.quoted(key))'"
    }
  }

  /// A declaration as the file holds it, in words; `none` where there is none.
  static func words(_ value: JSONValue?, of declaration: MergeConflict.Declaration) -> String {
    guard let value else { return "none" }
    switch declaration {
    case .weapon: return weapon(value)
    case .field: return field(value)
    }
  }

  /// A weapon: `built in`, or its image.
  static func weapon(_ value: JSONValue) -> String {
    guard case .object(let members) = value else { return "built in" }
    let image = members.first { $0.key == "image" }?.value
    guard case .string(let file)? = image else { return "declared" }
    return "image \(MergeReport.quoted(file))"
  }

  /// A field: what it takes (`text`, `an integer from 1 to 100`, `one of red, blue`), then
  /// whether it is required and its default.
  static func field(_ value: JSONValue) -> String {
    guard case .object(let members) = value else { return DiffReport.json(value) }
    let parts = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    var words: String
    if case .array(let values)? = parts["values"] {
      words =
        "one of "
        + values.map { value in
          if case .string(let text) = value { return MergeReport.quoted(text) }
          return DiffReport.json(value)
        }.joined(separator: ", ")
    } else if case .string("integer")? = parts["type"] {
      let (low, high) = (
        parts["minimum"].map(DiffReport.json), parts["maximum"].map(DiffReport.json)
      )
      switch (low, high) {
      case (let low?, let high?): words = "an integer from \(low) to \(high)"
      case (let low?, nil): words = "an integer of \(low) or more"
      case (nil, let high?): words = "an integer of \(high) or less"
      case (nil, nil): words = "an integer"
      }
    } else {
      words = "text"
    }
    if case .bool(true)? = parts["required"] { words += ", required" }
    if let value = parts["default"] {
      words += ", default \(MergeReport.quoted(DiffReport.json(value)))"
    }
    return words
  }
}
