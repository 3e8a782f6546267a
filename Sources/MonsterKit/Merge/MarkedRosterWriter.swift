/// Writes a merged roster file with conflicts: the canonical form of the merged roster, in
/// which each monster in conflict stands between conflict markers, ours' version then
/// theirs', with the pieces beside it that the two sides write differently.
///
/// The file is written as two canonical files would be, one with every conflict resolved
/// ours' way and one theirs' way, cut into pieces a line or an object long: the opening,
/// each monster's object with its comma, the closing of the array, each of the roster's own
/// keys. Pieces the two files share are written once; the others, each run of them, go
/// between markers. So keeping one side of every conflict, and deleting the markers, leaves
/// that side's canonical file: the comma after an object that is last on one side only is
/// part of the conflict, and so is that object.
struct MarkedRosterWriter {
  let ours: Roster
  let theirs: Roster
  let entries: [MarkedEntry]
  let markers: ConflictMarkers

  /// The lines that open a roster file, before its monsters.
  private static let monstersKey: StaticString = "  \"monsters\": ["
  private static let objectIndent: StaticString = "    "
  private static let arrayClosing: StaticString = "  ]"
  private static let memberIndent: StaticString = "  "
  private static let tail: StaticString = "}\n"

  /// A piece of the file that the two sides may write differently.
  private enum Piece {
    /// What the roster declares under a key, `weapons` or `fields`, if anything.
    case declaration(RosterDeclarations.Key)
    /// The `monsters` key and the array's opening.
    case opening
    /// The object of the monster at a position of ``entries``.
    case monster(Int)
    /// The array's closing.
    case closing
    /// A key of the roster's object that `monsters` does not know.
    case member(String)
  }

  /// One side's file, as the pieces need it.
  private struct Side {
    var roster: Roster
    /// The position in ``entries`` of the last monster this side has.
    var last: Int?
    /// The place of each of the roster's own keys in ``fields``.
    let places: [CodePointKey: Int]
    var fields: [JSONMember] { roster.otherFields }

    init(roster: Roster, last: Int?) {
      self.roster = roster
      self.last = last
      places = roster.otherFields.positionsByKey
    }

    func append(
      _ piece: Piece, of entries: [MarkedEntry], side: MergeSide, to output: inout [UInt8]
    ) {
      switch piece {
      case .declaration(let key):
        guard let member = roster.declarations.jsonMembers.first(where: { $0.key == key.rawValue })
        else { return }
        // The canonical form's declaration, which starts with its line break, ended with
        // one instead: a piece of whole lines.
        output += CanonicalLayout.declaration(member).dropFirst()
        output.append(UInt8(ascii: "\n"))
      case .opening:
        output.append(MarkedRosterWriter.monstersKey)
        if last != nil {
          output.append("\n")
        } else {
          output.append(fields.isEmpty ? "]\n" : "],\n")
        }
      case .monster(let position):
        guard let offset = side == .ours ? entries[position].ours : entries[position].theirs
        else { return }
        output.append(MarkedRosterWriter.objectIndent)
        let index = roster.index(atOffset: offset)
        if let record = roster.copiableRecord(at: index) {
          // The object as the canonical writer copies it, without writing it anew.
          let source = roster.storage.source
          source.bytes.withUnsafeBytes {
            output.append(contentsOf: $0[source.objectBytes(record...record)])
          }
        } else {
          roster.appendJSON(ofMonsterAt: index, indent: 2, to: &output)
        }
        output.append(position == last ? "\n" : ",\n")
      case .closing:
        guard last != nil else { return }
        output.append(MarkedRosterWriter.arrayClosing)
        output.append(fields.isEmpty ? "\n" : ",\n")
      case .member(let key):
        guard let index = places[CodePointKey(key)] else { return }
        output.append(MarkedRosterWriter.memberIndent)
        output.appendJSONString(key)
        output.append(": ")
        output.appendJSON(fields[index].value, indent: 1)
        output.append(index == fields.count - 1 ? "\n" : ",\n")
      }
    }
  }

  /// Writes the file, a chunk at a time.
  func write<Failure: Error>(
    chunkSize: Int, to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    let mine = Side(roster: ours, last: entries.lastIndex { $0.ours != nil })
    let other = Side(roster: theirs, last: entries.lastIndex { $0.theirs != nil })
    var output: [UInt8] = []
    var oursBlock: [UInt8] = []
    var theirsBlock: [UInt8] = []
    func closeBlock() {
      guard !oursBlock.isEmpty || !theirsBlock.isEmpty else { return }
      markers.appendOpening(to: &output)
      output.append(contentsOf: oursBlock)
      markers.appendSeparator(to: &output)
      output.append(contentsOf: theirsBlock)
      markers.appendClosing(to: &output)
      oursBlock.removeAll(keepingCapacity: true)
      theirsBlock.removeAll(keepingCapacity: true)
    }
    func write(_ piece: Piece, shared: Bool) throws(Failure) {
      if shared {
        closeBlock()
        mine.append(piece, of: entries, side: .ours, to: &output)
      } else {
        mine.append(piece, of: entries, side: .ours, to: &oursBlock)
        other.append(piece, of: entries, side: .theirs, to: &theirsBlock)
      }
      guard output.count >= chunkSize else { return }
      try hand(output, to: sink)
      output.removeAll(keepingCapacity: true)
    }
    // What the roster declares, key by key: marked where the sides declare it otherwise.
    output.append(CanonicalLayout.versionLine)
    output.append(UInt8(ascii: "\n"))
    let declared = (ours.declarations.jsonMembers, theirs.declarations.jsonMembers)
    for key in RosterDeclarations.Key.allCases {
      let (mine, other) = (
        declared.0.first { $0.key == key.rawValue }, declared.1.first { $0.key == key.rawValue }
      )
      guard mine != nil || other != nil else { continue }
      try write(.declaration(key), shared: mine == other)
    }
    // The array's opening is the same line where both sides have monsters; where one has
    // none, it is `[]`, followed by a comma where keys of the roster's own come after.
    let sameOpening =
      mine.last != nil && other.last != nil
      || mine.last == nil && other.last == nil && mine.fields.isEmpty == other.fields.isEmpty
    let sameShape =
      (mine.last != nil) == (other.last != nil) && mine.fields.isEmpty == other.fields.isEmpty
    try write(.opening, shared: sameOpening)
    var previousConflict: Int?
    for (position, entry) in entries.enumerated() {
      // Each conflict between markers of its own, so that it can be resolved alone
      // (`monsters resolve NAME`).
      if let conflict = entry.conflict, let previous = previousConflict, conflict != previous {
        closeBlock()
      }
      previousConflict = entry.conflict
      try write(
        .monster(position),
        shared: entry.conflict == nil && (position == mine.last) == (position == other.last))
    }
    try write(.closing, shared: sameShape)
    for key in Self.keyOrder(mine.fields, other.fields) {
      let (a, b) = (mine.fields, other.fields)
      guard let i = mine.places[CodePointKey(key)], let j = other.places[CodePointKey(key)],
        a[i] == b[j], (i == a.count - 1) == (j == b.count - 1)
      else {
        try write(.member(key), shared: false)
        continue
      }
      try write(.member(key), shared: true)
    }
    closeBlock()
    output.append(Self.tail)
    try hand(output, to: sink)
  }

  /// The keys of both sides' members in one order that keeps each side's own: the merge
  /// gives both versions their keys in one order, so that each side's pieces, written in
  /// this order, are that side's canonical file. (Taking one side's keys and then the
  /// other's new ones would put a key only theirs has after the keys both have, where
  /// theirs has it before them.)
  static func keyOrder(_ ours: [JSONMember], _ theirs: [JSONMember]) -> [String] {
    var order: [String] = []
    var taken: Set<CodePointKey> = []
    // Each key once, even where the two orders disagree (the merge never gives such).
    func take(_ key: String) { if taken.insert(CodePointKey(key)).inserted { order.append(key) } }
    let placesInTheirs = theirs.positionsByKey
    func isKey(_ key: String, _ other: String?) -> Bool {
      other.map(key.hasSameCodePoints) ?? false
    }
    var (i, j) = (ours.startIndex, theirs.startIndex)
    while i < ours.endIndex || j < theirs.endIndex {
      let next = i < ours.endIndex ? ours[i].key : nil
      let theirsHasNextLater = next.map { (placesInTheirs[CodePointKey($0)] ?? j) > j } ?? true
      if j < theirs.endIndex, !isKey(theirs[j].key, next), theirsHasNextLater {
        // Theirs' next key comes first: ours has none left, or theirs has ours' next later.
        take(theirs[j].key)
        j += 1
      } else if let next {
        if j < theirs.endIndex && isKey(theirs[j].key, next) { j += 1 }
        take(next)
        i += 1
      }
    }
    return order
  }

  private func hand<Failure: Error>(
    _ bytes: [UInt8], to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try bytes.withUnsafeBytes { bytes in
      Result { () throws(Failure) in try sink(bytes) }
    }.get()
  }
}
