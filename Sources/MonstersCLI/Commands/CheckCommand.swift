import MonsterKit

/// `monsters check`: validates the roster file, reporting every problem, for CI.
enum CheckCommand {
  static let subcommand = Subcommand(
    spec: CommandSpec(
      name: "check",
      abstract: "Check the roster file and report every problem, for CI.",
      discussion: """
        Prints each problem on a line of its own, as path:line:column: message: unknown \
        weapons, duplicate names, empty names, bad colours, a newer version, missing \
        fields, and a valid file that is not in canonical form. A JSON syntax error \
        stops the check at the first one. Exits 0 when the file is clean, 1 when there \
        are problems, and 66 when there is no file.
        """),
    run: run)

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let path = escapedForTerminal(context.file.path)
    let problems: [String]
    do throws(RosterError) {
      problems = try context.file.problems().map { "\(path):\($0)" }
    } catch {
      switch error {
      case .syntax: problems = [error.description]
      case .unresolvedConflict(_, let lines):
        problems = lines.map { "\(path):\($0): unresolved merge conflict" }
      default: throw .roster(error)
      }
    }
    guard !problems.isEmpty else {
      context.output.writeLine("\(path): a valid roster, in canonical form.")
      return
    }
    for problem in problems {
      context.output.writeLine(problem)
    }
    throw .problemsFound(count: problems.count, path: context.file.path)
  }
}
