// What a change says to a person: one sentence, as `monsters` reports an edit.

extension RosterChange: CustomStringConvertible {
  /// The change as a sentence, such as `Cat-Bot: weapon sword -> fire.`, `Added Robo-Bot.` or
  /// `Nothing added: there is a monster named 'Cat-Bot' already.`
  ///
  /// Text from the roster is escaped, so that no name can take more than the line.
  public var description: String {
    var bytes: [UInt8] = []
    if appendSentence(to: &bytes) { return String(decoding: bytes, as: UTF8.self) }
    switch self {
    case .skippedExisting(let name, let holder):
      return name == holder
        ? "Nothing added: there is a monster named '\(escapedForMessage(name))' already."
        : "Nothing added: the name '\(escapedForMessage(name))' is taken by "
          + "'\(escapedForMessage(holder))'."
    case .skippedMissing(let name):
      return "Nothing changed: there is no monster named '\(escapedForMessage(name))'."
    case .noMatch:
      return "Nothing changed: no monster meets the conditions."
    case .changed, .added, .removed, .weaponAdded, .weaponRemoved, .fieldAdded, .fieldRemoved,
      .fieldChanged, .weaponChanged, .otherKeysChanged:
      return ""
    }
  }

  /// Appends the sentence of a change that changed the roster, such as `Cat-Bot: weapon
  /// sword -> fire.`: text built byte by byte, as an edit of 200,000 monsters reports
  /// 200,000 of them.
  ///
  /// - Returns: `false`, with nothing appended, for a skip.
  package func appendSentence(to buffer: inout [UInt8]) -> Bool {
    switch self {
    case .changed(let change):
      if let newName = change.newName {
        buffer.append(contentsOf: "Renamed ".utf8)
        append(escapedForMessage(change.name), to: &buffer)
        buffer.append(contentsOf: " to ".utf8)
        append(escapedForMessage(newName), to: &buffer)
        if Self.hasFieldChanges(change) { buffer.append(contentsOf: "; ".utf8) }
      } else {
        append(escapedForMessage(change.name), to: &buffer)
        buffer.append(contentsOf: ": ".utf8)
      }
      appendFields(of: change, to: &buffer)
      buffer.append(UInt8(ascii: "."))
    case .added(let name):
      buffer.append(contentsOf: "Added ".utf8)
      append(escapedForMessage(name), to: &buffer)
      buffer.append(UInt8(ascii: "."))
    case .removed(let name):
      buffer.append(contentsOf: "Removed ".utf8)
      append(escapedForMessage(name), to: &buffer)
      buffer.append(UInt8(ascii: "."))
    case .weaponAdded(let weapon):
      append(
        "Added weapon \(escapedForMessage(weapon.name)) "
          + "(image \(escapedForMessage(weapon.imageName))).", to: &buffer)
    case .weaponRemoved(let weapon):
      append("Removed weapon \(escapedForMessage(weapon.name)).", to: &buffer)
    case .fieldAdded(let field, let count):
      append("Added field \(escapedForMessage(field.key))", to: &buffer)
      if let value = field.defaultValue, count > 0 {
        append(
          ", and gave its default, \(shown(value, of: field)), to \(monsters(count))", to: &buffer)
      }
      buffer.append(UInt8(ascii: "."))
    case .fieldRemoved(let field, let count):
      append("Removed field \(escapedForMessage(field.key))", to: &buffer)
      if count > 0 { append(", and took it from \(monsters(count))", to: &buffer) }
      buffer.append(UInt8(ascii: "."))
    case .fieldChanged(let old, let new, let count):
      append(Self.sentence(changing: old, to: new, monsters: count), to: &buffer)
    case .weaponChanged(let old, let new, let count):
      var sentence =
        old.name == new.name
        ? "Weapon \(escapedForMessage(old.name)): "
        : "Renamed weapon \(escapedForMessage(old.name)) to \(escapedForMessage(new.name))"
      if old.imageName != new.imageName {
        sentence +=
          (old.name == new.name ? "" : ", ") + "image \(escapedForMessage(old.imageName)) -> "
          + escapedForMessage(new.imageName)
      }
      if old.name != new.name && count > 0 {
        sentence += ", which \(monsters(count)) \(count == 1 ? "carries" : "carry")"
      }
      append(sentence + ".", to: &buffer)
    case .otherKeysChanged(let rule):
      append(
        "The roster now \(rule == .keep ? "keeps" : "refuses") a monster's keys that no field "
          + "declares (\"otherKeys\": \"\(rule.rawValue)\").", to: &buffer)
    case .skippedExisting, .skippedMissing, .noMatch:
      return false
    }
    return true
  }

  private func append(_ text: String, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: text.utf8)
  }

  private func monsters(_ count: Int) -> String {
    Self.monsters(count)
  }

  private static func monsters(_ count: Int) -> String {
    count == 1 ? "1 monster" : "\(count) monsters"
  }

  /// The sentence of a field's changed declaration: `Renamed field team to squad, in 4
  /// monsters.`, or each part that changed, `Changed field level: maximum 100 -> 200.`
  private static func sentence(
    changing old: MonsterField, to new: MonsterField, monsters count: Int
  )
    -> String
  {
    guard old.key.hasSameCodePoints(as: new.key) else {
      return "Renamed field \(escapedForMessage(old.key)) to \(escapedForMessage(new.key))"
        + (count > 0 ? ", in \(monsters(count))" : "") + "."
    }
    var parts: [String] = []
    switch (old.kind, new.kind) {
    case (.values(let before), .values(let after)) where before != after:
      func listed(_ values: [String]) -> String {
        values.map { escapedForMessage($0) }.joined(separator: ", ")
      }
      parts.append("values \(listed(before)) -> \(listed(after))")
    case (.integer(let lowest, let highest), .integer(let newLowest, let newHighest)):
      func bound(_ number: Int?) -> String { number.map(String.init) ?? "none" }
      if lowest != newLowest { parts.append("minimum \(bound(lowest)) -> \(bound(newLowest))") }
      if highest != newHighest {
        parts.append("maximum \(bound(highest)) -> \(bound(newHighest))")
      }
    default: break
    }
    func requirement(_ field: MonsterField) -> String {
      field.isRequired ? "required" : "optional"
    }
    if old.isRequired != new.isRequired {
      parts.append("\(requirement(old)) -> \(requirement(new))")
    }
    if old.defaultValue != new.defaultValue {
      func shown(_ value: JSONValue?) -> String {
        value.map { escapedForMessage(MonsterField.quoted($0)) } ?? "none"
      }
      parts.append("default \(shown(old.defaultValue)) -> \(shown(new.defaultValue))")
    }
    var sentence = "Changed field \(escapedForMessage(new.key)): " + parts.joined(separator: ", ")
    if count > 0, let value = new.defaultValue {
      sentence += "; gave \(monsters(count)) its default, \(MonsterField.quoted(value))"
    }
    return sentence + "."
  }

  private static func hasFieldChanges(_ change: MonsterChange) -> Bool {
    !change.fields.isEmpty
  }

  /// Appends the fields that changed, as `weapon sword -> fire, name colour none -> red`.
  private func appendFields(of change: MonsterChange, to buffer: inout [UInt8]) {
    var isFirst = true
    func start(_ label: String) {
      if !isFirst { buffer.append(contentsOf: ", ".utf8) }
      isFirst = false
      buffer.append(contentsOf: label.utf8)
    }
    func arrow(_ old: String, _ new: String) {
      append(old, to: &buffer)
      buffer.append(contentsOf: " -> ".utf8)
      append(new, to: &buffer)
    }
    for fieldChange in Self.inListedOrder(change.fields) {
      let field = fieldChange.field
      guard field.kind != .any else {
        start("key '\(escapedForMessage(field.key))' ")
        append(
          fieldChange.old == nil ? "added" : fieldChange.new == nil ? "removed" : "changed",
          to: &buffer)
        continue
      }
      start(escapedForMessage(field.label) + " ")
      arrow(shown(fieldChange.old, of: field), shown(fieldChange.new, of: field))
    }
  }

  /// Changes of fields in the order listings show the fields: the weapon first, then the
  /// other built-in ones, then the rest as they come.
  private static func inListedOrder(_ changes: [FieldChange]) -> [FieldChange] {
    guard changes.count > 1 else { return changes }
    let listed = MonsterField.listed.map(\.key)
    func place(_ change: FieldChange) -> Int {
      listed.firstIndex(of: change.field.key) ?? listed.count
    }
    return changes.enumerated().sorted { a, b in
      let (first, second) = (place(a.element), place(b.element))
      return first != second ? first < second : a.offset < b.offset
    }.map(\.element)
  }

  /// A field's value as an edit's line shows it: text in quotes, a file name, a weapon, a
  /// colour or one of a field's values bare, no value as `none`.
  private func shown(_ value: JSONValue?, of field: MonsterField) -> String {
    switch (field.kind, value) {
    case (_, nil): "none"
    case (.text, .string(let text)?) where !field.isFileName: "'\(escapedForMessage(text))'"
    case (_, .string(let text)?), (_, .number(let text)?): escapedForMessage(text)
    case (_, let value?): escapedForMessage(compactJSON(value))
    }
  }

  private func compactJSON(_ value: JSONValue) -> String {
    var bytes: [UInt8] = []
    bytes.appendJSON(value, indent: nil)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension MonsterField {
  /// The built-in fields in the order listings and reports show them: the name, the
  /// weapon, then the others in the order of the file.
  package static let listed: [MonsterField] =
    [.name, .weapon] + builtIn.filter { $0 != .name && $0 != .weapon }

  /// Whether the field's value names a file: it completes as a path, and shows bare where
  /// other text is quoted.
  package var isFileName: Bool {
    key == MonsterField.icon.key
  }
}
