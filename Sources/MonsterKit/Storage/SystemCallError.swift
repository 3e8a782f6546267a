import Glibc

/// A failed system call: the `errno` it gave.
package struct SystemCallError: Error, Hashable, Sendable {
  /// The `errno` value, such as `ENOSPC`.
  package var code: Int32

  /// Creates an error.
  ///
  /// - Parameter code: The `errno` value.
  package init(_ code: Int32) {
    self.code = code
  }

  /// The error of the last failed system call on this thread.
  static var last: SystemCallError { SystemCallError(errno) }
}
