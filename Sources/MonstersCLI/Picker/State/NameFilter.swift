import MonsterKit

/// The names of a roster's monsters, folded for a search that ignores case, and the search
/// itself: which names hold a piece of text. (The one pass over the names that folds them
/// also finds the widest, which the monster column is laid out by.)
///
/// A name of ASCII, as nearly every name is, is kept lower-cased in one buffer with all the
/// others, and a search compares bytes in place: a million names take milliseconds, and no
/// string is built.
/// A name beyond ASCII is kept folded as roster names are compared (`Monster.foldedName`)
/// and compared by characters, so that `é` finds `é` however either is composed, and
/// `STRASSE` and `STRAẞE` find `Straße`.
///
/// ```swift
/// let names = NameFilter(roster: .seeded, at: Array(Roster.seeded.indices))
/// names.places(holding: "BOT", among: nil)  // [0, 1, 2, 3, 4, 5]
/// names.places(holding: "O-b", among: [0, 1, 5])  // [5]: Mini-Tomato-Bot
/// ```
struct NameFilter: Equatable, Sendable {
  /// The folded ASCII names, each followed by a line feed; a name beyond ASCII is only its
  /// line feed here. (The line feed keeps the names apart for a reader; the search goes
  /// by `starts`.)
  private var bytes: [UInt8] = []
  /// Where each name starts in `bytes`, by place, and last the length of `bytes`.
  private var starts: [Int] = []
  /// The places of the names beyond ASCII, in order.
  private var textPlaces: [Int32] = []
  /// Those names, folded.
  private var texts: [String] = []
  /// The most columns a name takes on the screen, found on the way.
  private(set) var widestName = 0

  /// Folds the names of the monsters at the given positions, which become places 0, 1, 2...
  ///
  /// - Parameters:
  ///   - roster: The roster.
  ///   - positions: The positions of the monsters, in the order of their places.
  init(roster: Roster, at positions: [Roster.Index]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var textPlaces: [Int32] = []
    var texts: [String] = []
    var widest = 0
    bytes.reserveCapacity(positions.count * 24)
    starts.reserveCapacity(positions.count + 1)
    var place: Int32 = 0
    roster.forEachUTF8(.name, at: positions) { name in
      starts.append(bytes.count)
      widest = max(widest, Self.screenWidth(ofName: name))
      if isAllASCII(name) {
        bytes.append(contentsOf: name)
      } else {
        textPlaces.append(place)
        texts.append(Self.fold(String(decoding: name, as: UTF8.self)))
      }
      bytes.append(Self.separator)
      place += 1
    }
    starts.append(bytes.count)
    bytes.withUnsafeMutableBytes(lowercaseASCII)
    (self.bytes, self.starts, self.textPlaces, self.texts) = (bytes, starts, textPlaces, texts)
    widestName = widest
  }

  /// The columns a name takes on the screen, with anything escaped that the screen
  /// escapes; printable ASCII, as most names are, builds no string.
  static func screenWidth(ofName name: UnsafeRawBufferPointer) -> Int {
    name.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      ? name.count : displayWidth(ScreenLine.escaped(String(decoding: name, as: UTF8.self)))
  }

  /// How many names there are.
  var count: Int { starts.count - 1 }

  /// The places of the names that hold `query`, ignoring case, in order.
  ///
  /// - Parameters:
  ///   - query: The text to look for; it must not be empty.
  ///   - candidates: The places to look at, in order, or `nil` for all. A search for text
  ///     that holds the last one's looks only among that one's matches.
  /// - Returns: The places.
  func places(holding query: String, among candidates: [Int32]?) -> [Int32] {
    let folded = Self.fold(query)
    let needle = Array(folded.utf8)
    var result: [Int32] = []
    if !needle.contains(where: { $0 >= 0x80 }) && !needle.contains(Self.separator) {
      result = asciiPlaces(holding: needle, among: candidates)
    }
    let textMatches = textPlaces(holding: folded, among: candidates)
    return textMatches.isEmpty ? result : merged(result, textMatches)
  }

  /// Text folded for a comparison that ignores case, as names are compared on a roster
  /// (`Monster.foldedName`): `ß` folds to `ss` as well as `É` to `é`.
  static func fold(_ text: String) -> String {
    Monster.foldedName(text)
  }

  private static let separator = UInt8(ascii: "\n")

  /// The places of the ASCII names that hold a folded ASCII needle.
  private func asciiPlaces(holding needle: [UInt8], among candidates: [Int32]?) -> [Int32] {
    bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        starts.withUnsafeBufferPointer { starts in
          let first = needle[0]
          let lastOffset = needle.count &- 1
          let final = needle[lastOffset]
          /// Whether the name at a place holds the needle: the needle's first and last bytes
          /// are compared at each offset, the bytes between only where both match.
          @inline(__always)
          func holds(_ place: Int) -> Bool {
            var offset = starts[place]
            let last = starts[place &+ 1] &- 1 &- needle.count
            while offset <= last {
              if haystack[offset] == first && haystack[offset &+ lastOffset] == final {
                var index = 1
                while index < lastOffset && haystack[offset &+ index] == needle[index] {
                  index &+= 1
                }
                if index >= lastOffset { return true }
              }
              offset &+= 1
            }
            return false
          }
          let capacity = candidates?.count ?? (starts.count - 1)
          return [Int32](unsafeUninitializedCapacity: capacity) { result, count in
            if let candidates {
              for place in candidates where holds(Int(place)) {
                result[count] = place
                count &+= 1
              }
            } else {
              for place in 0..<capacity where holds(place) {
                result[count] = Int32(truncatingIfNeeded: place)
                count &+= 1
              }
            }
          }
        }
      }
    }
  }

  /// The places of the names beyond ASCII that hold folded text, compared by characters.
  private func textPlaces(holding folded: String, among candidates: [Int32]?) -> [Int32] {
    guard !textPlaces.isEmpty else { return [] }
    var result: [Int32] = []
    if let candidates {
      var index = 0
      for place in candidates {
        while index < textPlaces.count && textPlaces[index] < place { index += 1 }
        guard index < textPlaces.count else { break }
        if textPlaces[index] == place && texts[index].contains(folded) { result.append(place) }
      }
    } else {
      for (place, text) in zip(textPlaces, texts) where text.contains(folded) {
        result.append(place)
      }
    }
    return result
  }

  /// Two ordered lists of places as one.
  private func merged(_ first: [Int32], _ second: [Int32]) -> [Int32] {
    var result: [Int32] = []
    result.reserveCapacity(first.count + second.count)
    var (i, j) = (0, 0)
    while i < first.count || j < second.count {
      if j == second.count || (i < first.count && first[i] < second[j]) {
        result.append(first[i])
        i += 1
      } else {
        result.append(second[j])
        j += 1
      }
    }
    return result
  }
}
