/// The system's own calls, each through its wrapper in ``Platform``.
package struct SystemFileSystem: FileSystem {
  /// Creates the system's file system.
  package init() {}

  package func open(_ path: String, options: Platform.OpenOptions, mode: Platform.Mode)
    throws(SystemCallError) -> Int32
  {
    try Platform.openFile(path, options, mode: mode)
  }

  package func open(
    _ name: String, in folder: Int32, options: Platform.OpenOptions, mode: Platform.Mode
  ) throws(SystemCallError) -> Int32 {
    try Platform.openFile(name, in: folder, options, mode: mode)
  }

  package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    try Platform.readBytes(descriptor, into: buffer)
  }

  package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    throws(SystemCallError) -> Int
  {
    try Platform.writeBytes(descriptor, bytes)
  }

  package func synchronize(_ descriptor: Int32) throws(SystemCallError) {
    try Platform.synchronize(descriptor)
  }

  package func synchronizeFileSystem(of descriptor: Int32) throws(SystemCallError) {
    try Platform.synchronizeFileSystem(of: descriptor)
  }

  package func fstat(_ descriptor: Int32) throws(SystemCallError) -> Platform.FileStatus {
    try Platform.fileStatus(descriptor)
  }

  package func lstat(_ path: String) throws(SystemCallError) -> Platform.FileStatus {
    try Platform.fileStatus(atPath: path, followingLinks: false)
  }

  package func lstat(_ name: String, in folder: Int32) throws(SystemCallError)
    -> Platform.FileStatus
  {
    try Platform.fileStatus(of: name, in: folder, followingLinks: false)
  }

  package func checkWritable(_ name: String, in folder: Int32) throws(SystemCallError) {
    try Platform.checkWritable(name, in: folder)
  }

  package func readlink(_ path: String) throws(SystemCallError) -> String {
    try Platform.linkTarget(ofPath: path)
  }

  package func fchmod(_ descriptor: Int32, mode: Platform.Mode) throws(SystemCallError) {
    try Platform.setMode(mode, of: descriptor)
  }

  package func fchown(_ descriptor: Int32, owner: Platform.UserID, group: Platform.GroupID)
    throws(SystemCallError)
  {
    try Platform.setOwner(owner, group: group, of: descriptor)
  }

  package func flock(_ descriptor: Int32, _ operation: Platform.LockOperation)
    throws(SystemCallError)
  {
    try Platform.lockFile(descriptor, operation)
  }

  package func setBlocking(_ descriptor: Int32) throws(SystemCallError) {
    try Platform.setBlocking(descriptor)
  }

  package func isTerminal(_ descriptor: Int32) -> Bool {
    Platform.isTerminal(descriptor)
  }

  package func waitUntilReadable(_ descriptor: Int32, milliseconds: Int)
    throws(SystemCallError) -> Bool
  {
    try Platform.waitUntilReadable([descriptor], milliseconds: milliseconds)[0]
  }

  package func rename(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    try Platform.renameFile(source, to: destination, in: folder)
  }

  package func link(_ source: String, to destination: String, in folder: Int32)
    throws(SystemCallError)
  {
    try Platform.makeLink(to: source, at: destination, in: folder)
  }

  package func unlink(_ name: String, in folder: Int32) throws(SystemCallError) {
    try Platform.removeFile(name, in: folder)
  }

  package func names(inFolder folder: Int32) throws(SystemCallError) -> [String] {
    // A name that is not UTF-8 is no name a String could give, and is left out rather than
    // read as another.
    try Platform.names(inFolder: folder).compactMap { bytes in
      let name = String(decoding: bytes, as: UTF8.self)
      return name.utf8.elementsEqual(bytes) ? name : nil
    }
  }

  package func attributeNames(_ descriptor: Int32) throws(SystemCallError) -> [[UInt8]] {
    try Platform.attributeNames(descriptor)
  }

  package func attribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError)
    -> [UInt8]?
  {
    try Platform.attribute(name, of: descriptor)
  }

  package func setAttribute(_ name: [UInt8], to value: [UInt8], of descriptor: Int32)
    throws(SystemCallError)
  {
    try Platform.setAttribute(name, to: value, of: descriptor)
  }

  package func removeAttribute(_ name: [UInt8], of descriptor: Int32) throws(SystemCallError) {
    try Platform.removeAttribute(name, of: descriptor)
  }

  package func copyAccessControlList(from source: Int32, to destination: Int32)
    throws(SystemCallError)
  {
    try Platform.copyAccessControlList(from: source, to: destination)
  }

  package func close(_ descriptor: Int32) {
    Platform.closeFile(descriptor)
  }
}
