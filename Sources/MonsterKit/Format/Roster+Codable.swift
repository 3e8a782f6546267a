// A roster through `Codable`: the object of its roster file, so that an app's document can
// hold a roster, with the weapons and fields it declares and the keys no one knows.

extension Roster: Codable {
  /// Decodes a roster from the object of a roster file, checked as a file is: every rule
  /// of <doc:RosterFileFormat>, the version, the declarations, the names.
  ///
  /// ```swift
  /// struct Document: Codable {
  ///   var title: String
  ///   var roster: Roster
  /// }
  /// ```
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when the value is not a valid roster: its
  ///   description is the first problem, without a line and column (the decoder's coding
  ///   path says where the roster is), and its underlying error the ``RosterError``, whose
  ///   place is in the roster's text as MonsterKit writes it.
  public init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    var bytes: [UInt8] = []
    bytes.appendJSON(value, indent: 0)
    do throws(RosterError) {
      self = try Roster(jsonBytes: bytes, path: "roster")
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: error.placelessDescription,
          underlyingError: error))
    }
  }

  /// Encodes the roster as the object of its roster file, keys in canonical order.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` when ``otherFields`` hold what the file cannot
  ///   (see ``otherFields``), with the ``RosterError`` as its underlying error; whatever the
  ///   encoder throws.
  public func encode(to encoder: any Encoder) throws {
    do throws(RosterError) {
      try otherFields.checkWritableAsRosters()
    } catch {
      throw EncodingError.unwritable(self, at: encoder.codingPath, because: error)
    }
    let bytes = canonicalJSON()
    let value = try bytes.withUnsafeBytes(typed: { (buffer) throws(JSONSyntaxError) in
      var scanner = JSONScanner(buffer)
      return try scanner.readValue(depth: 1)
    })
    try value.encode(to: encoder)
  }
}

extension EncodingError {
  /// The error of encoding a monster or a roster whose own keys the file cannot hold: the
  /// ``RosterError`` that says why, as the description and the underlying error.
  static func unwritable(_ value: Any, at codingPath: [any CodingKey], because error: RosterError)
    -> EncodingError
  {
    .invalidValue(
      value,
      Context(codingPath: codingPath, debugDescription: error.description, underlyingError: error))
  }
}
