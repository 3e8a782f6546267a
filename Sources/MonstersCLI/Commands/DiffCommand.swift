import MonsterKit

/// `monsters diff`: what changed between two rosters, monster by monster.
enum DiffCommand {
  /// How the changes are printed.
  enum Format: String, OptionChoice {
    case text, json, markdown
  }

  static let formatOption = OptionSpec.format(Format.text)

  static let textconvOption = OptionSpec(
    "textconv",
    help: "Print <old> alone, one monster a line, for git's diff driver.")

  static let subcommand = Subcommand(name: "diff", run: run) {
    CommandSpec(
      abstract: "Show what changed between two rosters, monster by monster.",
      discussion: """
        Prints one line a change, in the roster's words: 'Cat-Bot: weapon sword -> fire', \
        'added Robo-Bot', 'removed Dog-Bot', 'renamed Fire-Bot -> Blaze-Bot', 'Ice-Bot: \
        moved', and changes to keys monsters does not know. Monsters are matched by name; \
        one renamed in place, its other fields kept, reads as renamed. Exits 0 when the \
        two hold the same roster, 1 when they differ (as diff does). Either side may be \
        -, a pipe or a process substitution: monsters diff <(git show \
        HEAD~1:monsters.json) monsters.json.

        'markdown' prints a table for a pull request's comment, names, values and keys \
        in code spans; 'json' an array of changes for scripts, one object a line.

        With --textconv, prints the roster <old> for git: its own keys (its version, the weapons \
        and fields it declares, others) on the first line, \
        then one monster a line (compact JSON), so that git diff and git log -p show \
        changes monster by monster. A file that is not a valid roster is printed as it \
        is, its control characters escaped, as git shows it to a person. 'monsters \
        setup-git' sets this up.
        """,
      arguments: [
        ArgumentSpec(name: "old", kind: .path, help: "The roster before, or - for standard input."),
        ArgumentSpec(
          name: "new", kind: .path, isOptional: true,
          help: "The roster after, or - for standard input (none with --textconv)."),
      ],
      options: [
        formatOption,
        textconvOption,
      ])
  }.examples {
    [
      CommandExample(
        "What changed since the last commit, monster by monster.",
        "diff - monsters.json", shellPrefix: "git show HEAD:monsters.json |"),
      CommandExample(
        "A pull request's changes as a Markdown table, for a comment.",
        "diff old.json monsters.json --format markdown", shellSuffix: "> changes.md"),
    ]
  }

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let invocation = context.invocation
    if invocation.has(textconvOption) {
      if let extra = invocation.argument(1) {
        throw context.usageError(.unexpectedArgument(extra))
      }
      if invocation.value(formatOption) != nil {
        throw context.usageError(.invalidValue("--textconv prints one format; give no --format."))
      }
      try textconv(RosterSide(label: "FILE", path: try invocation.requiredArgument(0)), context)
      return
    }
    let format = try invocation.choice(formatOption, as: Format.self)
    let old = RosterSide(label: "OLD", path: try invocation.requiredArgument(0))
    let new = RosterSide(label: "NEW", path: try invocation.requiredArgument(1))
    try RosterSide.checkOneStandardInput([old, new], context)
    let diff = try compared(old, new, console: context.console)
    try context.output.writeReport { () throws(CommandFailure) in
      switch format {
      case .json:
        try context.output.append {
          $0.append(contentsOf: DiffReport.json(diff, forTerminal: context.style.isTerminal))
        }
      case .markdown:
        context.output.write(DiffReport.markdown(diff))
      case .text:
        for change in diff.changes {
          context.output.writeLine(DiffReport.line(for: change))
        }
      }
    }
    if !diff.isEmpty { throw .differencesFound }
  }

  /// Reads the two rosters at once and compares them. A side read from standard input is
  /// read first.
  private static func compared(_ old: RosterSide, _ new: RosterSide, console: Console)
    throws(CommandFailure) -> RosterDiff
  {
    let pipedOld = old.isStandardInput ? try old.read(from: console) : nil
    let pipedNew = new.isStandardInput ? try new.read(from: console) : nil
    let (readOld, readNew) = RosterSide.both(
      { @Sendable in
        pipedOld.map { .success($0) }
          ?? Result { () throws(CommandFailure) in try old.readFile(allowingEmpty: false) }
      },
      { @Sendable in
        Result { () throws(CommandFailure) -> UnmatchedRoster? in
          pipedNew == nil ? try new.readForMatching() : nil
        }
      })
    let earlier = try readOld.get()
    let matched =
      if let unmatched = try readNew.get() {
        try new.match(unmatched, with: earlier)
      } else {
        MatchedRoster(pipedNew ?? Roster(), with: earlier)
      }
    return RosterDiff(from: earlier, to: matched)
  }

  /// Prints a roster one monster a line for git's line diff, or the file as it is when it
  /// is not a roster.
  static func textconv(_ side: RosterSide, _ context: CommandContext) throws(CommandFailure) {
    let bytes: [UInt8]
    do throws(CommandFailure) {
      bytes = try InputFile.contents(of: side.path, console: context.console)
    } catch {
      throw .side(side.label, failure: error)
    }
    guard let roster = try? RosterFile(path: side.path).roster(from: bytes) else {
      // Git reads this from a pipe, but only to show it, on a terminal or in a pager: its
      // control characters (an escape sequence, a C1 control) are shown escaped, and bytes
      // that are not UTF-8 as U+FFFD, as a roster's text is, whatever the output is.
      let shown = EditReport.escapingControls(String(decoding: bytes, as: UTF8.self))
      try context.output.append { $0.append(contentsOf: shown.utf8) }
      return
    }
    var head: [UInt8] = []
    head.appendJSON(.object(roster.ownMembers), indent: nil, forTerminal: true)
    head.append(UInt8(ascii: "\n"))
    try context.output.append { $0.append(contentsOf: DiffReport.escapingFormatCharacters(head)) }
    for index in roster.indices {
      try context.output.append { buffer in
        var line: [UInt8] = []
        roster.appendJSON(ofMonsterAt: index, indent: nil, forTerminal: true, to: &line)
        line.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: DiffReport.escapingFormatCharacters(line))
      }
    }
  }
}
