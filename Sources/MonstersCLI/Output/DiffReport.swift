import MonsterKit

/// How `diff` shows a roster's changes: one line a change in the roster's words, a table
/// for a pull request's comment, or JSON for scripts.
enum DiffReport {
  // MARK: - Text

  /// One line a change, such as `Cat-Bot: weapon sword -> fire`.
  static func text(_ diff: RosterDiff) -> String {
    diff.changes.map { line(for: $0) + "\n" }.joined()
  }

  /// A change in the roster's words.
  static func line(for change: RosterDiff.Change) -> String {
    switch change {
    case .added(let monster): "added \(shown(monster.name))"
    case .removed(let monster): "removed \(shown(monster.name))"
    case .renamed(let old, let new): "renamed \(shown(old)) -> \(shown(new))"
    case .changed(let name, let field, let old, let new):
      "\(shown(name)): \(fieldName(field)) "
        + pair(old, new, of: field, shownBy: value).joined(separator: " -> ")
    case .moved(let name): "\(shown(name)): moved"
    case .rosterField(let key, let old, let new):
      DeclarationChangeText.line(key: key, from: old, to: new)
        ?? "roster key '\(shown(key))': \(json(old)) -> \(json(new))"
    }
  }

  /// A field as `set` names it: `weapon`, `name colour`, a declared field's name, or
  /// `key 'tags'` for one the roster neither builds in nor declares.
  static func fieldName(_ field: MonsterField) -> String {
    field.kind == .any ? "key '\(shown(field.key))'" : shown(field.label)
  }

  /// A field's value as `set` shows it: text in quotes (a file name, weapon, colour or one
  /// of a field's values bare), no value as `none`, a value of an undeclared key as compact
  /// JSON.
  static func value(_ value: JSONValue?, of field: MonsterField) -> String {
    switch (field.kind, value) {
    case (.any, _): json(value)
    case (_, nil): "none"
    case (.text, .string(let text)?) where !field.isFileName: "'\(shown(text))'"
    case (_, .string(let text)?): shown(text)
    case (_, let value?): json(value)
    }
  }

  /// Two values of a field, each as `shown` shows it; two long texts cut to where they
  /// differ (see ``whereTheyDiffer(_:_:)``).
  static func pair(
    _ old: JSONValue?, _ new: JSONValue?, of field: MonsterField,
    shownBy shown: (JSONValue?, MonsterField) -> String
  ) -> [String] {
    guard field.kind == .text, case .string(let before)? = old, case .string(let after)? = new
    else { return [shown(old, field), shown(new, field)] }
    let (a, b) = whereTheyDiffer(before, after)
    return [shown(.string(a), field), shown(.string(b), field)]
  }

  /// Two texts, when they are long (over 80 characters together), each cut to where they
  /// differ: what both share at the start and at the end left out but for
  /// ``sharedContext`` characters next to the difference, an ellipsis where text was
  /// left out. Characters are whole, and compared code point by code point.
  static func whereTheyDiffer(_ old: String, _ new: String) -> (String, String) {
    guard old.count + new.count > 80 else { return (old, new) }
    let (a, b) = (Array(old), Array(new))
    func same(_ x: Character, _ y: Character) -> Bool {
      x.unicodeScalars.elementsEqual(y.unicodeScalars)
    }
    var start = 0
    while start < a.count, start < b.count, same(a[start], b[start]) { start += 1 }
    var end = 0
    while end < a.count - start, end < b.count - start,
      same(a[a.count - 1 - end], b[b.count - 1 - end])
    {
      end += 1
    }
    // Cut only where more than the ellipsis goes.
    let head = start > sharedContext + 1 ? start - sharedContext : 0
    let tail = end > sharedContext + 1 ? end - sharedContext : 0
    func cut(_ text: [Character]) -> String {
      (head > 0 ? "…" : "") + String(text[head..<(text.count - tail)]) + (tail > 0 ? "…" : "")
    }
    return (cut(a), cut(b))
  }

  /// How many characters both texts share are shown next to where they differ.
  static let sharedContext = 16

  /// A JSON value, compact and escaped for a terminal, or `none`.
  static func json(_ value: JSONValue?) -> String {
    guard let value else { return "none" }
    var bytes: [UInt8] = []
    bytes.appendJSON(value, indent: nil, forTerminal: true)
    return shown(String(decoding: bytes, as: UTF8.self))
  }

  /// A JSON value, compact, as it is.
  static func compactJSON(_ value: JSONValue) -> String {
    var bytes: [UInt8] = []
    bytes.appendJSON(value, indent: nil)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Text from a roster, safe to show: control characters as `\n` or `\u{1B}` and format
  /// characters (bidirectional overrides, zero-width joiners, the byte order mark) as
  /// `\u{202E}`, so that no change can take more than a line or hide in another's text.
  static func shown(_ text: String) -> String {
    escapedFormatCharacters(escapedForTerminal(text))
  }

  // MARK: - Markdown

  /// A summary and a table of the changes, GitHub-flavoured, for a pull request's comment.
  static func markdown(_ diff: RosterDiff) -> String {
    let code = MarkdownText.code
    guard !diff.isEmpty else { return "No changes to the roster.\n" }
    var counts: [(String, Int)] = [
      ("added", 0), ("removed", 0), ("renamed", 0), ("changed", 0), ("moved", 0),
    ]
    var rows: [(String, String)] = []
    for change in diff.changes {
      switch change {
      case .added(let monster):
        counts[0].1 += 1
        rows.append((code(monster.name), "added"))
      case .removed(let monster):
        counts[1].1 += 1
        rows.append((code(monster.name), "removed"))
      case .renamed(let old, let new):
        counts[2].1 += 1
        rows.append((code(new), "renamed from \(code(old))"))
      case .changed(let name, let field, let old, let new):
        counts[3].1 += 1
        rows.append(
          (
            code(name),
            "\(markdownFieldName(field)): \(cell(old, of: field)) → \(cell(new, of: field))"
          ))
      case .moved(let name):
        counts[4].1 += 1
        rows.append((code(name), "moved"))
      case .rosterField(let key, let old, let new):
        counts[3].1 += 1
        rows.append(("*the roster*", "key \(code(key)): \(code(json(old))) → \(code(json(new)))"))
      }
    }
    let total = diff.changes.count
    let summary = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    var lines = [
      "**\(total) \(total == 1 ? "change" : "changes") to the roster:** \(summary)", "",
      "| Monster | Change |", "| --- | --- |",
    ]
    lines += rows.map { "| \($0.0) | \($0.1) |" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A field as ``fieldName(_:)`` names it, with a name the roster gave it (a declared
  /// field, a key of its own) in a code span.
  private static func markdownFieldName(_ field: MonsterField) -> String {
    if field.kind == .any { return "key " + MarkdownText.code(field.key) }
    return field.builtIn == nil ? MarkdownText.code(field.label) : fieldName(field)
  }

  private static func cell(_ value: JSONValue?, of field: MonsterField) -> String {
    let code = MarkdownText.code
    switch (field.kind, value) {
    case (.any, _), (_, .some(.array)), (_, .some(.object)): return code(json(value))
    case (_, nil): return "none"
    case (_, .string(let text)?): return code(text)
    case (_, let value?): return code(json(value))
    }
  }

  // MARK: - JSON

  /// A JSON array of the changes, one object a line, for scripts.
  static func json(_ diff: RosterDiff, forTerminal: Bool) -> [UInt8] {
    var bytes: [UInt8] = Array("[".utf8)
    for (offset, change) in diff.changes.enumerated() {
      bytes.append(contentsOf: (offset == 0 ? "\n  " : ",\n  ").utf8)
      bytes.appendJSON(.object(members(of: change)), indent: nil, forTerminal: forTerminal)
    }
    bytes.append(contentsOf: (diff.isEmpty ? "]\n" : "\n]\n").utf8)
    return forTerminal ? escapingFormatCharacters(bytes) : bytes
  }

  /// A change as the members of its JSON object: `change` (what kind), then what it is of.
  static func members(of change: RosterDiff.Change) -> [JSONMember] {
    func member(_ key: String, _ value: JSONValue?) -> [JSONMember] {
      value.map { [JSONMember(key, $0)] } ?? []
    }
    switch change {
    case .added(let monster):
      return [
        JSONMember("change", .string("added")), JSONMember("name", .string(monster.name)),
        JSONMember("monster", .object(monster.jsonMembers)),
      ]
    case .removed(let monster):
      return [
        JSONMember("change", .string("removed")), JSONMember("name", .string(monster.name)),
        JSONMember("monster", .object(monster.jsonMembers)),
      ]
    case .renamed(let old, let new):
      return [
        JSONMember("change", .string("renamed")), JSONMember("from", .string(old)),
        JSONMember("to", .string(new)),
      ]
    case .changed(let name, let field, let old, let new):
      return [
        JSONMember("change", .string("changed")), JSONMember("name", .string(name)),
        JSONMember("field", .string(field.key)),
      ] + member("old", old) + member("new", new)
    case .moved(let name):
      return [JSONMember("change", .string("moved")), JSONMember("name", .string(name))]
    case .rosterField(let key, let old, let new):
      return [JSONMember("change", .string("roster")), JSONMember("key", .string(key))]
        + member("old", old) + member("new", new)
    }
  }

  /// JSON text with each format character in its strings (where alone they can stand)
  /// written as a `\u` escape, for a terminal.
  static func escapingFormatCharacters(_ json: [UInt8]) -> [UInt8] {
    guard json.contains(where: { $0 >= 0x80 }) else { return json }
    let text = String(decoding: json, as: UTF8.self)
    let escaped = escaping(text) { scalar in
      guard scalar.properties.generalCategory == .format else { return nil }
      return String(
        scalar.utf16.map { unit in
          let hex = String(unit, radix: 16)
          return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined())
    }
    return Array(escaped.utf8)
  }
}
