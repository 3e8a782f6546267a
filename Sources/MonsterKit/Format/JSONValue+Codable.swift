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
  /// `Double`, and kept as its shortest spelling: a decoder gives numbers, not their text,
  /// so a document written by hand with `1e3` gives `1000`. What ``encode(to:)`` encodes
  /// comes back as it was.
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
      self = .number(NumberCoding.decoded(number).spelling)
    } else {
      self = .string(try value.decode(String.self))
    }
  }

  /// Encodes the value as the JSON it is, so that decoding it gives it back exactly, or
  /// throws: nothing comes back other than it went in.
  ///
  /// A number is encoded as an integer (of `Int64` or `UInt64`) or a `Double`, which a
  /// decoder gives back as their shortest spelling: a number is encoded only when it is
  /// spelled so (`12`, `-3`, `0.5`, `1e+300`), since a decoder gives numbers, not their text.
  /// `1.50`, `1e3`, `-0` and `123456789012345678901234567890` would come back as other
  /// digits (`1.5`, `1000`, `0`, `1.2345678901234568e+29`), and throw. An object is encoded
  /// when it has no more than one key: encoders and decoders keep an object's keys in an
  /// order of their own (`JSONEncoder`, `JSONDecoder`), so an object of several keys would
  /// come back in another order, and throws. To keep any value whole, keep the ``Monster``
  /// or ``Roster`` that holds it, which encode as their JSON text, or an object's members as
  /// `[JSONMember]`, an array.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a number not in its shortest spelling, one
  ///   that is no JSON number, or one beyond what a `Double` holds (`1e400`); for an object
  ///   of two keys or more; whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .object(let members):
      guard members.count <= 1 else {
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "an object of \(members.count) keys would come back from a "
              + "decoder with its keys in another order; encode its members, [JSONMember], "
              + "which keep their order"))
      }
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
      switch NumberCoding(text) {
      case .signed(let integer): try value.encode(integer)
      case .unsigned(let integer): try value.encode(integer)
      case .double(let number): try value.encode(number)
      case .respelled(let spelling):
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "'\(escapedForMessage(text))' would come back from a decoder as "
              + "'\(spelling)': a decoder gives numbers, not their digits"))
      case .notEncodable(let problem):
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "'\(escapedForMessage(text))' \(problem)"))
      }
    }
  }
}

/// How a number of a ``JSONValue`` goes through `Codable`: as the value whose shortest
/// spelling it is, which is what ``JSONValue/init(from:)`` gives back, or not at all.
enum NumberCoding: Equatable {
  /// An integer of `Int64`, spelled as `String(_:)` spells it.
  case signed(Int64)
  /// An integer beyond `Int64` of `UInt64`, spelled as `String(_:)` spells it.
  case unsigned(UInt64)
  /// A `Double` that is no such integer, spelled as `String(_:)` spells it.
  case double(Double)
  /// A number a decoder would give back with other digits: the spelling it would give.
  case respelled(String)
  /// Text no decoder gives back as a number: why.
  case notEncodable(String)

  /// How the number spelled `text` goes through `Codable`.
  init(_ text: String) {
    guard isJSONNumber(text) else {
      self = .notEncodable("is not a JSON number")
      return
    }
    let coding: NumberCoding
    if let integer = Int64(text) {
      coding = .signed(integer)
    } else if let integer = UInt64(text) {
      coding = .unsigned(integer)
    } else if let number = Double(text), number.isFinite {
      // A whole number an integer holds is read back as that integer, as `decoded` does.
      coding = Self.decoded(number)
    } else {
      self = .notEncodable("is beyond what a Double holds")
      return
    }
    let spelling = coding.spelling
    self = spelling.hasSameCodePoints(as: text) ? coding : .respelled(spelling)
  }

  /// How ``JSONValue/init(from:)`` keeps a number a decoder gives as a `Double`: as the
  /// integer it is, when it is one of `Int64` or `UInt64`, else as the `Double`.
  static func decoded(_ number: Double) -> NumberCoding {
    if number == number.rounded(.towardZero) {
      if let integer = Int64(exactly: number) { return .signed(integer) }
      if let integer = UInt64(exactly: number) { return .unsigned(integer) }
    }
    return .double(number)
  }

  /// The number's shortest spelling, as a decoder's value is kept.
  var spelling: String {
    switch self {
    case .signed(let integer): String(integer)
    case .unsigned(let integer): String(integer)
    case .double(let number): String(number)
    case .respelled(let spelling): spelling
    case .notEncodable: ""
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
