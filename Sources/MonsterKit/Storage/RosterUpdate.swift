/// What an edit did: the roster before and after, and the file's bytes before.
public struct RosterUpdate: Sendable {
  /// The roster as it was read (the seeded roster while there was no file).
  public var before: Roster
  /// The roster with the edits made.
  public var after: Roster
  /// The file's bytes as they were, or `nil` when there was no file.
  public var originalBytes: [UInt8]? {
    original?.array
  }
  /// The size of the file before the edits, in bytes; 0 where there was none.
  package var originalByteCount: Int {
    original?.count ?? 0
  }
  /// Whether there was a file before the edits; an edit that changed the roster where
  /// there was none created it.
  public var hadFile: Bool {
    original != nil
  }
  /// Whether the edits changed the roster; when they did not, nothing was written.
  public var changed: Bool
  /// The file's bytes as they were, as read or mapped.
  var original: RosterBytes?
}
