/// The lines a merge writes around a conflict, as git does, and finding them in a file.
///
/// ```text
/// <<<<<<< ours
///     { ...the monster as one side has it... },
/// =======
///     { ...as the other side has it... },
/// >>>>>>> theirs
/// ```
public struct ConflictMarkers: Hashable, Sendable {
  /// How many times each marker's character is repeated: git's `conflict-marker-size`.
  public var size: Int
  /// The label after the opening marker.
  public var oursLabel: String
  /// The label after the closing marker.
  public var theirsLabel: String

  /// The size git uses unless told otherwise.
  public static let standardSize = 7

  /// The longest markers a merge writes: a megabyte a line, far more than git's attribute
  /// is ever set to, and few enough that a file of them stays a file every reader reads.
  public static let maximumSize = 1 << 20

  /// Creates the markers of a merge.
  ///
  /// - Parameters:
  ///   - size: How many times each marker's character is repeated, from 1 to
  ///     ``maximumSize``. Markers of fewer than ``standardSize`` are found by readers only
  ///     as a whole conflict (opening, separator and closing of one size), since shorter
  ///     lines alone could be anything.
  ///   - oursLabel: The label after the opening marker. Control characters are written
  ///     escaped, so that a label stays on its line.
  ///   - theirsLabel: The label after the closing marker.
  public init(size: Int = standardSize, oursLabel: String = "ours", theirsLabel: String = "theirs")
  {
    self.size = min(max(size, 1), Self.maximumSize)
    self.oursLabel = oursLabel
    self.theirsLabel = theirsLabel
  }

  /// Creates the markers `monsters merge` writes in a file: labelled `ours` and `theirs`,
  /// then what each side is where git says (`ours: HEAD`), then the name git gives the
  /// file in brackets (`ours: HEAD (monsters.json)`).
  ///
  /// - Parameters:
  ///   - size: How many times each marker's character is repeated.
  ///   - name: The file's name, or `nil`.
  ///   - sides: What ours and theirs are (git's `%X` and `%Y`: a branch, `HEAD`), each
  ///     `nil` when not known.
  package init(size: Int, naming name: String?, sides: (String?, String?) = (nil, nil)) {
    func label(_ side: String, _ what: String?) -> String {
      side + (what.map { ": \($0)" } ?? "") + (name.map { " (\($0))" } ?? "")
    }
    self.init(size: size, oursLabel: label("ours", sides.0), theirsLabel: label("theirs", sides.1))
  }

  /// Whether a file's first conflict is marked as ``init(size:naming:sides:)`` marks one:
  /// its opening marker labelled `ours`, `ours: <side>` or `ours (<name>)`, where git's own
  /// merge labels it with a branch or `HEAD`.
  ///
  /// - Parameter bytes: The file's bytes.
  /// - Returns: `false` too for a file with no opening marker.
  package static func firstConflictIsMarkedByMerge(in bytes: UnsafeRawBufferPointer) -> Bool {
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
      if let (character, size) = marker(in: line), character == opening {
        var label = line.dropFirst(size + 1)
        if label.last == UInt8(ascii: "\r") { label.removeLast() }
        let ours = Array("ours".utf8)
        let rest = label.dropFirst(ours.count)
        return line.dropFirst(size).first == UInt8(ascii: " ") && label.starts(with: ours)
          && (rest.isEmpty || rest.starts(with: Array(" (".utf8))
            || rest.starts(with: Array(": ".utf8)))
      }
      start = end + 1
    }
    return false
  }

  /// The characters of the markers: the opening one, the one before the common ancestor's
  /// version (which this merge does not write), the separator and the closing one.
  static let opening = UInt8(ascii: "<")
  static let ancestor = UInt8(ascii: "|")
  static let separator = UInt8(ascii: "=")
  static let closing = UInt8(ascii: ">")

  /// Appends the line that opens a conflict.
  func appendOpening(to output: inout [UInt8]) {
    appendMarker(Self.opening, label: oursLabel, to: &output)
  }

  /// Appends the line between the two sides of a conflict.
  func appendSeparator(to output: inout [UInt8]) {
    appendMarker(Self.separator, label: nil, to: &output)
  }

  /// Appends the line that closes a conflict.
  func appendClosing(to output: inout [UInt8]) {
    appendMarker(Self.closing, label: theirsLabel, to: &output)
  }

  private func appendMarker(_ character: UInt8, label: String?, to output: inout [UInt8]) {
    output.append(contentsOf: repeatElement(character, count: size))
    if let label, !label.isEmpty {
      output.append(UInt8(ascii: " "))
      output.append(contentsOf: escapedForTerminal(label).utf8)
    }
    output.append(UInt8(ascii: "\n"))
  }
}

// MARK: - The whole files

extension ConflictMarkers {
  /// Writes two whole files as one conflict, as git's own merge does when it cannot merge
  /// them: the opening marker, all of ours, the separator, all of theirs, the closing
  /// marker. Each side ends with a line break before the next marker, added where it has
  /// none. Every reader of a roster refuses the result as an unresolved conflict, and
  /// keeping one side gives that side's bytes.
  ///
  /// - Parameters:
  ///   - ours: Our file's bytes.
  ///   - theirs: Their file's bytes.
  ///   - sink: Takes the bytes, a piece at a time.
  func writeWholeFiles<Failure: Error>(
    ours: UnsafeRawBufferPointer, theirs: UnsafeRawBufferPointer,
    to sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    func marker(_ append: (inout [UInt8]) -> Void) throws(Failure) {
      var line: [UInt8] = []
      append(&line)
      try line.withUnsafeBytes { (bytes) throws(Failure) in try sink(bytes) }
    }
    func side(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
      try sink(bytes)
      if let last = bytes.last, last != UInt8(ascii: "\n") {
        try marker { $0.append(UInt8(ascii: "\n")) }
      }
    }
    try marker(appendOpening)
    try side(ours)
    try marker(appendSeparator)
    try side(theirs)
    try marker(appendClosing)
  }

  /// The bytes of ``writeWholeFiles(ours:theirs:to:)``.
  package func wholeFiles(ours: [UInt8], theirs: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    ours.withUnsafeBytes { ours in
      theirs.withUnsafeBytes { theirs in
        writeWholeFiles(ours: ours, theirs: theirs) { bytes.append(contentsOf: $0) }
      }
    }
    return bytes
  }
}

// MARK: - Finding markers

extension ConflictMarkers {
  /// The lines where a file holds unresolved conflicts: each line that opens a conflict,
  /// and each marker line outside one (a conflict resolved by half).
  ///
  /// A marker is a line that starts with one marker's character, repeated, then ends or
  /// goes on after a space. No such line can be JSON, since JSON text has no string that
  /// spans lines. A marker of at least ``standardSize`` characters counts alone; a shorter
  /// one only as part of a whole conflict of one size, opening, separator and closing (git
  /// writes such markers where `conflict-marker-size` asks for them). A file with
  /// separators but no opening or closing marker (a line of `=` under a heading) holds no
  /// conflict.
  ///
  /// - Parameter bytes: A file's bytes.
  /// - Returns: The line numbers, from 1, in order; none when the file has no conflict.
  static func unresolvedLines(in bytes: UnsafeRawBufferPointer) -> [Int] {
    var lines: [Int] = []
    var shortConflicts: [Int] = []
    var line = 1
    var start = 0
    var inConflict = false
    var opensOrCloses = false
    // A short opening marker, by its line and size, and whether its separator has come.
    var shortOpening: (line: Int, size: Int, separated: Bool)?
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      if let (marker, size) = marker(in: UnsafeRawBufferPointer(rebasing: bytes[start..<end])) {
        if size >= standardSize {
          if marker == opening || marker == closing { opensOrCloses = true }
          switch marker {
          case opening:
            lines.append(line)
            inConflict = true
          case closing:
            if !inConflict { lines.append(line) }
            inConflict = false
          default:
            if !inConflict { lines.append(line) }
          }
        } else {
          switch marker {
          case opening: shortOpening = (line, size, false)
          case separator where shortOpening?.size == size: shortOpening?.separated = true
          case closing:
            if let open = shortOpening, open.size == size, open.separated {
              shortConflicts.append(open.line)
              shortOpening = nil
            }
          default: break
          }
        }
      }
      line += 1
      start = end + 1
    }
    let found = opensOrCloses ? lines : []
    return shortConflicts.isEmpty ? found : (found + shortConflicts).sorted()
  }

  /// The marker character a line starts with, and how many times, if the line is a
  /// marker: the character repeated, then the end of the line, a space or a carriage
  /// return.
  static func marker(in line: UnsafeRawBufferPointer) -> (UInt8, Int)? {
    guard let first = line.first, [opening, ancestor, separator, closing].contains(first) else {
      return nil
    }
    var count = 0
    while count < line.count && line[count] == first { count += 1 }
    guard count < line.count else { return (first, count) }
    return line[count] == UInt8(ascii: " ") || line[count] == UInt8(ascii: "\r")
      ? (first, count) : nil
  }
}
