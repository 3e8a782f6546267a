// The zsh completion script.
extension CompletionScript {
  /// The script for zsh: a `_monsters` function for `compinit` to load from `$fpath`.
  var zsh: String {
    [zshHeader, zshRosterReading, zshFieldCompletion, zshCompleting].joined(separator: "\n\n")
      + "\n"
  }

  /// The script's opening comment: how to install it, and what it promises.
  private var zshHeader: String {
    """
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
    # compadd, which quotes them; they are never evaluated. A name already on the line
    # is not offered again. A name that starts with a dash is inserted after '--' (as
    # '-- -Odd-Bot') unless the line has one, so that it is never read as an option.
    """
  }

  /// `_monsters_names`, `_monsters_run`, `_monsters_lines`, `_monsters_roster` and
  /// `_monsters_weapons`: what the roster the line names holds, read without blocking the
  /// shell.
  private var zshRosterReading: String {
    """
    # The monster names of the roster the line names (--file), else $MONSTERS_FILE; with
    # "all", also those on the line already.
    _monsters_names() {
      local -a names dashed seen kept
      local name
      names=("${(@f)$(_monsters_run list --format names)}")
      names=(${names:#})
      if [[ $1 != all ]]; then
        seen=(${(L)${(Q)words[2,CURRENT-1]}})
        for name in $names; do
          (( ${seen[(Ie)${(L)name}]} )) || kept+=("$name")
        done
        names=("${kept[@]}")
      fi
      if [[ $1 != all ]] && (( ! ${words[1,CURRENT-1][(I)--]} )); then
        dashed=(${(M)names:#-*})
        names=(${names:#-*})
        compadd -M 'm:{a-zA-Z}={A-Za-z}' -P '-- ' -a dashed
      fi
      compadd -M 'm:{a-zA-Z}={A-Za-z}' -a names
    }

    # Runs monsters with the arguments on the roster the line names (--file), else
    # $MONSTERS_FILE; what it prints on standard error is dropped. Completion never
    # blocks the shell: a named roster that is not a regular file (-, /dev/stdin, a
    # terminal, a FIFO) is not read, a found one is given no wait (--lock-timeout 0,
    # so that a FIFO there reads as empty at once), and monsters gets no standard input.
    _monsters_run() {
      local file=${_monsters_file[2]-${MONSTERS_FILE-}}
      [[ -z $file || -f $file ]] || return 0
      command monsters --lock-timeout 0 $_monsters_file "$@" </dev/null 2>/dev/null
    }

    # The lines monsters prints with the arguments, for the roster the line names.
    _monsters_lines() {
      reply=("${(@f)$(_monsters_run "$@")}")
      reply=(${reply:#})
    }

    # One of the words a listing of the roster gives.
    _monsters_roster() {
      local -a reply
      _monsters_lines "$@"
      compadd -M 'm:{a-zA-Z}={A-Za-z}' -a reply
    }

    # The roster's weapons.
    _monsters_weapons() {
      _monsters_roster \(RosterList.weapons.arguments.joined(separator: " "))
    }
    """
  }

  /// `_monsters_fields`, `_monsters_field_list` and `_monsters_condition`: a field's name,
  /// fields' names separated by commas, and `FIELD=VALUE`.
  private var zshFieldCompletion: String {
    """
    # The roster's fields; with "declared", only those it declares.
    _monsters_fields() {
      local -a reply builtIn
      builtIn=(\(Self.builtInFieldNames.joined(separator: " ")))
      _monsters_lines \(RosterList.fields.arguments.joined(separator: " "))
      [[ $1 == declared ]] && reply=(${reply:|builtIn})
      compadd -M 'm:{a-zA-Z}={A-Za-z}' -a reply
    }

    # Fields' names separated by commas, each once.
    _monsters_field_list() {
      local -a reply
      _monsters_lines \(RosterList.fields.arguments.joined(separator: " "))
      # _values reads a colon or a bracket in a name as its own syntax.
      reply=(${reply:#*[][:\\\\]*})
      _values -s , field $reply
    }

    # FIELD=VALUE: a field's name and =, then a value of that field, read from the roster;
    # with "declared", only the fields the roster declares are offered. A condition may
    # compare with !=, <, <=, > or >= too, at the first of them, as the command line reads
    # it.
    _monsters_condition() {
      local field="" rest=$PREFIX comparison="" line
      local -a reply values builtIn
      while [[ -n $rest ]]; do
        case $rest in
          ('!='* | '<='* | '>='*) comparison=${rest[1,2]}; break ;;
          ('='* | '<'* | '>'*) comparison=${rest[1]}; break ;;
        esac
        field+=${rest[1]}
        rest=${rest[2,-1]}
      done
      if [[ -n $comparison ]] && compset -P "${(b)field}${(b)comparison}"; then
        if [[ ${(L)field} == \(Self.nameField.lowercased()) ]]; then
          _monsters_names all
          return
        fi
        _monsters_lines \(Self.valuesArguments.joined(separator: " "))
        for line in $reply; do
          [[ ${(L)line%%=*} == ${(L)field} ]] && values+=("${line#*=}")
        done
        compadd -M 'm:{a-zA-Z}={A-Za-z}' -a values
      else
        _monsters_lines \(RosterList.fields.arguments.joined(separator: " "))
        builtIn=(\(Self.builtInFieldNames.joined(separator: " ")))
        [[ $1 == declared ]] && reply=(${reply:|builtIn})
        compadd -S '=' -M 'm:{a-zA-Z}={A-Za-z}' -a reply
      fi
    }
    """
  }

  /// `_monsters`, which completes the options of `monsters`, its subcommands, and each
  /// subcommand's options and arguments; and the lines that have zsh call it.
  private var zshCompleting: String {
    let subcommands = topCommands.map { "    '\($0.name):\(zshText($0.abstract))'" }
    let cases = topCommands.map { command in
      guard !command.actions.isEmpty else {
        return "        \(command.name)) \(zshArguments(command)) ;;"
      }
      // An action's words follow the subcommand's: once it is typed, the action's own
      // arguments are completed, as if the line started with it.
      let actions = commands.filter { $0.name.hasPrefix(command.name + " ") }.map { action in
        "            1:\(action.name.dropFirst(command.name.count + 1)))\n"
          + "              shift words; (( CURRENT-- )); \(zshArguments(action)) ;;"
      }
      return "        \(command.name))\n          case $(( CURRENT > 2 )):${words[2]} in\n"
        + actions.joined(separator: "\n") + "\n            *) \(zshArguments(command)) ;;\n"
        + "          esac ;;"
    }
    let topLevel = topLevelOptions.map(zshSpec)
    return """
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
          \(topLevel.joined(separator: " \\\n    "))\\
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

  /// How `_arguments` completes a subcommand's options and arguments, or the message that
  /// it takes none.
  private func zshArguments(_ command: Command) -> String {
    let specs =
      command.options.map(zshSpec)
      + command.arguments.enumerated().map { position, argument in
        let action = zshAction(argument.values)
        if argument.isRepeating { return "'*:\(argument.name):\(action)'" }
        return argument.isOptional
          ? "'::\(argument.name):\(action)'" : "'\(position + 1):\(argument.name):\(action)'"
      }
    return specs.isEmpty
      ? "_message 'no more arguments'" : "_arguments -S " + specs.joined(separator: " ")
  }

  /// An option as an `_arguments` spec: `'--weapon=[help]:weapon:(blowgun ...)'`.
  private func zshSpec(_ option: Option) -> String {
    let help = "[\(zshText(option.help))]"
    let long = "--\(option.name)"
    guard let values = option.values else {
      if let short = option.shortName {
        return "'(-\(short) \(long))'{-\(short),\(long)}'\(help)'"
      }
      return "'\(long)\(help)'"
    }
    let value = ":\(option.valueName):\(zshAction(values))"
    if option.isRepeatable { return "'*\(long)=\(help)\(value)'" }
    if let short = option.shortName {
      return "'(-\(short) \(long))'{-\(short)+,\(long)=}'\(help)\(value)'"
    }
    return "'\(long)=\(help)\(value)'"
  }

  /// How `_arguments` completes a kind of value.
  private func zshAction(_ values: Values) -> String {
    switch values {
    case .monsterNames: "_monsters_names"
    case .paths: "_files"
    case .nothing: " "
    case .words(let words): "(" + words.joined(separator: " ") + ")"
    case .roster(.weapons): "_monsters_weapons"
    case .roster(.fields): "_monsters_fields"
    case .roster(.declaredFields): "_monsters_fields declared"
    case .condition(.declaredFields): "_monsters_condition declared"
    case .condition: "_monsters_condition"
    case .fieldList: "_monsters_field_list"
    }
  }

  /// Help text made safe inside a zsh spec: no brackets, colons or single quotes.
  private func zshText(_ text: String) -> String {
    String(text.map { "[]:'".contains($0) ? " " : $0 })
  }
}
