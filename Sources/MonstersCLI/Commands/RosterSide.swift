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

  /// Runs two pieces of work at once, on threads of their own where the machine has cores
  /// for them (a roster of a million monsters takes a core a fifth of a second to read),
  /// and gives each one's result.
  static func both<First: Sendable, Second: Sendable>(
    _ first: @escaping @Sendable () -> Result<First, CommandFailure>,
    _ second: @escaping @Sendable () -> Result<Second, CommandFailure>
  ) -> (Result<First, CommandFailure>, Result<Second, CommandFailure>) {
    guard #available(macOS 15, *) else { return (first(), second()) }
    let firstResult = Mutex<Result<First, CommandFailure>?>(nil)
    let secondResult = Mutex<Result<Second, CommandFailure>?>(nil)
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      if index == 0 {
        let result = first()
        firstResult.withLock { $0 = result }
      } else {
        let result = second()
        secondResult.withLock { $0 = result }
      }
    }
    guard let a = firstResult.withLock({ $0 }), let b = secondResult.withLock({ $0 }) else {
      return (first(), second())
    }
    return (a, b)
  }

  /// Reads the side's file as one side of a merge, its names checked when it is matched.
  func readForMatching() throws(CommandFailure) -> UnmatchedRoster {
    var file = RosterFile(path: path)
    file.mapsLargeFiles = true
    do throws(RosterError) {
      return try file.readForMatching()
    } catch {
      throw .side(label, failure: .roster(error))
    }
  }

  /// Matches a side read for a merge with the ancestor.
  func match(_ side: UnmatchedRoster, with base: Roster) throws(CommandFailure)
    -> MatchedRoster
  {
    do throws(RosterError) {
      return try side.matched(with: base)
    } catch {
      throw .side(label, failure: .roster(error))
    }
  }

  /// Reads the side's file.
  func readFile(allowingEmpty: Bool) throws(CommandFailure) -> Roster {
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
