// A monster's identity in an app: a value of its own, which a rename keeps and a reload
// keeps where the merge's evidence says which monster is which.

extension Monster {
  /// Which monster a monster is, apart from its name: what SwiftUI's `List`, a selection
  /// and an undo stack hold of it.
  ///
  /// A monster made by its initializer has an id no other monster has. A roster keeps it
  /// for the monster through every edit (a rename, any field) and every move; a roster read
  /// from a file gives its monsters ids of their own, and ``Roster/keepingIdentities(of:)``
  /// gives them those of an earlier roster, matched as `monsters diff` matches monsters (by
  /// name, and a renamed one by its place and what it holds), so that a reload keeps them.
  /// A monster removed and another added under its name are two monsters, with two ids.
  ///
  /// ```swift
  /// let id = roster[0].id
  /// try roster.apply(.rename("Cat-Bot", to: "Kitty-Bot"))
  /// roster[id: id]?.name  // "Kitty-Bot"
  /// ```
  ///
  /// An id is not kept in the roster file, nor through `Codable`: it lasts as long as the
  /// app holds the roster and its later versions.
  public struct ID: Hashable, Sendable, CustomStringConvertible {
    /// The batch the id was made in: random, once for a batch.
    let lineage: UInt64
    /// The id's number in its batch.
    let serial: UInt64

    /// An id no other has: of a batch of its own, random.
    static func random() -> ID {
      var generator = SystemRandomNumberGenerator()
      return ID(lineage: generator.next(), serial: 0)
    }

    /// The id in hexadecimal digits, such as `5f0e3a1c2b4d6e7f-12`, for a log.
    public var description: String {
      String(lineage, radix: 16) + "-" + String(serial, radix: 16)
    }
  }
}

/// Ids made in a batch: one random lineage, numbers counted from a start. Making one costs
/// no call to the system, so that a roster of a million monsters read or imported gets
/// its ids for nothing.
struct IDMint: Sendable {
  let lineage: UInt64
  private(set) var next: UInt64

  /// A batch of ids no other batch has: its lineage random.
  init(startingAt start: UInt64 = 0) {
    var generator = SystemRandomNumberGenerator()
    lineage = generator.next()
    next = start
  }

  /// The next id of the batch.
  mutating func mint() -> Monster.ID {
    defer { next += 1 }
    return Monster.ID(lineage: lineage, serial: next)
  }

  /// The id numbered `serial` in the batch.
  func id(_ serial: Int) -> Monster.ID {
    Monster.ID(lineage: lineage, serial: UInt64(serial))
  }
}
