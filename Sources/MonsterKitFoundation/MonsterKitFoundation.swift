// MonsterKit imports no Foundation, so that the command line starts fast and links small.
// This optional library is for apps that hold `URL`s and `Data` and show errors through
// `LocalizedError`: the only target of the package that imports Foundation.

import Foundation
import MonsterKit

// MARK: - URLs

/// A URL that names no file on this machine, such as `https://example.com/team.json`: a
/// roster file is read and written through a path.
public struct NotAFileURL: Error, Hashable, Sendable, LocalizedError, CustomStringConvertible {
  /// The URL given.
  public var url: URL

  /// Creates the error for a URL.
  ///
  /// - Parameter url: The URL that is not a file URL.
  public init(url: URL) {
    self.url = url
  }

  /// `https://example.com/team.json is not a file URL; a roster file is a file on this machine.`
  public var description: String {
    "\(url.absoluteString) is not a file URL; a roster file is a file on this machine."
  }

  /// The same as ``description``.
  public var errorDescription: String? { description }
}

extension RosterFile {
  /// Creates a roster file at a file URL, such as one a document picker gave.
  ///
  /// ```swift
  /// let file = try RosterFile(url: documentURL)
  /// let roster = try file.read()
  /// ```
  ///
  /// - Parameters:
  ///   - url: A file URL (`file://`); its path is the file's path.
  ///   - lockTimeout: How long an edit waits for another process's edit.
  ///   - whenMissing: What reading and editing do while there is no file at the URL.
  ///   - displayName: What messages call the file, such as the document's name a user
  ///     knows (`url.deletingPathExtension().lastPathComponent`); by default its path.
  /// - Throws: ``NotAFileURL`` for a URL of another scheme, such as `https:`.
  public init(
    url: URL, lockTimeout: Duration = .seconds(10), whenMissing: MissingFile = .error,
    displayName: String? = nil
  ) throws(NotAFileURL) {
    guard url.isFileURL else { throw NotAFileURL(url: url) }
    self.init(
      path: url.withUnsafeFileSystemRepresentation { $0.map { String(cString: $0) } }
        ?? url.path,
      lockTimeout: lockTimeout, whenMissing: whenMissing, displayName: displayName)
  }

  /// The file's path as a file URL.
  public var url: URL {
    URL(fileURLWithPath: path)
  }
}

// MARK: - Data

extension Roster {
  /// Reads a roster from the bytes of a roster file, as ``MonsterKit/Roster/init(jsonBytes:path:)``
  /// does.
  ///
  /// ```swift
  /// let roster = try Roster(data: Data(contentsOf: url), path: url.lastPathComponent)
  /// ```
  ///
  /// - Parameters:
  ///   - data: The file's bytes, UTF-8 JSON.
  ///   - path: What messages call the bytes, such as the document's name.
  /// - Throws: ``MonsterKit/RosterError`` when the bytes are not a valid roster.
  public init(data: Data, path: String = "roster") throws(RosterError) {
    try self.init(jsonBytes: data, path: path)
  }

  /// The roster's canonical JSON, as a roster file holds it: what
  /// ``MonsterKit/Roster/canonicalJSON()`` gives, as `Data`.
  ///
  /// ```swift
  /// try roster.jsonData().write(to: url, options: .atomic)
  /// ```
  public func jsonData() -> Data {
    Data(canonicalJSON())
  }
}

// MARK: - LocalizedError

/// An alert shows all three parts: ``MonsterKit/RosterError/description`` as the error's
/// description, ``MonsterKit/RosterError/failureReason`` and
/// ``MonsterKit/RosterError/recoverySuggestion``, which MonsterKit gives in the names
/// `LocalizedError` reads.
extension RosterError: LocalizedError {
  /// The message a user reads: ``MonsterKit/RosterError/description``, so that
  /// `error.localizedDescription` shows it rather than "The operation could not be
  /// completed".
  public var errorDescription: String? { description }
}
