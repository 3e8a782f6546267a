/// The colour a monster's name is shown in.
///
/// The roster file spells a colour as one of eight names or as `#RRGGBB`:
///
/// ```swift
/// NameColor("red")      // .red, and so is NameColor("Red")
/// NameColor("#FF8800")  // .rgb(red: 255, green: 136, blue: 0)
/// NameColor.rgb(red: 255, green: 136, blue: 0).description  // "#FF8800"
/// ```
public enum NameColor: Hashable, Sendable {
  /// Black.
  case black
  /// Red.
  case red
  /// Green.
  case green
  /// Yellow.
  case yellow
  /// Blue.
  case blue
  /// Magenta.
  case magenta
  /// Cyan.
  case cyan
  /// White.
  case white
  /// Any colour, by its red, green and blue components.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)

  /// The eight named colours, in the order of the terminal's palette.
  public static let named: [NameColor] = [
    .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
  ]

  /// The colours' spellings as a message lists them: `black, red, ..., white or #RRGGBB`.
  public static let spellings =
    named.map(\.description).joined(separator: ", ") + " or #RRGGBB"

  /// Reads a colour as a person writes it: a name in any case (`Red`, `red`, `RED`) or
  /// `#RRGGBB`, as ``init(parsing:)`` does.
  ///
  /// - Parameter text: The colour, such as `Red` or `#ff8800`.
  /// - Returns: The colour, or `nil` when `text` is neither a colour name nor `#RRGGBB`.
  public init?(_ text: some StringProtocol) {
    self.init(spelling: text.lowercased())
  }

  /// Reads a colour exactly as the roster file spells it: a lower-case name or `#RRGGBB`,
  /// hex digits in either case.
  ///
  /// - Parameter text: The colour's spelling.
  /// - Returns: The colour, or `nil` when `text` is not a colour as the file spells one.
  package init?(spelling text: some StringProtocol) {
    var text = String(text)
    guard let color = text.withUTF8({ NameColor(fileSpelling: UnsafeRawBufferPointer($0)) }) else {
      return nil
    }
    self = color
  }

  /// Reads a colour from its spelling in a file, as bytes, without building a string.
  init?(fileSpelling bytes: UnsafeRawBufferPointer) {
    if bytes.count == 7, bytes[0] == UInt8(ascii: "#") {
      func component(at offset: Int) -> UInt8? {
        guard let high = hexDigitValue(bytes[offset]), let low = hexDigitValue(bytes[offset + 1])
        else { return nil }
        return high << 4 | low
      }
      guard let red = component(at: 1), let green = component(at: 3), let blue = component(at: 5)
      else { return nil }
      self = .rgb(red: red, green: green, blue: blue)
      return
    }
    guard let named = Self.named.first(where: { $0.spelling.matches(bytes) }) else { return nil }
    self = named
  }

  /// Whether bytes are the colour's canonical spelling: a lower-case name, or `#RRGGBB`
  /// with upper-case digits.
  func isSpelledCanonically(_ bytes: UnsafeRawBufferPointer) -> Bool {
    if case .rgb = self {
      return !bytes.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }
    }
    return true
  }

  /// Calls `body` with the colour's spelling in the file, as bytes: `red`, or `#FF8800`.
  @inline(__always)
  func withSpelling<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    guard case .rgb = self else {
      return body(
        UnsafeRawBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount))
    }
    var text = description
    return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
  }

  /// A named colour's spelling; `#` for the others.
  fileprivate var spelling: StaticString {
    switch self {
    case .black: "black"
    case .red: "red"
    case .green: "green"
    case .yellow: "yellow"
    case .blue: "blue"
    case .magenta: "magenta"
    case .cyan: "cyan"
    case .white: "white"
    case .rgb: "#"
    }
  }

  /// Reads a colour the way a person types it on a command line: names in any case.
  ///
  /// - Parameter text: The colour as typed, such as `Red` or `#ff8800`.
  /// - Returns: The colour, or `nil` when `text` is not a colour.
  public init?(parsing text: some StringProtocol) {
    self.init(spelling: text.lowercased())
  }

  /// The number of the colour in the terminal's eight-colour palette, for a named colour.
  public var paletteIndex: Int? {
    Self.named.firstIndex(of: self)
  }
}

// MARK: - Red, green and blue

extension NameColor {
  /// The colour's red, green and blue components, each 0 to 255, for a program that draws
  /// the name itself, such as an app.
  ///
  /// A named colour has the value CSS gives its name (CSS Color Module Level 4), the
  /// standard that the file's `#RRGGBB` spelling comes from, so that `red` and `#FF0000` are
  /// one colour. `green` is CSS's `#008000`, darker than a terminal's green: a terminal shows
  /// a named colour in its own palette (see ``paletteIndex``), which each terminal sets.
  ///
  /// | name | red, green, blue |
  /// |---|---|
  /// | `black` | 0, 0, 0 |
  /// | `red` | 255, 0, 0 |
  /// | `green` | 0, 128, 0 |
  /// | `yellow` | 255, 255, 0 |
  /// | `blue` | 0, 0, 255 |
  /// | `magenta` | 255, 0, 255 |
  /// | `cyan` | 0, 255, 255 |
  /// | `white` | 255, 255, 255 |
  ///
  /// ```swift
  /// NameColor.green.components  // (red: 0, green: 128, blue: 0)
  /// NameColor("#FF8800")?.components.green  // 136
  /// ```
  public var components: (red: UInt8, green: UInt8, blue: UInt8) {
    switch self {
    case .black: (0, 0, 0)
    case .red: (255, 0, 0)
    case .green: (0, 128, 0)
    case .yellow: (255, 255, 0)
    case .blue: (0, 0, 255)
    case .magenta: (255, 0, 255)
    case .cyan: (0, 255, 255)
    case .white: (255, 255, 255)
    case .rgb(let red, let green, let blue): (red, green, blue)
    }
  }

  /// The red component, 0 to 255: see ``components`` for the values of named colours.
  public var red: UInt8 { components.red }

  /// The green component, 0 to 255: see ``components`` for the values of named colours.
  public var green: UInt8 { components.green }

  /// The blue component, 0 to 255: see ``components`` for the values of named colours.
  public var blue: UInt8 { components.blue }
}

// MARK: - CustomStringConvertible

extension NameColor: CustomStringConvertible {
  /// The colour as the roster file spells it: `red`, or `#FF8800` with upper-case digits.
  public var description: String {
    guard case .rgb(let red, let green, let blue) = self else { return spelling.description }
    return "#" + hex2(red) + hex2(green) + hex2(blue)
  }
}

// MARK: - Codable

extension NameColor: Codable {
  /// Decodes a colour from its file spelling.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when the string is not a colour.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let color = NameColor(spelling: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(escapedForMessage(text))' is not a colour")
    }
    self = color
  }

  /// Encodes the colour as its file spelling.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
