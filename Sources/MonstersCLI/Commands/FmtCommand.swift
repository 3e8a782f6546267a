import MonsterKit

/// `monsters fmt`: writes roster files in canonical form, or lists those that are not.
enum FmtCommand {
  static let checkOption = OptionSpec(
    "check",
    help: "Write nothing: list the files that are not in canonical form, and exit 1 if "
      + "there is any, as gofmt -l and prettier --check do.")

  static let subcommand = Subcommand(name: "fmt", run: run) {
    CommandSpec(
      abstract: "Write roster files in canonical form, or check that they are.",
      discussion: """
        Formats the files named, or the roster file, each through the same locked, \
        atomic write as an edit. A file in canonical form already is not rewritten. A \
        file that is not a valid roster is named with its first problem and left as it \
        is (exit 65); the others are formatted all the same.
        """,
      details: """
        With --check, a file named - is standard input, which can be named once; fmt cannot write \
        a stream (64).
        """,
      arguments: [.rosterFiles(to: "format")],
      options: [checkOption])
  }.examples {
    [
      CommandExample("Write the roster file in canonical form.", "fmt"),
      CommandExample(
        "In CI: list the files that are not canonical, and fail if any is.",
        "fmt --check monsters.json team.json"),
    ]
  }

  /// Formats each file, or with `--check` lists those that are not canonical.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let arguments = context.invocation.arguments
    let checks = context.invocation.has(checkOption)
    var failures: [CommandFailure] = []
    var unformatted: [String] = []
    for file in try context.rosterFiles(named: arguments) {
      let path = file.path
      let shown = escapedForTerminal(path)
      do throws(RosterError) {
        if checks {
          guard try isCanonical(file) else {
            context.output.writeLine(shown)
            unformatted.append(path)
            continue
          }
        } else if try format(file) {
          context.record.noteSaved(path)
          context.output.writeLine("Formatted \(shown).")
        } else {
          context.console.errors.writeLine(
            EditReport.notePrefix(context) + "Nothing to change: \(shown) is in canonical form.")
        }
      } catch {
        let failure = CommandFailure.roster(error)
        failure.message.map { context.console.errors.writeLine("Error: " + $0) }
        failures.append(failure)
      }
    }
    if let failure = failures.first { throw .reported(failure) }
    if !unformatted.isEmpty { throw .notCanonical(paths: unformatted) }
  }

  /// Whether a file is a valid roster in canonical form.
  ///
  /// - Throws: ``RosterError`` for a file that is missing, unreadable, or not a valid
  ///   roster.
  static func isCanonical(_ file: RosterFile) throws(RosterError) -> Bool {
    let problems = try file.problems()
    let broken = problems.filter { $0.kind != .layout }
    guard broken.isEmpty else { throw .invalidRoster(path: file.path, problems: broken) }
    return problems.isEmpty
  }

  /// Writes a file in canonical form, through the one edit path, unless it is in it.
  ///
  /// - Returns: Whether the file was rewritten.
  /// - Throws: ``RosterError`` for a file that is missing, unreadable, or not a valid
  ///   roster, or that cannot be locked or written.
  static func format(_ file: RosterFile) throws(RosterError) -> Bool {
    try file.edit(dryRun: false) { (roster) throws(RosterError) in
      switch roster.readLayout {
      case .canonical: return false
      case .notCanonical: return true
      case .notRead: throw .missingFile(path: file.path)
      }
    }.changed
  }
}
