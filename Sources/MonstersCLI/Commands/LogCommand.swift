import MonsterKit
import MonstersSystem

/// `monsters log`: the history of the roster, or of some monsters, from git, in the
/// roster's words.
enum LogCommand {
  /// How the history is printed.
  enum Format: String, OptionChoice {
    case text, json
  }

  static let formatOption = OptionSpec.format(
    Format.text,
    help: "text (each commit, then its changes) or json (one object a change, a line "
      + "each, for scripts) (default: text).")
  static let countOption = OptionSpec(
    "max-count", short: "n", .text("number"), help: "Show at most this many commits, the newest.")
  static let sinceOption = OptionSpec(
    "since", .text("date"),
    help: "Only commits more recent than the date, in any form git reads: 2024-05-01, "
      + "'2 weeks ago'; text git cannot read as a date is refused.")
  static let followOption = OptionSpec(
    "follow", help: "Follow the roster file past commits that moved it, as git log --follow.")

  static let subcommand = Subcommand(name: "log", run: run) {
    CommandSpec(
      abstract: "Show the history of the roster, or of some monsters, from git.",
      discussion: """
        Each commit that changed the roster file (or the monsters named), newest first: \
        its abbreviated hash, date, author and subject, then what it changed, one line a \
        change, as 'monsters diff' says it: 'Cat-Bot: weapon sword -> fire', 'renamed \
        Dog-Bot -> Cat-Bot', 'weapons: added plasma'. A merge shows what it brought to \
        the branch it was made on. A monster named is followed through its renames, \
        matched as a merge matches monsters: a swap of two names does not confuse it. \
        A name of a monster that is gone is followed back to its removal.

        The other words are revisions, as git log takes them: a branch, a commit, \
        main..feature, ^main (default: HEAD). A word that is both a revision and a \
        monster of the roster is refused: write the revision as heads/NAME or NAME^0. \
        log reads git's history and object store only (git rev-list and git cat-file); \
        the work tree is not read or changed. A roster in no git work tree is an error \
        (66).

        -n counts the commits shown. A version of the file that is not a valid roster is \
        shown as such, with where it breaks; the next valid one is not compared with it. \
        --follow goes on past a commit that moved the file, on one line of history, as \
        git log --follow does. json prints a line a change: the commit's commit, \
        abbreviated, author, email, date (ISO 8601), subject and parents, then the \
        change's members as 'monsters diff --format json' gives them; what happened to \
        the file itself is a change too: created, deleted, moved, unreadable, readable.
        """,
      arguments: [
        ArgumentSpec(
          name: "monster|revision", kind: .monster, isOptional: true, isRepeating: true,
          help: "Monsters to follow, and the revisions to read (default: HEAD).")
      ],
      options: [countOption, sinceOption, followOption, formatOption])
  }.examples {
    [
      CommandExample("The roster's history, newest first.", "log"),
      CommandExample("Cat-Bot's history, through its renames.", "log cat-bot"),
      CommandExample(
        "What a branch changed since it left main, for a pull request.",
        "log main..feature"),
      CommandExample(
        "The last five commits, one JSON object a change, for a script.",
        "log -n 5 --format json", shellSuffix: "| jq -r .change"),
    ]
  }

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let invocation = context.invocation
    let format = try invocation.choice(formatOption, as: Format.self)
    let limit = try count(context)
    if context.file.stream != nil {
      throw context.usageError(
        .invalidValue("log reads the history git keeps of a roster file: name a file, not '-'."))
    }
    guard let git = GitProcess(environment: context.environment.variables) else {
      throw .git("git is not installed, or not on PATH.")
    }
    let since = try since(context, git: git)
    // git keeps the history of the file a symbolic link leads to.
    let file = context.file.linkTargetPath()
    // A roster named that is a folder is a mistake, as for every command: the file need
    // not be in the work tree, but nothing else may stand in its place.
    if let status = try? Platform.fileStatus(atPath: file, followingLinks: true),
      status.fileType == .directory
    {
      throw .roster(.notARegularFile(path: context.file.path))
    }
    let place = try location(of: file, git: git, shownAs: context.file.path)
    let words = try Words(invocation.arguments, at: place, git: git, shownAs: context.file.path)
    guard !words.revisions.isEmpty else {
      context.console.errors.writeLine(
        EditReport.notePrefix(context) + "\(escapedForMessage(context.file.path)) has no "
          + "history yet: the repository has no commit.")
      return
    }
    let history = RosterHistory(
      git: git, top: place.top, path: place.path, revisions: words.revisions,
      since: since, follows: invocation.has(followOption),
      names: words.names.isEmpty ? nil : words.names, readsParents: format == .json)
    guard limit != 0 else { return }
    var shown = 0
    let report = LogReport(format: format, style: context.style)
    let named = try history.walk { (entry) throws(CommandFailure) in
      try report.write(entry, first: shown == 0, to: context.output)
      // Each commit as it comes: a reader sees the history grow, and one that goes away
      // (| head) ends the walk.
      try context.output.flush()
      shown += 1
      return limit.map { shown < $0 } ?? true
    }
    try words.checkFound(named, shownAs: context.file.path)
  }

  /// The number `-n` gives, if any.
  private static func count(_ context: CommandContext) throws(CommandFailure) -> Int? {
    guard let text = context.invocation.value(countOption) else { return nil }
    guard let count = Int(text), count >= 0, text.allSatisfy(\.isASCII) else {
      throw context.usageError(
        .invalidValue(
          "Invalid value for '\(countOption.synopsis)': '\(escapedForMessage(text))' is not a "
            + "number of commits."))
    }
    return count
  }

  /// The date `--since` gives, if any, once git has read it as a date.
  ///
  /// `git rev-list --since` takes any text, and text it cannot read as a date as now, so
  /// that a typo (`yesterdy`) shows no commit and says nothing. git's careful reading of a
  /// date, which its configuration's dates go through, says what it cannot read; where it
  /// cannot read a plain date either (a git before 2.18, a configuration file git refuses),
  /// the text goes to `rev-list` as it is.
  private static func since(_ context: CommandContext, git: GitProcess) throws(CommandFailure)
    -> String?
  {
    guard let text = context.invocation.value(sinceOption) else { return nil }
    func readsDate(_ date: String) throws(CommandFailure) -> Bool {
      let key = "monsters.since"
      return try git.result(of: ["-c", key + "=" + date, "config", "--type=expiry-date", key])
        .status == 0
    }
    if try readsDate(text) { return text }
    guard try !readsDate("2024-05-01") else {
      throw context.usageError(
        .invalidValue(
          "Invalid value for '\(sinceOption.synopsis)': '\(escapedForMessage(text))' is not a "
            + "date git reads, such as 2024-05-01, yesterday or '2 weeks ago'."))
    }
    return text
  }

  /// Where a file is in git: the top of its work tree, and its path from there.
  struct Location {
    var top: String
    var path: String
  }

  /// The work tree a file is in, and its path from its top.
  ///
  /// - Throws: ``CommandFailure/notInGitWorkTree(path:)`` outside one.
  private static func location(of file: String, git: GitProcess, shownAs shown: String)
    throws(CommandFailure) -> Location
  {
    let folder = directory(of: file)
    let name = baseName(of: file)
    guard
      let run = try? git.run(["-C", folder, "rev-parse", "--show-toplevel", "--show-prefix"]),
      run.status == 0
    else {
      throw .notInGitWorkTree(path: shown)
    }
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    guard let top = lines.first, !top.isEmpty else { throw .notInGitWorkTree(path: shown) }
    let prefix = lines.count > 1 ? String(lines[1]) : ""
    let path = prefix + name
    guard !path.contains("\n") else {
      throw .git("\(escapedForMessage(shown)): git cannot be asked for a path with a line break.")
    }
    return Location(top: String(top), path: path)
  }

  /// The words of the command line, each a monster or revisions.
  struct Words {
    /// The monsters named.
    var names: [String] = []
    /// The revisions, resolved by git: commits, and `^<commit>` for those left out.
    var revisions: [String] = []
    /// The roster at the newest revision, to tell a monster's name from a revision's and
    /// to suggest a name.
    private var newest: Roster?
    private var file: String

    init(_ words: [String], at place: Location, git: GitProcess, shownAs shown: String)
      throws(CommandFailure)
    {
      file = shown
      var revisionWords: [String] = []
      for word in words {
        let revisions = Self.revisions(word, at: place, git: git)
        if revisions.isEmpty {
          names.append(word)
        } else {
          self.revisions += revisions
          revisionWords.append(word)
        }
      }
      if !revisions.contains(where: { !$0.hasPrefix("^") }) {
        guard let head = Self.revisions("HEAD", at: place, git: git).first else { return }
        revisions.insert(head, at: 0)
      }
      guard let tip = revisions.first(where: { !$0.hasPrefix("^") }) else { return }
      newest = Self.roster(at: tip, place, git)
      for word in revisionWords where newest?.index(named: word) != nil {
        throw .usage(
          .invalidValue(
            "'\(escapedForMessage(word))' is both a revision and a monster of the roster: "
              + "write the revision as 'heads/\(escapedForMessage(word))' or "
              + "'\(escapedForMessage(word))^0', or the monster in other case."),
          command: LogCommand.subcommand.parsingSpec)
      }
    }

    /// What git reads a word as: commits, and `^<commit>` for those left out; none for a
    /// word that is no revision.
    private static func revisions(_ word: String, at place: Location, git: GitProcess)
      -> [String]
    {
      guard !word.hasPrefix("-"),
        let run = try? git.run(
          ["-C", place.top, "rev-parse", "--revs-only", "--end-of-options", word]),
        run.status == 0
      else { return [] }
      return run.output.split(separator: "\n").map(String.init)
    }

    /// The roster a commit holds, if it holds a valid one.
    private static func roster(at commit: String, _ place: Location, _ git: GitProcess)
      -> Roster?
    {
      guard
        let run = try? git.run(["-C", place.top, "cat-file", "blob", commit + ":" + place.path]),
        run.status == 0
      else { return nil }
      return try? RosterFile(path: place.path).roster(from: run.outputBytes)
    }

    /// Refuses a name no change named that the newest roster does not have either: a
    /// mistyped name would otherwise show an empty history.
    ///
    /// - Parameter named: The folded names that changes named.
    func checkFound(_ named: Set<String>, shownAs shown: String) throws(CommandFailure) {
      for name in names
      where !named.contains(Monster.foldedName(name)) && newest?.index(named: name) == nil {
        let suggestion = newest.flatMap { roster in
          closestMatch(to: name, among: roster.lazy.map(\.name))
        }
        throw .hinted(
          .roster(.noSuchMonster(name, suggestion: suggestion)),
          hint: "It is not a revision git knows, and no commit of the history read changed "
            + "a monster of that name in \(escapedForMessage(shown)).")
      }
    }
  }
}
