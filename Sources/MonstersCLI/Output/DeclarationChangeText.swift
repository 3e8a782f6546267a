import MonsterKit

/// A change of what a roster declares, in words: `weapons: added plasma, removed smoke`,
/// `fields: added team (values red, blue), health: maximum 100 -> 200`, read from the two
/// values of the roster's `weapons` or `fields` key as its file holds them.
enum DeclarationChangeText {
  /// The change of a declarations key in words, or `nil` for another key, or values that
  /// are not declarations as a valid roster holds them.
  ///
  /// - Parameters:
  ///   - key: The roster's key.
  ///   - old: Its value before, or `nil` when it was not there.
  ///   - new: Its value after, or `nil`.
  static func line(key: String, from old: JSONValue?, to new: JSONValue?) -> String? {
    let parts: [String]?
    switch key {
    case "weapons": parts = weaponChanges(from: old, to: new)
    case "fields": parts = fieldChanges(from: old, to: new)
    default: return nil
    }
    guard let parts, !parts.isEmpty else { return nil }
    return key + ": " + parts.joined(separator: ", ")
  }

  /// One weapon or field a roster declares, in words, as a merge conflict shows each
  /// side's: a weapon's image (`built in`, `image laser.png`), a field's phrase (`text`,
  /// `values red, blue`, `integer, minimum 1`), keys no field declares `kept` or `refused`;
  /// `none` where the side declares none.
  static func entry(_ value: JSONValue?, of declaration: MergeConflict.Declaration) -> String {
    guard let value else { return "none" }
    switch declaration {
    case .weapon:
      guard let found = weapons(.array([value]))?.first else { return DiffReport.json(value) }
      return found.image.map { "image \(DiffReport.shown($0))" } ?? "built in"
    case .field:
      guard let found = fields(.array([value]))?.first else { return DiffReport.json(value) }
      let kind = describe(found.members)
      return kind.isEmpty ? "text" : kind
    case .otherKeys:
      guard case .string(let rule) = value else { return DiffReport.json(value) }
      return rule == "keep" ? "kept" : "refused"
    }
  }

  /// A declaration's name: `weapon 'laser'`, `field 'team'`, `keys no field declares`.
  static func name(of declaration: MergeConflict.Declaration) -> String {
    switch declaration {
    case .weapon(let name): "weapon '\(DiffReport.shown(name))'"
    case .field(let key): "field '\(DiffReport.shown(key))'"
    case .otherKeys: "keys no field declares"
    }
  }

  // MARK: - Weapons

  /// The weapons a `weapons` value declares, in order, each with its image (`nil` for a
  /// built-in one, which has its own); the built-in five for none.
  private static func weapons(_ value: JSONValue?) -> [(name: String, image: String?)]? {
    guard let value else { return Weapon.builtIn.map { ($0.name, nil) } }
    guard case .array(let entries) = value else { return nil }
    var weapons: [(String, String?)] = []
    for entry in entries {
      switch entry {
      case .string(let name): weapons.append((name, nil))
      case .object(let members):
        guard case .string(let name)? = members.first(where: { $0.key == "name" })?.value else {
          return nil
        }
        let image = members.first { $0.key == "image" }?.value
        if case .string(let image)? = image {
          weapons.append((name, image))
        } else {
          weapons.append((name, nil))
        }
      default: return nil
      }
    }
    return weapons
  }

  private static func weaponChanges(from old: JSONValue?, to new: JSONValue?) -> [String]? {
    guard let before = weapons(old), let after = weapons(new) else { return nil }
    let oldNames = before.map(\.name)
    let newNames = after.map(\.name)
    var parts: [String] = []
    let added = newNames.filter { !oldNames.contains($0) }
    let removed = oldNames.filter { !newNames.contains($0) }
    if !added.isEmpty {
      parts.append("added " + added.map(DiffReport.shown).joined(separator: ", "))
    }
    if !removed.isEmpty {
      parts.append("removed " + removed.map(DiffReport.shown).joined(separator: ", "))
    }
    for weapon in after {
      guard let earlier = before.first(where: { $0.name == weapon.name }),
        earlier.image != weapon.image
      else { continue }
      parts.append(
        "\(DiffReport.shown(weapon.name))'s image \(image(earlier.image)) -> \(image(weapon.image))"
      )
    }
    if parts.isEmpty && oldNames != newNames { parts.append("reordered") }
    return parts
  }

  private static func image(_ image: String?) -> String {
    image.map(DiffReport.shown) ?? "its own"
  }

  // MARK: - Fields

  /// The fields a `fields` value declares, each its name and its object's other members.
  private static func fields(_ value: JSONValue?) -> [(name: String, members: [JSONMember])]? {
    guard let value else { return [] }
    guard case .array(let entries) = value else { return nil }
    var fields: [(String, [JSONMember])] = []
    for entry in entries {
      guard case .object(let members) = entry,
        case .string(let name)? = members.first(where: { $0.key == "name" })?.value
      else { return nil }
      fields.append((name, members.filter { $0.key != "name" }))
    }
    return fields
  }

  private static func fieldChanges(from old: JSONValue?, to new: JSONValue?) -> [String]? {
    guard let before = fields(old), let after = fields(new) else { return nil }
    var parts: [String] = []
    for field in after where !before.contains(where: { $0.name == field.name }) {
      let kind = describe(field.members)
      parts.append("added \(DiffReport.shown(field.name))" + (kind.isEmpty ? "" : " (\(kind))"))
    }
    for field in before where !after.contains(where: { $0.name == field.name }) {
      parts.append("removed \(DiffReport.shown(field.name))")
    }
    for field in after {
      guard let earlier = before.first(where: { $0.name == field.name }) else { continue }
      parts += changes(of: field.name, from: earlier.members, to: field.members)
    }
    if parts.isEmpty && before.map(\.name) != after.map(\.name) { parts.append("reordered") }
    return parts
  }

  /// What a field takes, as a short phrase: `values red, blue`, `integer, minimum 1`,
  /// `required, default red`.
  private static func describe(_ members: [JSONMember]) -> String {
    members.map { member in
      switch (member.key, member.value) {
      case ("type", .string(let type)): type
      case ("values", .array(let values)): "values " + values.map(text).joined(separator: ", ")
      case ("required", .bool(true)): "required"
      default: "\(DiffReport.shown(member.key)) \(text(member.value))"
      }
    }.joined(separator: ", ")
  }

  /// The changes of one field's declaration, key by key, its values as values added and
  /// removed.
  private static func changes(of name: String, from old: [JSONMember], to new: [JSONMember])
    -> [String]
  {
    let shownName = DiffReport.shown(name)
    var keys: [String] = []
    for member in old + new where !keys.contains(member.key) { keys.append(member.key) }
    var parts: [String] = []
    for key in keys {
      let before = old.first { $0.key == key }?.value
      let after = new.first { $0.key == key }?.value
      guard before != after else { continue }
      if key == "values", case .array(let oldValues)? = before, case .array(let newValues)? = after
      {
        let added = newValues.filter { !oldValues.contains($0) }
        let removed = oldValues.filter { !newValues.contains($0) }
        if !added.isEmpty {
          parts.append(
            "\(shownName): added \(added.count == 1 ? "value" : "values") "
              + added.map(text).joined(separator: ", "))
        }
        if !removed.isEmpty {
          parts.append(
            "\(shownName): removed \(removed.count == 1 ? "value" : "values") "
              + removed.map(text).joined(separator: ", "))
        }
        if added.isEmpty && removed.isEmpty { parts.append("\(shownName): values reordered") }
        continue
      }
      parts.append(
        "\(shownName): \(DiffReport.shown(key)) \(before.map(text) ?? "none") -> "
          + (after.map(text) ?? "none"))
    }
    return parts
  }

  /// A value as a phrase shows it: text bare, anything else as compact JSON.
  private static func text(_ value: JSONValue) -> String {
    if case .string(let text) = value { return DiffReport.shown(text) }
    return DiffReport.json(value)
  }
}
