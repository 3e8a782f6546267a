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
