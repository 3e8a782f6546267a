#if canImport(Darwin)
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

// Extended attributes of an open file, to carry them from a file to the one that replaces
// it. Darwin's calls take two more arguments than Linux's (a position, for resource forks,
// and options), and say `ENOATTR` where Linux says `ENODATA`. On Linux, a file's POSIX ACL
// is an extended attribute (`system.posix_acl_access`), so copying the attributes copies
// it; on Darwin an ACL is not one (see `acl(3)`).

extension Platform {
  /// The names of a file's extended attributes, as bytes (a name need not be UTF-8).
  ///
  /// - Parameter descriptor: The file, open.
  /// - Returns: The names; none on a file system without extended attributes.
  /// - Throws: The call's `errno`.
  package static func attributeNames(_ descriptor: Int32) throws(SystemCallError) -> [[UInt8]] {
    let list = try sizedRead { buffer in
      #if canImport(Darwin)
        flistxattr(descriptor, buffer.baseAddress, buffer.count, 0)
      #else
        flistxattr(descriptor, buffer.baseAddress, buffer.count)
      #endif
    }
    guard let list else { return [] }
    return list.split(separator: 0).map { $0.map { UInt8(bitPattern: $0) } }
  }

  /// The value of a file's extended attribute.
  ///
  /// - Parameters:
  ///   - name: The attribute's name, as bytes.
  ///   - descriptor: The file, open.
  /// - Returns: The value, or `nil` when the file has no such attribute.
  /// - Throws: The call's `errno`.
  package static func attribute(_ name: [UInt8], of descriptor: Int32)
    throws(SystemCallError) -> [UInt8]?
  {
    let name = name.map { CChar(bitPattern: $0) } + [0]
    let value = try sizedRead { buffer in
      #if canImport(Darwin)
        fgetxattr(descriptor, name, buffer.baseAddress, buffer.count, 0, 0)
      #else
        fgetxattr(descriptor, name, buffer.baseAddress, buffer.count)
      #endif
    }
    return value.map { $0.map { UInt8(bitPattern: $0) } }
  }

  /// Sets a file's extended attribute, creating or replacing it.
  ///
  /// - Parameters:
  ///   - name: The attribute's name, as bytes.
  ///   - value: Its value.
  ///   - descriptor: The file, open for writing.
  /// - Throws: The call's `errno`; `ENOTSUP` where the file system has none, `EPERM` for a
  ///   name this user may not set (a `trusted.` one, for example).
  package static func setAttribute(_ name: [UInt8], to value: [UInt8], of descriptor: Int32)
    throws(SystemCallError)
  {
    let name = name.map { CChar(bitPattern: $0) } + [0]
    _ = try retryingOnInterrupt {
      value.withUnsafeBytes { value in
        #if canImport(Darwin)
          fsetxattr(descriptor, name, value.baseAddress, value.count, 0, 0)
        #else
          fsetxattr(descriptor, name, value.baseAddress, value.count, 0)
        #endif
      }
    }
  }

  /// Removes one of a file's extended attributes.
  ///
  /// - Parameters:
  ///   - name: The attribute's name, as bytes.
  ///   - descriptor: The file, open for writing.
  /// - Throws: The call's `errno`; ``ErrorNumber/noAttribute`` when the file has no such
  ///   attribute.
  package static func removeAttribute(_ name: [UInt8], of descriptor: Int32)
    throws(SystemCallError)
  {
    let name = name.map { CChar(bitPattern: $0) } + [0]
    _ = try retryingOnInterrupt {
      #if canImport(Darwin)
        fremovexattr(descriptor, name, 0)
      #else
        fremovexattr(descriptor, name)
      #endif
    }
  }

  /// Gives a file the access control list of another, where the system keeps lists apart
  /// from the extended attributes.
  ///
  /// On Darwin, a file's ACL is not among the attributes ``attributeNames(_:)`` lists: it is
  /// read with `acl_get_fd_np(ACL_TYPE_EXTENDED)` and set with `acl_set_fd_np`. On Linux, a
  /// POSIX ACL is the extended attribute `system.posix_acl_access`, copied with the others,
  /// and this does nothing.
  ///
  /// - Parameters:
  ///   - source: The file whose list to copy, open.
  ///   - destination: The file to give it, open for writing.
  /// - Throws: The `errno` of a failed call; nothing when the source has no list.
  package static func copyAccessControlList(from source: Int32, to destination: Int32)
    throws(SystemCallError)
  {
    #if canImport(Darwin)
      guard let list = acl_get_fd_np(source, ACL_TYPE_EXTENDED) else {
        // ENOENT: the file has no list.
        if errno == ENOENT { return }
        throw SystemCallError(errno)
      }
      defer { acl_free(UnsafeMutableRawPointer(list)) }
      _ = try retryingOnInterrupt { acl_set_fd_np(destination, list, ACL_TYPE_EXTENDED) }
    #endif
  }

  /// Reads a list or a value whose size is not known: asks for the size, then reads into a
  /// buffer of that size, again when it grew meanwhile (`ERANGE`).
  ///
  /// - Returns: The bytes, or `nil` for a missing attribute (`ENODATA`, Darwin's
  ///   `ENOATTR`); no bytes where extended attributes are not supported.
  private static func sizedRead(_ call: (UnsafeMutableBufferPointer<CChar>) -> Int)
    throws(SystemCallError) -> [CChar]?
  {
    let missing = ErrorNumber.noAttribute
    while true {
      let size: Int
      do throws(SystemCallError) {
        size = try retryingOnInterrupt { call(UnsafeMutableBufferPointer(start: nil, count: 0)) }
      } catch  where error.code == missing {
        return nil
      } catch  where error.code == ENOTSUP {
        return []
      }
      var buffer = [CChar](repeating: 0, count: size)
      do throws(SystemCallError) {
        let count = try retryingOnInterrupt { buffer.withUnsafeMutableBufferPointer { call($0) } }
        return Array(buffer[..<count])
      } catch  where error.code == ERANGE {
        continue
      } catch  where error.code == missing {
        return nil
      }
    }
  }
}
