import Foundation
import MonstersSystem
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
    #"{"weapon":"\#($0.weapon.name)","icon":"\#($0.icon)","#
      + #""description":"\#($0.description)","name":"\#($0.name)"}"#
  }.joined(separator: ",") + #"],"version":1}"#

/// `lstat(2)` of a path.
func status(of path: String) throws -> Platform.FileStatus {
  do throws(SystemCallError) {
    return try Platform.fileStatus(atPath: path, followingLinks: false)
  } catch {
    throw RosterError.fileSystem(path: path, action: .read, errno: error.code)
  }
}

/// The permission bits of a file.
func permissions(of path: String) throws -> Platform.Mode {
  try status(of: path).permissions
}

func exists(_ path: String) -> Bool {
  (try? Platform.fileStatus(atPath: path, followingLinks: false)) != nil
}

/// The process's umask, read without changing it (tests run in parallel): the bits it takes
/// off a new file created with every permission bit.
func currentUmask() throws -> Platform.Mode {
  let folder = try Platform.makeTemporaryFolder(prefix: "/tmp/monsters-umask-")
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let descriptor = try Platform.openFile(
    folder + "/probe", [.writeOnly, .create, .exclusive, .closeOnExec], mode: 0o777)
  defer { Platform.closeFile(descriptor) }
  return 0o777 & ~(try Platform.fileStatus(descriptor).permissions)
}
