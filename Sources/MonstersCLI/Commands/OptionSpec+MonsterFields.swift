// The options that give a monster's fields, which `list`, `add` and `set` share: the same
// flag, value and completion for each, with help that says what the command does with it.
extension OptionSpec {
  /// `--weapon <weapon>`.
  static func weapon(isRequired: Bool = false, help: String) -> OptionSpec {
    OptionSpec("weapon", value: .weapon, isRequired: isRequired, help: help)
  }

  /// `--description <text>`.
  static func description(help: String) -> OptionSpec {
    OptionSpec("description", value: .text, valueName: "text", help: help)
  }

  /// `--icon <file>`.
  static func icon(help: String) -> OptionSpec {
    OptionSpec("icon", value: .path, valueName: "file", help: help)
  }

  /// `--name-color <color>`; with `allowsNone`, `none` removes the colour.
  static func nameColor(allowsNone: Bool, help: String) -> OptionSpec {
    OptionSpec(
      "name-color", value: allowsNone ? .colorOrNone : .color, valueName: "color", help: help)
  }
}

// The options that pick monsters by their fields, or choose which fields to print.
extension OptionSpec {
  /// `--where <field=value>...`, which may be repeated.
  static func whereCondition(help: String) -> OptionSpec {
    OptionSpec(
      "where", value: .condition, valueName: "field=value", isRepeatable: true, help: help)
  }

  /// The help of `--where` after what the command does with the monsters it picks.
  static let whereFields =
    "Fields: name (any case), weapon (forgiving), description, icon (exactly), nameColor "
    + "(none for no colour). Repeat it: all must hold."
}
