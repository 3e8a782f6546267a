import MonsterKit

/// What a subcommand runs with: its parsed command line, the streams, the environment and
/// the roster file.
struct CommandContext {
  /// The parsed command line.
  var invocation: Invocation
  /// The streams.
  var console: Console
  /// The environment variables.
  var environment: Environment
  /// The roster file: `--file`, else `$MONSTERS_FILE`, else the nearest `monsters.json`
  /// (``RosterDiscovery``); `-` is standard input. A file named by `--file` or
  /// `$MONSTERS_FILE` must exist, and so must a `monsters.json` found (a symbolic link
  /// counts, wherever it leads); where none is found, the roster is the seeded one until
  /// the first edit creates the file in the current folder.
  var file: RosterFile
  /// Where the roster was found, when no one named it.
  let discovery: RosterDiscovery?
  /// What the run did that later messages depend on.
  let record: RunRecord
  /// How text is shown on standard output.
  var style: TextStyle

  var output: OutputChannel { console.output }

  /// The environment variable that names the roster file when `--file` does not.
  static let rosterFileVariable = "MONSTERS_FILE"
  /// The roster file when neither `--file` nor `$MONSTERS_FILE` names one.
  static let defaultRosterFile = "monsters.json"
  /// The path that names standard input.
  static let standardInputPath = "-"
  /// The name messages give standard input.
  static let standardInputName = "<stdin>"

  /// The name messages give an input: its path, or ``standardInputName`` for
  /// ``standardInputPath``.
  static func shownName(ofInput path: String) -> String {
    path == standardInputPath ? standardInputName : path
  }

  /// Makes the context of a run.
  ///
  /// - Parameters:
  ///   - defaultRosterFile: The roster file looked for when none is named: its name is
  ///     looked for from its folder up (`monsters.json` from the current folder).
  ///   - record: What the run did, shared with the run's end.
  init(
    invocation: Invocation, console: Console, environment: Environment,
    defaultRosterFile: String = Self.defaultRosterFile, record: RunRecord = RunRecord()
  ) throws(CommandFailure) {
    self.invocation = invocation
    self.console = console
    self.environment = environment
    self.record = record
    let named =
      invocation.value(.file)
      ?? environment[Self.rosterFileVariable].flatMap { $0.isEmpty ? nil : $0 }
    discovery = named == nil ? Self.discover(defaultRosterFile) : nil
    let path = named ?? discovery?.path ?? defaultRosterFile
    // Only where no file was found is the roster the seeded one: a `monsters.json` found is
    // the roster, and one that cannot be read (a link that leads nowhere) is an error.
    let isFound = if case .missing? = discovery { false } else { true }
    self.file = RosterFile(path: path, whenMissing: isFound ? .error : .seededRoster)
    Self.point(&file, at: path, console: console)
    file.mapsLargeFiles = true
    let isTerminal = console.output.isTerminal
    // Colour is for a terminal only, so the environment is read only on one.
    self.style = TextStyle(
      usesColor: isTerminal
        && TextStyle.allowsColor(
          isTerminal: isTerminal, environment: environment.variables,
          noColorFlag: invocation.has(.noColor)),
      isTerminal: isTerminal)
    if path.isEmpty {
      throw usageError(.invalidValue("The roster file's path is empty."))
    }
    if let text = invocation.value(.lockTimeout) {
      guard let seconds = Self.seconds(text), seconds <= 1_000_000 else {
        throw usageError(
          .invalidValue(
            "Invalid value for '--lock-timeout <seconds>': '\(escapedForMessage(text))'; "
              + "give a number of seconds from 0 to 1000000 in decimal digits, such as 10 "
              + "or 0.5."))
      }
      file.lockTimeout = .seconds(seconds)
    }
  }

  /// Finds the roster file of a default path: its name, from its folder up.
  private static func discover(_ path: String) -> RosterDiscovery {
    guard let (folder, name) = path.split(atLast: "/") else { return .find(path, from: "") }
    return .find(name, from: folder + "/")
  }

  /// A number of seconds written in decimal digits, with a fraction if any: `10`, `0.5`,
  /// `.5` or `2.`; `nil` for anything else, such as `0x10`, `1e3`, `-1`, `inf` or ` 1`,
  /// which `Double` would read.
  static func seconds(_ text: String) -> Double? {
    let digits = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard digits.count <= 2, digits.contains(where: { !$0.isEmpty }),
      digits.allSatisfy({ $0.allSatisfy { $0 &- UInt8(ascii: "0") < 10 } })
    else { return nil }
    return Double(text)
  }

  /// A usage error of this subcommand.
  func usageError(_ error: UsageError) -> CommandFailure {
    invocation.usageError(error)
  }

  // MARK: - The roster

  /// Reads the roster. Inside a git work tree with no `monsters.json` up to its top, it says
  /// on standard error, once, that the roster shown is the seeded one.
  ///
  /// - Parameter showing: Whether the roster is shown (listed, a monster of it shown), and
  ///   so whether the seeded roster is worth a note.
  func readRoster(showing: Bool = true) throws(CommandFailure) -> Roster {
    try read(showing: showing) { (file) throws(RosterError) in try file.read() }
  }

  /// Reads what `body` reads of the roster file, as ``readRoster(showing:)`` reads the
  /// roster: a missing file given by name is an error of its own, and the seeded roster is
  /// noted.
  func read<Value>(
    showing: Bool = true, _ body: (RosterFile) throws(RosterError) -> Value
  ) throws(CommandFailure) -> Value {
    let value: Value
    do throws(RosterError) {
      value = try body(file)
    } catch .missingFile(let path) {
      throw .missingRoster(path: path)
    } catch {
      throw .roster(error)
    }
    if showing, case .missing(_, _?) = discovery, !record.notedSeededRoster {
      record.notedSeededRoster = true
      console.errors.writeLine(
        EditReport.notePrefix(self) + "No \(Self.defaultRosterFile) here or above, up to the "
          + "top of the git work tree: this is the seeded roster. 'monsters init' writes it.")
    }
    return value
  }

  /// Says on standard error which temporary files a killed edit left beside a roster
  /// file: the next edit of the roster removes them, and until then they stand beside it,
  /// for `git add -A` to take.
  func noteAbandonedTemporaryFiles(of file: RosterFile) {
    // Where no roster was found there is none to point out files beside: the first edit,
    // which creates it, sweeps what a killed one left.
    if case .missing? = discovery, file.path.hasSameCodePoints(as: self.file.path) { return }
    for path in file.abandonedTemporaryFiles() {
      console.errors.writeLine(
        EditReport.notePrefix(self) + "\(escapedForMessage(path)) is left from an edit of "
          + "\(escapedForMessage(file.path)) that was killed; the next edit removes it.")
    }
  }

  /// The names of the roster's weapons, for help that lists them: the built-in five when
  /// the roster cannot be read, or is read from a stream, which help must not consume.
  func weaponNamesForHelp() -> [String] {
    guard file.stream == nil, let roster = try? file.read() else { return Weapon.builtIn.names }
    return roster.weapons.names
  }

  /// The positions of the monsters for which all the conditions hold, in roster order.
  ///
  /// - Throws: A usage error for a field the roster does not have or a value its field does
  ///   not take.
  func indices(matching conditions: [MonsterCondition], in roster: Roster) throws(CommandFailure)
    -> [Roster.Index]
  {
    do throws(RosterError) {
      return try roster.indices(matching: conditions)
    } catch {
      throw CommandFailure(refusedEdit: error, command: invocation.command)
    }
  }

  /// The roster file at a path a command takes as an argument (`check FILE...`): the roster
  /// file's settings, standard input for `-`, and a file that must exist.
  func rosterFile(named path: String) -> RosterFile {
    var file = self.file
    Self.point(&file, at: path, console: console)
    file.whenMissing = .error
    return file
  }

  /// The roster files at the paths a command takes as arguments (`check FILE...`), or the
  /// roster file when there are none.
  ///
  /// - Throws: A usage error when `-` is named more than once: standard input can be read
  ///   once, and the second would read as an empty file.
  func rosterFiles(named paths: [String]) throws(CommandFailure) -> [RosterFile] {
    guard !paths.isEmpty else { return [file] }
    if paths.lazy.filter({ $0 == Self.standardInputPath }).count > 1 {
      throw usageError(.invalidValue("'-' is named twice: standard input can be read once."))
    }
    return paths.map(rosterFile(named:))
  }

  /// Points a roster file at a path: standard input for `-`, read as a stream; otherwise
  /// the file at the path.
  private static func point(_ file: inout RosterFile, at path: String, console: Console) {
    guard path == standardInputPath else {
      file.path = path
      file.stream = nil
      return
    }
    file.path = standardInputName
    let input = console.input
    file.stream = input.descriptor.map { .descriptor($0) } ?? .bytes((try? input.readAll()) ?? [])
  }

  /// Changes the roster through the one edit path (with `--dry-run`, in memory only), and
  /// notes a save for the message of an output that fails afterwards.
  ///
  /// - Parameter change: Changes the roster; returns whether it changed anything.
  /// - Returns: The roster before and after.
  /// - Throws: What `change` throws, or an error from reading, locking or writing.
  func update(_ change: (inout Roster) throws(RosterError) -> Bool) throws(RosterError)
    -> RosterUpdate
  {
    let dryRun = invocation.has(.dryRun)
    let update = try file.edit(dryRun: dryRun, change)
    guard update.changed && !dryRun else {
      record.noteUnsaved(file.path)
      return update
    }
    record.noteSaved(file.path)
    if !update.hadFile { noteCreated() }
    return update
  }

  /// Says where the first edit created the roster file, when no one named it: in the
  /// current folder, and, below the top of a git work tree, that there was none above.
  func noteCreated() {
    guard case .missing(let path, let top) = discovery else { return }
    let below = (top ?? 0) > 0
    console.errors.writeLine(
      EditReport.notePrefix(self) + "Created \(escapedForMessage(path)) from the seeded roster"
        + (below ? ", in the current folder: there is none above it in the work tree." : "."))
  }
}
