import MonsterKit

/// A use of `monsters`, for the EXAMPLES of help and of the manual page: what it does, and
/// the line to type.
struct CommandExample: Equatable, Sendable {
  /// What the example does.
  var purpose: String
  /// The arguments after `monsters`.
  var arguments: [String]
  /// Shell text before the command, such as a program that pipes into it.
  var shellPrefix = ""
  /// Shell text after the command, such as a redirection or a pipe.
  var shellSuffix = ""

  /// The line as typed in a shell, each argument quoted where the shell needs it.
  var commandLine: String {
    (shellPrefix.isEmpty ? "" : shellPrefix + " ")
      + (["monsters"] + arguments.map(Self.shellQuoted)).joined(separator: " ")
      + (shellSuffix.isEmpty ? "" : " " + shellSuffix)
  }

  /// A word quoted for a POSIX shell where it needs it: `'#FF8800'`, `Cat-Bot` as it is.
  static func shellQuoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
          || "-_./:=,@%+".unicodeScalars.contains(scalar)
      }
    // Each `'` as a code point, even one a combining mark follows.
    return plain ? word : "'" + escaping(word) { $0 == "'" ? "'\\''" : nil } + "'"
  }
}

extension CommandExample {
  /// An example given by its line as help shows it: the arguments after `monsters`, quoted
  /// where the shell needs it (`add 'Space Bot' --weapon fire`), which are split as a line
  /// of an `apply` script is.
  ///
  /// - Parameters:
  ///   - purpose: What the example does.
  ///   - line: The arguments, as help shows them.
  ///   - shellPrefix: Shell text before the command, such as a program that pipes into it.
  ///   - shellSuffix: Shell text after the command, such as a redirection or a pipe.
  init(_ purpose: String, _ line: String, shellPrefix: String = "", shellSuffix: String = "") {
    let words = (try? ApplyScript.lines(of: line))?.first?.words ?? []
    self.init(
      purpose: purpose, arguments: words, shellPrefix: shellPrefix, shellSuffix: shellSuffix)
    assert(
      words.map(Self.shellQuoted).joined(separator: " ") == line,
      "an example's line is not as help shows it: \(line)")
  }
}
