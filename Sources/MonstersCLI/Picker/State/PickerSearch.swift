import MonstersSystem

/// The search of the picker's monster column: the text typed so far, whether it is being
/// typed or kept, and the places of the monsters whose names hold it.
///
/// `/` begins a search; each character typed narrows the matches, Backspace widens them,
/// Enter keeps them and returns to the rows, Esc ends the search and shows every monster:
///
/// ```swift
/// var search = PickerSearch()
/// search.begin()
/// search.type("i", in: names)  // matches [3, 4, 5]: Fire-Bot, Ice-Bot, Mini-Tomato-Bot
/// search.type("C", in: names)  // matches [4]: Ice-Bot
/// search.keep()                // .kept: the rows have the keys again
/// search.clear()               // .off: every monster
/// ```
struct PickerSearch: Equatable, Sendable {
  /// Where the search stands.
  enum Phase: Hashable, Sendable {
    /// No search: every monster shows.
    case off
    /// Text is being typed: characters go to the search, and the matches follow.
    case typing
    /// The search was kept with Enter: the matches show, and keys move in them.
    case kept
  }

  /// Where the search stands.
  private(set) var phase = Phase.off
  /// The text typed, as typed.
  private(set) var query = ""
  /// The places of the monsters whose names hold the text, in order, or `nil` when no text
  /// filters them (there is no search, or nothing is typed yet).
  private(set) var matches: [Int32]?

  /// The most characters a search takes: more than any name needs, and few enough that a
  /// paste of a whole file cannot make each key slow.
  static let longestQuery = 200

  /// Begins typing: a new search, or more of the kept one.
  mutating func begin() {
    phase = .typing
  }

  /// Adds a character to the text and narrows the matches.
  ///
  /// - Parameters:
  ///   - character: The character.
  ///   - names: The names to match.
  /// - Returns: Whether it was added: not when the text is as long as it may be.
  mutating func type(_ character: Character, in names: NameFilter) -> Bool {
    type(String(character), in: names)
  }

  /// Adds text to the text, as a paste does, up to the most a search takes, and narrows
  /// the matches once. Control and format characters, which no name holds (a paste's line
  /// breaks), are left out.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - names: The names to match.
  /// - Returns: Whether all of it was added: not when the text grew too long.
  mutating func type(_ text: String, in names: NameFilter) -> Bool {
    let kept = text.filter { character in
      !character.unicodeScalars.contains {
        $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
      }
    }
    guard !kept.isEmpty else { return true }
    let room = Self.longestQuery - query.count
    guard room > 0 else { return false }
    query += kept.prefix(room)
    // ASCII text that holds the last text matches only names that the last text matched.
    // Beyond ASCII that need not hold: a combining accent typed after `e` makes `é`, which
    // names without an `e` hold.
    let narrows = query.utf8.allSatisfy { $0 < 0x80 }
    matches = names.places(holding: query, among: narrows ? matches : nil)
    return kept.count <= room
  }

  /// Erases the last character and widens the matches; with nothing to erase, ends the
  /// search, as in vim.
  ///
  /// - Parameter names: The names to match.
  mutating func erase(in names: NameFilter) {
    guard !query.isEmpty else { return clear() }
    query.removeLast()
    refresh(in: names)
  }

  /// Erases all the text (Ctrl-U): every monster matches, and typing goes on.
  mutating func eraseAll() {
    query = ""
    matches = nil
  }

  /// Keeps the matches and returns the keys to the rows (Enter); with no text, ends the
  /// search.
  mutating func keep() {
    phase = query.isEmpty ? .off : .kept
  }

  /// Ends the search: no text, every monster shows (Esc).
  mutating func clear() {
    phase = .off
    query = ""
    matches = nil
  }

  /// Matches the text again, against names that may have changed (after a save).
  ///
  /// - Parameter names: The names to match.
  mutating func refresh(in names: NameFilter) {
    matches = query.isEmpty ? nil : names.places(holding: query, among: nil)
  }
}
