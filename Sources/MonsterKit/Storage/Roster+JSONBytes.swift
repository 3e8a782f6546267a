// A roster from the bytes of a roster file, with no file: what an app reads from a document,
// a download or a bundle. The canonical bytes go the other way (``Roster/canonicalJSON()``).

extension Roster {
  /// Reads a roster from the bytes of a roster file, without touching the file system.
  ///
  /// The bytes are read as a file of <doc:RosterFileFormat> is: a roster that breaks a rule
  /// is refused with every problem, by line and column, and nothing is guessed.
  ///
  /// ```swift
  /// let roster = try Roster(jsonBytes: data, path: "Team.json")
  /// let saved = roster.canonicalJSON()  // the same bytes, when they were canonical
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes: UTF-8 JSON, such as a `Data` or a `[UInt8]`.
  ///   - path: The name messages give the bytes, such as the file they came from; by
  ///     default `roster` (`roster:7:5: expected ',' or '}' after an object member`).
  /// - Throws: ``RosterError/syntax(path:line:column:message:)`` at the first place the
  ///   bytes are not JSON, ``RosterError/invalidRoster(path:problems:)`` with every rule
  ///   they break, ``RosterError/fileTooLarge(path:)`` past 4 GiB.
  public init(jsonBytes bytes: some Sequence<UInt8>, path: String = "roster")
    throws(RosterError)
  {
    // RosterFile reads bytes the one way a file is read; it touches no file to do it.
    self = try RosterFile(path: path).roster(from: Array(bytes))
  }
}

extension Roster {
  /// The members of the roster's own object but `monsters`, as the canonical form writes
  /// them: `version`, what the roster declares (`weapons`, `fields`), then the keys
  /// `monsters` does not know.
  package var ownMembers: [JSONMember] {
    [JSONMember("version", .number("1"))] + declarations.jsonMembers + otherFields
  }
}
