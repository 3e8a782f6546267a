/// The monsters of a three-way merge, each once: every monster of the common ancestor, and
/// every one added on a side (one added on both sides under the same name, as ``Roster``
/// compares names, is one), with where each stands on each side.
///
/// Identity `i` below ``baseCount`` is the ancestor's monster at offset `i`.
struct MergeIdentities {
  /// How the ancestor's monsters are found in ours, and in theirs.
  let toOurs: RosterMatching
  let toTheirs: RosterMatching
  /// The number of the ancestor's monsters.
  let baseCount: Int
  /// For each identity, its offset in ours, or -1.
  private(set) var ours: [Int32]
  /// For each identity, its offset in theirs, or -1.
  private(set) var theirs: [Int32]
  /// For each offset in ours, its identity.
  private(set) var ofOurs: [Int32]
  /// For each offset in theirs, its identity.
  private(set) var ofTheirs: [Int32]

  /// Makes the identities of two sides matched with the ancestor.
  init(_ toOurs: RosterMatching, theirs theirsRoster: Roster, _ toTheirs: RosterMatching) {
    self.toOurs = toOurs
    self.toTheirs = toTheirs
    baseCount = toOurs.old.count
    ours = toOurs.newOffset
    theirs = toTheirs.newOffset
    ofOurs = toOurs.oldOffset
    ofTheirs = toTheirs.oldOffset
    for offset in ofOurs.indices where ofOurs[offset] < 0 {
      ofOurs[offset] = Int32(truncatingIfNeeded: ours.count)
      ours.append(Int32(truncatingIfNeeded: offset))
      theirs.append(-1)
    }
    for offset in ofTheirs.indices where ofTheirs[offset] < 0 {
      let name = theirsRoster.name(at: toTheirs.new[offset])
      if let found = toOurs.newOffset(named: name),
        toOurs.oldOffset[found] < 0, theirs[Int(ofOurs[found])] < 0
      {
        ofTheirs[offset] = ofOurs[found]
        theirs[Int(ofOurs[found])] = Int32(truncatingIfNeeded: offset)
      } else {
        ofTheirs[offset] = Int32(truncatingIfNeeded: ours.count)
        ours.append(-1)
        theirs.append(Int32(truncatingIfNeeded: offset))
      }
    }
  }

  /// The number of identities.
  var count: Int { ours.count }

  /// Whether theirs decides where a monster stands: theirs has it, and ours does not, or
  /// theirs moved it and ours did not.
  func isPlacedByTheirs(_ identity: Int) -> Bool {
    let mine = Int(ours[identity])
    let other = Int(theirs[identity])
    guard other >= 0 else { return false }
    return mine < 0 || (toTheirs.moved[other] && !toOurs.moved[mine])
  }

  /// The identities in the order of the result.
  ///
  /// The result keeps ours' order. A monster that theirs places (see
  /// ``isPlacedByTheirs(_:)``) follows the monster before it in theirs that both sides have
  /// and ours places, after the monsters ours added there: when both sides add at the end,
  /// ours' come first, then theirs'.
  ///
  /// - Parameter isKept: Whether an identity is in the result.
  func order(keeping isKept: (Int) -> Bool) -> [Int32] {
    // Monsters that theirs places, by the ours offset of the monster they follow (-1 for
    // the start).
    var following: [Int: [Int32]] = [:]
    var anchor = -1
    for offset in ofTheirs.indices {
      let identity = Int(ofTheirs[offset])
      guard isKept(identity) else { continue }
      if isPlacedByTheirs(identity) {
        following[anchor, default: []].append(Int32(truncatingIfNeeded: identity))
      } else {
        anchor = Int(ours[identity])
      }
    }
    var order: [Int32] = []
    order.reserveCapacity(ofOurs.count + following.values.reduce(0) { $0 + $1.count })
    var open: Int? = -1
    func flush() {
      if let key = open, let waiting = following.removeValue(forKey: key) {
        order.append(contentsOf: waiting)
      }
      open = nil
    }
    for offset in ofOurs.indices {
      let identity = Int(ofOurs[offset])
      guard isKept(identity), !isPlacedByTheirs(identity) else { continue }
      let addedByOursAlone = identity >= baseCount && theirs[identity] < 0
      if !addedByOursAlone { flush() }
      order.append(Int32(truncatingIfNeeded: identity))
      if !following.isEmpty && following[offset] != nil { open = offset }
    }
    flush()
    return order
  }
}
