/// What stands at one position of a roster: a monster as the file holds it, a monster added
/// or changed since, or nothing, where a monster was removed.
///
/// A roster of a million monsters keeps a million slots, so a slot is four bytes: one
/// `Int32` that holds a record's index as it is, an edited monster's index with its bits
/// flipped (a negative number), and `Int32.min` for a hole. ``content`` is the one place
/// that tells them apart.
struct Slot: Hashable, Sendable {
  private let rawValue: Int32

  /// What a slot holds.
  enum Content: Hashable {
    /// A monster as the file holds it: its index in ``RosterSource/records``.
    case record(Int)
    /// A monster added or changed since the file was read: its index in
    /// the edited monsters of ``RosterStorage``.
    case edited(Int)
    /// Nothing: the monster that stood here was removed.
    case removed
  }

  private init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// A slot that holds a record of the file.
  @inline(__always)
  static func record(_ index: Int) -> Slot {
    Slot(rawValue: Int32(truncatingIfNeeded: index))
  }

  /// A slot that holds an edited monster.
  @inline(__always)
  static func edited(_ index: Int) -> Slot {
    Slot(rawValue: ~Int32(truncatingIfNeeded: index))
  }

  /// A slot whose monster was removed.
  static var removed: Slot { Slot(rawValue: .min) }

  /// What the slot holds.
  @inline(__always)
  var content: Content {
    if rawValue >= 0 { return .record(Int(rawValue)) }
    if self == .removed { return .removed }
    return .edited(Int(~rawValue))
  }

  /// Whether the slot's monster was removed.
  @inline(__always)
  var isRemoved: Bool {
    self == .removed
  }

  /// The slots of a roster as read: each record of the file, in order.
  ///
  /// - Parameter count: How many records there are.
  /// - Returns: The slots, made without growing the array.
  static func records(count: Int) -> [Slot] {
    [Slot](unsafeUninitializedCapacity: count) { buffer, initialized in
      for index in 0..<count { buffer[index] = .record(index) }
      initialized = count
    }
  }
}
