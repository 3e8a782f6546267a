import MonstersSystem

#if canImport(Darwin)
  import CPlatformShims
  import Darwin
#elseif canImport(Glibc)
  import CPlatformShims
  import Glibc
#elseif canImport(Musl)
  import CPlatformShims
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// The process: its environment and its end. Starting other programs, waiting for them and
// the terminals they run in are not MonsterKit's: an app that links it starts none. They
// are in the ProcessPlatform module, for the command line's git, the benchmark and the
// tests.

extension Platform {
  /// `exit(3)`: ends the process, flushing nothing (the program keeps no `FILE` buffers).
  ///
  /// - Parameter code: The exit status.
  package static func exit(_ code: Int32) -> Never {
    #if canImport(Darwin)
      Darwin.exit(code)
    #elseif canImport(Glibc)
      Glibc.exit(code)
    #else
      Musl.exit(code)
    #endif
  }

  /// Calls `body` with the name and value of each `NAME=value` entry of the process's
  /// environment, in order, as bytes; an entry without `=` is skipped.
  ///
  /// Darwin has no `environ` for a library to name (`_NSGetEnviron()` gives it), and glibc
  /// and musl declare it only for `_GNU_SOURCE`: it comes from the C shim.
  package static func forEachEnvironmentVariable(
    _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
  ) {
    guard var entry = monsters_environment() else { return }
    while let pointer = entry.pointee {
      let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        body(
          UnsafeRawBufferPointer(rebasing: bytes[..<equals]),
          UnsafeRawBufferPointer(rebasing: bytes[(equals + 1)...]))
      }
      entry += 1
    }
  }

  /// The value of the last `NAME=value` entry of the process's environment with a name, as
  /// bytes, or `nil` when there is none: as ``forEachEnvironmentVariable(_:)`` would find
  /// it, but reading of the other entries only the bytes that tell them apart.
  package static func environmentBytes(named name: String) -> [UInt8]? {
    guard var entry = monsters_environment() else { return nil }
    let name = Array(name.utf8)
    var value: [UInt8]?
    while let pointer = entry.pointee {
      let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
      // A name holds no NUL, so a shorter entry differs at its end, not past it.
      var length = 0
      while length < name.count && bytes[length] == name[length] { length += 1 }
      if length == name.count && bytes[length] == UInt8(ascii: "=") {
        let start = bytes + length + 1
        value = Array(UnsafeBufferPointer(start: start, count: strlen(pointer + length + 1)))
      }
      entry += 1
    }
    return value
  }
}

extension Platform {

  /// `getcwd(3)`: the path of this process's current folder.
  ///
  /// - Returns: The path, or `nil` when it cannot be had (the folder was removed, or a
  ///   folder above it may not be searched) or is not UTF-8.
  package static func currentFolderPath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    while true {
      if getcwd(&buffer, buffer.count) != nil {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let path = String(decoding: bytes, as: UTF8.self)
        return path.utf8.elementsEqual(bytes) ? path : nil
      }
      guard errno == ERANGE, buffer.count < 1 << 20 else { return nil }
      buffer = [CChar](repeating: 0, count: buffer.count * 2)
    }
  }

  /// `access(2)` with `X_OK`: whether this process may execute the file at a path.
  ///
  /// - Parameter path: The path.
  package static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }
}
