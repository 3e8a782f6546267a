// The bash completion script.
extension CompletionScript {
  /// The script for bash: `complete -o nospace -F _monsters monsters`.
  ///
  /// It runs in bash 3.2, the `/bin/bash` of every Mac, as well as in later ones: it uses
  /// no case-changing expansion (`${1,,}`; `nocasematch` compares instead), no associative
  /// array, no `mapfile` or `readarray`, and no `compopt` (each reply carries its own
  /// trailing space, or none, as git's completion does under `-o nospace`).
  var bash: String {
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
    let optionCases = commands.map { command in
      let spellings = command.allOptions.flatMap { $0.spellings }
      return "    \(bashPattern(command.name))) _monsters_value words "
        + "\(spellings.joined(separator: " ")) ;;"
    }
    let actions = commands.filter(\.isAction).map { bashPattern($0.name) }
    let takesValue = Set(
      commands.flatMap { $0.allOptions }.filter { $0.values != nil }.flatMap { $0.spellings }
    ).sorted().joined(separator: " | ")
    let topLevelSpellings = topLevelOptions.flatMap { $0.spellings }
    return """
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

      # Whether a word is only what bash splits words at and the command line does not:
      # '=' or ':' (both in COMP_WORDBREAKS).
      _monsters_is_glue() {
        case $1 in
          "" | *[!=:]*) return 1 ;;
        esac
        return 0
      }

      # A word as the command line will read it: quotes and backslashes taken off, and a
      # leading ~/ expanded, without evaluating anything.
      _monsters_dequote() {
        local word=$1 text="" char quote="" i=0
        case $word in
          \\~/*) text=$HOME/; i=2 ;;
        esac
        while ((i < ${#word})); do
          char=${word:i:1}
          i=$((i + 1))
          if [[ $quote == "'" ]]; then
            if [[ $char == "'" ]]; then quote=""; else text=$text$char; fi
          elif [[ $char == \\\\ ]] && ((i < ${#word})); then
            char=${word:i:1}
            i=$((i + 1))
            if [[ $quote == '"' ]]; then
              case $char in
                \\$ | \\` | '"' | \\\\) ;;
                *) text=$text\\\\ ;;
              esac
            fi
            text=$text$char
          elif [[ $char == '"' ]]; then
            if [[ -n $quote ]]; then quote=""; else quote='"'; fi
          elif [[ $char == "'" && -z $quote ]]; then
            quote="'"
          else
            text=$text$char
          fi
        done
        printf '%s' "$text"
      }

      # Text quoted for the shell with printf %q, unless it needs no quotes.
      _monsters_quoted() {
        case $1 in
          "" | *[!A-Za-z0-9_,./=:@%+-]*) printf '%q' "$1" ;;
          *) printf '%s' "$1" ;;
        esac
      }

      # Adds each line of standard input that starts with $cur, ignoring case, to
      # COMPREPLY: what follows the part of the word bash leaves in place ($lead), quoted
      # for the shell, then $end. $1 set leaves out a name already on the line; $2 goes
      # before a candidate that starts with a dash.
      _monsters_reply() {
        local skip_seen=$1 dash=$2 candidate full seen
        while IFS= read -r candidate; do
          [[ $candidate == "$cur"* ]] || continue
          if [[ -n $skip_seen ]]; then
            for seen in ${seen_names[@]+"${seen_names[@]}"}; do
              [[ $candidate == "$seen" ]] && continue 2
            done
          fi
          full=$vlead$candidate
          full=${full:${#lead}}
          if [[ $candidate == -* && -n $dash ]]; then
            COMPREPLY+=("$dash$(_monsters_quoted "$full")$end")
          else
            COMPREPLY+=("$(_monsters_quoted "$full")$end")
          fi
        done
      }

      # Runs monsters with the arguments on the roster the line names (--file), else
      # $MONSTERS_FILE; what it prints on standard error is dropped. Completion never
      # blocks the shell: a named roster that is not a regular file (-, /dev/stdin, a
      # terminal, a FIFO) is not read, a found one is given no wait (--lock-timeout 0,
      # so that a FIFO there reads as empty at once), and monsters gets no standard input.
      _monsters_roster() {
        local file=${MONSTERS_FILE-} i word
        for ((i = 0; i < cword; i++)); do
          word=${words[i]}
          case $word in
            -f | --file)
              if ((i + 1 < cword)); then
                file=$(_monsters_dequote "${words[i + 1]}")
              fi
              ;;
            --file=?*) file=$(_monsters_dequote "${word#--file=}") ;;
          esac
        done
        if [[ -z $file ]]; then
          command monsters --lock-timeout 0 "$@" </dev/null 2>/dev/null
        elif [[ -f $file ]]; then
          command monsters --lock-timeout 0 --file "$file" "$@" </dev/null 2>/dev/null
        fi
      }

      # The monster names of the roster the line names.
      _monsters_names() {
        _monsters_roster list --format names
      }

      # The names of the fields the roster declares: every field's but the built-in ones.
      _monsters_declared_fields() {
        local field
        while IFS= read -r field; do
          case $field in
            \(Self.builtInFieldNames.joined(separator: " | "))) ;;
            *) printf '%s\\n' "$field" ;;
          esac
        done < <(_monsters_roster \(RosterList.fields.arguments.joined(separator: " ")))
      }

      # Files and folders whose path starts with $cur; a folder ends in /, not a space.
      _monsters_files() {
        local file full
        while IFS= read -r file; do
          full=$vlead$file
          full=${full:${#lead}}
          if [[ -d $file ]]; then
            COMPREPLY+=("$(_monsters_quoted "$full")/")
          else
            COMPREPLY+=("$(_monsters_quoted "$full") ")
          fi
        done < <(compgen -f -- "$cur")
      }

      # FIELD=VALUE: a field's name and =, then a value of that field; with "declared", only
      # the fields the roster declares are offered. A condition may compare with !=, <,
      # <=, > or >= too, at the first of them, as the command line reads it.
      _monsters_condition() {
        local field="" rest=$cur comparison=""
        while [[ -n $rest ]]; do
          case $rest in
            '!='* | '<='* | '>='*) comparison=${rest:0:2}; break ;;
            '='* | '<'* | '>'*) comparison=${rest:0:1}; break ;;
          esac
          field=$field${rest:0:1}
          rest=${rest:1}
        done
        if [[ -n $comparison ]]; then
          vlead=$vlead$field$comparison
          cur=${rest:${#comparison}}
          local seen_names=()
          _monsters_field_value "$field"
        else
          end=""
          _monsters_reply "" "" < <(
            if [[ $1 == declared ]]; then
              _monsters_declared_fields
            else
              _monsters_roster \(RosterList.fields.arguments.joined(separator: " "))
            fi | while IFS= read -r field; do
              printf '%s=\\n' "$field"
            done
          )
        fi
      }

      # Fields' names separated by commas, each once.
      _monsters_field_list() {
        local listed=${cur%"${cur##*,}"} field
        vlead=$vlead$listed
        cur=${cur##*,}
        end=""
        _monsters_reply "" "" < <(
          _monsters_roster \(RosterList.fields.arguments.joined(separator: " ")) | while IFS= read -r field; do
            [[ ,$listed == *,"$field",* ]] || printf '%s\\n' "$field"
          done
        )
      }

      # Completes a value of a field ($1) after --where FIELD= or --field FIELD=: a name, or
      # one of the words the roster's listing of values gives the field.
      _monsters_field_value() {
        local line
        if [[ $1 == \(Self.nameField) ]]; then
          _monsters_value monster
          return
        fi
        _monsters_reply "" "" < <(
          _monsters_roster \(Self.valuesArguments.joined(separator: " ")) | while IFS= read -r line; do
            [[ ${line%%=*} == "$1" ]] && printf '%s\\n' "${line#*=}"
          done
        )
      }

      # Completes a value of a kind: monster, path, condition, fields, weapon, field,
      # declared (a declared field), or a list of words.
      _monsters_value() {
        case $1 in
          weapon) _monsters_reply "" "" < <(_monsters_roster \(RosterList.weapons.arguments.joined(separator: " "))) ;;
          field) _monsters_reply "" "" < <(_monsters_roster \(RosterList.fields.arguments.joined(separator: " "))) ;;
          declared) _monsters_reply "" "" < <(_monsters_declared_fields) ;;
          monster)
            local dash="-- "
            [[ -n $options_ended || -n $vlead ]] && dash=""
            _monsters_reply 1 "$dash" < <(_monsters_names)
            ;;
          path) _monsters_files ;;
          condition) _monsters_condition "$2" ;;
          fields) _monsters_field_list ;;
          words) shift; _monsters_reply "" "" < <(printf '%s\\n' "$@") ;;
        esac
      }

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

      # The words as the command line reads them, in $words, and the index of the one
      # completed, in $cword: bash splits weapon=fire at the =, which is in
      # COMP_WORDBREAKS; the command line does not. That word as the command line will read
      # it is $cur, and the part of it bash leaves in place is $lead.
      _monsters_words() {
        local i word count glue="" bashword
        for ((i = 1; i <= COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          count=${#words[@]}
          if ((count > 0)) && { [[ -n $glue ]] || _monsters_is_glue "$word"; }; then
            if ((i == COMP_CWORD)) && [[ -z $word ]] \\
              && [[ ${COMP_LINE:COMP_POINT-1:1} == [[:space:]] ]]; then
              words+=("")
            else
              words[$((count - 1))]=${words[count - 1]}$word
            fi
            if _monsters_is_glue "$word"; then glue=1; else glue=""; fi
          else
            words+=("$word")
            glue=""
          fi
        done
        cword=$((${#words[@]} - 1))
        # Bash replaces what follows the last = or : of the word; the rest stays.
        bashword=${COMP_WORDS[COMP_CWORD]}
        _monsters_is_glue "$bashword" && bashword=""
        lead=${words[cword]}
        lead=$(_monsters_dequote "${lead:0:${#lead}-${#bashword}}")
        cur=$(_monsters_dequote "${words[cword]}")
      }

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
