import Foundation
import MonstersSystem
import ProgramRunning
import Testing

@testable import MonstersCLI

// bash 3.2, macOS's /bin/bash: no construct newer than it, and completions the same in
// bash's 3.2 compatibility mode.
extension CompletionTests {
  /// macOS's `/bin/bash` is bash 3.2: the script uses nothing bash 4 or later added. Each
  /// pattern is a construct that bash 3.2 refuses or reads otherwise.
  static let bash4Constructs: [(name: String, pattern: String)] = [
    (
      "a case-changing expansion, such as ${1,,} or ${x^}",
      #"\$\{[!#]?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(\[[^\]]*\])?[,^~]"#
    ),
    ("an associative array", #"(declare|local|typeset|readonly)\s+-[a-zA-Z]*A"#),
    ("a name reference", #"(declare|local|typeset)\s+-[a-zA-Z]*n"#),
    ("a global declaration", #"(declare|local|typeset)\s+-[a-zA-Z]*g"#),
    ("mapfile or readarray", #"\b(mapfile|readarray)\b"#),
    ("compopt", #"\bcompopt\b"#),
    ("coproc", #"\bcoproc\b"#),
    ("a case fall-through (;& or ;;&)", #";;?&"#),
    ("|& or &>>", #"\|&|&>>"#),
    ("[[ -v ]]", #"\[\[\s+-v\s"#),
    ("a transformation such as ${x@Q}", #"\$\{[^}]*@[QEPAaUuLKk]\}"#),
    ("a negative subscript", #"\[-[0-9]+\]"#),
    ("a named file descriptor", #"\{[A-Za-z_][A-Za-z0-9_]*\}[<>]"#),
    ("a bash 4 shell option", #"\b(globstar|lastpipe|autocd|checkjobs|direxpand|dirspell)\b"#),
    ("a bash 4 variable", #"\b(BASHPID|EPOCHSECONDS|EPOCHREALTIME|SRANDOM|BASH_ARGV0)\b"#),
    ("wait -n", #"\bwait\s+-n"#),
  ]

  @Test func theBashScriptUsesNoConstructNewerThanBash32() throws {
    let text = try script("bash")
    let code = text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("#") }
      .joined(separator: "\n")
    for construct in Self.bash4Constructs {
      let regex = try Regex(construct.pattern)
      let found = code.matches(of: regex).map { String(code[$0.range]) }
      #expect(found.isEmpty, "\(construct.name): \(found)")
    }
    // The patterns find what they look for.
    let samples = [
      "x=${1,,}", "${cur^^}", "declare -A m", "local -A seen=()", "mapfile -t a",
      "compopt -o default",
      "a) x ;& ", "[[ -v x ]]", "${x@Q}", "${a[-1]}", "exec {fd}>f", "shopt -s globstar",
    ]
    for sample in samples {
      #expect(
        Self.bash4Constructs.contains { !sample.matches(of: try! Regex($0.pattern)).isEmpty },
        "\(sample)")
    }
  }

  /// bash in its 3.2 compatibility mode completes as it does otherwise.
  @Test func bashCompletesTheSameInItsBash32CompatibilityMode() throws {
    let harness = try CommandLineHarness()
    for (words, expected) in [
      (["monsters", "set", "--where", "weapon=f"], ["fire"]),
      (["monsters", "set", "cat-bot", "i"], ["Ice-Bot"]),
      (["monsters", "list", "--fields", "name,w"], ["name,weapon"]),
      (["monsters", "li"], ["list"]),
    ] {
      #expect(
        try bashComplete(words, harness: harness, environment: ["BASH_COMPAT": "32"])
          == expected)
    }
  }
}
