/// The fixed bytes of a monster's JSON object at one indent: what stands before the value
/// of each known key, and what ends the object. Between them stand the values.
///
/// The roster file's frame is ``CanonicalLayout``'s pieces (``Pieces/canonical``). The
/// others, for output on one line or at another indent, follow the JSON writer's rules for
/// keys and line breaks; tests hold those rules to the canonical pieces at the file's indent.
struct MonsterObjectFrame: Sendable {
  /// The pieces one after another: the prefix of each known key, in ``MonsterKey`` order,
  /// then the end.
  private let bytes: [UInt8]
  /// Where each piece ends in `bytes`, in the same order.
  private let ends: (Int, Int, Int, Int, Int, Int)
  /// The indent level of the object's members, or `nil` when the object is on one line.
  private let memberIndent: Int?

  private init(pieces: [[UInt8]], memberIndent: Int?) {
    precondition(pieces.count == 6, "a frame is five prefixes and an end")
    var ends: [Int] = []
    for piece in pieces { ends.append((ends.last ?? 0) + piece.count) }
    bytes = pieces.flatMap { $0 }
    self.ends = (ends[0], ends[1], ends[2], ends[3], ends[4], ends[5])
    self.memberIndent = memberIndent
  }

  /// The frame of an object whose `{` stands at an indent level, made by the JSON writer's
  /// rules.
  ///
  /// - Parameter level: The indent level of the line the object starts on, or `nil` for an
  ///   object on one line with no spaces.
  init(indent level: Int?) {
    let memberIndent = level.map { $0 + 1 }
    var pieces: [[UInt8]] = MonsterKey.allCases.map { key in
      var piece: [UInt8] = key == .name ? [UInt8(ascii: "{")] : []
      piece.appendKey(key.spelling, isFirst: key == .name, indent: memberIndent)
      return piece
    }
    var end: [UInt8] = []
    if let level { end.appendLineBreak(indent: level) }
    end.append(UInt8(ascii: "}"))
    pieces.append(end)
    self.init(pieces: pieces, memberIndent: memberIndent)
  }

  /// The frames of the indents output uses, made once.
  private static let compact = MonsterObjectFrame(indent: nil)
  private static let level0 = MonsterObjectFrame(indent: 0)
  private static let level1 = MonsterObjectFrame(indent: 1)

  /// Calls `body` with the pieces of the frame of an object that starts at an indent level.
  ///
  /// - Parameters:
  ///   - level: The indent level of the object's first line, or `nil` for one line.
  ///   - body: Writes with the pieces, which are valid only while it runs.
  /// - Returns: What `body` returns.
  @inline(__always)
  static func withPieces<Result>(indent level: Int?, _ body: (Pieces) -> Result) -> Result {
    switch level {
    case nil: compact.withPieces(body)
    case 0: level0.withPieces(body)
    case 1: level1.withPieces(body)
    case let level: MonsterObjectFrame(indent: level).withPieces(body)
    }
  }

  /// Calls `body` with the frame's pieces as bytes.
  @inline(__always)
  func withPieces<Result, Failure: Error>(_ body: (Pieces) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    let (ends, memberIndent) = (ends, memberIndent)
    return try bytes.withUnsafeBytes(typed: { (bytes) throws(Failure) in
      try body(
        Pieces(
          name: UnsafeRawBufferPointer(rebasing: bytes[..<ends.0]),
          description: UnsafeRawBufferPointer(rebasing: bytes[ends.0..<ends.1]),
          icon: UnsafeRawBufferPointer(rebasing: bytes[ends.1..<ends.2]),
          weapon: UnsafeRawBufferPointer(rebasing: bytes[ends.2..<ends.3]),
          nameColor: UnsafeRawBufferPointer(rebasing: bytes[ends.3..<ends.4]),
          end: UnsafeRawBufferPointer(rebasing: bytes[ends.4..<ends.5]),
          memberIndent: memberIndent))
    })
  }

  /// A frame's pieces, as bytes that are valid while ``withPieces(_:)`` runs, or for good
  /// for ``canonical``.
  struct Pieces {
    /// The frame of a monster's object in the roster file: ``CanonicalLayout``'s pieces,
    /// which live as long as the program.
    static var canonical: Pieces {
      func bytes(_ text: StaticString) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
      }
      return Pieces(
        name: bytes(CanonicalLayout.prefix(.name)),
        description: bytes(CanonicalLayout.prefix(.description)),
        icon: bytes(CanonicalLayout.prefix(.icon)), weapon: bytes(CanonicalLayout.prefix(.weapon)),
        nameColor: bytes(CanonicalLayout.prefix(.nameColor)), end: bytes(CanonicalLayout.objectEnd),
        memberIndent: CanonicalLayout.monsterLevel + 1)
    }

    fileprivate let name: UnsafeRawBufferPointer
    fileprivate let description: UnsafeRawBufferPointer
    fileprivate let icon: UnsafeRawBufferPointer
    fileprivate let weapon: UnsafeRawBufferPointer
    fileprivate let nameColor: UnsafeRawBufferPointer
    /// What ends the object.
    let end: UnsafeRawBufferPointer
    /// The indent level of the object's members, or `nil` when the object is on one line:
    /// where unknown keys go.
    let memberIndent: Int?

    /// What stands before the value of a key.
    @inline(__always)
    func prefix(_ key: MonsterKey) -> UnsafeRawBufferPointer {
      switch key {
      case .name: name
      case .description: description
      case .icon: icon
      case .weapon: weapon
      case .nameColor: nameColor
      }
    }
  }
}
