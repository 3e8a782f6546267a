import Dispatch
import MonsterKit
import Synchronization

/// One of the rosters that `diff` compares or `merge` merges, named as the usage names it
/// (`OLD`, `OURS`): a file, a pipe or a process substitution, or `-` for standard input.
struct RosterSide {
  /// The name of the side in messages, such as `OURS`.
  var label: String
  /// The path, or `-`.
  var path: String

  /// Whether the side is standard input.
  var isStandardInput: Bool { path == "-" }

  /// Reads the roster.
  ///
  /// - Parameters:
  ///   - console: Where `-` is read from.
  ///   - allowingEmpty: Whether an empty file is an empty roster.
  /// - Throws: ``CommandFailure/side(_:failure:)``: the side's label, and 66 for a missing
  ///   file, 65 for one that is not a valid roster, 74 for one that cannot be read.
  func read(from console: Console, allowingEmpty: Bool = false) throws(CommandFailure) -> Roster {
    guard isStandardInput else { return try readFile(allowingEmpty: allowingEmpty) }
    do throws(CommandFailure) {
      let bytes: [UInt8]
      do throws(SystemCallError) {
        bytes = try console.input.readAll()
      } catch {
        throw .unreadableInput(path: "<stdin>", errno: error.code)
      }
      if allowingEmpty && bytes.isEmpty { return Roster() }
      do throws(RosterError) {
        return try RosterFile(path: "<stdin>").roster(from: bytes)
      } catch {
        throw .roster(error)
      }
    } catch {
      throw .side(label, failure: error)
    }
  }

  /// Reads several sides, the files at once on threads of their own (a roster of a million
  /// monsters takes a core a fifth of a second to read), standard input first.
  ///
  /// - Parameters:
  ///   - sides: The sides, each with whether an empty file is an empty roster.
  ///   - console: Where `-` is read from.
  /// - Returns: The rosters, in order.
  /// - Throws: The failure of the first side, in order, that could not be read.
  static func read(_ sides: [(side: RosterSide, allowingEmpty: Bool)], from console: Console)
    throws(CommandFailure) -> [Roster]
  {
    var results = [Result<Roster, CommandFailure>?](repeating: nil, count: sides.count)
    for (offset, side) in sides.enumerated() where side.side.isStandardInput {
      results[offset] = Result { () throws(CommandFailure) in
        try side.side.read(from: console, allowingEmpty: side.allowingEmpty)
      }
    }
    let files = sides.indices.filter { results[$0] == nil }
    if #available(macOS 15, *) {
      let read = Mutex<[Int: Result<Roster, CommandFailure>]>([:])
      DispatchQueue.concurrentPerform(iterations: files.count) { iteration in
        let offset = files[iteration]
        let result = Result { () throws(CommandFailure) in
          try sides[offset].side.readFile(allowingEmpty: sides[offset].allowingEmpty)
        }
        read.withLock { $0[offset] = result }
      }
      read.withLock { read in
        for (offset, result) in read { results[offset] = result }
      }
    } else {
      for offset in files {
        results[offset] = Result { () throws(CommandFailure) in
          try sides[offset].side.readFile(allowingEmpty: sides[offset].allowingEmpty)
        }
      }
    }
    var rosters: [Roster] = []
    for result in results {
      guard let result else { continue }
      rosters.append(try result.get())
    }
    return rosters
  }

  /// Reads the side's file.
  private func readFile(allowingEmpty: Bool) throws(CommandFailure) -> Roster {
    var file = RosterFile(path: path)
    file.mapsLargeFiles = true
    do throws(RosterError) {
      return try file.readVersion(allowingEmpty: allowingEmpty)
    } catch {
      throw .side(label, failure: .roster(error))
    }
  }

  /// Refuses two sides that both read standard input, which can be read once.
  static func checkOneStandardInput(_ sides: [RosterSide], _ context: CommandContext)
    throws(CommandFailure)
  {
    let readers = sides.filter(\.isStandardInput).map(\.label)
    guard readers.count > 1 else { return }
    throw context.usageError(
      .invalidValue(
        "\(readers.joined(separator: " and ")) are both '-': standard input can be read once."))
  }
}
