import Glibc

/// Asks the kernel to back a large buffer that is not yet touched with 2 MiB pages, where
/// it can: a large roster then costs a few hundred page faults instead of tens of
/// thousands, and random reads of it fewer TLB misses.
///
/// - Parameter buffer: Memory this process owns and has not written yet.
func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
  let hugePage = 2 << 20
  guard buffer.count >= 2 * hugePage, let base = buffer.baseAddress else { return }
  let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
  let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
  guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
  _ = madvise(aligned, end - start, MADV_HUGEPAGE)
}
