/// A roster being assembled from the monsters of another, whose bytes it reads, and
/// monsters of its own.
struct RosterAssembly {
  /// The roster whose bytes the new one reads.
  let source: Roster
  private var slots: [Slot] = []
  private var others: [Monster] = []

  init(from source: Roster, capacity: Int) {
    self.source = source
    slots.reserveCapacity(capacity)
  }

  /// The number of monsters added so far.
  var count: Int { slots.count }

  /// Adds the source's monster at a position.
  mutating func append(positionOf index: Roster.Index) {
    if let record = source.record(at: index) {
      slots.append(record)
    } else {
      append(source[index])
    }
  }

  /// Adds a monster of its own.
  mutating func append(_ monster: Monster) {
    slots.append(.edited(others.count))
    others.append(monster)
  }

  /// The roster, its names not yet indexed: it can be written, and its names are indexed
  /// by ``Roster/indexNames()`` before it is searched.
  func roster(otherFields: [JSONMember], declarations: RosterDeclarations) -> Roster {
    Roster(
      source: source.storage.source, slots: slots, edited: others, otherFields: otherFields,
      declarations: declarations)
  }
}
