import MonstersSystem

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("The platform layer knows Darwin, Glibc and Musl: give this system's C library here")
#endif

// The system calls only the tests make: links, FIFOs and attributes they set up, the
// process's id and environment, a function run at exit. They extend the package's
// `Platform` namespace, so that a test reads as the code it tests, and no program of the
// package carries them.

extension Platform {
  /// Gives a file the extended attributes of another, each with the same value.
  ///
  /// - Parameters:
  ///   - source: The file whose attributes to copy, open.
  ///   - destination: The file to give them, open for writing.
  /// - Throws: The `errno` of the first call that fails; nothing when the source's file
  ///   system has no extended attributes.
  package static func copyAttributes(from source: Int32, to destination: Int32)
    throws(SystemCallError)
  {
    for name in try attributeNames(source) {
      guard let value = try attribute(name, of: source) else { continue }
      try setAttribute(name, to: value, of: destination)
    }
  }

  /// `symlink(2)`: a symbolic link at a path, whose text is `target`, which need not name
  /// anything.
  ///
  /// - Throws: The call's `errno`; `EEXIST` when something is at the path.
  package static func makeSymbolicLink(at path: String, pointingTo target: String)
    throws(SystemCallError)
  {
    _ = try retryingOnInterrupt { symlink(target, path) }
  }

  /// `mkfifo(3)`: a named pipe at a path.
  ///
  /// - Parameters:
  ///   - path: The path, where nothing is yet.
  ///   - mode: Its permissions, before the umask.
  /// - Throws: The call's `errno`; `EEXIST` when something is at the path.
  package static func makeFIFO(atPath path: String, mode: Mode) throws(SystemCallError) {
    _ = try retryingOnInterrupt { mkfifo(path, mode) }
  }

  /// `getpid(2)`.
  package static var processID: ProcessID {
    getpid()
  }

  /// `getenv(3)`: an environment variable of this process, as text.
  ///
  /// - Parameter name: The variable's name.
  /// - Returns: Its value, or `nil` when it is not set.
  package static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// `atexit(3)`: runs a function when the process exits through `exit`.
  ///
  /// - Parameter body: The function, which captures nothing.
  package static func runAtExit(_ body: @escaping @convention(c) () -> Void) {
    _ = atexit(body)
  }
}

extension Platform.FileStatus {
  /// How many names (hard links) the file has.
  package var linkCount: Int {
    Int(st_nlink)
  }
}
