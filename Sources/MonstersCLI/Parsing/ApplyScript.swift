/// An `apply` script: one edit a line, in the command line's own words, with shell-style
/// quoting.
///
/// Words are split at unquoted white space. Single quotes keep everything up to the next
/// single quote; double quotes keep everything but let a backslash escape `"`, `\`, `$`
/// and `` ` ``; outside quotes a backslash keeps the next character, and a backslash at
/// the end of a line joins the next line. A `#` at the start of a word starts a comment.
/// Blank lines and comment lines give no edit.
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
  }

  /// The lines of a script that hold edits.
  ///
  /// - Parameter text: The script.
  /// - Throws: `SyntaxError` for an unterminated quote.
  static func lines(of text: String) throws(SyntaxError) -> [Line] {
    var lines: [Line] = []
    var words: [String] = []
    var word = ""
    var inWord = false
    var lineNumber = 1
    var startLine = 1
    var characters = text.unicodeScalars.makeIterator()
    var quote: Unicode.Scalar?
    var quoteLine = 1

    func endWord() {
      if inWord { words.append(word) }
      word = ""
      inWord = false
    }
    func endLine(comment: String? = nil) {
      endWord()
      if !words.isEmpty { lines.append(Line(number: startLine, words: words, comment: comment)) }
      words = []
    }

    while let character = characters.next() {
      if let open = quote {
        switch character {
        case open:
          quote = nil
        case "\\" where open == "\"":
          guard let next = characters.next() else { break }
          if next == "\n" {
            lineNumber += 1
          } else {
            if !"\"\\$`".unicodeScalars.contains(next) { word.unicodeScalars.append("\\") }
            word.unicodeScalars.append(next)
          }
        default:
          if character == "\n" { lineNumber += 1 }
          word.unicodeScalars.append(character)
        }
        continue
      }
      switch character {
      case "\n":
        endLine()
        lineNumber += 1
        startLine = lineNumber
      case " ", "\t", "\r":
        endWord()
      case "'", "\"":
        quote = character
        quoteLine = lineNumber
        inWord = true
      case "\\":
        guard let next = characters.next() else {
          inWord = true
          break
        }
        if next == "\n" {
          lineNumber += 1
        } else {
          word.unicodeScalars.append(next)
          inWord = true
        }
      case "#" where !inWord:
        // A comment: skip to the end of the line.
        var comment = ""
        while let skipped = characters.next(), skipped != "\n" {
          comment.unicodeScalars.append(skipped)
        }
        endLine(comment: comment)
        lineNumber += 1
        startLine = lineNumber
      default:
        word.unicodeScalars.append(character)
        inWord = true
      }
    }
    if let open = quote {
      throw SyntaxError(
        line: quoteLine,
        message: "Unterminated \(open == "'" ? "single" : "double") quote.")
    }
    endLine()
    return lines
  }
}
