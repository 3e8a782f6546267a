// Why these exist: the standard library's `Array.withUnsafeBytes` and `String.withUTF8` are
// `rethrows`, and a `rethrows` function throws `any Error` even when its closure throws a
// typed error, so a caller that throws `RosterError` or `SystemCallError` could not call
// them with a closure that throws one. These variants keep the error's type, and the rest
// of MonsterKit calls them rather than wrapping a closure in a `Result`. One place holds an
// error aside in a variable: `RosterFile.carrying`, which runs a caller's change, throwing
// the caller's own error type, inside an edit whose steps throw `RosterError`; it keeps the
// change's error until the edit has let go of the lock, then throws it as itself.

extension [UInt8] {
  /// Calls `body` with the array's bytes, throwing what `body` throws with its own type.
  ///
  /// `withUnsafeBufferPointer` keeps the type already, so this goes through it.
  ///
  /// - Parameter body: Reads the bytes, which are valid only while it runs.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable @inline(__always)
  package func withUnsafeBytes<Result, Failure: Error>(
    typed body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeBufferPointer { (buffer) throws(Failure) in
      try body(UnsafeRawBufferPointer(buffer))
    }
  }

  /// Calls `body` with the array's bytes to change, throwing what `body` throws with its
  /// own type.
  ///
  /// - Parameter body: Reads or writes the bytes, which are valid only while it runs.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable @inline(__always)
  package mutating func withUnsafeMutableBytes<Result, Failure: Error>(
    typed body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeMutableBufferPointer { (buffer) throws(Failure) in
      try body(UnsafeMutableRawBufferPointer(buffer))
    }
  }
}

extension String {
  /// Calls `body` with the string's UTF-8 bytes, throwing what `body` throws with its own
  /// type.
  ///
  /// `withUTF8` has no form that keeps the type, so the error comes out of it as
  /// `any Error`, which can only be the error `body` threw, and is thrown again as that.
  /// (Carrying it out in a `Result` instead would make a generic type at every call that
  /// is not specialized, as calls from another module are: a cost on every name listed.)
  ///
  /// - Parameter body: Reads the bytes, which are valid only while it runs.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable @inline(__always)
  package mutating func withUTF8<Value, Failure: Error>(
    typed body: (UnsafeRawBufferPointer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    do {
      // In parentheses, so that this calls the standard library's `withUTF8(_:)`.
      return try withUTF8({ try body(UnsafeRawBufferPointer($0)) })
    } catch let error as Failure {
      throw error
    } catch {
      preconditionFailure("withUTF8(_:) threw an error its closure did not: \(error)")
    }
  }
}
