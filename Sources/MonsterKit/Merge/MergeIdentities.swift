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
  /// For each identity, its offset in ours, or `nil`.
  let ours: OffsetTable
  /// For each identity, its offset in theirs, or `nil`.
  let theirs: OffsetTable
  /// For each offset in ours, its identity.
  let ofOurs: [Int32]
  /// For each offset in theirs, its identity.
  let ofTheirs: [Int32]

  /// Makes the identities of two sides matched with the ancestor.
  init(_ toOurs: RosterMatching, theirs theirsRoster: Roster, _ toTheirs: RosterMatching) {
    self.toOurs = toOurs
    self.toTheirs = toTheirs
    baseCount = toOurs.old.count
    var ours = toOurs.newOffset
    var theirs = toTheirs.newOffset
    // A monster that ours added is a new identity.
    let ofOurs = toOurs.oldOffset.filled { offset in
      ours.append(offset)
      theirs.append(nil)
      return ours.count - 1
    }
    // One that theirs added is ours' of the same name, when ours added that one too.
    ofTheirs = toTheirs.oldOffset.filled { offset in
      let name = theirsRoster.name(at: toTheirs.new[offset])
      if let found = toOurs.newOffset(named: name), toOurs.oldOffset[found] == nil,
        case let identity = Int(ofOurs[found]), theirs[identity] == nil
      {
        theirs[identity] = offset
        return identity
      }
      ours.append(nil)
      theirs.append(offset)
      return ours.count - 1
    }
    (self.ours, self.theirs, self.ofOurs) = (ours, theirs, ofOurs)
  }

  /// The number of identities.
  var count: Int { ours.count }

  /// Whether theirs decides where a monster stands: theirs has it, and ours does not, or
  /// theirs moved it and ours did not.
  func isPlacedByTheirs(_ identity: Int) -> Bool {
    guard let other = theirs[identity] else { return false }
    guard let mine = ours[identity] else { return true }
    return toTheirs.moved[other] && !toOurs.moved[mine]
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
    // Monsters that theirs places, by the ours offset of the monster they follow (`nil` for
    // the start).
    var following: [Int?: [Int32]] = [:]
    var anchor: Int?
    for offset in ofTheirs.indices {
      let identity = Int(ofTheirs[offset])
      guard isKept(identity) else { continue }
      if isPlacedByTheirs(identity) {
        following[anchor, default: []].append(Int32(truncatingIfNeeded: identity))
      } else {
        anchor = ours[identity]
      }
    }
    var order: [Int32] = []
    order.reserveCapacity(ofOurs.count + following.values.reduce(0) { $0 + $1.count })
    // Those that follow the last monster placed, once the monsters ours added after it are.
    var waiting = following.removeValue(forKey: nil) ?? []
    for offset in ofOurs.indices {
      let identity = Int(ofOurs[offset])
      guard isKept(identity), !isPlacedByTheirs(identity) else { continue }
      let addedByOursAlone = identity >= baseCount && theirs[identity] == nil
      if !addedByOursAlone && !waiting.isEmpty {
        order += waiting
        waiting = []
      }
      order.append(Int32(truncatingIfNeeded: identity))
      if !following.isEmpty, let next = following.removeValue(forKey: offset) { waiting = next }
    }
    order += waiting
    return order
  }
}
