import MonsterKit

/// `monsters apply`: many edits, from a script, as one change.
enum ApplyCommand {
  static let subcommand = Subcommand(name: "apply", run: run) {
    CommandSpec(
      abstract: "Make many edits as one change, from a script.",
      discussion: """
        The script holds one edit a line, in the command line's own words without the \
        leading 'monsters': \(listing(editing.map(\.name))), with their options, such \
        as 'set Cat-Bot --weapon fire' or \
        'remove --where weapon=smoke --if-exists'. Quote as in \
        a shell; blank lines and lines starting with # are skipped, and a # starting a \
        word starts a comment, so quote a colour: --name-color '#FF8800'.

        All the edits land in one write, or none does: the first line that fails is \
        named, with its error, and the file is left as it was. Each edit is reported as \
        its command would report it; edits that cancel out leave the file as it was.
        """,
      arguments: [
        ArgumentSpec(
          name: "script", kind: .path, isOptional: true,
          help: "The script's path, or - for standard input (the default).")
      ],
      options: [.dryRun, .exitCode])
  }.examples {
    [
      CommandExample("Make the edits in a script, as one change.", "apply edits.txt"),
      CommandExample(
        "Show the diff, and exit 1 when the script would change the file.",
        "apply edits.txt --dry-run --exit-code"),
      CommandExample(
        "Edits from standard input.",
        "apply", shellPrefix: "printf 'set Cat-Bot --weapon fire\\n' |"),
    ]
  }

  /// The subcommands a script line may use.
  static var editing: [Subcommand] {
    Subcommand.all.filter { $0.edit != nil }
  }

  /// The options of `apply` itself, which a line may not carry.
  static let runOptions = [OptionSpec.dryRun, .exitCode]

  /// Reads the script, makes each line's edit, and applies them all as one change.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.checkExitCodeOption()
    let path = context.invocation.argument(0) ?? CommandContext.standardInputPath
    let name = CommandContext.shownName(ofInput: path)
    let lines = try scriptLines(path: path, name: name, console: context.console)
    var edits: [RosterEdit] = []
    for line in lines {
      do throws(CommandFailure) {
        edits.append(try edit(for: line))
      } catch {
        throw .scriptLine(path: name, line: line.number, failure: error)
      }
    }
    let outcome: EditOutcome
    do throws(EditFailure) {
      outcome = try context.perform(edits)
    } catch {
      throw error.failure(
        inInput: name, command: context.invocation.command,
        lineCommand: { (try? Invocation(parsing: lines[$0].words, commands: editing))?.command },
        line: { lines[$0].number })
    }
    let prefix = escapedForMessage(name)
    try context.report(outcome) { "\(prefix):\(lines[$0].number): " }
    guard outcome.update.changed, !context.invocation.has(.dryRun) else { return }
    let count = edits.count
    context.output.writeLine(
      "Applied \(count) \(count == 1 ? "edit" : "edits") to "
        + "\(escapedForMessage(context.file.path)).")
  }

  /// The lines of the script that hold edits.
  private static func scriptLines(path: String, name: String, console: Console)
    throws(CommandFailure) -> [ApplyScript.Line]
  {
    let bytes = try InputFile.contents(of: path, console: console)
    do throws(ApplyScript.SyntaxError) {
      return try ApplyScript.lines(of: bytes)
    } catch {
      throw .scriptLine(
        path: name, line: error.line,
        failure: .usage(.invalidValue(error.message), command: subcommand.parsingSpec))
    }
  }

  /// The edit one line of a script asks for, with a hint for a line written as a whole
  /// command (`monsters set ...`) or a value a `#` cut off.
  static func edit(for line: ApplyScript.Line) throws(CommandFailure) -> RosterEdit {
    do throws(CommandFailure) {
      return try edit(for: line.words)
    } catch {
      if line.words.first == "monsters" {
        // The example's own `monsters` is the one to drop.
        let rest = CommandExample(purpose: "", arguments: Array(line.words.dropFirst()))
          .commandLine.drop { $0 != " " }.dropFirst()
        throw .hinted(error, hint: "Drop the leading 'monsters': \(escapedForMessage(rest))")
      }
      guard case .usage(.missingValue(let option), _) = error, let comment = line.comment,
        let value = comment.split(atEach: " ").first(where: { !$0.isEmpty })
      else { throw error }
      throw .hinted(
        error,
        hint: "A # starts a comment; quote the value: --\(option.name) "
          + escapedForMessage(CommandExample.shellQuoted("#" + value)))
    }
  }

  /// The edit one line of a script asks for, from its words.
  ///
  /// A line that names no edit is a usage error of `apply` itself, whose help says what a
  /// line may be: a subcommand that only reads (`list`) is named as one.
  static func edit(for words: some Collection<String>) throws(CommandFailure) -> RosterEdit {
    let invocation: Invocation
    do throws(CommandFailure) {
      invocation = try Invocation(parsing: Array(words), commands: editing)
    } catch {
      guard case .usage(.unknownCommand(let name, let suggestion), nil) = error else {
        throw error
      }
      guard Subcommand.all.contains(where: { $0.name == name }) else {
        throw .usage(.unknownCommand(name, suggestion: suggestion), command: subcommand.parsingSpec)
      }
      let edits = editing.map(\.name)
      throw .usage(
        .invalidValue(
          "'\(name)' does not edit the roster; a script line is an edit: \(listing(edits))."),
        command: subcommand.parsingSpec)
    }
    guard let command = invocation.command,
      let edit = editing.first(where: { $0.name == command.name })?.edit
    else {
      throw CommandFailure.usage(.missingCommand, command: subcommand.parsingSpec)
    }
    let runOptionNames = runOptions.map(\.name)
    let lineOptions = command.options.map { $0.name }.filter { !runOptionNames.contains($0) }
    if let foreign = invocation.options.map({ $0.name }).sorted().first(where: {
      !lineOptions.contains($0)
    }) {
      throw invocation.usageError(
        .invalidValue("'--\(foreign)' is an option of 'monsters apply', not of a script line."))
    }
    return try edit(invocation)
  }
}
