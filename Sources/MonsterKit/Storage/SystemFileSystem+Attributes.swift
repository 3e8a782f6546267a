#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import CPlatformShims
  import Glibc
#elseif canImport(Musl)
  import CPlatformShims
  import Musl
#endif

// Extended attributes and access control lists, which an edit copies from the old file to
// the new one. Darwin's calls take a position and options that Linux's do not, and keep
// access control lists apart from the attributes; each side is written out below.

extension SystemFileSystem {
  package func attributeNames(_ descriptor: Int32) throws(SystemCallError) -> [String] {
    while true {
      let size = try retryingOnInterrupt { xattrList(descriptor, nil, 0) }
      if size == 0 { return [] }
      var buffer = [CChar](repeating: 0, count: size)
      do throws(SystemCallError) {
        let count = try retryingOnInterrupt { xattrList(descriptor, &buffer, buffer.count) }
        return buffer[..<count].split(separator: 0).map {
          String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
      } catch  where error.code == ERANGE {
        // An attribute was added since the size was asked for: ask again.
      }
    }
  }

  package func attribute(_ name: String, of descriptor: Int32) throws(SystemCallError)
    -> [UInt8]
  {
    while true {
      let size = try retryingOnInterrupt { xattrGet(descriptor, name, nil, 0) }
      var value = [UInt8](repeating: 0, count: size)
      do throws(SystemCallError) {
        let count = try value.withUnsafeMutableBytes { (buffer) throws(SystemCallError) in
          try retryingOnInterrupt { xattrGet(descriptor, name, buffer.baseAddress, size) }
        }
        return Array(value[..<count])
      } catch  where error.code == ERANGE {
        // The value grew since its size was asked for: ask again.
      }
    }
  }

  package func setAttribute(_ name: String, to value: [UInt8], of descriptor: Int32)
    throws(SystemCallError)
  {
    _ = try value.withUnsafeBytes { (buffer) throws(SystemCallError) in
      try retryingOnInterrupt { xattrSet(descriptor, name, buffer.baseAddress, buffer.count) }
    }
  }

  package func removeAttribute(_ name: String, of descriptor: Int32) throws(SystemCallError) {
    _ = try retryingOnInterrupt { xattrRemove(descriptor, name) }
  }

  package func copyAccessControlList(from source: Int32, to destination: Int32)
    throws(SystemCallError)
  {
    #if canImport(Darwin)
      guard let list = acl_get_fd_np(source, ACL_TYPE_EXTENDED) else {
        // ENOENT: the file has no list.
        if errno == ENOENT { return }
        throw .last
      }
      defer { acl_free(UnsafeMutableRawPointer(list)) }
      _ = try retryingOnInterrupt { acl_set_fd_np(destination, list, ACL_TYPE_EXTENDED) }
    #endif
  }
}

// MARK: - The calls of each system

#if canImport(Darwin)
  private func xattrList(
    _ descriptor: Int32, _ names: UnsafeMutablePointer<CChar>?, _ size: Int
  ) -> Int {
    flistxattr(descriptor, names, size, 0)
  }

  private func xattrGet(
    _ descriptor: Int32, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int
  ) -> Int {
    fgetxattr(descriptor, name, value, size, 0, 0)
  }

  private func xattrSet(
    _ descriptor: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int
  ) -> Int32 {
    fsetxattr(descriptor, name, value, size, 0, 0)
  }

  private func xattrRemove(_ descriptor: Int32, _ name: String) -> Int32 {
    fremovexattr(descriptor, name, 0)
  }
#else
  private func xattrList(
    _ descriptor: Int32, _ names: UnsafeMutablePointer<CChar>?, _ size: Int
  ) -> Int {
    flistxattr(descriptor, names, size)
  }

  private func xattrGet(
    _ descriptor: Int32, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int
  ) -> Int {
    fgetxattr(descriptor, name, value, size)
  }

  private func xattrSet(
    _ descriptor: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int
  ) -> Int32 {
    fsetxattr(descriptor, name, value, size, 0)
  }

  private func xattrRemove(_ descriptor: Int32, _ name: String) -> Int32 {
    fremovexattr(descriptor, name)
  }
#endif
