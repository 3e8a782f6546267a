import MonsterKit

/// `monsters merge`: a three-way merge of rosters, as git's merge driver.
enum MergeCommand {
  static let markerSizeOption = OptionSpec(
    "marker-size", value: .text, valueName: "n",
    help: "The length of the conflict markers, 7 or more (git's %L; default: 7).")
  static let pathOption = OptionSpec(
    "path", value: .path, valueName: "name",
    help: "The roster's path in the repository (git's %P), for labels and messages.")

  /// The longest conflict markers allowed.
  static let maximumMarkerSize = 1000

  static let subcommand = Subcommand(name: "merge", run: run) { name in
    CommandSpec(
      name: name,
      abstract: "Merge two rosters monster by monster, as git's merge driver.",
      discussion: """
        Merges into <ours> the changes from <base> to <theirs>, and writes the result to \
        <ours>; exits 0 when the merge is clean, 1 when it leaves conflicts. This is \
        git's contract for a merge driver: 'monsters setup-git' makes git use it.

        Monsters are matched by name, and renames are followed, so edits of different \
        monsters or of different fields of one, monsters added on both sides (ours \
        first, then theirs), removals, renames and keys monsters does not know merge \
        without conflict. A field set to two values, a name added twice differently, a \
        change to a monster the other side removed, and names that would be the same \
        name are conflicts: the file gets git-style markers around the whole monster \
        objects, ours then theirs, with everything else merged, and each conflict is \
        listed on standard error. Keeping one side of each conflict and deleting the \
        markers leaves a roster in canonical form. A clean result is always in \
        canonical form and valid.

        An empty <base> is a roster with no monsters: git gives one when both sides \
        added the file. <base> or <theirs> may be - for standard input.
        """,
      arguments: [
        ArgumentSpec(name: "base", kind: .path, help: "The common ancestor (git's %O)."),
        ArgumentSpec(
          name: "ours", kind: .path, help: "Our roster, which the result replaces (git's %A)."),
        ArgumentSpec(name: "theirs", kind: .path, help: "Their roster (git's %B)."),
      ],
      options: [markerSizeOption, pathOption])
  }

  static func run(_ context: CommandContext) throws(CommandFailure) {
    let invocation = context.invocation
    let size = try markerSize(context)
    let name = invocation.value(pathOption)
    func label(_ side: String) -> String {
      name.map { "\(side) of \(escapedForTerminal($0))" } ?? side
    }
    let base = RosterSide(label: label("BASE"), path: try invocation.requiredArgument(0))
    let ours = RosterSide(label: label("OURS"), path: try invocation.requiredArgument(1))
    let theirs = RosterSide(label: label("THEIRS"), path: try invocation.requiredArgument(2))
    if ours.isStandardInput {
      throw context.usageError(
        .invalidValue("<ours> cannot be '-': the result is written to it."))
    }
    try RosterSide.checkOneStandardInput([base, theirs], context)
    // The result replaces <ours>: a pipe or a device there would be read for nothing.
    if let status = try? Platform.fileStatus(atPath: ours.path, followingLinks: true),
      status.fileType != .regular
    {
      throw .side(ours.label, failure: .roster(.notARegularFile(path: ours.path)))
    }
    let merge = try merged(base: base, ours: ours, theirs: theirs, console: context.console)
    let markers = ConflictMarkers(
      size: size, oursLabel: name.map { "ours (\($0))" } ?? "ours",
      theirsLabel: name.map { "theirs (\($0))" } ?? "theirs")
    do throws(RosterError) {
      _ = try holdingSignals { () throws(RosterError) in
        try RosterFile(path: ours.path).save(merge, markers: markers)
      }
    } catch {
      throw .roster(error)
    }
    guard !merge.isClean else { return }
    let shownName = name ?? ours.path
    for conflict in merge.conflicts {
      context.console.errors.writeLine(
        "\(escapedForTerminal(shownName)): conflict: \(MergeReport.line(for: conflict))")
    }
    throw .mergeConflicts(count: merge.conflicts.count, path: shownName)
  }

  /// Reads the three rosters and merges them: first the ancestor; then its names are
  /// indexed while both sides are read against it (the monsters a side has as the ancestor
  /// has them, byte for byte, are the ancestor's records, not read again); then both sides
  /// are matched with it at once. A side read from standard input is read first.
  private static func merged(
    base: RosterSide, ours: RosterSide, theirs: RosterSide, console: Console
  ) throws(CommandFailure) -> RosterMerge {
    let pipedBase = base.isStandardInput ? try base.read(from: console, allowingEmpty: true) : nil
    let pipedTheirs = theirs.isStandardInput ? try theirs.read(from: console) : nil
    let unindexed = pipedBase == nil ? try base.readForMatching(allowingEmpty: true) : nil
    // Reads a side, against the ancestor when it was read from a file.
    @Sendable func read(_ side: RosterSide) throws(CommandFailure) -> UnmatchedRoster {
      if let unindexed { return try side.readForMatching(against: unindexed) }
      return try side.readForMatching()
    }
    let (indexed, sides) = RosterSide.both(
      { @Sendable in
        Result { () throws(CommandFailure) in
          if let unindexed { return try base.index(unindexed) }
          return pipedBase ?? Roster()
        }
      },
      { @Sendable in
        Result { () throws(CommandFailure) in
          (try read(ours), pipedTheirs == nil ? try read(theirs) : nil)
        }
      })
    let ancestor = try indexed.get()
    let (readOurs, readTheirs) = try sides.get()
    let (oursSide, theirsSide) = RosterSide.both(
      { @Sendable in
        Result { () throws(CommandFailure) in try ours.match(readOurs, with: ancestor) }
      },
      { @Sendable in
        Result { () throws(CommandFailure) in
          guard let readTheirs else {
            return MatchedRoster(pipedTheirs ?? Roster(), with: ancestor)
          }
          return try theirs.match(readTheirs, with: ancestor)
        }
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
    let signals = Platform.SignalNumber.self
    let saved = Platform.changeSignalMask(
      .block,
      Platform.SignalSet([signals.interrupt, signals.terminate, signals.hangUp, signals.quit]))
    defer { Platform.changeSignalMask(.replace, saved) }
    return try body()
  }

  private static func markerSize(_ context: CommandContext) throws(CommandFailure) -> Int {
    guard let text = context.invocation.value(markerSizeOption) else {
      return ConflictMarkers.standardSize
    }
    guard let size = Int(text), size >= ConflictMarkers.standardSize, size <= maximumMarkerSize
    else {
      throw context.usageError(
        .invalidValue(
          "Invalid value for '--marker-size <n>': '\(escapedForMessage(text))'; give a whole "
            + "number from \(ConflictMarkers.standardSize) to \(maximumMarkerSize)."))
    }
    return size
  }
}
