/// An argument a command takes, such as `<monster>`.
struct ArgumentSpec: Equatable, Sendable {
  /// The argument's name in help: `monster` gives `<monster>`.
  var name: String
  /// What the argument is.
  var kind: ValueKind
  /// Whether the argument may be left out.
  var isOptional = false
  /// Whether the argument takes every word left, one or more (none when it is optional):
  /// only the last argument may.
  var isRepeating = false
  /// What the argument is, for help.
  var help: String

  /// `<monster>`, or `[<monster>]` when it may be left out; `<monster>...` when it takes
  /// several.
  var synopsis: String {
    let word = "<\(name)>" + (isRepeating ? "..." : "")
    return isOptional ? "[\(word)]" : word
  }
}

// MARK: - The arguments several commands take

extension ArgumentSpec {
  /// A monster named on the roster in use.
  static let monster = ArgumentSpec(
    name: "monster", kind: .monster, help: "The monster's name, in any case.")

  /// Monsters named on the roster in use, for a command that may pick them with `--where`
  /// instead.
  static let monsters = ArgumentSpec(
    name: "monster", kind: .monster, isOptional: true, isRepeating: true,
    help: "The monsters' names, in any case (or --where instead).")

  /// Roster files, for a command that takes the roster file in use when none is named.
  ///
  /// - Parameter verb: What the command does to them, for help: `check`.
  static func rosterFiles(to verb: String) -> ArgumentSpec {
    ArgumentSpec(
      name: "file", kind: .path, isOptional: true, isRepeating: true,
      help: "The roster files to \(verb) (default: the roster file).")
  }
}
