// The bash completion script.
extension CompletionScript {
  /// The script for bash: `complete -F _monsters monsters`.
  var bash: String {
    let valueCases = commands.map { command in
      let values = command.allOptions.compactMap { option in
        option.values.map {
          "        \(option.spellings.joined(separator: "|"))) _monsters_value \(bashWords($0)) ;;"
        }
      }
      return "      \(command.name))\n        case $option in\n" + values.joined(separator: "\n")
        + "\n        esac ;;"
    }
    let positionalCases = commands.filter { !$0.arguments.isEmpty }.map { command in
      let arguments = command.arguments.enumerated().map { position, argument in
        "        \(argument.isRepeating ? "*" : String(position))) "
          + "kind=\"\(bashWords(argument.values))\" ;;"
      }
      return "      \(command.name))\n        case $position in\n"
        + arguments.joined(separator: "\n") + "\n        esac ;;"
    }
    let optionCases = commands.map { command in
      let spellings = command.allOptions.flatMap { $0.spellings }
      return "      \(command.name)) words=\"\(spellings.joined(separator: " "))\" ;;"
    }
    let takesValue = Set(
      commands.flatMap { $0.allOptions }.filter { $0.values != nil }.flatMap { $0.spellings }
    ).sorted().joined(separator: "|")
    let topLevelSpellings = topLevelOptions.flatMap { $0.spellings }
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
      # line and quoted with printf %q, never evaluated. A name that starts with a dash
      # is inserted after '--' (as '-- -Odd-Bot') unless the line has one, so that it is
      # never read as an option.

      # Adds each line of standard input that starts with $1 (ignoring case) to COMPREPLY,
      # quoted for the shell; one that starts with a dash gets $2 before it.
      _monsters_reply() {
        local prefix=${1,,} candidate
        while IFS= read -r candidate; do
          if [[ ${candidate,,} == "$prefix"* ]]; then
            if [[ $candidate == -* ]]; then
              COMPREPLY+=("$2$(printf '%q' "$candidate")")
            else
              COMPREPLY+=("$(printf '%q' "$candidate")")
            fi
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
            --) break ;;
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
          monster)
            local lead="-- "
            [[ -n $options_ended ]] && lead=""
            _monsters_reply "$cur" "$lead" < <(_monsters_names)
            ;;
          path) compopt -o default 2>/dev/null; COMPREPLY=() ;;
          words) shift; _monsters_reply "$cur" < <(printf '%s\\n' "$@") ;;
        esac
      }

      _monsters() {
        local cur=${COMP_WORDS[COMP_CWORD]}
        local subcommand="" option="" word words i position=0 expecting_value="" kind=""
        local options_ended=""
        COMPREPLY=()
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          if [[ -n $expecting_value ]]; then
            [[ $word == = ]] && continue
            expecting_value=""
            continue
          fi
          if [[ -z $options_ended ]]; then
            case $word in
              \(takesValue)) expecting_value=$word; continue ;;
              --) options_ended=1; continue ;;
              -*) continue ;;
            esac
          fi
          if [[ -z $subcommand ]]; then
            subcommand=$word
          else
            position=$((position + 1))
          fi
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
          if [[ -z $options_ended && $cur == -* ]]; then
            _monsters_value words \(topLevelSpellings.joined(separator: " "))
          else
            _monsters_value words \(commands.map { $0.name }.joined(separator: " "))
          fi
          return 0
        fi
        case $subcommand in
      \(positionalCases.joined(separator: "\n"))
        esac
        if [[ -z $options_ended && $cur == -* ]]; then
          case $subcommand in
      \(optionCases.joined(separator: "\n"))
            *) words="" ;;
          esac
          _monsters_value words $words
          # A monster's name may start with a dash too.
          [[ $kind == monster ]] && _monsters_value monster
          return 0
        fi
        _monsters_value $kind
        return 0
      }

      complete -F _monsters monsters

      """
  }

  /// The arguments of the script's `_monsters_value` for a kind of value: `none` completes
  /// nothing.
  private func bashWords(_ values: Values) -> String {
    switch values {
    case .monsterNames: "monster"
    case .paths: "path"
    case .nothing: "none"
    case .words(let words): "words " + words.joined(separator: " ")
    }
  }
}
