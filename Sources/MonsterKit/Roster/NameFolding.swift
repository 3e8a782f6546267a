// When two names are the same name: equal after Unicode's full case folding of their
// canonical decompositions, compared as Unicode text (Unicode's canonical caseless match).
// The one definition, for lookup, add, rename, check, and an app's `Monster.id`.

// The standard library's canonical decomposition (`String._nfd`) is SPI: the only way to
// reach it without Foundation, which MonsterKit does not use.
@_spi(_Unicode) import Swift

extension Monster {
  /// A name as names are compared: case-folded, so that two names are the same name
  /// exactly when their folded names are equal strings.
  ///
  /// Folding is Unicode's full case folding (`CaseFolding.txt`, statuses C and F) of the
  /// name's canonical decomposition: `Straße`, `STRASSE` and `STRAẞE` all fold to
  /// `strasse`, `ς` and `Σ` to `σ`, `ﬀ` to `ff`, and the Kelvin sign to `k`; `ı` stays
  /// `ı`, apart from `i`, as the default (not Turkish) folding has it. Strings compare
  /// canonically equivalent text as equal, so `Café` in NFC and in NFD fold to equal
  /// strings too.
  ///
  /// ```swift
  /// Monster.foldedName("STRAẞE") == Monster.foldedName("Straße")  // true
  /// Monster.foldedName("Cat-Bot")  // "cat-bot"
  /// ```
  ///
  /// - Parameter name: A name.
  /// - Returns: The folded name: the name's identity on a roster.
  public static func foldedName(_ name: String) -> String {
    var name = name
    return name.withUTF8 { foldedName(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// The monster's name, case-folded: see ``foldedName(_:)``.
  public var foldedName: String {
    Self.foldedName(name)
  }

  /// A name's UTF-8 bytes, folded as ``foldedName(_:)`` folds it.
  static func foldedName(utf8: UnsafeRawBufferPointer) -> String {
    if isAllASCII(utf8) {
      return String(unsafeUninitializedCapacity: utf8.count) { buffer in
        for index in 0..<utf8.count { buffer[index] = asciiLowercased(utf8[index]) }
        return utf8.count
      }
    }
    let name = String(decoding: utf8, as: UTF8.self)
    var folded = String.UnicodeScalarView()
    if #available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, visionOS 1.0, *) {
      for scalar in name._nfd { appendFolded(scalar, to: &folded) }
    } else {
      // Older systems fold names as they are composed: the same for names in NFC, as
      // nearly all text is.
      for scalar in name.unicodeScalars { appendFolded(scalar, to: &folded) }
    }
    return String(folded)
  }

  /// Appends a scalar's full case folding.
  ///
  /// The standard library has each scalar's case mappings and whether case folding
  /// changes it, but not the folding itself, which is derived: a scalar that folding
  /// changes folds as its lower case does (`É` to `é`), or, when it is lower case
  /// already, as its upper case's lower case does (`ß` to `SS` to `ss`, `ς` to `Σ` to
  /// `σ`, Cherokee's small letters to their capitals, which fold to themselves).
  /// The tests compare this with `CaseFolding.txt` for every scalar.
  private static func appendFolded(
    _ scalar: Unicode.Scalar, to folded: inout String.UnicodeScalarView, depth: Int = 0
  ) {
    if scalar.isASCII {
      folded.append(Unicode.Scalar(asciiLowercased(UInt8(truncatingIfNeeded: scalar.value))))
      return
    }
    let properties = scalar.properties
    // Three steps reach a scalar that folding leaves alone for every scalar there is.
    guard depth < 3, properties.changesWhenCaseFolded else {
      folded.append(scalar)
      return
    }
    let lower = properties.lowercaseMapping
    let mapped =
      lower.unicodeScalars.elementsEqual(CollectionOfOne(scalar))
      ? properties.uppercaseMapping : lower
    for next in mapped.unicodeScalars {
      appendFolded(next, to: &folded, depth: depth + 1)
    }
  }
}
