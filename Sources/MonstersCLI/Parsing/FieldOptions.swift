import MonsterKit

/// The options that give a monster's fields, made from the fields' description: one for
/// each built-in field but the name (`--weapon`, `--description`, `--icon`,
/// `--name-color`), and `--field NAME=VALUE` for a field the roster declares.
///
/// `set` and `add` take them all; `list` takes `--weapon`, and `--where`, which any field
/// may be picked by. A new built-in field gets its option, its help and its completion
/// here, from its entry in ``MonsterField/builtIn``.
enum FieldOptions {
  /// What a command does with the fields it is given.
  enum Use {
    /// Changes a monster's fields (`set`).
    case change
    /// Gives a new monster its fields (`add`).
    case create
  }

  /// The option of a built-in field: its flag is the key in lower case with dashes
  /// (`someField` is `--some-field`).
  ///
  /// - Parameters:
  ///   - field: A built-in field.
  ///   - use: What the command does with it.
  /// - Returns: The option.
  static func option(for field: MonsterField, _ use: Use) -> OptionSpec {
    OptionSpec(
      flag(of: field), OptionValue(valueKind(of: field, use), valueName(of: field)),
      isRequired: use == .create && field.kind == .weapon, help: help(for: field, use))
  }

  /// The options that give a monster's fields: those of the built-in fields, in the order
  /// listings show them, then ``declaredField``.
  static func options(_ use: Use) -> [OptionSpec] {
    MonsterField.listed.dropFirst().map { option(for: $0, use) } + [declaredField]
  }

  /// `--field NAME=VALUE`, for a field the roster declares; repeatable.
  static let declaredField = OptionSpec(
    "field", OptionValue(.assignment, "name=value"), isRepeatable: true,
    help: "A field the roster declares: its new value, \"\" for the empty text, or nothing "
      + "(NAME=) to take an optional one away. Repeat it for several.")

  /// The flag of a built-in field's option, without dashes: its key in lower case, a dash
  /// before each word after the first.
  static func flag(of field: MonsterField) -> String {
    var flag = ""
    for character in field.key {
      if character.isUppercase {
        flag += "-" + character.lowercased()
      } else {
        flag.append(character)
      }
    }
    return flag
  }

  private static func valueKind(of field: MonsterField, _ use: Use) -> ValueKind {
    switch field.kind {
    case .weapon: .weapon
    case .color: use == .change && !field.isRequired ? .colorOrNone : .color
    case _ where field.isFileName: .path
    default: .text
    }
  }

  private static func valueName(of field: MonsterField) -> String {
    switch field.kind {
    case .weapon: "weapon"
    case .color: "color"
    case _ where field.isFileName: "file"
    default: "text"
    }
  }

  private static func help(for field: MonsterField, _ use: Use) -> String {
    let noun = field.label + (field.isFileName ? "'s file name" : "")
    var help = (use == .change ? "The new " : "The monster's ") + noun
    switch field.kind {
    case .weapon: help += ": " + OptionSpec.weaponsPlaceholder + " (any case; ninja-star works too)"
    case .color: help += ": " + listing((field.words() ?? []) + ["#RRGGBB"])
    default: break
    }
    switch use {
    case .change where !field.isRequired: help += ", or none to take it away"
    case .create where field.kind == .weapon: break
    case .create where !field.isRequired: help += " (default: none)"
    case .create where field.isFileName:
      help += " (default: meet + the name's letters and digits + .png)"
    case .create: help += " (default: empty)"
    case .change: break
    }
    return help + "."
  }

  // MARK: - Reading the options

  /// The changes the field options of a command line give, in the order given: a weapon
  /// typed as a person types it, text exactly, `none` for no value where allowed.
  ///
  /// - Throws: A usage error for `--field` without `=`, naming a built-in field, or naming
  ///   a field given already, in any case or normal form, as an option given twice is.
  static func changes(_ invocation: Invocation) throws(CommandFailure) -> RosterEdit.Changes {
    var changes = RosterEdit.Changes()
    let fields = Dictionary(
      MonsterField.builtIn.dropFirst().map { (flag(of: $0), $0) }, uniquingKeysWith: { a, _ in a })
    // Each field given, by its name as names of fields are compared: `Notes` is `notes`.
    var declaredGiven: [String: String] = [:]
    for option in invocation.options {
      guard let text = option.value else { continue }
      if option.name == declaredField.name {
        let (key, value) = try assignment(text, invocation: invocation)
        if let earlier = declaredGiven.updateValue(key, forKey: MonsterField.foldedKey(key)) {
          throw invocation.usageError(
            .invalidValue(
              "The field '\(escapedForMessage(key))' was given more than once"
                + (earlier.hasSameCodePoints(as: key)
                  ? "."
                  : " ('\(escapedForMessage(earlier))' and '\(escapedForMessage(key))' "
                    + "are one field, in any case or normal form).")))
        }
        // `NAME=""`, as a shell passes it quoted: the empty text, as `--where` reads it.
        changes.set(key, to: value == Invocation.emptyTextWord ? .quotedEmpty : .typed(value))
      } else if let field = fields[option.name] {
        changes.set(field.key, to: input(text, for: field, invocation: invocation))
      }
    }
    return changes
  }

  /// What an option's text gives a field: text exactly, or read by the roster.
  private static func input(_ text: String, for field: MonsterField, invocation: Invocation)
    -> FieldInput
  {
    switch field.kind {
    case .name, .text, .any: return .json(.string(text))
    case .color
    where text.lowercased() == ValueKind.noColorWord
      && invocation.command?.options.contains { $0.value == .colorOrNone } == true:
      return .typed("")
    default: return .typed(text)
    }
  }

  /// A `NAME=VALUE` of `--field`.
  private static func assignment(_ text: String, invocation: Invocation) throws(CommandFailure)
    -> (String, String)
  {
    guard let (key, value) = text.split(atFirst: "=") else {
      throw invocation.usageError(
        .invalidValue(
          "Invalid value for '\(declaredField.synopsis)': '\(escapedForMessage(text))'; write "
            + "NAME=VALUE, such as team=red, or NAME= to take the value away."))
    }
    if let field = MonsterField.builtIn.first(where: { $0.key.lowercased() == key.lowercased() }) {
      let way =
        field == .name
        ? "'monsters rename' gives a monster a new name" : "give it with --\(flag(of: field))"
      throw invocation.usageError(
        .invalidValue("'\(field.key)' is a built-in field: \(way), not --field."))
    }
    return (key, value)
  }
}

// The options that pick monsters by their fields, or choose which fields to print.
extension OptionSpec {
  /// `--where <field=value>...`, which may be repeated; `field<value` and the other
  /// comparisons too.
  ///
  /// - Parameter purpose: What the command does with the monsters it picks, the first
  ///   sentence of the help; ``whereFields`` follows it.
  static func whereCondition(_ purpose: String) -> OptionSpec {
    OptionSpec(
      "where", OptionValue(.condition, "field=value"), isRepeatable: true,
      help: purpose + " " + whereFields)
  }

  /// `--where`, for a command that names monsters or picks them with it.
  ///
  /// - Parameter verb: What the command does with them: `Change` gives the help "Change
  ///   every monster whose field has the value, instead of naming them."
  static func whereCondition(insteadOfNaming verb: String) -> OptionSpec {
    whereCondition("\(verb) every monster whose field has the value, instead of naming them.")
  }

  /// The help of `--where` after what the command does with the monsters it picks.
  static let whereFields =
    "Fields: \(MonsterField.listed.map(\.key).joined(separator: ", ")), a declared field or "
    + "another key; a name matches in any case, a weapon forgivingly, none or nothing "
    + "matches no value and \"\" the empty text. != is the opposite of =; <, <=, > and >= "
    + "compare integers as numbers, other values as text. Repeat it: all must hold."
}
