import MonsterKit

// The fish completion script.
extension CompletionScript {
  /// The script for fish: one `complete` line for each subcommand, option and argument.
  var fish: String {
    [fishHeader, fishSubcommandTest, fishRosterReading, fishFieldCompletion, fishCompleteLines]
      .joined(separator: "\n\n") + "\n"
  }

  /// The script's opening comment: how to install it, and what it promises.
  private var fishHeader: String {
    """
    # fish completion for monsters.
    #
    # Install:
    #   monsters completions fish > ~/.config/fish/completions/monsters.fish
    #
    # Monster names come from 'monsters list --format names'; fish takes each line as
    # it is, and never evaluates it. A name already on the line is not offered again. A
    # name that starts with a dash is offered only after '--' on the line, where it
    # cannot be read as an option.
    """
  }

  /// `__monsters_using`: whether the line's subcommand is the one given.
  private var fishSubcommandTest: String {
    let takesValue = Set(
      commands.flatMap { $0.allOptions }.filter { $0.values != nil }.flatMap { $0.spellings }
    ).sorted()
    let actions = commands.filter(\.isAction).map { fishQuoted($0.name) }
    return """
      # Whether the line's subcommand is the one given: its first word that is not an
      # option, with the action after it for a subcommand that has actions (weapons add).
      function __monsters_using
          set -l tokens (commandline -opc)
          set -l words
          set -l skip
          for token in $tokens[2..-1]
              if set -q skip[1]
                  set -e skip
                  continue
              end
              switch $token
                  case \(takesValue.joined(separator: " "))
                      set skip 1
                      continue
                  case '-*'
                      continue
              end
              set words $words $token
          end
          set -l command $words[1]
          if set -q words[2]; and contains -- "$words[1] $words[2]" \(actions.joined(separator: " "))
              set command "$words[1] $words[2]"
          end
          test "$command" = "$argv[1]"
      end
      """
  }

  /// `__monsters_roster`, `__monsters_declared_fields` and `__monsters_names`: what the
  /// roster the line names holds, read without blocking the shell.
  private var fishRosterReading: String {
    """
    # Runs monsters with the arguments on the roster the line names (--file), else
    # $MONSTERS_FILE; what it prints on standard error is dropped. Completion never
    # blocks the shell: a named roster that is not a regular file (-, /dev/stdin, a
    # terminal, a FIFO) is not read, a found one is given no wait (--lock-timeout 0,
    # so that a FIFO there reads as empty at once), and monsters gets no standard input.
    function __monsters_roster
        set -l tokens (commandline -opc)
        set -l file
        set -l count (count $tokens)
        for i in (seq 2 $count)
            switch $tokens[$i]
                case -f --file
                    if test $i -lt $count
                        set file --file $tokens[(math $i + 1)]
                    end
                case '--file=?*'
                    set file --file (string replace -- --file= '' $tokens[$i])
            end
        end
        set -l path $MONSTERS_FILE
        set -q file[2]; and set path $file[2]
        if test -n "$path"; and not test -f "$path"
            return 0
        end
        command monsters --lock-timeout 0 $file $argv </dev/null 2>/dev/null
    end

    # The names of the fields the roster declares: every field's but the built-in ones.
    function __monsters_declared_fields
        for field in (__monsters_roster \(RosterList.fields.arguments.joined(separator: " ")))
            contains -- $field \(Self.builtInFieldNames.joined(separator: " ")); or printf '%s\\n' $field
        end
    end

    # The monster names of the roster the line names; with "all", also those on the line
    # already, and those that start with a dash.
    function __monsters_names
        set -l tokens (commandline -opc)
        set -l ended
        contains -- -- $tokens; and set ended 1
        set -l seen (string lower -- $tokens[2..-1])
        for name in (__monsters_roster list --format names)
            if test "$argv[1]" != all
                contains -- (string lower -- $name) $seen; and continue
                not set -q ended[1]; and string match -q -- '-*' $name; and continue
            end
            printf '%s\\n' $name
        end
    end
    """
  }

  /// `__monsters_condition` and `__monsters_field_list`: `FIELD=VALUE`, and fields' names
  /// separated by commas.
  private var fishFieldCompletion: String {
    // The options whose value is `FIELD=VALUE`, which may be written `--where=FIELD=VALUE`.
    let conditionOptions = Set(
      commands.flatMap { $0.allOptions }.filter {
        if case .condition? = $0.values { true } else { false }
      }.map(\.name)
    ).sorted().joined(separator: "|")
    return """
      # FIELD=VALUE: a field's name and =, then a value of that field; with "declared", only
      # the fields the roster declares are offered.
      function __monsters_condition
          # The token as typed, quotes and backslashes and all, read as the command will
          # read it, so that a field such as `sp\\ ace` finds its values.
          set -l token (string replace -r -- '^--(\(conditionOptions))=' '' (commandline -ct | string unescape))
          # The field, and the first comparison after it, as the command line reads them.
          set -l parts (string match -r -- '^(.*?)(!=|<=|>=|=|<|>)(.*)$' $token)
          if test (count $parts) -lt 3
              set -l fields
              if test "$argv[1]" = declared
                  set fields (__monsters_declared_fields)
              else
                  set fields (__monsters_roster \(RosterList.fields.arguments.joined(separator: " ")))
              end
              for field in $fields
                  printf '%s=\\n' $field
              end
              return
          end
          set -l field $parts[2]
          set -l comparison $parts[3]
          if test (string lower -- $field) = \(Self.nameField.lowercased())
              for value in (__monsters_names all)
                  printf '%s%s%s\\n' $field $comparison $value
              end
              return
          end
          for line in (__monsters_roster \(Self.valuesArguments.joined(separator: " ")))
              set -l pair (string split -m 1 -- = $line)
              if test (string lower -- $pair[1]) = (string lower -- $field)
                  printf '%s%s%s\\n' $field $comparison $pair[2]
              end
          end
      end

      # Fields' names separated by commas, each once.
      function __monsters_field_list
          set -l token (string replace -r -- '^--fields=' '' (commandline -ct))
          set -l listed (string replace -r -- '[^,]*$' '' $token)
          set -l taken (string lower -- (string split -- , $listed))
          for field in (__monsters_roster \(RosterList.fields.arguments.joined(separator: " ")))
              contains -- (string lower -- $field) $taken; or printf '%s%s\\n' $listed $field
          end
      end
      """
  }

  /// The `complete` lines: no files, but for a value that is a path, then each subcommand,
  /// option and argument.
  private var fishCompleteLines: String {
    var lines = ["complete -c monsters -f"]
    for command in topCommands {
      lines.append(
        "complete -c monsters -n '__fish_use_subcommand' -a \(command.name) "
          + "-d \(fishQuoted(command.abstract))")
    }
    for option in topLevelOptions {
      lines.append("complete -c monsters " + fishOption(option))
    }
    for command in commands {
      let condition = "-n \(fishQuoted("__monsters_using " + fishQuoted(command.name)))"
      for action in commands where action.name.hasPrefix(command.name + " ") {
        lines.append(
          "complete -c monsters \(condition) -a \(action.name.dropFirst(command.name.count + 1)) "
            + "-d \(fishQuoted(action.abstract))")
      }
      for option in command.options {
        lines.append("complete -c monsters \(condition) " + fishOption(option))
      }
      for argument in command.arguments where command.actions.isEmpty {
        if let candidates = fishCandidates(argument.values) {
          lines.append("complete -c monsters \(condition) \(candidates)")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// An option's `complete` flags: its names, how its value is completed, its help.
  private func fishOption(_ option: Option) -> String {
    var text = (option.shortName.map { "-s \($0) " } ?? "") + "-l \(option.name)"
    if let values = option.values {
      // The option needs a value (-r), and offers no files for it (-x) but a path.
      text += values == .paths ? " -r" : " -x"
      if let candidates = fishCandidates(values) { text += " " + candidates }
    }
    return text + " -d \(fishQuoted(option.help))"
  }

  /// What fish offers for a value: files (`-F`), monster names or words (`-a`), or nothing;
  /// what the roster holds in the roster's order (`-k`).
  private func fishCandidates(_ values: Values) -> String? {
    switch values {
    case .monsterNames: "-a '(__monsters_names)'"
    case .paths: "-F"
    case .nothing: nil
    case .words(let words): "-a \(fishQuoted(words.joined(separator: " ")))"
    case .roster(.weapons):
      "-k -a \(fishQuoted("(__monsters_roster \(RosterList.weapons.arguments.joined(separator: " ")))"))"
    case .roster(.fields):
      "-k -a \(fishQuoted("(__monsters_roster \(RosterList.fields.arguments.joined(separator: " ")))"))"
    case .roster(.declaredFields): "-k -a '(__monsters_declared_fields)'"
    case .condition(.declaredFields): "-k -a '(__monsters_condition declared)'"
    case .condition: "-k -a '(__monsters_condition)'"
    case .fieldList: "-a '(__monsters_field_list)'"
    }
  }

  /// Text in fish's single quotes, where only `\\` and `\'` are escapes.
  private func fishQuoted(_ text: String) -> String {
    let escaped = escaping(text) { scalar -> String? in
      scalar == "\\" || scalar == "'" ? "\\" + String(scalar) : nil
    }
    return "'" + escaped + "'"
  }
}
