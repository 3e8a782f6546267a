import MonsterKit

/// The history of a roster file in git, commit by commit, newest first, in the roster's
/// words: what `monsters log` prints.
///
/// Each commit's version of the file is compared with its first parent's, as ``RosterDiff``
/// compares two rosters (a merge shows what it brought to the branch it was made on). The
/// versions come from git's object store (``GitObjectStore``) and the commits from a walk
/// of the file's history (``GitRevisionWalk``), both read as they come: a history of any
/// length holds a few versions in memory at a time.
///
/// Monsters named are followed through renames by the changes themselves: a commit's
/// `renamed Dog-Bot -> Cat-Bot` means that before it, Cat-Bot was Dog-Bot. As the diff
/// matches monsters with the merge's identity rules, a swap of two names reads as two
/// renames, and each monster keeps its own history.
struct RosterHistory {
  /// One commit, as the history shows it.
  struct Entry {
    /// The commit.
    var commit: GitRevisionWalk.Commit
    /// What happened to the file itself, if anything.
    var event: FileEvent?
    /// The changes to the roster, or to the monsters followed.
    var changes: [RosterDiff.Change]
    /// The commit's own parents, when ``RosterHistory/readsParents``.
    var parents: [String] = []
  }

  /// What a commit did to the file itself.
  enum FileEvent: Equatable {
    /// The file was added, at this path.
    case created(String)
    /// The file was removed, from this path.
    case deleted(String)
    /// The file was moved (`--follow`).
    case renamed(from: String, to: String)
    /// The file, at this commit, is not a valid roster: why, as a reader says it.
    case unreadable(String)
    /// The file is a valid roster again, after a version that was not, with which it
    /// cannot be compared monster by monster.
    case readableAgain(String)

    /// Whether the commit is shown for the event alone, also when it changed none of the
    /// monsters followed: a version that cannot be read may hide a change to any of them,
    /// and a move is where their history goes on under another path.
    var isShownAlone: Bool {
      switch self {
      case .unreadable, .readableAgain, .renamed: true
      case .created, .deleted: false
      }
    }
  }

  /// The git program and its environment.
  var git: GitProcess
  /// The top of the work tree, where git runs.
  var top: String
  /// The file, from the top of the work tree, at the newest commits.
  var path: String
  /// What to walk: commits, and `^<commit>` for those to leave out.
  var revisions: [String]
  /// Only commits more recent than this, in any form git reads.
  var since: String?
  /// Whether to follow the file past a commit that moved it.
  var follows: Bool
  /// The monsters followed, by name as the newest commits name them; `nil` for the whole
  /// roster.
  var names: [String]?
  /// Whether each entry gives its commit's own parents (``Entry/parents``), which the walk
  /// does not need.
  var readsParents = false

  /// How many versions are kept, read, for the commits to come: a commit's parent is
  /// mostly the next commit, and a merge's parents are near.
  private static let keptVersions = 4

  /// Walks the history, newest first, and gives each commit that changed the roster (or
  /// the monsters followed) to `visit`, until it returns `false`.
  ///
  /// - Returns: The folded names of the monsters followed that some change named.
  /// - Throws: ``CommandFailure/git(_:)`` when git fails; what `visit` throws.
  @discardableResult
  func walk(_ visit: (Entry) throws(CommandFailure) -> Bool) throws(CommandFailure)
    -> Set<String>
  {
    let store = try GitObjectStore(git, folder: top)
    defer { store.finish() }
    var versions = VersionCache(store: store, limit: Self.keptVersions)
    var path = path
    var revisions = revisions
    var tracking = names.map { Tracking(names: $0) }
    var named: Set<String> = []
    restart: while true {
      let commits = try GitRevisionWalk(
        git, folder: top, revisions: revisions, path: path, since: since)
      defer { commits.finish() }
      while let commit = try commits.next() {
        let followed = tracking?.names(of: commit.hash)
        if let followed, followed.folded.isEmpty {
          // No monster followed is left on this line of history.
          tracking?.pass(followed, to: commit.parents)
          continue
        }
        let new = try versions.version(at: path, in: commit.hash, abbreviated: commit.abbreviated)
        var oldPath = path
        var moved: FileEvent?
        // The first parent in the file's history holds the version the commit changed. With
        // none, the commit made the file, moved it, or its parents are left out: its own
        // first parent says which.
        var ownParents = commit.parents.isEmpty ? try store.parents(of: commit.hash) : nil
        let first = commit.parents.first ?? ownParents?.first
        if follows, let first, try versions.object(at: path, in: first) == nil,
          let from = try movedFrom(to: path, in: commit.hash, parent: first)
        {
          oldPath = from
          moved = .renamed(from: from, to: path)
        }
        func version(of parent: String?) throws(CommandFailure) -> Version {
          guard let parent else { return .missing }
          return try versions.version(at: oldPath, in: parent, against: new, abbreviated: nil)
        }
        let comparison = Comparison(old: try version(of: first), new: new, path: path)
        let event = moved ?? comparison.event
        var changes = comparison.changes
        var before: FollowedNames?
        if let followed, var state = tracking {
          changes = changes.filter(followed.isFollowed)
          named.formUnion(changes.compactMap(followed.name(in:)))
          before = followed.before(comparison.changes)
          try state.pass(followed, of: commit, firstChanges: comparison.changes) {
            (place) throws(CommandFailure) in
            let other = try version(of: commit.parents[place])
            return Comparison(old: other, new: new, path: path).changes
          }
          tracking = state
        }
        let shows =
          !changes.isEmpty || event?.isShownAlone == true || (followed == nil && event != nil)
        if shows {
          if readsParents && ownParents == nil { ownParents = try store.parents(of: commit.hash) }
          let entry = Entry(
            commit: commit, event: event, changes: changes, parents: ownParents ?? [])
          if !(try visit(entry)) { return named }
        }
        if moved != nil, let first {
          // git walks one path: past the move, the walk starts again at the parent, with
          // the old path, following the monsters as they were there.
          path = oldPath
          revisions = [first] + revisions.filter { $0.hasPrefix("^") }
          if let before { tracking?.restart(with: before) }
          continue restart
        }
      }
      return named
    }
  }

  /// The path a commit moved the file from, as git's rename detection finds it between
  /// the commit and its first parent, or `nil` when the commit made it anew.
  private func movedFrom(to path: String, in commit: String, parent: String)
    throws(CommandFailure) -> String?
  {
    let run = try git.ask(
      [
        "-C", top, "diff-tree", "-r", "-M", "--diff-filter=R", "--name-status", "-z", parent,
        commit,
      ]
    ) { "git diff-tree failed: \($0)" }
    // `R<score> NUL <old> NUL <new> NUL`, for each move.
    let fields = run.outputBytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    var index = 0
    while index + 2 < fields.count {
      if fields[index].hasPrefix("R") && fields[index + 2] == path { return fields[index + 1] }
      index += 3
    }
    return nil
  }
}

// MARK: - Versions

extension RosterHistory {
  /// A version of the file at a commit.
  enum Version {
    /// There is no file at the path.
    case missing
    /// The file is not a valid roster: the reader's error.
    case unreadable(RosterError)
    /// The roster, and the file's bytes.
    case roster(Roster, bytes: [UInt8])
  }

  /// The last versions read, by object, so that each version of the file is read once
  /// though the walk meets it as a commit's and as its child's parent's.
  struct VersionCache {
    let store: GitObjectStore
    let limit: Int
    private var objects: [(commit: String, path: String, object: GitObjectStore.Object?)] = []
    private var versions: [(object: String, version: Version)] = []

    init(store: GitObjectStore, limit: Int) {
      self.store = store
      self.limit = limit
    }

    /// The object a commit has at a path, or `nil` when it has no file there.
    mutating func object(at path: String, in commit: String) throws(CommandFailure)
      -> GitObjectStore.Object?
    {
      if let known = objects.first(where: { $0.commit == commit && $0.path == path }) {
        return known.object
      }
      let found = try store.object(at: path, in: commit)
      objects.append((commit, path, found))
      if objects.count > limit * 2 { objects.removeFirst() }
      return found
    }

    /// The version of the file a commit has at a path.
    ///
    /// - Parameters:
    ///   - path: The path, from the top of the work tree.
    ///   - commit: The commit's hash.
    ///   - newer: A version read already that this one is mostly like (the commit's
    ///     child's): the monsters the two files hold byte for byte as the other are not
    ///     read again.
    ///   - abbreviated: The commit's abbreviated hash, which names the version in a
    ///     reader's message (`a1b2c3d:monsters.json`); the full hash when `nil`.
    mutating func version(
      at path: String, in commit: String, against newer: Version? = nil, abbreviated: String?
    ) throws(CommandFailure) -> Version {
      guard let object = try object(at: path, in: commit), object.isBlob else { return .missing }
      if let kept = versions.first(where: { $0.object == object.name }) { return kept.version }
      let bytes = try store.bytes(of: object)
      var file = RosterFile(path: (abbreviated ?? commit) + ":" + path)
      file.stream = .bytes(bytes)
      let version: Version
      do throws(RosterError) {
        if case .roster(let roster, _)? = newer {
          version = .roster(try file.readForMatching(against: roster).indexed(), bytes: bytes)
        } else {
          version = .roster(try file.readVersion(), bytes: bytes)
        }
      } catch {
        version = .unreadable(error)
      }
      versions.append((object.name, version))
      if versions.count > limit { versions.removeFirst() }
      return version
    }
  }

  /// What changed from one version of the file to another.
  struct Comparison {
    /// Why a version is not a roster, where in it: `2:17: unexpected 'oops'`. The version
    /// is named by the commit it is shown under.
    static func reason(_ error: RosterError) -> String {
      switch error {
      case .syntax(_, let line, let column, let message):
        return "\(line):\(column): \(message)"
      case .invalidRoster(_, let problems) where !problems.isEmpty:
        let first = problems[0]
        let more = problems.count - 1
        return "\(first.line):\(first.column): \(first.message)"
          + (more > 0 ? " (and \(more) more \(more == 1 ? "problem" : "problems"))" : "")
      case .unresolvedConflict(_, let lines):
        return "an unresolved merge conflict"
          + (lines.first.map { " at line \($0)" } ?? "")
      default:
        return CommandFailure.roster(error).message ?? ""
      }
    }

    /// The changes of the roster.
    var changes: [RosterDiff.Change] = []
    /// What happened to the file itself.
    var event: FileEvent?

    init(old: Version, new: Version, path: String) {
      switch (old, new) {
      case (.missing, .missing):
        break
      case (_, .unreadable(let error)):
        event = .unreadable(Self.reason(error))
      case (.unreadable, .roster):
        event = .readableAgain(path)
      case (.missing, .roster(let roster, _)):
        event = .created(path)
        changes = RosterDiff(from: Roster(), to: roster).changes
      case (.roster(let roster, _), .missing):
        event = .deleted(path)
        changes = RosterDiff(from: roster, to: Roster()).changes
      case (.unreadable, .missing):
        event = .deleted(path)
      case (.roster(let old, _), .roster(let new, let bytes)):
        var file = RosterFile(path: path)
        file.stream = .bytes(bytes)
        // The new version read again against the old one, which it mostly is: only the
        // monsters between what the two files share at their start and end are compared.
        if let matched = try? file.readForMatching(against: old).matched(with: old) {
          changes = RosterDiff(from: old, to: matched).changes
        } else {
          changes = RosterDiff(from: old, to: new).changes
        }
      }
    }
  }
}

// MARK: - Following monsters

extension RosterHistory {
  /// The monsters followed at one commit: their folded names, as the commit names them.
  struct FollowedNames {
    var folded: Set<String>

    /// Whether a change is of a monster followed, named as the commit names it: a change
    /// to it, its addition, its rename to the name followed, or the removal of a monster of
    /// that name (followed further back under that name).
    func isFollowed(_ change: RosterDiff.Change) -> Bool {
      name(in: change) != nil
    }

    /// The folded name of the monster followed that a change is of, or `nil`.
    func name(in change: RosterDiff.Change) -> String? {
      let name: String
      switch change {
      case .added(let monster), .removed(let monster): name = monster.name
      case .renamed(_, let new): name = new
      case .changed(let monster, _, _, _), .moved(let monster): name = monster
      case .rosterField: return nil
      }
      let key = Monster.foldedName(name)
      return folded.contains(key) ? key : nil
    }

    /// The names the same monsters have before a commit, given its changes from a parent:
    /// a monster renamed had its old name; a name followed that a monster gave up (renamed
    /// away) was another monster's before; any other name was the same.
    func before(_ changes: [RosterDiff.Change]) -> FollowedNames {
      var oldNames: [String: String] = [:]
      var givenUp: Set<String> = []
      for case .renamed(let old, let new) in changes {
        oldNames[Monster.foldedName(new)] = Monster.foldedName(old)
        givenUp.insert(Monster.foldedName(old))
      }
      var earlier: Set<String> = []
      for name in folded {
        if let old = oldNames[name] {
          earlier.insert(old)
        } else if !givenUp.contains(name) {
          earlier.insert(name)
        }
      }
      return FollowedNames(folded: earlier)
    }
  }

  /// The names followed at each commit yet to come: a commit's are passed to its parents
  /// in the file's history, which the walk lists after all their children.
  struct Tracking {
    /// The names at the newest commits, which no child passed names to.
    private var start: FollowedNames
    /// The names passed to commits not yet walked, by hash.
    private var pending: [String: FollowedNames] = [:]

    init(names: [String]) {
      start = FollowedNames(folded: Set(names.map(Monster.foldedName)))
    }

    /// The names followed at a commit.
    mutating func names(of commit: String) -> FollowedNames {
      pending.removeValue(forKey: commit) ?? start
    }

    /// Passes the names followed at a commit to its parents in the file's history.
    ///
    /// - Parameters:
    ///   - names: The names at the commit.
    ///   - commit: The commit.
    ///   - firstChanges: Its changes from its first parent.
    ///   - otherChanges: Its changes from another of its parents, by the parent's place.
    mutating func pass(
      _ names: FollowedNames, of commit: GitRevisionWalk.Commit,
      firstChanges: [RosterDiff.Change],
      otherChanges: (Int) throws(CommandFailure) -> [RosterDiff.Change]
    ) throws(CommandFailure) {
      for (place, parent) in commit.parents.enumerated() {
        let before =
          names.folded.isEmpty
          ? names
          : names.before(place > 0 ? try otherChanges(place) : firstChanges)
        pending[parent, default: FollowedNames(folded: [])].folded.formUnion(before.folded)
      }
    }

    /// Passes names to parents unchanged: none, where none is followed.
    mutating func pass(_ names: FollowedNames, to parents: [String]) {
      for parent in parents {
        pending[parent, default: FollowedNames(folded: [])].folded.formUnion(names.folded)
      }
    }

    /// Starts again, after the walk moved to the file's old path: the names are those of
    /// the newest commits of the new walk.
    mutating func restart(with names: FollowedNames) {
      start = names
      pending = [:]
    }
  }
}
