// The fish completion script.
extension CompletionScript {
  /// The script for fish: one `complete` line for each subcommand, option and argument.
  var fish: String {
    let conditionCases = Self.fields.map { field in
      "        case \(field.name.lowercased())\n"
        + "            for value in (\(fishValues(field.values)))\n"
        + "                printf '%s=%s\\n' $field $value\n"
        + "            end"
    }
    var lines: [String] = []
    for command in commands {
      lines.append(
        "complete -c monsters -n '__fish_use_subcommand' -a \(command.name) "
          + "-d \(fishQuoted(command.abstract))")
    }
    for option in topLevelOptions {
      lines.append("complete -c monsters " + fishOption(option))
    }
    for command in commands {
      let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
      for option in command.options {
        lines.append("complete -c monsters \(condition) " + fishOption(option))
      }
      for argument in command.arguments {
        if let candidates = fishCandidates(argument.values) {
          lines.append("complete -c monsters \(condition) \(candidates)")
        }
      }
    }
    return """
      # fish completion for monsters.
      #
      # Install:
      #   monsters completions fish > ~/.config/fish/completions/monsters.fish
      #
      # Monster names come from 'monsters list --format names'; fish takes each line as
      # it is, and never evaluates it. A name already on the line is not offered again. A
      # name that starts with a dash is offered only after '--' on the line, where it
      # cannot be read as an option.

      # The monster names of the roster the line names (--file), else $MONSTERS_FILE; with
      # "all", also those on the line already, and those that start with a dash.
      function __monsters_names
          set -l tokens (commandline -opc)
          set -l file
          set -l ended
          set -l count (count $tokens)
          for i in (seq 2 $count)
              switch $tokens[$i]
                  case --
                      set ended 1
                  case -f --file
                      if test $i -lt $count
                          set file --file $tokens[(math $i + 1)]
                      end
                  case '--file=?*'
                      set file --file (string replace -- --file= '' $tokens[$i])
              end
          end
          set -l seen (string lower -- $tokens[2..-1])
          for name in (command monsters $file list --format names 2>/dev/null)
              if test "$argv[1]" != all
                  contains -- (string lower -- $name) $seen; and continue
                  not set -q ended[1]; and string match -q -- '-*' $name; and continue
              end
              printf '%s\n' $name
          end
      end

      # FIELD=VALUE: a field's name and =, then a value of that field.
      function __monsters_condition
          set -l token (string replace -r -- '^--where=' '' (commandline -ct))
          if not string match -q -- '*=*' $token
              printf '%s=\n' \(Self.fields.map(\.name).joined(separator: " "))
              return
          end
          set -l field (string split -m 1 -- = $token)[1]
          switch (string lower -- $field)
      \(conditionCases.joined(separator: "\n"))
          end
      end

      # Fields' names separated by commas, each once.
      function __monsters_field_list
          set -l token (string replace -r -- '^--fields=' '' (commandline -ct))
          set -l listed (string replace -r -- '[^,]*$' '' $token)
          set -l taken (string lower -- (string split -- , $listed))
          for field in \(Self.fields.map(\.name).joined(separator: " "))
              contains -- (string lower -- $field) $taken; or printf '%s%s\n' $listed $field
          end
      end

      complete -c monsters -f
      \(lines.joined(separator: "\n"))

      """
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

  /// What fish offers for a value: files (`-F`), monster names or words (`-a`), or nothing.
  private func fishCandidates(_ values: Values) -> String? {
    switch values {
    case .monsterNames: "-a '(__monsters_names)'"
    case .paths: "-F"
    case .nothing: nil
    case .words(let words): "-a \(fishQuoted(words.joined(separator: " ")))"
    case .condition: "-a '(__monsters_condition)'"
    case .fieldList: "-a '(__monsters_field_list)'"
    }
  }

  /// A command whose output lines are a field's values, inside a function of the script.
  private func fishValues(_ values: Values) -> String {
    switch values {
    case .monsterNames: "__monsters_names all"
    case .words(let words): "printf '%s\\n' " + words.joined(separator: " ")
    case .paths, .nothing, .condition, .fieldList: "true"
    }
  }

  /// Text in fish's single quotes, where only `\\` and `\'` are escapes.
  private func fishQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "\\" || character == "'" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }
}
