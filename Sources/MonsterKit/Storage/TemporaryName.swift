/// The name of the file an edit writes the new roster to, in the roster's folder:
/// `.<roster>.<8 random letters and digits>.tmp`, a name of its own for every edit, which
/// only that edit renames.
///
/// The roster's part is shortened where it must be so that the whole name fits in the 255
/// bytes a name may have: a roster whose name is 255 bytes long is edited too.
struct TemporaryName {
  /// The longest name a file may have, in bytes (`NAME_MAX`, Linux and Darwin alike).
  static let maximumLength = 255
  /// What every temporary name ends with.
  static let suffix = ".tmp"
  /// How many random characters a name has.
  static let randomCount = 8
  /// The characters the random part is made of.
  static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

  /// The part of a roster's temporary names before the random characters: a dot, the
  /// roster's name (shortened, at a character's boundary, to fit), and a dot.
  static func prefix(for roster: String) -> String {
    let room = maximumLength - 2 - randomCount - suffix.utf8.count
    var length = 0
    var end = roster.unicodeScalars.startIndex
    for index in roster.unicodeScalars.indices {
      let width = roster.unicodeScalars[index].utf8.count
      if length + width > room { break }
      length += width
      end = roster.unicodeScalars.index(after: index)
    }
    return "." + String(roster.unicodeScalars[..<end]) + "."
  }

  /// A new temporary name for a roster.
  ///
  /// - Parameter roster: The roster's name in its folder.
  /// - Returns: The name, with random characters of its own.
  static func make(for roster: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let random = (0..<randomCount).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
    return prefix(for: roster) + String(decoding: random, as: UTF8.self) + suffix
  }

  /// Whether a name in a roster's folder is one of its temporary names.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - roster: The roster's name in its folder.
  static func isTemporary(_ name: String, of roster: String) -> Bool {
    // Compared byte for byte, as the file system compares names.
    let prefix = prefix(for: roster).utf8
    let name = name.utf8
    guard name.count == prefix.count + randomCount + suffix.utf8.count,
      name.starts(with: prefix), name.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    else { return false }
    return name.dropFirst(prefix.count).prefix(randomCount).allSatisfy(alphabet.contains)
  }
}
