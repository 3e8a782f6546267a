// The bash completion script: how its parts make it up, and the parts the subcommands' specs
// write; the shell functions that are the same whatever the subcommands are, in
// `CompletionScript+BashFunctions.swift`.
extension CompletionScript {
  /// The script for bash: `complete -o nospace -F _monsters monsters`.
  ///
  /// It runs in bash 3.2, the `/bin/bash` of every Mac, as well as in later ones: it uses
  /// no case-changing expansion (`${1,,}`; `nocasematch` compares instead), no associative
  /// array, no `mapfile` or `readarray`, and no `compopt` (each reply carries its own
  /// trailing space, or none, as git's completion does under `-o nospace`).
  var bash: String {
    [
      bashHeader, bashDequoting, bashReplying, bashRosterReading, bashFilesAndConditions,
      bashValueCompletion, bashCommandTables, bashLineWords, bashCompleting, bashEntry,
    ].joined(separator: "\n\n") + "\n"
  }

  /// The script's opening comment: how to install it, and what it promises.
  private var bashHeader: String {
    """
    # bash completion for monsters.
    #
    # Install for your user:
    #   mkdir -p ~/.local/share/bash-completion/completions
    #   monsters completions bash > ~/.local/share/bash-completion/completions/monsters
    # or load it in ~/.bashrc (eval, as bash 3.2 sources nothing from a process
    # substitution):
    #   eval "$(monsters completions bash)"
    #
    # It runs in bash 3.2 (macOS's /bin/bash) and later. Monster names come from
    # 'monsters list --format names'. They are read line by line and quoted with
    # printf %q, never evaluated; a name already on the line is not offered again. A
    # name that starts with a dash is inserted after '--' (as '-- -Odd-Bot') unless the
    # line has one, so that it is never read as an option.
    """
  }

  /// `_monsters_option_value`, `_monsters_kind`, `_monsters_is_action` and `_monsters_arity`:
  /// how each subcommand's option values and arguments complete, what its actions are and
  /// how many arguments it takes, read from the commands.
  private var bashCommandTables: String {
    let optionValueCases = commands.map { command in
      let values = command.allOptions.compactMap { option in
        option.values.map {
          "        \(option.spellings.joined(separator: "|"))) _monsters_value \(bashWords($0)) ;;"
        }
      }
      return "    \(bashPattern(command.name)))\n      case $1 in\n"
        + values.joined(separator: "\n")
        + "\n      esac ;;"
    }
    let argumentCases = commands.filter { !$0.arguments.isEmpty }.map { command in
      let arguments = command.arguments.enumerated().map { position, argument in
        "        \(argument.isRepeating ? "*" : String(position))) "
          + "kind=\"\(bashWords(argument.values))\" ;;"
      }
      return "    \(bashPattern(command.name)))\n      case $1 in\n"
        + arguments.joined(separator: "\n") + "\n      esac ;;"
    }
    // How many arguments each command takes, where that is a fixed number: once it has
    // them all, words after `--` are options again.
    let arityCases = commands.compactMap { command in
      command.arguments.last?.isRepeating == true
        ? nil : "    \(bashPattern(command.name))) arity=\(command.arguments.count) ;;"
    }
    let actions = commands.filter(\.isAction).map { bashPattern($0.name) }
    return """
      # The value of an option ($1) of the subcommand.
      _monsters_option_value() {
        case ${subcommand:-list} in
      \(optionValueCases.joined(separator: "\n"))
        esac
      }

      # How the argument at a position ($1) of the subcommand is completed, in $kind.
      _monsters_kind() {
        kind=""
        case $subcommand in
      \(argumentCases.joined(separator: "\n"))
        esac
      }

      # Whether words name an action of a subcommand, such as weapons add.
      _monsters_is_action() {
        case $1 in
          \(actions.isEmpty ? "\"\"" : actions.joined(separator: " | "))) return 0 ;;
        esac
        return 1
      }

      # How many arguments the subcommand takes, in $arity; empty for any number.
      _monsters_arity() {
        arity=""
        case $subcommand in
      \(arityCases.joined(separator: "\n"))
        esac
      }
      """
  }

  /// `_monsters_complete`: completes the word the cursor is in, by the subcommand, the
  /// option or the position of an argument the words before it come to.
  private var bashCompleting: String {
    let optionCases = commands.map { command in
      let spellings = command.allOptions.flatMap { $0.spellings }
      return "    \(bashPattern(command.name))) _monsters_value words "
        + "\(spellings.joined(separator: " ")) ;;"
    }
    let takesValue = Set(
      commands.flatMap { $0.allOptions }.filter { $0.values != nil }.flatMap { $0.spellings }
    ).sorted().joined(separator: " | ")
    let topLevelSpellings = topLevelOptions.flatMap { $0.spellings }
    return """
      _monsters_complete() {
        local words=() cword i word
        local cur lead vlead="" end=" " subcommand="" option="" expecting_value="" kind=""
        local arity="" position=0 options_ended="" seen_names=()
        _monsters_words
        for ((i = 0; i < cword; i++)); do
          word=${words[i]}
          if [[ -n $expecting_value ]]; then
            expecting_value=""
            continue
          fi
          if [[ -z $options_ended ]]; then
            case $word in
              --) options_ended=1; continue ;;
              \(takesValue)) expecting_value=1; option=$word; continue ;;
              -?*) continue ;;
            esac
          fi
          if [[ -z $subcommand ]]; then
            subcommand=$word
            _monsters_arity
          elif ((position == 0)) && _monsters_is_action "$subcommand $word"; then
            # An action, such as weapons add, is a subcommand of its own.
            subcommand="$subcommand $word"
            _monsters_arity
          else
            _monsters_kind "$position"
            [[ $kind == monster ]] && seen_names+=("$(_monsters_dequote "$word")")
            position=$((position + 1))
            # A command that has all its arguments reads options again after --.
            if [[ -n $arity ]] && ((position >= arity)); then options_ended=""; fi
          fi
        done
        if [[ -n $expecting_value ]]; then
          _monsters_option_value "$option"
        elif [[ -z $options_ended && $cur == --?*=* ]]; then
          option=${cur%%=*}
          vlead=$option=
          cur=${cur#*=}
          _monsters_option_value "$option"
        elif [[ -z $subcommand ]]; then
          if [[ -z $options_ended && $cur == -* ]]; then
            _monsters_value words \(topLevelSpellings.joined(separator: " "))
          else
            _monsters_value words \(topCommands.map { $0.name }.joined(separator: " "))
          fi
        else
          _monsters_kind "$position"
          if [[ -z $options_ended && $cur == -* ]]; then
            case $subcommand in
      \(optionCases.joined(separator: "\n"))
            esac
            # A monster's name may start with a dash too.
            [[ $kind == monster ]] && _monsters_value monster
          else
            _monsters_value $kind
          fi
        fi
      }
      """
  }

  /// `_monsters`, which bash calls to complete a line of `monsters`, and the `complete`
  /// that has it do so.
  private var bashEntry: String {
    """
    _monsters() {
      local restore_case=""
      shopt -q nocasematch || restore_case=1
      shopt -s nocasematch
      COMPREPLY=()
      _monsters_complete
      [[ -n $restore_case ]] && shopt -u nocasematch
      return 0
    }

    complete -o nospace -F _monsters monsters
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
    case .roster(.weapons): "weapon"
    case .roster(.fields): "field"
    case .roster(.declaredFields): "declared"
    case .condition(.declaredFields): "condition declared"
    case .condition: "condition"
    case .fieldList: "fields"
    }
  }

  /// A subcommand's name as a pattern of a `case`: an action's two words quoted.
  private func bashPattern(_ name: String) -> String {
    name.contains(" ") ? "\"\(name)\"" : name
  }
}
