import MonsterKit

/// `monsters apply`: many edits, from a script, as one change.
enum ApplyCommand {
  static let subcommand = Subcommand(name: "apply", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "Make many edits as one change, from a script.",
      discussion: """
        The script holds one edit a line, in the command line's own words without the \
        leading 'monsters': set, add, remove or rename, such as 'set Cat-Bot --weapon \
        fire'. Quote as in a shell; blank lines and lines starting with # are skipped.

        All the edits land in one write, or none does: the first line that fails is \
        named, with its error, and the file is left as it was.
        """,
      arguments: [
        ArgumentSpec(
          name: "script", kind: .path, isOptional: true,
          help: "The script's path, or - for standard input (the default).")
      ],
      options: [.dryRun])
  }

  /// The subcommands a script line may use.
  static var editing: [Subcommand] {
    Subcommand.all.filter { $0.edit != nil }
  }

  /// Reads the script, makes each line's edit, and applies them all as one change.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    let path = context.invocation.argument(0) ?? "-"
    let name = path == "-" ? "<stdin>" : path
    let lines = try scriptLines(path: path, name: name, console: context.console)
    var edits: [RosterEdit] = []
    for line in lines {
      do throws(CommandFailure) {
        edits.append(try edit(for: line.words))
      } catch {
        throw .scriptLine(path: name, line: line.number, failure: error)
      }
    }
    var failedLine: Int?
    let update: RosterUpdate
    do throws(RosterError) {
      update = try context.file.update(dryRun: context.invocation.has(.dryRun)) {
        (roster) throws(RosterError) in
        var changed = false
        for (edit, line) in zip(edits, lines) {
          failedLine = line.number
          if try roster.apply(edit) { changed = true }
        }
        // What fails from here on, such as the write on a full disk, is no line's doing.
        failedLine = nil
        return changed
      }
    } catch {
      let failure = CommandFailure(refusedEdit: error, command: nil)
      guard let failedLine else { throw failure }
      throw .scriptLine(path: name, line: failedLine, failure: failure)
    }
    guard update.changed, !context.invocation.has(.dryRun) else {
      try EditReport.report(edits, update, context: context)
      return
    }
    let count = edits.count
    context.output.writeLine(
      "Applied \(count) \(count == 1 ? "edit" : "edits") to "
        + "\(escapedForTerminal(context.file.path)).")
  }

  /// The lines of the script that hold edits.
  private static func scriptLines(path: String, name: String, console: Console)
    throws(CommandFailure) -> [ApplyScript.Line]
  {
    let contents: [UInt8]?
    do throws(SystemCallError) {
      contents = try path == "-" ? console.input.readAll() : SystemFileSystem().contents(of: path)
    } catch {
      throw .unreadableInput(path: name, errno: error.code)
    }
    guard let bytes = contents else { throw .missingInput(path: path) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .usage(.invalidValue("\(escapedForTerminal(name)) is not UTF-8 text."), command: nil)
    }
    do throws(ApplyScript.SyntaxError) {
      return try ApplyScript.lines(of: text)
    } catch {
      throw .scriptLine(
        path: name, line: error.line, failure: .usage(.invalidValue(error.message), command: nil))
    }
  }

  /// The edit one line of a script asks for.
  static func edit(for words: [String]) throws(CommandFailure) -> RosterEdit {
    let invocation = try Invocation(parsing: words, commands: editing)
    guard let command = invocation.command,
      let edit = editing.first(where: { $0.name == command.name })?.edit
    else {
      throw CommandFailure.usage(.missingCommand, command: nil)
    }
    let lineOptions = command.options.map { $0.name }.filter { $0 != OptionSpec.dryRun.name }
    if let foreign = invocation.options.map({ $0.name }).sorted().first(where: {
      !lineOptions.contains($0)
    }) {
      throw invocation.usageError(
        .invalidValue("'--\(foreign)' is an option of 'monsters apply', not of a script line."))
    }
    return try edit(invocation)
  }
}
