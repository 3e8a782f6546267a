import MonsterKit

/// A subcommand: its name, what it does, and its spec, which the parser, help and
/// completions read.
///
/// Each subcommand's file in this folder holds its spec, its examples and what it does:
/// `monsters set` is `SetCommand`, with its spec and, as it edits the roster, its `edit`,
/// which the edit path (``CommandContext/applyAndReport(_:)``) makes; `weapons add` and
/// `weapons remove` are in `WeaponsCommand`, beside the listing.
struct Subcommand: Sendable {
  /// The name, such as `list`: all the parser needs to find the subcommand.
  let name: String
  /// Runs the subcommand.
  let run: @Sendable (CommandContext) throws(CommandFailure) -> Void
  /// For a subcommand that edits the roster, the edit its command line asks for: the same
  /// for a command line and for a line of an `apply` script.
  let edit: (@Sendable (Invocation) throws(CommandFailure) -> RosterEdit)?
  private let makeSpec: @Sendable () -> CommandSpec
  /// Makes the examples of its help and manual page, lines a user can copy, each one that
  /// the spec accepts. Made only when help is asked for, as the spec is only for a run.
  private var makeExamples: @Sendable () -> [CommandExample] = { [] }

  /// Creates a subcommand.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - run: What it does.
  ///   - edit: For a subcommand that edits the roster, the edit its command line asks for.
  ///   - spec: Makes its spec, which the subcommand gives its name.
  init(
    name: String, run: @escaping @Sendable (CommandContext) throws(CommandFailure) -> Void,
    edit: (@Sendable (Invocation) throws(CommandFailure) -> RosterEdit)? = nil,
    spec: @escaping @Sendable () -> CommandSpec
  ) {
    self.name = name
    self.run = run
    self.edit = edit
    self.makeSpec = spec
  }

  /// A subcommand that edits the roster: it makes the edit its command line asks for, the
  /// same for a command line and for a line of an `apply` script, through the edit
  /// path, and reports it.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - edit: The edit a command line asks for.
  ///   - spec: Makes its spec, which the subcommand gives its name.
  init(
    name: String, edit: @escaping @Sendable (Invocation) throws(CommandFailure) -> RosterEdit,
    spec: @escaping @Sendable () -> CommandSpec
  ) {
    self.init(
      name: name,
      run: { (context) throws(CommandFailure) in
        try context.applyAndReport(edit(context.invocation))
      }, edit: edit, spec: spec)
  }

  /// The subcommand with examples, which its file gives beside its spec.
  ///
  /// - Parameter make: Makes the examples, when help is asked for.
  /// - Returns: The subcommand, with those examples.
  func examples(_ make: @escaping @Sendable () -> [CommandExample]) -> Subcommand {
    var subcommand = self
    subcommand.makeExamples = make
    return subcommand
  }

  /// The arguments, options, help and examples. Made when asked for, so that a start makes
  /// the spec of the subcommand it runs and no other.
  var spec: CommandSpec {
    var spec = parsingSpec
    spec.examples = makeExamples()
    return spec
  }

  /// The spec without its examples, which only help shows: what a run parses its command
  /// line with.
  var parsingSpec: CommandSpec {
    var spec = makeSpec()
    spec.name = name
    return spec
  }

  /// The whole spec, examples included, of a subcommand's spec that a run parsed with.
  static func spec(of command: CommandSpec?) -> CommandSpec? {
    guard let command else { return nil }
    return all.first { $0.name == command.name }?.spec ?? command
  }

  /// Every subcommand, in the order help lists them.
  static let all: [Subcommand] = [
    ListCommand.subcommand,
    ShowCommand.subcommand,
    SetCommand.subcommand,
    PickCommand.subcommand,
    AddCommand.subcommand,
    RemoveCommand.subcommand,
    RenameCommand.subcommand,
    ImportCommand.subcommand,
    WeaponsCommand.subcommand,
    WeaponsCommand.add,
    WeaponsCommand.remove,
    WeaponsCommand.rename,
    WeaponsCommand.change,
    FieldsCommand.subcommand,
    FieldsCommand.add,
    FieldsCommand.remove,
    FieldsCommand.change,
    FieldsCommand.rename,
    FieldsCommand.otherKeys,
    SchemaCommand.subcommand,
    InitCommand.subcommand,
    CheckCommand.subcommand,
    FmtCommand.subcommand,
    ApplyCommand.subcommand,
    DiffCommand.subcommand,
    MergeCommand.subcommand,
    ResolveCommand.subcommand,
    SetupGitCommand.subcommand,
    EditCommand.subcommand,
    LogCommand.subcommand,
    CompletionsCommand.subcommand,
    HelpCommand.subcommand,
  ]

  /// The specs of every subcommand.
  static var specs: [CommandSpec] {
    all.map { $0.spec }
  }
}
