import MonsterKit

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
    do throws(CommandFailure) {
      guard isStandardInput else {
        var file = RosterFile(path: path)
        file.mapsLargeFiles = true
        do throws(RosterError) {
          return try file.readVersion(allowingEmpty: allowingEmpty)
        } catch {
          throw .roster(error)
        }
      }
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
