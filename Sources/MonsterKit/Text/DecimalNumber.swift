/// A JSON number as its exact value, read from its digits: a sign, the significant digits
/// and a power of ten. Two numbers compare as the numbers they are, however they are
/// written (`7`, `7.0`, `0.7e1`), and never through a double, which rounds
/// `9007199254740993` to `9007199254740992` and `9.9999999999999999` to `10`.
///
/// ```swift
/// DecimalNumber(json: "9.9999999999999999")! < DecimalNumber(json: "10")!  // true
/// DecimalNumber(json: "1E1") == DecimalNumber(json: "10.0")                // true
/// ```
struct DecimalNumber: Hashable, Comparable, Sendable {
  /// Whether the number is below zero (never for zero).
  let isNegative: Bool
  /// The significant digits, each 0 to 9, the first and the last not zero; none for zero.
  let digits: [UInt8]
  /// The power of ten the digits are multiplied by: the number is `digits` × 10^`scale`.
  let scale: Int

  /// An exponent past this is as good as infinite here, and is kept from overflowing.
  private static let exponentLimit = 1_000_000_000

  /// Reads a JSON number's text.
  ///
  /// - Parameter text: The text, as JSON writes a number.
  /// - Returns: The number, or `nil` when the text is not a JSON number.
  init?(json text: String) {
    guard isJSONNumber(text) else { return nil }
    var text = text
    self = text.withUTF8 { Self.read(UnsafeRawBufferPointer($0)) }
  }

  private init(isNegative: Bool, digits: [UInt8], scale: Int) {
    self.isNegative = isNegative && !digits.isEmpty
    self.digits = digits
    self.scale = digits.isEmpty ? 0 : scale
  }

  /// Reads the bytes of a valid JSON number: `-`, digits, perhaps `.` and digits, perhaps
  /// `e` or `E`, a sign and digits.
  private static func read(_ bytes: UnsafeRawBufferPointer) -> DecimalNumber {
    let negative = bytes.first == UInt8(ascii: "-")
    var index = negative ? 1 : 0
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
      // `e` or `E`, then perhaps a sign, then digits.
      index += 1
      var exponentIsNegative = false
      if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentIsNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      while index < bytes.count {
        exponent = min(exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")), exponentLimit)
        index += 1
      }
      if exponentIsNegative { exponent = -exponent }
    }
    // Zeros at the end of the significant digits move into the scale: `500` is 5e2.
    var trailingZeros = 0
    while trailingZeros < digits.count && digits[digits.count - 1 - trailingZeros] == 0 {
      trailingZeros += 1
    }
    digits.removeLast(trailingZeros)
    return DecimalNumber(
      isNegative: negative, digits: digits, scale: exponent - fractionDigits + trailingZeros)
  }

  /// The number as an integer field reads it: whole or not, and within `Int` or not.
  var integerReading: IntegerReading {
    guard !digits.isEmpty else { return .integer(0) }
    // The last significant digit is not zero: a negative scale leaves a fraction.
    guard scale >= 0 else { return .fraction }
    guard digits.count + scale <= 19 else { return .beyond(negative: isNegative) }
    var magnitude: UInt64 = 0
    for digit in digits + repeatElement(0, count: scale) {
      let (times, overflowed) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carried) = times.addingReportingOverflow(UInt64(digit))
      guard !overflowed && !carried else { return .beyond(negative: isNegative) }
      magnitude = sum
    }
    let limit = UInt64(Int.max) + (isNegative ? 1 : 0)
    guard magnitude <= limit else { return .beyond(negative: isNegative) }
    if isNegative { return .integer(magnitude == limit ? .min : -Int(magnitude)) }
    return .integer(Int(magnitude))
  }

  /// Whether one number is less than another, as numbers.
  static func < (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
    if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
    let magnitudeIsLess = lessInMagnitude(lhs, rhs)
    return lhs.isNegative ? lessInMagnitude(rhs, lhs) : magnitudeIsLess
  }

  /// Whether one number is nearer zero than another.
  private static func lessInMagnitude(_ lhs: DecimalNumber, _ rhs: DecimalNumber) -> Bool {
    if lhs.digits.isEmpty || rhs.digits.isEmpty { return !rhs.digits.isEmpty }
    // The power of ten just above the first digit: the larger, the larger the number.
    let (left, right) = (lhs.digits.count + lhs.scale, rhs.digits.count + rhs.scale)
    if left != right { return left < right }
    for (first, second) in zip(lhs.digits, rhs.digits) where first != second {
      return first < second
    }
    // The digits of one lead the other's, whose last digit is not zero.
    return lhs.digits.count < rhs.digits.count
  }
}
