import Foundation
import Glibc
import Testing

@testable import MonsterKit

// What the tests of RosterFile share: the edit most of them make, a valid roster that is not
// canonical, and a look at files without going through MonsterKit.

/// The edit most tests make: Cat-Bot's sword becomes fire.
let catTakesFire = RosterEdit.set("Cat-Bot", .init(weapon: .fire))

/// The canonical bytes of the seeded roster after ``catTakesFire``.
func seededWithCatTakingFire() throws -> [UInt8] {
  var roster = Roster.seeded
  try roster.apply(catTakesFire)
  return roster.canonicalJSON()
}

/// The seeded roster as one line, keys in another order: valid, not canonical.
let minifiedSeeded =
  #"{"monsters":["#
  + Monster.seeded.map {
    #"{"weapon":"\#($0.weapon.type.rawValue)","icon":"\#($0.icon)","#
      + #""description":"\#($0.description)","name":"\#($0.name)"}"#
  }.joined(separator: ",") + #"],"version":1}"#

/// `lstat(2)` of a path.
func status(of path: String) throws -> stat {
  var result = stat()
  guard lstat(path, &result) == 0 else {
    throw RosterError.fileSystem(path: path, action: "lstat", errno: errno)
  }
  return result
}

/// The permission bits of a file.
func permissions(of path: String) throws -> mode_t {
  try status(of: path).st_mode & 0o7777
}

func exists(_ path: String) -> Bool {
  var result = stat()
  return lstat(path, &result) == 0
}

/// The process's umask, read without changing it (tests run in parallel).
func currentUmask() throws -> mode_t {
  let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
  let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
  let digits = line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces)
  return try #require(mode_t(digits, radix: 8))
}
