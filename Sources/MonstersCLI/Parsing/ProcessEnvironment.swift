import Glibc

/// The process's environment variables, read without Foundation.
public enum ProcessEnvironment {
  /// The environment variables of this process, their values as the bytes they hold.
  ///
  /// Names are text; a value is kept as bytes so that one that is not UTF-8 can be told
  /// apart, rather than read with its bad bytes replaced.
  public static func current() -> [String: [UInt8]] {
    var variables: [String: [UInt8]] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        variables[String(decoding: bytes[..<equals], as: UTF8.self)] = Array(bytes[(equals + 1)...])
      }
      entry += 1
    }
    return variables
  }
}
