// The bash completion script's shell functions that read the line and the roster and
// complete values, which are the same whatever the subcommands are.
extension CompletionScript {
  /// `_monsters_is_glue` and `_monsters_dequote`: a word as the command line reads it.
  var bashDequoting: String {
    """
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
    """
  }

  /// `_monsters_quoted` and `_monsters_reply`: candidates quoted for the shell and added to
  /// `COMPREPLY`.
  var bashReplying: String {
    """
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
    """
  }

  /// `_monsters_roster`, `_monsters_names` and `_monsters_declared_fields`: what the roster
  /// the line names holds, read without blocking the shell.
  var bashRosterReading: String {
    """
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
    """
  }

  /// `_monsters_files` and `_monsters_condition`: paths, and `FIELD=VALUE`.
  var bashFilesAndConditions: String {
    """
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
    """
  }

  /// `_monsters_field_list`, `_monsters_field_value` and `_monsters_value`: fields' names
  /// separated by commas, a field's values, and a value of each kind.
  var bashValueCompletion: String {
    """
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
    """
  }

  /// `_monsters_words`: the line's words as the command line reads them, and the word the
  /// cursor is in.
  var bashLineWords: String {
    """
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
    """
  }
}
