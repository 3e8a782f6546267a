// ASCII bytes lower-cased and tested eight at a time: how names are hashed, compared,
// folded and searched without building strings.

/// A byte, lower-cased when it is an ASCII capital.
@inlinable @inline(__always)
package func asciiLowercased(_ byte: UInt8) -> UInt8 {
  byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
}

/// Eight bytes at once, each lower-cased when it is an ASCII capital; any other byte, one
/// of UTF-8's above 0x7F too, as it is.
@inlinable @inline(__always)
package func asciiLowercased(_ word: UInt64) -> UInt64 {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let low7 = word & (ones &* 0x7F)
  // The high bit of each byte: set when the byte is >= 'A', then when it is > 'Z'.
  let atLeastA = low7 &+ ones &* (0x80 - UInt64(UInt8(ascii: "A")))
  let aboveZ = low7 &+ ones &* (0x80 - UInt64(UInt8(ascii: "Z") + 1))
  let isUpper = (atLeastA ^ aboveZ) & ~word & (ones &* 0x80)
  return word | (isUpper >> 2)
}

/// Lower-cases the ASCII capitals of bytes in place, eight at a time.
package func lowercaseASCII(_ bytes: UnsafeMutableRawBufferPointer) {
  var index = 0
  while index + 8 <= bytes.count {
    let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
    bytes.storeBytes(of: asciiLowercased(word), toByteOffset: index, as: UInt64.self)
    index += 8
  }
  while index < bytes.count {
    bytes[index] = asciiLowercased(bytes[index])
    index += 1
  }
}

/// Whether bytes are all ASCII, eight at a time.
@inlinable @inline(__always)
package func isAllASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
  var index = 0
  while index + 8 <= bytes.count {
    if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
      return false
    }
    index += 8
  }
  while index < bytes.count {
    if bytes[index] >= 0x80 { return false }
    index += 1
  }
  return true
}
