/// The manual page of `monsters`, in roff with the `man` macros, written from the
/// subcommands' specs as help is, so that `man monsters` cannot drift from what the parser
/// accepts: every subcommand, argument and option comes from its spec, and every exit code
/// from ``ExitCode``.
///
/// ```sh
/// monsters help --man > /usr/local/share/man/man1/monsters.1
/// ```
enum ManPage {
  /// The whole page.
  ///
  /// - Parameter commands: The subcommands, in the order the page lists them.
  /// - Returns: The page's roff source.
  static func page(commands: [CommandSpec]) -> String {
    var page = Roff()
    page.request(".\\\" Written by 'monsters help --man' from its command specs.")
    page.request(
      ".TH MONSTERS 1 \"\" \"monsters \(Roff.escaped(MonstersCommandLine.version))\""
        + " \"User Commands\"")
    // Ragged right, and no hyphenation, so that a word broken at the end of a line
    // (mon-sters.json) cannot be taken for one with a hyphen; `.YS` turns hyphenation back
    // on as the register HY says.
    page.request(".ad l")
    page.request(".nh")
    page.request(".nr HY 0")
    page.section("NAME")
    page.text("monsters \\- " + Roff.escaped(name))

    page.section("SYNOPSIS")
    page.synopsis(for: nil)
    page.paragraph()
    page.text(
      "See " + Roff.bold("COMMANDS")
        + Roff.escaped(" for each command's own arguments and options."))

    page.section("DESCRIPTION")
    page.plain(introduction)
    page.paragraphs(HelpText.discussion)
    for paragraph in description {
      page.paragraph()
      page.plain(paragraph)
    }

    page.section("COMMANDS")
    for command in commands {
      section(of: command, on: &page)
    }

    page.section("GLOBAL OPTIONS")
    page.plain("These may stand anywhere on the line, before or after the command.")
    for option in OptionSpec.global {
      page.tagged(label(of: option), option.help)
    }
    page.tagged(label(of: .version), OptionSpec.version.help)

    page.section("EXIT STATUS")
    for code in ExitCode.every {
      page.tagged(Roff.bold(String(code.rawValue)), code.meaning)
    }
    page.tagged(Roff.bold("128") + "+" + Roff.italic("N"), ExitCode.signal(0).meaning)

    page.section("ENVIRONMENT")
    for (variable, meaning) in environment {
      page.tagged(Roff.bold(variable), meaning)
    }

    page.section("FILES")
    for (file, meaning) in files + [editedFile] {
      page.tagged(Roff.italic(file), meaning)
    }

    page.section("EXAMPLES")
    for example in examples {
      page.paragraph()
      page.plain(example.purpose)
      page.example(example.commandLine)
    }

    page.section("SEE ALSO")
    page.text(
      seeAlso.map { Roff.bold($0.name) + "(\($0.section))" }.joined(separator: ", "))
    return page.source
  }

  /// A subcommand's part of COMMANDS: its synopsis, what it does, its arguments, options
  /// and examples.
  private static func section(of command: CommandSpec, on page: inout Roff) {
    page.subsection(command.name)
    page.synopsis(for: command)
    page.paragraph()
    page.plain(command.abstract)
    page.paragraphs(command.discussion)
    page.paragraphs(command.details)
    for argument in command.allArguments {
      page.tagged(Roff.italic(argument.name), argument.help)
    }
    for option in command.options {
      page.tagged(label(of: option), option.help)
    }
    for example in command.examples {
      page.paragraph()
      page.plain(example.purpose)
      page.example(example.commandLine)
    }
  }

  /// `keep a roster of monsters in a JSON file`: the overview, as NAME gives it.
  static var name: String {
    let overview =
      HelpText.overview.hasSuffix(".")
      ? String(HelpText.overview.dropLast()) : HelpText.overview
    return overview.prefix(1).lowercased() + overview.dropFirst()
  }

  /// `-f, --file path` in roff: the option in bold, its value in italics.
  static func label(of option: OptionSpec) -> String {
    let short = option.shortName.map { Roff.bold("-\($0)") + ", " } ?? ""
    let value = option.value == nil ? "" : " " + Roff.italic(option.valueName)
    return short + Roff.bold("--" + option.name) + value
  }

  // MARK: - The page's own text

  /// What DESCRIPTION opens with.
  static let introduction = """
    monsters keeps a roster of monsters in a JSON file: it lists them, shows one, and \
    reassigns their weapons, from a shell, by flag, or in a CI script.
    """

  /// The variables `monsters` reads, and what each does.
  static let environment = [
    (
      "MONSTERS_FILE",
      "The roster file, when --file is not given and the variable is not empty."
    ),
    (
      "NO_COLOR",
      "When set and not empty, no colour is used."
    ),
    (
      "TERM",
      "When dumb, no colour is used, and pick refuses to start."
    ),
    (
      "VISUAL, EDITOR",
      "The editor edit opens, as a command line for sh(1) (code --wait): VISUAL, else "
        + "EDITOR, else vi."
    ),
    (
      "TMPDIR",
      "Where edit makes the private folder of the file it opens (default: /tmp)."
    ),
    (
      "LC_ALL, LC_CTYPE, LANG",
      "The first one set says whether the terminal takes UTF-8; pick draws its frames "
        + "with box-drawing characters when it does, in ASCII when not."
    ),
  ]

  /// The files `monsters` reads and writes, and what each is.
  static let files = [
    (
      "monsters.json",
      "The roster file, used when neither --file nor MONSTERS_FILE names another: the "
        + "nearest, as git finds .git, in the current folder or a folder above it up to the "
        + "top of the git work tree (outside one, in the current folder only). While there "
        + "is none, the roster is the six seeded monsters (inside a work tree a note says "
        + "so), and the first edit creates it in the current folder. A file that --file or "
        + "MONSTERS_FILE names must exist: init creates one. - names standard input, which "
        + "is read but never edited."
    ),
    (
      ".monsters.json.XXXXXXXX.tmp",
      "Beside the roster file, with eight random letters and digits of its own: the new "
        + "roster while an edit writes it, renamed over the roster once written in full. "
        + "One left by a killed edit is removed by the next edit; check and list point it "
        + "out meanwhile. An edit locks the roster's folder with flock(2), and leaves "
        + "nothing else: a script holds the same lock, with flock(1) on the folder, to keep "
        + "edits out while it works (flock . monsters set ...; for a roster reached through "
        + "a symbolic link, the folder of the file it leads to), and the folder must not be "
        + "replaced while edits may run. Where a folder cannot be locked (NFS; a folder you "
        + "may write but not read, mode 733), edits lock the roster file itself, and so does "
        + "the script: flock monsters.json ... (the roster must exist, or flock creates an "
        + "empty one). An edit cannot list a folder it may not read, so a killed edit's file "
        + "stays there until someone who may read the folder edits."
    ),
  ]

  /// The file `edit` opens, in a folder of its own.
  static let editedFile = (
    "$TMPDIR/monsters-edit-XXXXXX/monsters.json",
    "What edit opens in the editor: the roster (or the monsters named) as canonical JSON, "
      + "under comments that say what is edited and what is wrong with it, named as the "
      + "roster is. Only you may read the file (0600) and its folder (0700); both are "
      + "removed when edit ends, also when a signal ends it, with whatever the editor left "
      + "beside the file."
  )

  /// A use of `monsters`, for EXAMPLES.
  typealias Example = CommandExample

  /// The examples, each a command line the specs accept.
  static let examples = [
    Example("List the roster; with no file yet, the six seeded monsters.", "list"),
    Example(
      "Give Cat-Bot a ninja star and a red name; the first edit creates monsters.json.",
      "set cat-bot --weapon ninja-star --name-color red"),
    Example(
      "See what adding a monster would change, as a diff, without writing it.",
      "add Robo-Bot --weapon fire --dry-run"),
    Example(
      "The names of the monsters that carry a ninja star, one a line, for a script.",
      "list --weapon ninjastar --format names"),
    Example(
      "Check a roster file in CI: one line per problem, and exit status 1 if any.",
      "--file team/monsters.json check"),
    Example(
      "Make the edits in a script, one a line (set Cat-Bot --weapon fire), as one change.",
      "apply edits.txt"),
    Example("Pick Cat-Bot's weapon with the arrow keys.", "pick cat-bot"),
    Example(
      "Install this page.",
      "help --man", shellSuffix: "> /usr/local/share/man/man1/monsters.1"),
  ]

  /// The pages SEE ALSO names.
  static let seeAlso = [
    (name: "flock", section: 1), (name: "git", section: 1), (name: "jq", section: 1),
  ]
}

// MARK: - Exit codes

extension ExitCode {
  /// Every exit code of its own, in order; ``signal(_:)`` stands for the rest of 128 + N.
  static let every: [ExitCode] = [
    .success, .failure, .editNotMade, .usage, .dataError, .noInput, .ioError, .lockBusy,
    .hangUp, .interrupted, .quit, .terminated,
  ]

  /// What the exit status means, as EXIT STATUS says it.
  var meaning: String {
    switch self {
    case .success:
      "Done, also when there was nothing to change, and when the reader of the output went "
        + "away (monsters list | head -1), where the command would otherwise succeed: diff "
        + "and check still exit 1 for differences or problems, however little of the report "
        + "was read."
    case .failure:
      "The command could not do it: no such monster, the name is taken, init over a file "
        + "that exists, check or fmt --check found problems, --dry-run --exit-code found that "
        + "the edit would change the file, pick <monster> was closed without a pick, diff "
        + "found differences, merge left conflicts (a merge that could not be made exits with "
        + "the code of why: 65 for a side that is no roster, 74 for a full disk), resolve could not keep the side asked, edit was saved unchanged "
        + "or empty, or its editor failed (nothing written)."
    case .editNotMade:
      "With --dry-run --exit-code, the edit could not be made (no such monster, the name is "
        + "taken): what is otherwise 1, told apart from a change, as diff does."
    case .usage:
      "Usage: an unknown command or option, a missing or extra argument, a value that is "
        + "not allowed, an edit of a stream, pick or edit without a terminal, an argument or "
        + "MONSTERS_FILE that is not UTF-8."
    case .dataError:
      "The roster file is not a valid roster (bad JSON, with line and column; a broken "
        + "rule; a newer version), or has unresolved merge markers, or an import input "
        + "cannot be read as monsters (its line is named). Nothing was written."
    case .noInput:
      "An input that must exist does not: a roster file named by --file or MONSTERS_FILE, "
        + "check or fmt on a missing file, apply on a missing script, import of a missing "
        + "file, log of a roster in no git work tree."
    case .ioError:
      "A file could not be read or written (permissions, a full disk, a folder, a device, "
        + "a roster you may not write, a change while it was read); the roster is as it was. "
        + "Or the output could not be written (a full disk, a file size limit), and the "
        + "message says whether the edit was saved: no command reports success, differences "
        + "or problems over output it could not write."
    case .lockBusy:
      "Another monsters, or a script's flock, held the roster's lock for longer than "
        + "--lock-timeout."
    case .hangUp:
      "A hang-up (SIGHUP) closed the picker, or stopped edit (nothing written): 128 + 1, as "
        + "a shell reports a signal."
    case .interrupted:
      "Ctrl-C (or SIGINT) closed the picker, as fzf and gum exit: 128 + 2. The picks saved "
        + "before it stay saved. Or it ended edit's editor: nothing written."
    case .quit:
      "SIGQUIT closed the picker, or ended edit's editor (nothing written): 128 + 3."
    case .terminated:
      "SIGTERM closed the picker, or stopped edit (nothing written): 128 + 15."
    case .signal:
      "Another signal whose default action ends a process (SIGUSR1, SIGUSR2, SIGALRM, "
        + "SIGABRT, the real-time ones, and the like) closed the picker, or stopped edit "
        + "(nothing written): 128 + its number, as a shell reports a signal (138 for SIGUSR1 "
        + "on Linux, 158 on macOS)."
    }
  }
}

// MARK: - Synopses

extension Roff {
  /// The synopsis of a command, or of `monsters` itself, with `.SY` and `.OP`.
  fileprivate mutating func synopsis(for command: CommandSpec?) {
    guard let command else {
      request(".SY monsters")
      request(option(.file))
      text(Roff.italic("command"))
      text("[" + Roff.italic("options") + "]")
      request(".YS")
      return
    }
    for usage in command.usages {
      request(".SY \"monsters \(Roff.escaped(command.name))\"")
      let flags = usage.options.filter { option in command.forms.contains { $0.flag == option.name }
      }
      for option in flags { text(Roff.bold("--" + option.name)) }
      for argument in usage.arguments {
        let name = Roff.italic(argument.name) + (argument.isRepeating ? "..." : "")
        text(argument.isOptional ? "[\(name)]" : name)
      }
      for option in usage.options where !flags.contains(option) {
        if option.isRequired {
          let value = option.value == nil ? "" : " " + Roff.italic(option.valueName)
          text(Roff.bold("--" + option.name) + value)
        } else {
          request(self.option(option))
        }
      }
      request(".YS")
    }
  }

  /// `.OP "\-\-weapon" "weapon"`: an option that may be left out, in brackets.
  private func option(_ option: OptionSpec) -> String {
    let value = option.value == nil ? "" : " \"\(Roff.escaped(option.valueName))\""
    return ".OP \"\(Roff.escaped("--" + option.name))\"" + value
  }
}
