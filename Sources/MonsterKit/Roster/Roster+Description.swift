// A roster as `print` shows it: a sentence a person reads, not the roster's storage.

extension Roster: CustomStringConvertible {
  /// How many monsters the roster has, and the first of them with their weapons:
  /// `6 monsters: Cat-Bot (sword), Dog-Bot (blowgun), ... and 1 more.`
  ///
  /// Names are escaped, so that no name can take more than the line.
  public var description: String {
    let shown = prefix(Self.monstersDescribed).map {
      "\(escapedForMessage($0.name)) (\($0.weapon.name))"
    }
    let more = count - shown.count
    let total = count == 1 ? "1 monster" : "\(count) monsters"
    guard !shown.isEmpty else { return "No monsters." }
    return total + ": " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more." : ".")
  }

  /// How many monsters ``description`` names.
  static let monstersDescribed = 5
}
