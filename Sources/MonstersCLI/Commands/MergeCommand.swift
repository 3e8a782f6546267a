import MonsterKit
import MonstersSystem

/// `monsters merge`: a three-way merge of rosters, as git's merge driver.
enum MergeCommand {
  static let markerSizeOption = OptionSpec(
    "marker-size", .text("n"), help: "The length of the conflict markers (git's %L; default: 7).")
  static let pathOption = OptionSpec(
    "path", .path("name"),
    help: "The roster's path in the repository (git's %P), for labels and messages.")

  static let oursLabelOption = labelOption(side: "ours", git: "%X")
  static let theirsLabelOption = labelOption(side: "theirs", git: "%Y")

  /// `--ours-label` or `--theirs-label`: what a side is, which git passes as `placeholder`.
  private static func labelOption(side: String, git placeholder: String) -> OptionSpec {
    OptionSpec(
      side + "-label", .text("name"),
      help: "What \(side) is, such as its branch (git's \(placeholder), from git 2.44), for "
        + "the markers.")
  }

  static let gitOption = OptionSpec(
    "git",
    help: "Merge again, monster by monster, the versions git keeps of the roster after a "
      + "plain git conflict, and write the result to it.")

  static let subcommand = Subcommand(name: "merge", run: run) {
    CommandSpec(
      abstract: "Merge two rosters monster by monster, as git's merge driver.",
      discussion: """
        Merges into <ours> the changes from <base> to <theirs>, and writes the result to \
        <ours>; exits 0 when the merge is clean, 1 when it leaves conflicts. This is \
        git's contract for a merge driver: 'monsters setup-git' makes git use it.

        Monsters are told apart by what they hold (a name, a description or an icon no \
        other monster has), so edits of different monsters or of different fields of \
        one, monsters added on both sides (ours first, then theirs), removals, renames \
        (with an edit too, or onto a name another monster gave up: a swap, a chain) and \
        keys monsters does not know merge without conflict. What the rosters declare \
        merges entry by entry: weapons and fields by name, a field's values as a set, \
        its range bound by bound. A field set to two values, a name added twice \
        differently, a change to a monster the other side removed, names that would be \
        the same name, monsters whose identities a side leaves in doubt where the other \
        changed them, and a declaration changed two ways (or removed and used) are \
        conflicts: the file gets git-style markers around the whole monster objects \
        (or the declarations), each side's as that side has them, with everything else \
        merged, and each conflict is listed on standard error. Keeping one side of each \
        conflict and deleting the markers leaves a roster in canonical form. A clean \
        result is always in canonical form and valid.

        The markers say 'ours' and 'theirs', with the roster's path (--path) and, where \
        git passes them (git 2.44 and later, %X and %Y), what each side is: \
        '<<<<<<< ours: HEAD (monsters.json)'. An older git passes '%X' as it is, which \
        is taken as no label.

        An empty <base> is a roster with no monsters: git gives one when both sides \
        added the file. <base> or <theirs> may be - for standard input.

        A merge that cannot be made monster by monster (a side that is not a valid \
        roster, markers longer than a megabyte) or written (a full disk) leaves all of \
        ours and all of theirs between conflict markers in <ours>, as git's own merge \
        would, and exits non-zero: nothing is taken for resolved by mistake. The \
        roster's lock is held from the read of <ours> to its replacement.

        With --git, merges again the three versions git keeps in its index for a \
        roster in conflict (stages 1, 2 and 3), and writes the result to <path> (default: \
        the roster file): for a merge git made without the driver, in a clone where \
        'monsters setup-git' was not run or in a GUI client. 'git add <path>' then marks \
        it resolved. It merges only over the file git left (git's own conflict, or what \
        the driver or an earlier merge --git wrote): a file changed since, by hand or by \
        'monsters resolve', is refused with the line that changed, unless --force.
        """,
      details: """
        A clean merge never guesses: one monster's changes are never given to another. Each \
        conflict listed says what each side did: Ice-Bot: removed in ours, changed in theirs (icon \
        meeticebot.png -> ice.png). Where two readings of which monster is which are about as \
        likely (a monster that kept only its name, its description and icon both new; two alike) \
        and the other side changed those monsters, the whole group is marked (which monster is \
        which is not certain: in theirs 'Cat-Bot', 'Dog-Bot' became ...). Both sides removing a \
        monster and each adding one of its own keep both, cleanly.

        A side that is not a valid roster may be one an editor saved with a byte order mark; a \
        merge cannot be made either with a --marker-size that is no whole number from 1, or with a \
        roster too large for the memory the process may have. With no room for a new file on the \
        disk, the markers and theirs are written into ours in place. Such a merge exits with the \
        code of why: 65 for a side that is no roster, 74 for a full disk. A <base> or <theirs> \
        that is not there or cannot be read, which git never passes, stops the merge before it \
        starts, with ours as it was (66 or 74): a mistyped path by hand marks nothing. The merge \
        replaces only the file it read.
        """,
      arguments: [
        ArgumentSpec(name: "base", kind: .path, help: "The common ancestor (git's %O)."),
        ArgumentSpec(
          name: "ours", kind: .path, help: "Our roster, which the result replaces (git's %A)."),
        ArgumentSpec(name: "theirs", kind: .path, help: "Their roster (git's %B)."),
      ],
      options: [
        markerSizeOption, pathOption, oursLabelOption, theirsLabelOption, gitOption, forceOption,
      ],
      forms: [
        CommandForm(
          flag: gitOption.name,
          arguments: [
            ArgumentSpec(
              name: "path", kind: .path, isOptional: true,
              help: "With --git, the roster in conflict (default: the roster file).")
          ],
          options: [markerSizeOption.name, forceOption.name])
      ])
  }.examples {
    [
      CommandExample(
        "Merge into ours.json what changed from base.json to theirs.json.",
        "merge base.json ours.json theirs.json"),
      CommandExample(
        "As git runs it, with longer markers and the roster's name in them.",
        "merge --marker-size 9 --path r.json base ours theirs"),
      CommandExample(
        "After a plain git merge stopped on the roster: merge it again, monster by monster.",
        "merge --git"),
    ]
  }

  /// What a side is, as git passes it for the markers (`%X`, `%Y`), or `nil`: none given,
  /// an empty one, or the placeholder itself, which git before 2.44 passes as it is.
  private static func branchLabel(_ option: OptionSpec, _ context: CommandContext) -> String? {
    guard let label = context.invocation.value(option), !label.isEmpty,
      label != "%X", label != "%Y"
    else { return nil }
    return label
  }

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let invocation = context.invocation
    if invocation.has(gitOption) {
      try mergeFromGit(context)
      return
    }
    let name = invocation.value(pathOption)
    func side(_ label: String, _ position: Int) throws(CommandFailure) -> RosterSide {
      RosterSide(
        label: name.map { "\(label) of \(escapedForTerminal($0))" } ?? label,
        path: try invocation.requiredArgument(position),
        shownAs: name.map { "\($0) (\(label.lowercased()))" })
    }
    var base = try side("BASE", 0)
    let ours = try side("OURS", 1)
    var theirs = try side("THEIRS", 2)
    if ours.isStandardInput {
      throw context.usageError(
        .invalidValue("<ours> cannot be '-': the result is written to it."))
    }
    try RosterSide.checkOneStandardInput([base, theirs], context)
    // The result replaces <ours>: a pipe or a device there would be read for nothing.
    if let status = try? Platform.fileStatus(atPath: ours.path, followingLinks: true),
      status.fileType != .regular
    {
      throw ours.failure(.notARegularFile(path: ours.path))
    }
    for index in [0, 2] {
      var piped = index == 0 ? base : theirs
      guard piped.isStandardInput else { continue }
      do throws(CommandFailure) {
        piped.bytes = try context.console.input.readAll()
      } catch {
        throw .side(piped.label, failure: error)
      }
      if index == 0 { base = piped } else { theirs = piped }
    }
    let size = markerSize(context)
    let markers = ConflictMarkers(
      size: size ?? ConflictMarkers.standardSize, naming: name,
      sides: (branchLabel(oursLabelOption, context), branchLabel(theirsLabelOption, context)))
    // A marker size that is no whole number from 1, or past the limit, is a merge that
    // cannot be made: the file is marked whole.
    let refusal = size == nil ? markerSizeFailure(context) : nil
    var file = context.rosterFile(named: ours.path)
    file.path = ours.path
    try merge(
      base: base, ours: ours, theirs: theirs, into: file, markers: markers, refusing: refusal,
      shownName: name ?? ours.path, console: context.console)
  }

  /// Merges three sides into a roster file under its lock, and reports how it went: the
  /// conflicts of a merge with conflicts, and what stands in the file's place when the
  /// merge could not be made or written.
  ///
  /// - Parameters:
  ///   - ours: Our side: read from the file under its lock, unless its bytes are given.
  ///   - refusal: A failure that stops the merge before it is made, leaving the file
  ///     marked whole.
  ///   - shownName: The roster's name in messages.
  ///   - checking: Refuses the file as read under the lock, leaving it as it was.
  static func merge(
    base: RosterSide, ours: RosterSide, theirs: RosterSide, into file: RosterFile,
    markers: ConflictMarkers, refusing refusal: CommandFailure?, shownName: String,
    console: Console, checking: (([UInt8]) throws(CommandFailure) -> Void)? = nil
  ) throws(CommandFailure) {
    // Both other sides are read before the lock is taken: only ours is the roster. A side
    // that is missing or cannot be read stops the merge with ours as it was; one that is
    // not a valid roster makes a merge that cannot be made, for the lock's holder to mark.
    let read =
      refusal.map { .failure($0) }
      ?? Result { () throws(CommandFailure) in try readOthers(base: base, theirs: theirs) }
    if case .failure(let failure) = read, failure.exitCode != .dataError, refusal == nil {
      throw failure
    }
    let saving: MergeSaving<CommandFailure>
    do throws(RosterError) {
      saving = try holdingSignals { () throws(RosterError) in
        try file.merge(
          markers: markers,
          theirs: { () throws(RosterError) in try theirs.contents() },
          ours: ours.bytes, checking: checking,
          merging: { (locked) throws(CommandFailure) in
            try merged(try read.get(), ours: ours, locked, theirs: theirs)
          })
      }
    } catch {
      throw ours.failure(error)
    }
    let shown = escapedForTerminal(shownName)
    switch saving {
    case .saved(let merge, _):
      guard !merge.isClean else { return }
      for conflict in merge.conflicts {
        console.errors.writeLine("\(shown): conflict: \(MergeReport.line(for: conflict))")
      }
      throw .mergeConflicts(count: merge.conflicts.count, path: shownName)
    case .notMerged(let failure, let marking):
      throw .hinted(failure, hint: MergeReport.notMerged(shown, marking))
    case .refused(let failure):
      throw failure
    case .notWritten(_, var error, let marking):
      // The file is not as it was: the hint says what stands in its place.
      if case .fileSystem(let path, .write, let code) = error {
        error = .fileSystem(path: path, action: .writeMerge, errno: code)
      }
      throw .hinted(ours.failure(error), hint: MergeReport.notMerged(shown, marking))
    }
  }

  /// The common ancestor, read, and its names being indexed; their side, read against it.
  private struct Others {
    var ancestor: UnmatchedRoster
    var index: BackgroundWork<Roster>
    var theirs: UnmatchedRoster
  }

  /// Reads the common ancestor, then their side against it (the monsters it has as the
  /// ancestor has them, byte for byte, are the ancestor's records, not read again), while
  /// the ancestor's names are indexed on a thread of their own, on until ours is read.
  private static func readOthers(base: RosterSide, theirs: RosterSide) throws(CommandFailure)
    -> Others
  {
    let ancestor = try base.readForMatching(allowingEmpty: true)
    let index = BackgroundWork { Result { () throws(CommandFailure) in try base.index(ancestor) } }
    return Others(
      ancestor: ancestor, index: index, theirs: try theirs.readForMatching(against: ancestor))
  }

  /// Merges ours, read under the lock against the ancestor while its names are indexed,
  /// with the others: both sides matched with the ancestor at once.
  private static func merged(
    _ others: Others, ours: RosterSide, _ locked: LockedVersion, theirs: RosterSide
  ) throws(CommandFailure) -> RosterMerge {
    let mine =
      ours.bytes != nil
      ? try ours.readForMatching(against: others.ancestor)
      : try ours.reading { () throws(RosterError) in
        try locked.readForMatching(against: others.ancestor)
      }
    let ancestor = try others.index.value().get()
    let (oursSide, theirsSide) = RosterSide.both(
      { @Sendable in
        Result { () throws(CommandFailure) in try ours.match(mine, with: ancestor) }
      },
      { @Sendable in
        Result { () throws(CommandFailure) in try theirs.match(others.theirs, with: ancestor) }
      })
    let theirsMatched = try theirsSide.get()
    return RosterMerge(base: ancestor, ours: try oursSide.get(), theirs: theirsMatched)
  }

  /// Runs `body` with the signals that would end the process held until it returns, so
  /// that an interrupted merge leaves no temporary file beside <ours>, and with a file too
  /// large for the size limit a failed write (an error) rather than `SIGXFSZ` (the end).
  private static func holdingSignals<Value>(
    _ body: () throws(RosterError) -> Value
  ) throws(RosterError) -> Value {
    Platform.ignoreWriteSignals()
    return try Platform.holdingEndingSignals(body)
  }

  /// The marker size asked for: 7 when none is; `nil` when it is not a whole number from 1
  /// up, or past the longest markers written (``ConflictMarkers/maximumSize``), which makes
  /// the merge one that cannot be made: the file is marked whole, with markers of git's
  /// default size, so that git never takes a driver that failed for a clean merge.
  static func markerSize(_ context: CommandContext) -> Int? {
    guard let text = context.invocation.value(markerSizeOption) else {
      return ConflictMarkers.standardSize
    }
    guard isWholeNumberFromOne(text), let size = Int(text), size <= ConflictMarkers.maximumSize
    else { return nil }
    return size
  }

  /// Whether a marker size is written as a whole number from 1 up, as git's `%L` is.
  private static func isWholeNumberFromOne(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
      && text.contains(where: { $0 != "0" })
  }

  /// The failure of a marker size ``markerSize(_:)`` does not take: a usage error.
  static func markerSizeFailure(_ context: CommandContext) -> CommandFailure {
    let text = context.invocation.value(markerSizeOption) ?? ""
    guard isWholeNumberFromOne(text) else {
      return context.usageError(
        .invalidValue(
          "Invalid value for '--marker-size <n>': '\(escapedForMessage(text))'; give a whole "
            + "number from 1 (git's %L)."))
    }
    return context.usageError(
      .invalidValue(
        "Invalid value for '--marker-size <n>': '\(escapedForMessage(text))' is longer than "
          + "the longest markers written, \(ConflictMarkers.maximumSize)."))
  }
}
