/// A failed system call: the `errno` it gave.
package struct SystemCallError: Error, Hashable, Sendable {
  /// The `errno` value, such as `ENOSPC`; compare it with ``Platform/ErrorNumber``'s names,
  /// whose numbers differ between systems.
  package var code: Int32

  /// Creates an error.
  ///
  /// - Parameter code: The `errno` value.
  package init(_ code: Int32) {
    self.code = code
  }
}
