import MonstersSystem

/// The fixed bytes of a monster's JSON object at one indent: what stands before the value
/// of each known key, and what ends the object. Between them stand the values.
///
/// The roster file's frame is ``CanonicalLayout``'s pieces (``Pieces/canonical``). The
/// others, for output on one line or at another indent, follow the JSON writer's rules for
/// keys and line breaks; tests hold those rules to the canonical pieces at the file's indent.
struct MonsterObjectFrame: Sendable {
  /// The pieces one after another: the prefix of each built-in key, in order, then the end.
  private let bytes: [UInt8]
  /// Where each piece ends in `bytes`, in the same order.
  private let ends: [Int]
  /// The indent level of the object's members, or `nil` when the object is on one line.
  private let memberIndent: Int?

  private init(pieces: [[UInt8]], memberIndent: Int?) {
    precondition(
      pieces.count == MonsterField.BuiltIn.allCases.count + 1,
      "a frame is a prefix for each built-in key and an end")
    var ends: [Int] = []
    for piece in pieces { ends.append((ends.last ?? 0) + piece.count) }
    bytes = pieces.flatMap { $0 }
    self.ends = ends
    self.memberIndent = memberIndent
  }

  /// The frame of an object whose `{` stands at an indent level, made by the JSON writer's
  /// rules.
  ///
  /// - Parameter level: The indent level of the line the object starts on, or `nil` for an
  ///   object on one line with no spaces.
  init(indent level: Int?) {
    let memberIndent = level.map { $0 + 1 }
    var pieces: [[UInt8]] = MonsterField.BuiltIn.allCases.map { key in
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
      try body(Pieces(bytes: bytes, ends: ends, memberIndent: memberIndent))
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
        prefix: { bytes(CanonicalLayout.prefix($0)) }, end: bytes(CanonicalLayout.objectEnd),
        memberIndent: CanonicalLayout.monsterLevel + 1)
    }

    /// What stands before the value of each built-in key, in the table's order: a tuple,
    /// not an array, so that a frame for each of a million monsters costs no allocation. A
    /// new built-in key is a compile error in ``prefix(_:)``'s `switch` until it has a
    /// slot here and in ``init(prefix:end:memberIndent:)``.
    private let prefixes:
      (
        name: UnsafeRawBufferPointer, description: UnsafeRawBufferPointer,
        icon: UnsafeRawBufferPointer, weapon: UnsafeRawBufferPointer,
        nameColor: UnsafeRawBufferPointer
      )
    /// What ends the object.
    let end: UnsafeRawBufferPointer
    /// The indent level of the object's members, or `nil` when the object is on one line:
    /// where the other keys go.
    let memberIndent: Int?

    private init(
      prefix: (MonsterField.BuiltIn) -> UnsafeRawBufferPointer, end: UnsafeRawBufferPointer,
      memberIndent: Int?
    ) {
      prefixes = (
        prefix(.name), prefix(.description), prefix(.icon), prefix(.weapon), prefix(.nameColor)
      )
      self.end = end
      self.memberIndent = memberIndent
    }

    fileprivate init(bytes: UnsafeRawBufferPointer, ends: [Int], memberIndent: Int?) {
      func piece(_ index: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
      }
      self.init(
        prefix: { piece($0.rawValue) }, end: piece(ends.count - 1), memberIndent: memberIndent)
    }

    /// What stands before the value of a key.
    @inline(__always)
    func prefix(_ key: MonsterField.BuiltIn) -> UnsafeRawBufferPointer {
      switch key {
      case .name: prefixes.name
      case .description: prefixes.description
      case .icon: prefixes.icon
      case .weapon: prefixes.weapon
      case .nameColor: prefixes.nameColor
      }
    }
  }
}
