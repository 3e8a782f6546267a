extension Array where Element == String {
  /// The strings with a separator between each two: the standard library's
  /// `joined(separator:)`, made concrete. Outside the standard library its
  /// `joined(separator:)` is generic, and its first call in a run looks up `Array`'s
  /// conformances by name: 100,000 instructions, a seventh of what `monsters list` runs.
  ///
  /// - Parameter separator: What goes between each two strings.
  /// - Returns: The joined text.
  func joined(separator: String) -> String {
    var text = ""
    for (index, string) in enumerated() {
      if index > 0 { text.append(separator) }
      text.append(string)
    }
    return text
  }
}
