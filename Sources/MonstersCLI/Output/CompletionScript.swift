import MonsterKit

/// Shell completion scripts for bash, zsh and fish, written from the subcommands' specs.
///
/// They complete subcommands, options, option values (weapons, colours, formats, shells)
/// and monster names, which they read live with `monsters list --format names`, honouring
/// `--file` on the line being completed and `MONSTERS_FILE`. No script ever evaluates a
/// name: bash reads names line by line and quotes each with `printf %q` (never through
/// `compgen -W`, which expands its word list), zsh adds them with `compadd`, and fish takes
/// a function's output lines as they are.
enum CompletionScript {
  /// The shells there are scripts for.
  static let shells = ["bash", "zsh", "fish"]

  /// The script for a shell.
  static func script(for shell: String, commands: [CommandSpec]) -> String {
    switch shell {
    case "zsh": zsh(commands)
    case "fish": fish(commands)
    default: bash(commands)
    }
  }

  /// The words a value of some kind may be, or `nil` for names, paths and free text.
  static func words(for kind: ValueKind, commands: [CommandSpec]) -> [String]? {
    switch kind {
    case .weapon: WeaponType.allCases.map(\.rawValue)
    case .color: NameColor.named.map(\.description)
    case .colorOrNone: NameColor.named.map(\.description) + ["none"]
    case .choice(let words) where words.isEmpty: commands.map(\.name)
    case .choice(let words): words
    case .monster, .path, .seconds, .text: nil
    }
  }

  // MARK: - bash

  static func bash(_ commands: [CommandSpec]) -> String {
    var valueCases: [String] = []
    var positionalCases: [String] = []
    var optionCases: [String] = []
    for command in commands {
      let values = command.allOptions.compactMap { option -> String? in
        guard let kind = option.value else { return nil }
        let names = (["--\(option.name)"] + (option.shortName.map { ["-\($0)"] } ?? []))
          .joined(separator: "|")
        return "        \(names)) _monsters_value \(bashKind(kind, commands)) ;;"
      }
      valueCases.append(
        "      \(command.name))\n        case $option in\n" + values.joined(separator: "\n")
          + "\n        esac ;;")
      let arguments = command.arguments.enumerated().map { position, argument in
        "        \(position)) _monsters_value \(bashKind(argument.kind, commands)) ;;"
      }
      if !arguments.isEmpty {
        positionalCases.append(
          "      \(command.name))\n        case $position in\n" + arguments.joined(separator: "\n")
            + "\n        esac ;;")
      }
      let flags = command.allOptions.flatMap { option in
        ["--\(option.name)"] + (option.shortName.map { ["-\($0)"] } ?? [])
      }
      optionCases.append("      \(command.name)) words=\"\(flags.joined(separator: " "))\" ;;")
    }
    let valueOptions = commands.flatMap(\.allOptions).filter { $0.value != nil }
    let takesValue = Set(
      valueOptions.flatMap { ["--\($0.name)"] + ($0.shortName.map { ["-\($0)"] } ?? []) }
    ).sorted().joined(separator: "|")
    let globalFlags = (OptionSpec.global + [.version]).flatMap { option in
      ["--\(option.name)"] + (option.shortName.map { ["-\($0)"] } ?? [])
    }
    return """
      # bash completion for monsters.
      #
      # Install for your user:
      #   mkdir -p ~/.local/share/bash-completion/completions
      #   monsters completions bash > ~/.local/share/bash-completion/completions/monsters
      # or load it in ~/.bashrc:
      #   source <(monsters completions bash)
      #
      # Monster names come from 'monsters list --format names'. They are read line by
      # line and quoted with printf %q, never evaluated.

      # Adds each line of standard input that starts with $1 (ignoring case) to COMPREPLY,
      # quoted for the shell.
      _monsters_reply() {
        local prefix=${1,,} candidate
        while IFS= read -r candidate; do
          if [[ ${candidate,,} == "$prefix"* ]]; then
            COMPREPLY+=("$(printf '%q' "$candidate")")
          fi
        done
      }

      # A path typed on the line, with its quotes taken off and a leading ~/ expanded,
      # without evaluating it.
      _monsters_path() {
        local path=$1
        case $path in
          \\'*\\') path=${path:1:${#path}-2} ;;
          \\"*\\") path=${path:1:${#path}-2} ;;
        esac
        case $path in
          \\~/*) path=$HOME/${path:2} ;;
        esac
        printf '%s' "$path"
      }

      # The monster names of the roster the line names (--file), else $MONSTERS_FILE.
      _monsters_names() {
        local -a file=()
        local i word
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          case $word in
            -f | --file)
              if [[ ${COMP_WORDS[i + 1]} == = ]]; then i=$((i + 1)); fi
              if ((i + 1 < COMP_CWORD)); then
                file=(--file "$(_monsters_path "${COMP_WORDS[i + 1]}")")
              fi
              ;;
            --file=?*) file=(--file "$(_monsters_path "${word#--file=}")") ;;
          esac
        done
        command monsters "${file[@]}" list --format names 2>/dev/null
      }

      # Completes a value of a kind: monster, path, or a list of words.
      _monsters_value() {
        case $1 in
          monster) _monsters_reply "$cur" < <(_monsters_names) ;;
          path) compopt -o default 2>/dev/null; COMPREPLY=() ;;
          words) shift; _monsters_reply "$cur" < <(printf '%s\\n' "$@") ;;
        esac
      }

      _monsters() {
        local cur=${COMP_WORDS[COMP_CWORD]}
        local subcommand="" option="" word words i position=0 expecting_value=""
        COMPREPLY=()
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          if [[ -n $expecting_value ]]; then
            [[ $word == = ]] && continue
            expecting_value=""
            continue
          fi
          case $word in
            \(takesValue)) expecting_value=$word ;;
            --) ;;
            -*) ;;
            *)
              if [[ -z $subcommand ]]; then
                subcommand=$word
              else
                position=$((position + 1))
              fi
              ;;
          esac
        done
        if [[ $cur == = ]]; then cur=""; fi
        if [[ -n $expecting_value ]]; then
          option=$expecting_value
          case ${subcommand:-list} in
      \(valueCases.joined(separator: "\n"))
          esac
          return 0
        fi
        if [[ -z $subcommand ]]; then
          if [[ $cur == -* ]]; then
            _monsters_value words \(globalFlags.joined(separator: " "))
          else
            _monsters_value words \(commands.map(\.name).joined(separator: " "))
          fi
          return 0
        fi
        if [[ $cur == -* ]]; then
          case $subcommand in
      \(optionCases.joined(separator: "\n"))
            *) words="" ;;
          esac
          _monsters_value words $words
          return 0
        fi
        case $subcommand in
      \(positionalCases.joined(separator: "\n"))
        esac
        return 0
      }

      complete -F _monsters monsters

      """
  }

  /// The arguments of `_monsters_value` for a kind of value: `none` completes nothing.
  private static func bashKind(_ kind: ValueKind, _ commands: [CommandSpec]) -> String {
    switch kind {
    case .monster: "monster"
    case .path: "path"
    case .seconds, .text: "none"
    default: "words " + (words(for: kind, commands: commands) ?? []).joined(separator: " ")
    }
  }

  // MARK: - zsh

  static func zsh(_ commands: [CommandSpec]) -> String {
    let subcommands = commands.map { "    '\($0.name):\(zshText($0.abstract))'" }
    let cases = commands.map { command in
      let specs =
        command.options.map { zshOptionSpec($0, commands) }
        + command.arguments.enumerated().map { position, argument in
          let action = zshAction(argument.kind, commands)
          return argument.isOptional
            ? "'::\(argument.name):\(action)'" : "'\(position + 1):\(argument.name):\(action)'"
        }
      let body =
        specs.isEmpty
        ? "_message 'no more arguments'" : "_arguments " + specs.joined(separator: " ")
      return "        \(command.name)) \(body) ;;"
    }
    let globals = (OptionSpec.global + [.version]).map { zshOptionSpec($0, commands) }
    return """
      #compdef monsters
      #
      # zsh completion for monsters.
      #
      # Install: save it as _monsters in a folder on $fpath, then start a new zsh:
      #   mkdir -p ~/.zfunc
      #   monsters completions zsh > ~/.zfunc/_monsters
      #   # in ~/.zshrc, before compinit:  fpath=(~/.zfunc $fpath)
      #
      # Monster names come from 'monsters list --format names' and are added with
      # compadd, which quotes them; they are never evaluated.

      # The monster names of the roster the line names (--file), else $MONSTERS_FILE.
      _monsters_names() {
        local -a names
        names=("${(@f)$(command monsters $_monsters_file list --format names 2>/dev/null)}")
        compadd -M 'm:{a-zA-Z}={A-Za-z}' -a names
      }

      _monsters() {
        local curcontext=$curcontext state line
        local -a _monsters_file
        local -i i
        for (( i = 2; i < CURRENT; i++ )); do
          case ${words[i]} in
            -f | --file) _monsters_file=(--file ${(Q)words[i + 1]}) ;;
            --file=?*) _monsters_file=(--file ${(Q)${words[i]#--file=}}) ;;
          esac
        done
        local -a subcommands
        subcommands=(
      \(subcommands.joined(separator: "\n"))
        )
        _arguments -C \\
          \(globals.joined(separator: " \\\n    "))\\
          '1:subcommand:->subcommand' \\
          '*::argument:->argument'
        case $state in
          subcommand) _describe -t subcommands 'subcommand' subcommands ;;
          argument)
            case ${words[1]} in
      \(cases.joined(separator: "\n"))
            esac
            ;;
        esac
      }

      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _monsters "$@"
      else
        compdef _monsters monsters
      fi

      """
  }

  private static func zshOptionSpec(_ option: OptionSpec, _ commands: [CommandSpec]) -> String {
    let help = "[\(zshText(option.help))]"
    guard let kind = option.value else {
      if let short = option.shortName {
        return "'(-\(short) --\(option.name))'{-\(short),--\(option.name)}'\(help)'"
      }
      return "'--\(option.name)\(help)'"
    }
    let value = ":\(option.valueName):\(zshAction(kind, commands))"
    if let short = option.shortName {
      return "'(-\(short) --\(option.name))'{-\(short)+,--\(option.name)=}'\(help)\(value)'"
    }
    return "'--\(option.name)=\(help)\(value)'"
  }

  private static func zshAction(_ kind: ValueKind, _ commands: [CommandSpec]) -> String {
    switch kind {
    case .monster: "_monsters_names"
    case .path: "_files"
    case .seconds, .text: " "
    default: "(" + (words(for: kind, commands: commands) ?? []).joined(separator: " ") + ")"
    }
  }

  /// Help text made safe inside a zsh spec: no brackets, colons or single quotes.
  private static func zshText(_ text: String) -> String {
    String(text.map { "[]:'".contains($0) ? " " : $0 })
  }

  // MARK: - fish

  static func fish(_ commands: [CommandSpec]) -> String {
    var lines: [String] = []
    for command in commands {
      lines.append(
        "complete -c monsters -n '__fish_use_subcommand' -a \(command.name) "
          + "-d \(fishQuoted(command.abstract))")
    }
    for option in OptionSpec.global + [.version] {
      lines.append("complete -c monsters " + fishOption(option, commands))
    }
    for command in commands {
      let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
      for option in command.options {
        lines.append("complete -c monsters \(condition) " + fishOption(option, commands))
      }
      for argument in command.arguments {
        switch argument.kind {
        case .monster:
          lines.append("complete -c monsters \(condition) -a '(__monsters_names)'")
        case .path:
          lines.append("complete -c monsters \(condition) -F")
        case .seconds, .text:
          break
        default:
          let words = words(for: argument.kind, commands: commands) ?? []
          lines.append(
            "complete -c monsters \(condition) -a \(fishQuoted(words.joined(separator: " ")))")
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
      # it is, and never evaluates it.

      # The monster names of the roster the line names (--file), else $MONSTERS_FILE.
      function __monsters_names
          set -l tokens (commandline -opc)
          set -l file
          set -l count (count $tokens)
          for i in (seq $count)
              switch $tokens[$i]
                  case -f --file
                      if test $i -lt $count
                          set file --file $tokens[(math $i + 1)]
                      end
                  case '--file=?*'
                      set file --file (string replace -- --file= '' $tokens[$i])
              end
          end
          command monsters $file list --format names 2>/dev/null
      end

      complete -c monsters -f
      \(lines.joined(separator: "\n"))

      """
  }

  private static func fishOption(_ option: OptionSpec, _ commands: [CommandSpec]) -> String {
    var text = (option.shortName.map { "-s \($0) " } ?? "") + "-l \(option.name)"
    if let kind = option.value {
      switch kind {
      case .path: text += " -r -F"
      case .monster: text += " -x -a '(__monsters_names)'"
      case .seconds, .text: text += " -x"
      default:
        let words = words(for: kind, commands: commands) ?? []
        text += " -x -a \(fishQuoted(words.joined(separator: " ")))"
      }
    }
    return text + " -d \(fishQuoted(option.help))"
  }

  /// Text in fish's single quotes, where only `\\` and `\'` are escapes.
  private static func fishQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "\\" || character == "'" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }
}
