// Names compared and hashed ignoring ASCII case, eight bytes at a time: how a roster whose
// names are all ASCII indexes a million of them in a fraction of a second.

/// The hash of ASCII bytes as if they were lower case.
///
/// Eight bytes at a time through a multiply-and-fold mix (as wyhash does), keyed with a
/// random value per process, so that no file can be made to collide its names on purpose.
@inline(__always)
func hashASCIILowercased(_ bytes: UnsafeRawBufferPointer) -> Int {
  @inline(__always)
  func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }
  let key = Roster.hashKey
  var state = key ^ UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
  var index = 0
  while index + 8 <= bytes.count {
    let word = asciiLowercased(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
    state = mix(state ^ word, 0xA076_1D64_78BD_642F)
    index += 8
  }
  var tail: UInt64 = 0
  var shift: UInt64 = 0
  while index < bytes.count {
    tail |= UInt64(asciiLowercased(bytes[index])) << shift
    shift += 8
    index += 1
  }
  state = mix(state ^ tail, 0xE703_7ED1_A0B4_28DB)
  return Int(truncatingIfNeeded: mix(state, key ^ 0x8EBC_6AF0_9C88_C6E3))
}

extension Roster {
  /// A random key for this process's name hashes.
  static let hashKey: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x6D6F_6E73)
    return UInt64(truncatingIfNeeded: hasher.finalize())
  }()
}

/// Whether two ASCII strings are equal ignoring case.
@inline(__always)
func asciiEqualIgnoringCase(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer)
  -> Bool
{
  guard a.count == b.count else { return false }
  for index in 0..<a.count where asciiLowercased(a[index]) != asciiLowercased(b[index]) {
    return false
  }
  return true
}
