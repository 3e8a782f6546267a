/// An argument a command takes, such as `<monster>`.
struct ArgumentSpec: Equatable, Sendable {
  /// The argument's name in help: `monster` gives `<monster>`.
  var name: String
  /// What the argument is.
  var kind: ValueKind
  /// Whether the argument may be left out.
  var isOptional = false
  /// What the argument is, for help.
  var help: String

  /// `<monster>`, or `[<monster>]` when it may be left out.
  var synopsis: String {
    isOptional ? "[<\(name)>]" : "<\(name)>"
  }
}

// MARK: - The arguments several commands take

extension ArgumentSpec {
  /// A monster named on the roster in use.
  static let monster = ArgumentSpec(
    name: "monster", kind: .monster, help: "The monster's name, in any case.")
}
