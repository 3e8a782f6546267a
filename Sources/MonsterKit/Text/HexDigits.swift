// Digits and hex, as the scanner reads them and messages write them.

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool {
  byte &- UInt8(ascii: "0") < 10
}

func hexDigitValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}

private let hexDigits = Array("0123456789ABCDEF".utf8)

func hex2(_ byte: UInt8) -> String {
  String(decoding: [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]], as: UTF8.self)
}

func hex4(_ value: UInt32) -> String {
  hex2(UInt8(truncatingIfNeeded: value >> 8)) + hex2(UInt8(truncatingIfNeeded: value))
}

/// `U+000A`, the usual way to name a code point in a message.
func scalarName(_ value: UInt32) -> String {
  "U+" + (value > 0xFFFF ? hex2(UInt8(truncatingIfNeeded: value >> 16)) : "") + hex4(value)
}
