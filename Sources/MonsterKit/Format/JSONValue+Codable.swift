// JSON values through `Codable`, the standard library's coding, so that an app's document
// can hold the keys `monsters` does not know, and the monsters and rosters that keep them.

/// A key of a JSON object, any string: what the keyed containers of the roster's values
/// are read and written with.
struct JSONKey: CodingKey, Hashable {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ key: String) {
    stringValue = key
  }

  init(stringValue: String) {
    self.init(stringValue)
  }

  init?(intValue: Int) {
    nil
  }
}

extension JSONValue: Codable {
  /// Decodes any JSON value: `null`, a Boolean, a number, a string, an array or an object
  /// (its members in the order the decoder lists its keys).
  ///
  /// A number is read as an integer when it is one (of `Int64` or `UInt64`), else as a
  /// `Double`, and kept as its shortest spelling (`1e3` comes back as `1000`; any other
  /// number past `Double`'s precision loses digits): a decoder gives numbers, not their
  /// text.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the value is none of these.
  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: JSONKey.self) {
      self = .object(
        try object.allKeys.map {
          JSONMember($0.stringValue, try object.decode(JSONValue.self, forKey: $0))
        })
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd {
        elements.append(try array.decode(JSONValue.self))
      }
      self = .array(elements)
      return
    }
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .null
    } else if let bool = try? value.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? value.decode(Int64.self) {
      self = .number(String(integer))
    } else if let integer = try? value.decode(UInt64.self) {
      self = .number(String(integer))
    } else if let number = try? value.decode(Double.self) {
      guard number.isFinite else {
        throw DecodingError.dataCorruptedError(
          in: value, debugDescription: "\(number) is not a number JSON can hold")
      }
      self = .number(String(number))
    } else {
      self = .string(try value.decode(String.self))
    }
  }

  /// Encodes the value: a number as an integer when its spelling is one of `Int64` or
  /// `UInt64`, else as a `Double` (which may lose digits); an object's members in order.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError` for a number whose spelling is no JSON number, or one beyond
  ///   what a `Double` holds (`1e400`), which an encoder cannot write; for an object with two
  ///   keys that differ only in their Unicode normal form, which an encoder takes for one;
  ///   whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .object(let members):
      try members.checkKeysApartForEncoder(self, codingPath: encoder.codingPath)
      var object = encoder.container(keyedBy: JSONKey.self)
      for member in members {
        try object.encode(member.value, forKey: JSONKey(member.key))
      }
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements {
        try array.encode(element)
      }
    case .null:
      var value = encoder.singleValueContainer()
      try value.encodeNil()
    case .bool(let bool):
      var value = encoder.singleValueContainer()
      try value.encode(bool)
    case .string(let text):
      var value = encoder.singleValueContainer()
      try value.encode(text)
    case .number(let text):
      var value = encoder.singleValueContainer()
      if let integer = Int64(text) {
        try value.encode(integer)
      } else if let integer = UInt64(text) {
        try value.encode(integer)
      } else if isJSONNumber(text), let number = Double(text), number.isFinite {
        try value.encode(number)
      } else {
        let problem = isJSONNumber(text) ? "is beyond what a Double holds" : "is not a JSON number"
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "'\(escapedForMessage(text))' \(problem)"))
      }
    }
  }
}

extension [JSONMember] {
  /// Refuses keys that are two keys in a roster file but one to an encoder: keys that
  /// differ only in their Unicode normal form (`Café` in NFC and NFD), which the file keeps
  /// apart, code point by code point, and an encoder takes as one `String`, keeping the
  /// later value only.
  ///
  /// - Parameters:
  ///   - value: What is encoded, for the error.
  ///   - codingPath: Where, for the error.
  /// - Throws: `EncodingError.invalidValue` naming the key.
  func checkKeysApartForEncoder(_ value: Any, codingPath: [any CodingKey]) throws {
    var seen: Set<String> = []
    for member in self where !seen.insert(member.key).inserted {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath,
          debugDescription: "two keys '\(escapedForMessage(member.key))' differ only in their "
            + "Unicode normal form, and an encoder would keep one of them"))
    }
  }
}

extension JSONMember: Codable {
  /// Decodes a member from an object of one key, `{"key": value}`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the object has more or fewer keys than one.
  public init(from decoder: any Decoder) throws {
    let object = try decoder.container(keyedBy: JSONKey.self)
    guard let key = object.allKeys.first, object.allKeys.count == 1 else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "a member is an object of one key, not \(object.allKeys.count)"))
    }
    self.init(key.stringValue, try object.decode(JSONValue.self, forKey: key))
  }

  /// Encodes the member as an object of one key, `{"key": value}`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: JSONKey.self)
    try object.encode(value, forKey: JSONKey(key))
  }
}
