/// One key and its value in a JSON object.
public struct JSONMember: Hashable, Sendable {
  /// The key.
  public var key: String
  /// The value.
  public var value: JSONValue

  /// Creates a member.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - value: The value.
  public init(_ key: String, _ value: JSONValue) {
    self.key = key
    self.value = value
  }
}
