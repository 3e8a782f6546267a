/// SplitMix64: a small random number generator that gives the same numbers for the same
/// seed, so that a randomized test fails the same way every time.
///
/// The test targets that build on MonsterKit alone, without TestSupport, compile this file
/// as their own through a link to it.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator that starts from `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
