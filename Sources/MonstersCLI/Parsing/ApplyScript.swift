/// An `apply` script: one edit a line, in the command line's own words, with shell-style
/// quoting.
///
/// Words are split at unquoted white space. Single quotes keep everything up to the next
/// single quote; double quotes keep everything but let a backslash escape `"`, `\`, `$`
/// and `` ` ``; outside quotes a backslash keeps the next character, and a backslash at
/// the end of a line joins the next line (one at the very end of the script, with no line
/// to join, is an error). A `#` at the start of a word starts a comment.
/// Blank lines and comment lines give no edit.
///
/// A script is UTF-8 text, its lines ending with LF or CRLF; a byte order mark at its start
/// is skipped. A script with bytes that are not UTF-8, a NUL byte, or a carriage return
/// that does not end a line (outside quotes) is refused, naming the line.
struct ApplyScript {
  /// A line that holds an edit: its number (the first, for a joined line), its words, and
  /// the comment that ends it, if any, without its `#`.
  struct Line: Equatable {
    var number: Int
    var words: [String]
    var comment: String? = nil
  }

  /// A script line that cannot be split into words.
  struct SyntaxError: Error, Equatable {
    var line: Int
    var message: String

    /// A carriage return outside quotes that is not part of a CRLF, in a word, after a
    /// backslash or in a comment.
    static func loneCarriageReturn(line: Int) -> SyntaxError {
      SyntaxError(
        line: line,
        message: "A carriage return that does not end the line; lines end with LF or CRLF.")
    }

    /// A NUL byte, anywhere: a script is text.
    static func nulByte(line: Int) -> SyntaxError {
      SyntaxError(line: line, message: "A NUL byte; a script is text.")
    }
  }

  /// The lines of a script's bytes that hold edits.
  ///
  /// - Parameter bytes: The script, as read from its file.
  /// - Throws: `SyntaxError` for bytes that are not UTF-8 text, naming the line of the
  ///   first bad byte, and as ``lines(of:)-(String)`` throws.
  static func lines(of bytes: [UInt8]) throws(ApplyScript.SyntaxError) -> [Line] {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      throw SyntaxError(line: 1, message: "The script is UTF-16 text; a script is UTF-8.")
    }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    reading: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        offset += encoded.count
      case .error:
        let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
        throw SyntaxError(
          line: line, message: "Invalid UTF-8 (byte \(byte)); a script is UTF-8 text.")
      case .emptyInput:
        break reading
      }
    }
    return try lines(of: String(decoding: bytes, as: UTF8.self))
  }

  /// The lines of a script that hold edits.
  ///
  /// - Parameter text: The script.
  /// - Throws: `SyntaxError` for an unterminated quote, a NUL, or a carriage return that
  ///   does not end a line.
  static func lines(of text: String) throws(SyntaxError) -> [Line] {
    var reader = ScriptReader(text)
    return try reader.lines()
  }
}

/// Reads a script's words as a shell would, quote by quote, into its lines of edits.
private struct ScriptReader {
  private var found: [ApplyScript.Line] = []
  private var words: [String] = []
  private var word = ""
  private var inWord = false
  private var lineNumber = 1
  private var startLine = 1
  private var characters: Scalars
  private var quote: Unicode.Scalar?
  private var quoteLine = 1

  init(_ text: String) {
    characters = Scalars(text.unicodeScalars)
  }

  /// The lines of the script that hold edits.
  mutating func lines() throws(ApplyScript.SyntaxError) -> [ApplyScript.Line] {
    if characters.peek() == "\u{FEFF}" { _ = characters.next() }
    while let character = characters.next() {
      if character == "\0" {
        throw .nulByte(line: lineNumber)
      }
      if let open = quote {
        try readQuoted(character, in: open)
      } else {
        try read(character)
      }
    }
    if let open = quote {
      throw ApplyScript.SyntaxError(
        line: quoteLine,
        message: "Unterminated \(open == "'" ? "single" : "double") quote.")
    }
    endLine()
    return found
  }

  /// Reads a character outside quotes.
  private mutating func read(_ character: Unicode.Scalar) throws(ApplyScript.SyntaxError) {
    switch character {
    case "\n":
      endLine()
      lineNumber += 1
      startLine = lineNumber
    case "\r":
      guard characters.peek() == "\n" else { throw .loneCarriageReturn(line: lineNumber) }
    case " ", "\t":
      endWord()
    case "'", "\"":
      quote = character
      quoteLine = lineNumber
      inWord = true
    case "\\":
      try readEscape()
    case "#" where !inWord:
      try readComment()
    default:
      word.unicodeScalars.append(character)
      inWord = true
    }
  }

  /// Reads a character inside quotes that `open` opened.
  private mutating func readQuoted(_ character: Unicode.Scalar, in open: Unicode.Scalar)
    throws(ApplyScript.SyntaxError)
  {
    switch character {
    case open:
      quote = nil
    case "\\" where open == "\"":
      if skipLineBreak() {
        lineNumber += 1
        return
      }
      guard let next = characters.next() else { return }
      if next == "\0" {
        throw .nulByte(line: lineNumber)
      }
      if next == "\n" { lineNumber += 1 }
      if !"\"\\$`".unicodeScalars.contains(next) { word.unicodeScalars.append("\\") }
      word.unicodeScalars.append(next)
    default:
      if character == "\n" { lineNumber += 1 }
      word.unicodeScalars.append(character)
    }
  }

  /// Reads what follows a backslash outside quotes: a line break it joins, or a character
  /// it takes as it is.
  private mutating func readEscape() throws(ApplyScript.SyntaxError) {
    if skipLineBreak() {
      lineNumber += 1
      return
    }
    guard let next = characters.next() else {
      throw ApplyScript.SyntaxError(
        line: lineNumber,
        message: "A backslash at the end of the script, with no line after it to join; "
          + "write '\\\\' for a backslash.")
    }
    if next == "\0" {
      throw .nulByte(line: lineNumber)
    }
    // A line break would have joined the lines: this carriage return ends none.
    if next == "\r" { throw .loneCarriageReturn(line: lineNumber) }
    word.unicodeScalars.append(next)
    inWord = true
  }

  /// Reads a comment, to the end of its line, which it ends.
  private mutating func readComment() throws(ApplyScript.SyntaxError) {
    var comment = ""
    while let skipped = characters.peek(), skipped != "\n",
      !characters.peek(twoAhead: ("\r", "\n"))
    {
      if skipped == "\0" {
        throw .nulByte(line: lineNumber)
      }
      // The loop stops at CRLF, so this carriage return ends no line: were it skipped,
      // the lines after it would be part of the comment.
      if skipped == "\r" { throw .loneCarriageReturn(line: lineNumber) }
      comment.unicodeScalars.append(skipped)
      _ = characters.next()
    }
    // The line break after it ends the line.
    endLine(comment: comment)
  }

  private mutating func endWord() {
    if inWord { words.append(word) }
    word = ""
    inWord = false
  }

  private mutating func endLine(comment: String? = nil) {
    endWord()
    if !words.isEmpty {
      found.append(ApplyScript.Line(number: startLine, words: words, comment: comment))
    }
    words = []
  }

  /// Whether the next scalars are a line break, LF or CRLF, which are then read.
  private mutating func skipLineBreak() -> Bool {
    if characters.peek() == "\n" || characters.peek(twoAhead: ("\r", "\n")) {
      if characters.next() == "\r" { _ = characters.next() }
      return true
    }
    return false
  }
}

/// The scalars of a script, read one at a time with a look at the next two.
private struct Scalars {
  private let scalars: String.UnicodeScalarView
  private var index: String.UnicodeScalarView.Index

  init(_ scalars: String.UnicodeScalarView) {
    self.scalars = scalars
    self.index = scalars.startIndex
  }

  /// The next scalar, read.
  mutating func next() -> Unicode.Scalar? {
    guard index < scalars.endIndex else { return nil }
    defer { index = scalars.index(after: index) }
    return scalars[index]
  }

  /// The next scalar, left to be read.
  func peek() -> Unicode.Scalar? {
    index < scalars.endIndex ? scalars[index] : nil
  }

  /// Whether the next two scalars are these.
  func peek(twoAhead pair: (Unicode.Scalar, Unicode.Scalar)) -> Bool {
    guard index < scalars.endIndex, scalars[index] == pair.0 else { return false }
    let second = scalars.index(after: index)
    return second < scalars.endIndex && scalars[second] == pair.1
  }
}
