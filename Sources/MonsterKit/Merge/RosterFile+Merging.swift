import MonstersSystem

// Merging into a roster file, as git's merge driver does: under the roster's lock from the
// read of ours to the replacement, and, when the merge cannot be made or written, a file
// that every reader refuses as conflicted rather than one that looks resolved.

/// Ours, as a merge into a roster file reads it under the roster's lock
/// (``RosterFile/merge(markers:theirs:ours:checking:merging:)``).
public struct LockedVersion: Sendable {
  /// The file, named as its messages name it.
  let file: RosterFile
  /// Its bytes, as read under the lock.
  let bytes: RosterBytes

  /// Reads the roster, to be matched with an earlier one, as
  /// ``RosterFile/readForMatching(against:)-(UnmatchedRoster)`` reads a file: against the
  /// earlier roster when there is one, whose records then stand for the monsters it has
  /// byte for byte as that one has them.
  ///
  /// - Parameter earlier: The roster it will be matched with, or `nil`.
  /// - Returns: The roster, to match.
  /// - Throws: What ``RosterFile/readVersion(allowingEmpty:)`` throws for bytes that are not
  ///   a valid roster.
  public func readForMatching(against earlier: UnmatchedRoster?) throws(RosterError)
    -> UnmatchedRoster
  {
    let read = try file.unindexedRoster(from: bytes, sharingWith: earlier?.roster)
    return UnmatchedRoster(
      roster: read.roster, file: file, shared: read.shared, earlier: earlier?.roster)
  }
}

/// How a merge into a roster file ended
/// (``RosterFile/merge(markers:theirs:ours:checking:merging:)``), once the file was locked
/// and read.
public enum MergeSaving<Failure: Error> {
  /// The merge's file replaced the roster; `written` is `false` when the roster held it
  /// already, byte for byte, and was left alone.
  case saved(RosterMerge, written: Bool)
  /// The sides could not be merged monster by monster: the merge threw. What stands in
  /// the file's place says the rest.
  case notMerged(Failure, WholeFileConflict)
  /// The merge's file could not be written. What stands in the file's place says the rest.
  case notWritten(RosterMerge, RosterError, WholeFileConflict)
  /// The file as read under the lock was not one to merge over: nothing was merged or
  /// written, and the file is as it was.
  case refused(Failure)
}

/// What a merge that could not be made or written left in the roster's place: as git's own
/// merge does with two files it cannot merge, the whole of ours and the whole of theirs
/// between conflict markers, so that no reader takes the file for a resolved roster.
public enum WholeFileConflict: Sendable {
  /// Both files between markers, replacing the roster as every edit replaces it.
  case written
  /// Both files between markers, written over the roster in place: there was no room for
  /// a new file beside it (a full disk), only for the markers and theirs.
  case writtenInPlace
  /// Ours between markers, written in place, with nothing between the separator and the
  /// closing marker: there was no room for theirs. Keeping theirs of it is no roster.
  case writtenWithoutTheirs(RosterError)
  /// Nothing: the roster is as it was, which readers take for a resolved roster. The error
  /// says why.
  case notWritten(RosterError)
}

extension RosterFile {
  /// The most bytes one `write(2)` of a merge's result hands over.
  static let writePiece = 1 << 18

  /// Merges into the roster file, as git's merge driver does: takes the roster's lock,
  /// reads the file (ours) under it, has `merging` merge it, and writes the merge's file
  /// over it through the same steps as every edit, checking first that the file is still
  /// the one read (another program's write meanwhile makes the merge start over, reading
  /// it again). A concurrent edit is never lost.
  ///
  /// When `merging` throws (a side is not a valid roster), or the merge's file cannot be
  /// written (a full disk), the whole of ours and the whole of theirs are written between
  /// conflict markers instead (``WholeFileConflict``), so that the file is refused by
  /// every reader rather than taken for a resolved roster.
  ///
  /// - Parameters:
  ///   - markers: The conflict markers.
  ///   - theirs: Their file's bytes, asked for only when the merge cannot be made or
  ///     written.
  ///   - ours: Our file's bytes, when they are not the roster file's (a merge made again
  ///     from git's index writes over a file that holds git's own conflict). Bytes, not a
  ///     closure as `theirs` is: with ours given by an optional closure that throws a typed
  ///     error, marking both files whole crashed in releasing ours (Swift 6.3).
  ///   - checking: Looks at the file as read under the lock before anything is merged, and
  ///     throws where it is not one to merge over (a file changed by hand since a merge
  ///     left it): the merge ends ``MergeSaving/refused(_:)``, with nothing written.
  ///   - merging: Makes the merge, given ours as read under the lock. It may run more than
  ///     once, when another program changed the file meanwhile.
  /// - Returns: How the merge ended.
  /// - Throws: ``RosterError/missingFile(path:)`` when there is no file,
  ///   ``RosterError/lockTimeout(path:seconds:)``, and any error of reading the file or of
  ///   taking the lock: the file is then as it was.
  public func merge<Failure: Error>(
    markers: ConflictMarkers, theirs: () throws(RosterError) -> [UInt8],
    ours: [UInt8]? = nil,
    checking: (([UInt8]) throws(Failure) -> Void)? = nil,
    merging: (LockedVersion) throws(Failure) -> RosterMerge
  ) throws(RosterError) -> MergeSaving<Failure> {
    // A merge needs only the metadata of the file it replaces, and reads ours from the
    // bytes it maps, which reads nothing it does not use.
    var file = self
    file.mapsLargeFiles = true
    return try file.editing(action: .write) { (site, existing) throws(RosterError) in
      guard let existing else { throw .missingFile(path: path) }
      if let checking {
        do throws(Failure) {
          try checking(existing.bytes.array)
        } catch {
          return .done(.refused(error))
        }
      }
      let merge: RosterMerge
      do throws(Failure) {
        merge = try merging(LockedVersion(file: file, bytes: existing.bytes))
      } catch {
        guard file.isUnchanged(existing) else { return .startOver }
        let marked = file.markWholeFiles(
          site, existing, ours: ours, theirs: theirs, markers: markers)
        return marked.map { .done(.notMerged(error, $0)) } ?? .startOver
      }
      // A result that is the file as read, byte for byte, is left as it is; not one that is
      // ours given apart from the file.
      guard !(ours == nil && merge.keepsOurs && merge.oursVersion.storage.source.isKnownCanonical)
      else {
        return file.isUnchanged(existing) ? .done(.saved(merge, written: false)) : .startOver
      }
      do throws(RosterError) {
        let saved = try file.replace(existing, in: site) { (sink) throws(SystemCallError) in
          try merge.write(markers: markers, chunkSize: Self.chunkSize) {
            (chunk) throws(SystemCallError) in try Self.hand(chunk, to: sink)
          }
        }
        return saved ? .done(.saved(merge, written: true)) : .startOver
      } catch {
        if case .changedWhileReading = error { return .startOver }
        let marked = file.markWholeFiles(
          site, existing, ours: ours, theirs: theirs, markers: markers)
        return marked.map { .done(.notWritten(merge, error, $0)) } ?? .startOver
      }
    }
  }

  /// Hands a chunk to a sink a quarter of a megabyte at a time: on Linux, one write of a
  /// hundred megabytes (a run of unchanged monsters, straight from the mapped file) costs
  /// several times as much as the same bytes in pieces.
  private static func hand(
    _ chunk: UnsafeRawBufferPointer,
    to sink: (UnsafeRawBufferPointer) throws(SystemCallError) -> Void
  ) throws(SystemCallError) {
    var offset = 0
    while offset < chunk.count {
      let end = min(offset + writePiece, chunk.count)
      try sink(UnsafeRawBufferPointer(rebasing: chunk[offset..<end]))
      offset = end
    }
  }

  /// Writes a file in the place of the one read under the lock, as
  /// ``save(in:replacing:checkingFirst:writing:)`` writes, once it is checked to be the file
  /// read, unchanged.
  private func replace(
    _ existing: LoadedFile, in site: EditSite,
    writing content: ((UnsafeRawBufferPointer) throws(SystemCallError) -> Void)
      throws(SystemCallError) -> Void
  ) throws(RosterError) -> Bool {
    let check = { () throws(RosterError) in try checkUnchanged(existing) }
    return try save(in: site, replacing: existing, checkingFirst: check, writing: content)
  }

  /// Whether a file read under the lock still has the size and modification time it had.
  private func isUnchanged(_ file: LoadedFile) -> Bool {
    (try? checkUnchanged(file)) != nil
  }

  // MARK: - The whole files

  /// Writes ours and theirs whole between markers in the roster's place: as a new file, or,
  /// where there is no room for one, over the roster in place.
  ///
  /// - Returns: What was written; `nil` when the roster changed meanwhile, and the merge
  ///   must start over.
  private func markWholeFiles(
    _ site: EditSite, _ existing: LoadedFile, ours oursBytes: [UInt8]?,
    theirs theirsBytes: () throws(RosterError) -> [UInt8], markers: ConflictMarkers
  ) -> WholeFileConflict? {
    // Ours as the file holds it, mapped or read, is written from where it is: a copy of a
    // large one may be more memory than a merge that failed for want of it can have.
    let (ours, theirs): (RosterBytes, [UInt8])
    do throws(RosterError) {
      ours = oursBytes.map(RosterBytes.init) ?? existing.bytes
      theirs = try theirsBytes()
    } catch {
      return .notWritten(error)
    }
    let failure: RosterError
    do throws(RosterError) {
      let saved = try replace(existing, in: site) { (sink) throws(SystemCallError) in
        try ours.withUnsafeBytes { (ours) throws(SystemCallError) in
          try theirs.withUnsafeBytes { (theirs) throws(SystemCallError) in
            try markers.writeWholeFiles(ours: ours, theirs: theirs) {
              (chunk) throws(SystemCallError) in try Self.hand(chunk, to: sink)
            }
          }
        }
      }
      return saved ? .written : nil
    } catch {
      if case .changedWhileReading = error { return nil }
      failure = error
    }
    guard isUnchanged(existing) else { return nil }
    // Written in place, the files are put together in memory first, which is asked for.
    guard (try? Platform.requireMemory(2 * ours.count + theirs.count)) != nil else {
      return .notWritten(failure)
    }
    for withTheirs in [true, false] {
      let whole = markers.wholeFiles(ours: ours.array, theirs: withTheirs ? theirs : [])
      do throws(SystemCallError) {
        guard try writeInPlace(whole, site, existing) else {
          if withTheirs { continue }
          return .notWritten(failure)
        }
        return withTheirs ? .writtenInPlace : .writtenWithoutTheirs(failure)
      } catch {
        return .notWritten(.fileSystem(path: path, action: .write, errno: error.code))
      }
    }
    return .notWritten(failure)
  }

  /// Writes bytes over the roster in place, for a disk with no room for a new file: first
  /// what goes past the roster's end, appended (and cut off again when it does not fit),
  /// then the roster's own length from its start, over blocks it has already (or, for bytes
  /// shorter than the roster, those bytes, and the rest cut off). Only a crash in that
  /// last step could leave a file that is neither, and it begins with what is written.
  ///
  /// - Returns: `false`, with the roster as it was, when what goes past its end does not
  ///   fit, or the file at the roster's name is no longer the one read.
  /// - Throws: The `errno` of a failure once the roster is being written over.
  private func writeInPlace(_ bytes: [UInt8], _ site: EditSite, _ existing: LoadedFile)
    throws(SystemCallError) -> Bool
  {
    guard let opened = existing.opened else { return false }
    let size = Int(opened.status.size)
    let end = try fileSystem.open(
      site.name, in: site.folder, options: [.writeOnly, .append, .noFollow, .closeOnExec],
      mode: 0)
    defer { fileSystem.close(end) }
    guard try fileSystem.fstat(end).isSameFile(as: opened.status) else { return false }
    if bytes.count > size {
      do throws(SystemCallError) {
        try bytes.withUnsafeBytes { (all) throws(SystemCallError) in
          try fileSystem.writeAll(UnsafeRawBufferPointer(rebasing: all[size...]), to: end)
        }
      } catch {
        try? Platform.truncateFile(end, to: size)
        return false
      }
    }
    let start = try fileSystem.open(
      site.name, in: site.folder, options: [.writeOnly, .noFollow, .closeOnExec], mode: 0)
    defer { fileSystem.close(start) }
    try bytes.withUnsafeBytes { (all) throws(SystemCallError) in
      try fileSystem.writeAll(
        UnsafeRawBufferPointer(rebasing: all[..<min(size, all.count)]), to: start)
    }
    if bytes.count < size { try Platform.truncateFile(start, to: bytes.count) }
    try fileSystem.synchronize(start)
    return true
  }
}
