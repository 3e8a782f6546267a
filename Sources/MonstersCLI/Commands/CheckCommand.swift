import MonsterKit

/// `monsters check`: validates roster files, reporting every problem, for CI.
enum CheckCommand {
  /// How the problems are printed.
  enum Format: String, OptionChoice {
    case text, json, github
  }

  static let formatOption = OptionSpec.format(
    Format.text,
    help: "text (path:line:column: message), json (an array of problems with file, line, "
      + "column, kind and message) or github (GitHub Actions annotations) (default: text).")

  static let subcommand = Subcommand(name: "check", run: run) {
    CommandSpec(
      abstract: "Check roster files and report every problem, for CI.",
      discussion: """
        Checks the files named, or the roster file. Prints each problem on a line of its \
        own: unknown weapons, duplicate names, empty names, bad colours, a newer version, \
        missing fields, and a valid file that is not in canonical form (which 'monsters \
        fmt' fixes). A JSON syntax error stops the check of its file at the first one; a \
        file with a merge's conflict markers has each conflict listed instead. In json, \
        each problem's kind is syntax, conflict, invalid (a broken rule) or layout (valid, \
        not canonical).

        Exits 0 when every file is clean, 1 when there are problems, 66 when a file does \
        not exist and 74 when one cannot be read (the others are checked all the same).

        Where git's attributes send a roster to the 'monsters' merge driver but this \
        clone's git config does not define it (a fresh clone), says so on standard \
        error, with the fix: 'monsters setup-git'.
        """,
      details: """
        A file named - is standard input, which can be named once (twice is a usage error).

        Beside that note, check notes each roster git holds in conflict that needs more than \
        resolve: one git merged line by line, and one without markers that is still ours or theirs \
        byte for byte, as a driver that failed, or that git could not find on its PATH, leaves it \
        (git then says CONFLICT, and committing the file would drop the other side). It asks git \
        only while a merge, cherry-pick, revert or rebase is under way, or after one (or a git \
        stash pop) stopped in conflict, or for a file with markers.
        """,
      arguments: [.rosterFiles(to: "check")],
      options: [formatOption])
  }.examples {
    [
      CommandExample("Check the roster file: one line per problem.", "check"),
      CommandExample(
        "Check two files in GitHub Actions, as annotations on the pull request.",
        "check monsters.json team.json --format github"),
      CommandExample(
        "The problems as JSON, for another program.",
        "check --format json", shellSuffix: "| jq -r '.[].message'"),
    ]
  }

  /// A problem of one file. A merge's conflict has a line and no column.
  struct Finding {
    var path: String
    var line: Int
    var column: Int?
    var kind: String
    var message: String
  }

  /// Prints every problem of each file, and fails when there is any.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let format = try context.invocation.choice(formatOption, as: Format.self)
    let arguments = context.invocation.arguments
    var findings: [(path: String, problems: [Finding]?)] = []
    var failures: [CommandFailure] = []
    for file in try context.rosterFiles(named: arguments) {
      let path = file.path
      do throws(RosterError) {
        let problems = try file.problems().map { problem in
          Finding(
            path: path, line: problem.line, column: problem.column, kind: problem.kind.rawValue,
            message: problem.kind == .layout
              ? problem.message + ", or 'monsters fmt' now" : problem.message(program: "monsters"))
        }
        findings.append((path, problems))
        context.noteAbandonedTemporaryFiles(of: file)
      } catch {
        switch error {
        case .syntax(_, let line, let column, let message):
          let syntax = Finding(
            path: path, line: line, column: column, kind: "syntax", message: message)
          findings.append((path, [syntax]))
        case .unresolvedConflict(_, let lines):
          let conflicts = lines.map { line in
            Finding(
              path: path, line: line, column: nil, kind: "conflict",
              message: "unresolved merge conflict")
          }
          findings.append((path, conflicts))
        default:
          // A file that cannot be checked is an error of its own; the others are checked.
          let failure = CommandFailure.roster(error)
          failure.message.map { context.console.errors.writeLine("Error: " + $0) }
          failures.append(failure)
          findings.append((path, nil))
        }
      }
    }
    try context.output.writeReport { () throws(CommandFailure) in
      try write(findings, format: format, to: context.output)
    }
    noteMergesGitMade(
      for: findings.map(\.path),
      conflicted: Set(
        findings.filter { $0.problems?.contains { $0.kind == "conflict" } == true }.map(\.path)),
      context)
    if let failure = failures.first { throw .reported(failure) }
    let troubled = findings.filter { $0.problems?.isEmpty == false }
    guard troubled.isEmpty else {
      throw .problemsFound(
        count: troubled.reduce(0) { $0 + ($1.problems?.count ?? 0) }, paths: troubled.map(\.path))
    }
  }

  /// Prints the problems of each file in a format; `nil` problems for a file that could
  /// not be checked.
  private static func write(
    _ findings: [(path: String, problems: [Finding]?)], format: Format, to output: OutputChannel
  ) throws(CommandFailure) {
    let all = findings.flatMap { $0.problems ?? [] }
    switch format {
    case .json:
      let objects = all.map { finding in
        JSONValue.object([
          JSONMember("file", .string(finding.path)),
          JSONMember("line", .number(String(finding.line))),
          JSONMember("column", finding.column.map { .number(String($0)) } ?? .null),
          JSONMember("kind", .string(finding.kind)),
          JSONMember("message", .string(finding.message)),
        ])
      }
      try output.writeJSON(.array(objects))
    case .github:
      for finding in all {
        output.writeLine(
          "::error file=\(escapedForTerminal(annotationProperty(finding.path))),"
            + "line=\(finding.line)\(finding.column.map { ",col=\($0)" } ?? "")::"
            + annotationData(finding.message))
      }
    case .text:
      for (path, problems) in findings {
        guard let problems else { continue }
        let shown = escapedForTerminal(path)
        if problems.isEmpty { output.writeLine("\(shown): a valid roster, in canonical form.") }
        for finding in problems {
          let place = "\(finding.line)" + (finding.column.map { ":\($0)" } ?? "")
          output.writeLine("\(shown):\(place): \(finding.message)")
        }
      }
    }
  }

  /// A message as the data of a GitHub Actions workflow command: `%`, carriage return and
  /// line feed encoded, so that it stays one command.
  static func annotationData(_ text: String) -> String {
    escaping(text) { scalar in
      switch scalar {
      case "%": "%25"
      case "\r": "%0D"
      case "\n": "%0A"
      default: nil
      }
    }
  }

  /// A value of a workflow command's property, such as a file's path: as its data, with
  /// `:` and `,` encoded too, which end a property. Encoded before anything else is
  /// escaped, so that a line break in a path is GitHub's `%0A`, which it reads back as one.
  static func annotationProperty(_ text: String) -> String {
    escaping(annotationData(text)) { scalar in
      switch scalar {
      case ":": "%3A"
      case ",": "%2C"
      default: nil
      }
    }
  }
}
