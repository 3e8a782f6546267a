// The fish completion script.
extension CompletionScript {
  /// The script for fish: one `complete` line for each subcommand, option and argument.
  var fish: String {
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
      # it is, and never evaluates it. A name that starts with a dash is offered only
      # after '--' on the line, where it cannot be read as an option.

      # The monster names of the roster the line names (--file), else $MONSTERS_FILE.
      function __monsters_names
          set -l tokens (commandline -opc)
          set -l file
          set -l ended
          set -l count (count $tokens)
          for i in (seq 2 $count)
              switch $tokens[$i]
                  case --
                      set ended 1
                      break
                  case -f --file
                      if test $i -lt $count
                          set file --file $tokens[(math $i + 1)]
                      end
                  case '--file=?*'
                      set file --file (string replace -- --file= '' $tokens[$i])
              end
          end
          if set -q ended[1]
              command monsters $file list --format names 2>/dev/null
          else
              command monsters $file list --format names 2>/dev/null | string match -v -- '-*'
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
