// Decoding a JSON string's escapes, once the scanner has checked them.

/// Decodes the escapes in the contents of a string token that the scanner has checked.
func unescaped(_ contents: UnsafeRawBufferPointer) -> [UInt8] {
  var output: [UInt8] = []
  output.reserveCapacity(contents.count)
  var index = 0
  while index < contents.count {
    let byte = contents[index]
    guard byte == UInt8(ascii: "\\") else {
      output.append(byte)
      index += 1
      continue
    }
    let kind = contents[index + 1]
    index += 2
    switch kind {
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = quad(contents, at: index)
      index += 4
      if (0xD800...0xDBFF).contains(scalar) {
        let low = quad(contents, at: index + 2)
        index += 6
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &output)
    default: output.append(kind)
    }
  }
  return output
}

private func quad(_ bytes: UnsafeRawBufferPointer, at index: Int) -> UInt32 {
  var value: UInt32 = 0
  for offset in index..<index + 4 {
    value = value << 4 | UInt32(hexDigitValue(bytes[offset]) ?? 0)
  }
  return value
}

/// Appends a scalar's UTF-8 encoding.
func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
  let value = scalar.value
  switch value {
  case ..<0x80:
    output.append(UInt8(value))
  case ..<0x800:
    output.append(0xC0 | UInt8(value >> 6))
    output.append(0x80 | UInt8(value & 0x3F))
  case ..<0x10000:
    output.append(0xE0 | UInt8(value >> 12))
    output.append(0x80 | UInt8(value >> 6 & 0x3F))
    output.append(0x80 | UInt8(value & 0x3F))
  default:
    output.append(0xF0 | UInt8(value >> 18))
    output.append(0x80 | UInt8(value >> 12 & 0x3F))
    output.append(0x80 | UInt8(value >> 6 & 0x3F))
    output.append(0x80 | UInt8(value & 0x3F))
  }
}
