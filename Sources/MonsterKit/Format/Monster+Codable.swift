// A monster through `Codable`, the standard library's coding: as the JSON text of its
// object in the roster file, a string, which every encoder and decoder keeps as it is.

extension Monster: Codable {
  /// Decodes a monster from the JSON text of its object in the roster file, a string, as
  /// ``encode(to:)`` encodes it: the five built-in keys, and every other key, kept in
  /// ``otherFields`` in order, numbers with their digits.
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(monster)
  /// // "{\"name\":\"Cat-Bot\",\"description\":\"MEE-OW\",...}", as a JSON string
  /// let same = try JSONDecoder().decode(Monster.self, from: data)
  /// ```
  ///
  /// The weapon has its default image (``Weapon/defaultImageName(forName:)``): a roster
  /// gives a weapon it declares its own image when it takes the monster.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when the value is not a string, or not the
  ///   text of a monster's object: its description says why (a required key left out, a
  ///   value of the wrong type, a name that breaks the roster's rules), and its underlying
  ///   error is the ``RosterError``.
  public init(from decoder: any Decoder) throws {
    self = try decodeJSONText(from: decoder, of: "a monster, the JSON text of its object") {
      (text) throws(RosterError) in try Monster(jsonObjectText: text)
    }
  }

  /// Encodes the monster as the JSON text of its object in the roster file, a string: the
  /// built-in keys (a field the monster has no value of left out), then ``otherFields``, in
  /// order, as they are. Any encoder keeps a string as it is, so every key's order and
  /// every number's digits come back.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` when ``otherFields`` hold what the file cannot
  ///   (a built-in key, a key twice, a number that is no JSON number), with the
  ///   ``RosterError`` as its underlying error; whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    let text: String
    do throws(RosterError) {
      text = try jsonObjectText()
    } catch {
      throw EncodingError.unwritable(self, at: encoder.codingPath, because: error)
    }
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}

/// Decodes a value written as a string of JSON text: the text, read by `read`, whose
/// ``RosterError`` becomes a `DecodingError.dataCorrupted` with it as the underlying error.
///
/// - Parameters:
///   - decoder: The decoder to read from.
///   - what: What the text is, for the error when the value is no string.
///   - read: Reads the text.
/// - Returns: What `read` made of the text.
/// - Throws: `DecodingError.dataCorrupted` naming what was expected, for a value that is
///   not a string, such as an object; or saying why `read` refused the text.
func decodeJSONText<Value>(
  from decoder: any Decoder, of what: String, _ read: (String) throws(RosterError) -> Value
) throws -> Value {
  let container = try decoder.singleValueContainer()
  guard let text = try? container.decode(String.self) else {
    throw DecodingError.dataCorruptedError(
      in: container, debugDescription: "expected \(what), as a string")
  }
  do throws(RosterError) {
    return try read(text)
  } catch {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath, debugDescription: error.description,
        underlyingError: error))
  }
}
