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

  /// The most digits an `Int` has: a number of more, leading zeros aside, is beyond it.
  private static let digitsOfInt = 19

  /// Reads a JSON number's text exactly.
  ///
  /// - Parameter text: The text, as JSON writes a number.
  /// - Returns: What the number is, or `nil` when the text is not a JSON number.
  package init?(json text: String) {
    guard isJSONNumber(text) else { return nil }
    var text = text
    self = text.withUTF8 { Self.read(UnsafeRawBufferPointer($0)) }
  }

  /// Reads the bytes of a valid JSON number: `-`, digits, perhaps `.` and digits, perhaps
  /// `e` or `E`, a sign and digits.
  private static func read(_ bytes: UnsafeRawBufferPointer) -> IntegerReading {
    let negative = bytes.first == UInt8(ascii: "-")
    var index = negative ? 1 : 0
    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    // The significant digits, the integer part's then the fraction's, without the zeros
    // before the first that is not zero; and how many digits the fraction has, zeros
    // included (`0.05` is 5 with two).
    var digits: [UInt8] = []
    var fractionDigits = 0
    var inFraction = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if isDigit(byte) {
        if !digits.isEmpty || byte != UInt8(ascii: "0") { digits.append(byte &- UInt8(ascii: "0")) }
        if inFraction { fractionDigits += 1 }
      } else {
        break
      }
      index += 1
    }
    var exponent = 0
    if index < bytes.count {
      // `e` or `E`, then a sign, then digits; an exponent past a billion is as good as
      // infinite here, and is kept from overflowing.
      index += 1
      var exponentIsNegative = false
      if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentIsNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      while index < bytes.count {
        exponent = min(exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")), 1_000_000_000)
        index += 1
      }
      if exponentIsNegative { exponent = -exponent }
    }
    guard !digits.isEmpty else { return .integer(0) }
    // Zeros at the end of the significant digits move into the exponent: `500` is 5e2.
    var trailingZeros = 0
    while digits[digits.count - 1 - trailingZeros] == 0 { trailingZeros += 1 }
    digits.removeLast(trailingZeros)
    let scale = exponent - fractionDigits + trailingZeros
    // The last significant digit is not zero: a negative scale leaves a fraction.
    guard scale >= 0 else { return .fraction }
    guard digits.count + scale <= digitsOfInt else { return .beyond(negative: negative) }
    var magnitude: UInt64 = 0
    for digit in digits + repeatElement(0, count: scale) {
      let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carried) = times.addingReportingOverflow(UInt64(digit))
      guard !overflowed && !carried else { return .beyond(negative: negative) }
      magnitude = sum
    }
    if negative {
      guard magnitude <= UInt64(Int.max) + 1 else { return .beyond(negative: true) }
      return .integer(magnitude == UInt64(Int.max) + 1 ? .min : -Int(magnitude))
    }
    guard magnitude <= UInt64(Int.max) else { return .beyond(negative: false) }
    return .integer(Int(magnitude))
  }

  /// The whole number, when it is one an integer field holds.
  package var value: Int? {
    guard case .integer(let number) = self else { return nil }
    return number
  }

  /// The number as the canonical form writes it: plain digits, a minus before a negative
  /// one, `0` for zero however it was written; `nil` for a number an integer field does not
  /// hold.
  package var canonicalText: String? {
    value.map(String.init)
  }
}
