// A roster through `Codable`: the text of its roster file, so that an app's document can
// hold a roster, with the weapons and fields it declares and the keys no one knows, and
// get it back byte for byte from any encoder.

extension Roster: Codable {
  /// Decodes a roster from the text of its roster file, a string, as ``encode(to:)``
  /// encodes it, checked as a file is: every rule of <doc:RosterFileFormat>, the version,
  /// the declarations, the names.
  ///
  /// ```swift
  /// struct Document: Codable {
  ///   var title: String
  ///   var roster: Roster
  /// }
  /// ```
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when the value is not a string, or not the
  ///   text of a valid roster: its description is the first problem, by line and column in
  ///   that text (which messages call `roster`), and its underlying error the
  ///   ``RosterError``.
  public init(from decoder: any Decoder) throws {
    self = try decodeJSONText(from: decoder, of: "a roster, the text of its roster file") {
      (text) throws(RosterError) in try Roster(jsonBytes: text.utf8, path: "roster")
    }
  }

  /// Encodes the roster as the text of its roster file, in canonical form
  /// (``canonicalJSON()``), a string.
  ///
  /// An encoder keeps a string as it is, so decoding gives the roster back whole: every
  /// key in its order, every number with its digits, two keys that differ only in their
  /// Unicode normal form apart, as the file keeps them; no encoder's way with objects or
  /// numbers touches it.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(String(decoding: canonicalJSON(), as: UTF8.self))
  }
}

extension EncodingError {
  /// The error of encoding a monster whose own keys the file cannot hold: the
  /// ``RosterError`` that says why, as the description and the underlying error.
  static func unwritable(_ value: Any, at codingPath: [any CodingKey], because error: RosterError)
    -> EncodingError
  {
    .invalidValue(
      value,
      Context(codingPath: codingPath, debugDescription: error.description, underlyingError: error))
  }
}
