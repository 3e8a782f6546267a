/// A file mapped read-only into memory, unmapped when the last roster that uses it goes.
///
/// If another program truncates the file while it is mapped, reading a page past its new
/// end raises `SIGBUS`, which would end the process. While any file is mapped, a handler
/// puts a page of zeros in the place of such a page instead; the reader then finds bytes
/// that are not JSON, and the roster file sees that the file changed and says so.
package final class FileMapping: Sendable {
  /// The mapping's address. It is kept as an integer, a value that may be shared: the
  /// memory is read-only and lives as long as this object.
  private let address: Int
  /// The length of the mapping.
  package let count: Int

  /// Maps a file.
  ///
  /// - Parameters:
  ///   - descriptor: The file, open for reading.
  ///   - count: Its size, more than zero.
  /// - Returns: The mapping, or `nil` when the file cannot be mapped.
  package init?(descriptor: Int32, count: Int) {
    FileMapping.installTruncationGuard()
    guard let base = Platform.mapReadOnly(descriptor, count: count) else { return nil }
    Platform.adviseWillNeed(base, count: count)
    address = Int(bitPattern: base)
    self.count = count
  }

  deinit {
    if let base = UnsafeRawPointer(bitPattern: address) {
      Platform.unmap(base, count: count)
    }
  }

  /// The mapped bytes.
  package var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count)
  }

  /// Installs, once, the `SIGBUS` handler that turns a page of a truncated file into a page
  /// of zeros.
  private static func installTruncationGuard() {
    _ = truncationGuard
  }

  /// The size of a page, read before the handler can run, which only loads it.
  private static let pageSize = Platform.pageSize

  /// The handler, on every system: Darwin, glibc and musl each give the fault's address
  /// (``Platform/faultAddress(of:)``), and `mmap` with `MAP_FIXED` is safe in a handler.
  private static let truncationGuard: Void = {
    _ = pageSize
    Platform.setSignalInfoHandler(Platform.SignalNumber.busError) { _, info, _ in
      // Only calls that are safe in a signal handler: mmap, and signal to give up, so that
      // a fault that is not a truncated mapping's ends the process as it would have.
      guard let address = Platform.faultAddress(of: info),
        Platform.replaceWithZeros(pageAt: address, pageSize: FileMapping.pageSize)
      else {
        Platform.restoreDefaultAction(Platform.SignalNumber.busError)
        return
      }
    }
  }()
}
