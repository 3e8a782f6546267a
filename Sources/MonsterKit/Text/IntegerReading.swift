/// What a JSON number is to an integer field, read exactly from its digits, never through a
/// double: `7`, `7.0`, `0.7e1` and `700e-2` are all 7; `9.9999999999999999` has a fraction
/// however close it comes to 10; `1e400` is a whole number, but beyond what a field holds.
///
/// An integer field holds the whole numbers of `Int`'s range, -2^63 to 2^63 - 1, which an
/// app reads as an `Int`, and the canonical form writes each in plain digits
/// (``canonicalText``).
///
/// ```swift
/// IntegerReading(json: "1E1")                 // .integer(10)
/// IntegerReading(json: "9.9999999999999999")  // .fraction
/// IntegerReading(json: "-1e400")              // .beyond(negative: true)
/// IntegerReading(json: "ten")                 // nil: no JSON number
/// ```
package enum IntegerReading: Hashable, Sendable {
  /// A whole number of `Int`'s range.
  case integer(Int)
  /// A number with a fraction, such as `5.5` or `1e-400`.
  case fraction
  /// A whole number beyond `Int`'s range, and its sign.
  case beyond(negative: Bool)

  /// Reads a JSON number's text exactly.
  ///
  /// - Parameter text: The text, as JSON writes a number.
  /// - Returns: What the number is, or `nil` when the text is not a JSON number.
  package init?(json text: String) {
    guard let number = DecimalNumber(json: text) else { return nil }
    self = number.integerReading
  }

  /// The whole number, when it is one an integer field holds.
  package var value: Int? {
    guard case .integer(let number) = self else { return nil }
    return number
  }

  /// The number as the canonical form writes it: plain digits, a minus before a negative
  /// one, `0` for zero however it was written; `nil` for a number an integer field does not
  /// hold.
  var canonicalText: String? {
    value.map(String.init)
  }
}
