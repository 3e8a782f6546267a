import MonsterKit
import MonstersSystem

/// The environment variables a run of the command line sees.
///
/// A variable is read when it is asked for: the process's environment is not copied whole
/// at start, which would cost more than most commands do. A value that is not UTF-8 reads
/// as text with its bad bytes replaced; ``bytes(of:)`` gives it as it is.
public struct Environment: Sendable {
  private enum Source: Sendable {
    /// Variables given as text.
    case text([String: String])
    /// Variables given as bytes, as a process gets them.
    case bytes([String: [UInt8]])
    /// The process's own environment.
    case process
  }

  private let source: Source

  /// The environment of this process.
  public static var process: Environment {
    Environment(source: .process)
  }

  /// An environment of the given variables.
  ///
  /// - Parameter variables: The variables, by name.
  public init(_ variables: [String: String]) {
    self.source = .text(variables)
  }

  /// An environment of the given variables, their values as bytes.
  ///
  /// - Parameter variables: The variables, by name, their values as the bytes a process
  ///   gets.
  public init(bytes variables: [String: [UInt8]]) {
    self.source = .bytes(variables)
  }

  private init(source: Source) {
    self.source = source
  }

  /// A variable's value as text, its bad bytes replaced, or `nil` when it is not set.
  subscript(name: String) -> String? {
    switch source {
    case .text(let variables): variables[name]
    case .bytes, .process: bytes(of: name).map { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// A variable's value as bytes, or `nil` when it is not set.
  func bytes(of name: String) -> [UInt8]? {
    switch source {
    case .text(let variables):
      return variables[name].map { Array($0.utf8) }
    case .bytes(let variables):
      return variables[name]
    case .process:
      // The last entry of a name counts, as in ``variables``.
      return Platform.environmentBytes(named: name)
    }
  }

  /// Every variable, as text with bad bytes replaced: for code that reads several.
  var variables: [String: String] {
    switch source {
    case .text(let variables):
      return variables
    case .bytes(let variables):
      return variables.mapValues { String(decoding: $0, as: UTF8.self) }
    case .process:
      var variables: [String: String] = [:]
      Platform.forEachEnvironmentVariable { name, value in
        variables[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
      }
      return variables
    }
  }
}
