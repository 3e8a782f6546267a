// The zsh completion script.
extension CompletionScript {
  /// The script for zsh: a `_monsters` function for `compinit` to load from `$fpath`.
  var zsh: String {
    let subcommands = commands.map { "    '\($0.name):\(zshText($0.abstract))'" }
    let cases = commands.map { command in
      let specs =
        command.options.map(zshSpec)
        + command.arguments.enumerated().map { position, argument in
          let action = zshAction(argument.values)
          if argument.isRepeating { return "'*:\(argument.name):\(action)'" }
          return argument.isOptional
            ? "'::\(argument.name):\(action)'" : "'\(position + 1):\(argument.name):\(action)'"
        }
      let body =
        specs.isEmpty
        ? "_message 'no more arguments'" : "_arguments -S " + specs.joined(separator: " ")
      return "        \(command.name)) \(body) ;;"
    }
    let topLevel = topLevelOptions.map(zshSpec)
    let conditionCases = Self.fields.map { field in
      "      \(field.name.lowercased())) \(zshCommand(field.values)) ;;"
    }
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
      # compadd, which quotes them; they are never evaluated. A name already on the line
      # is not offered again. A name that starts with a dash is inserted after '--' (as
      # '-- -Odd-Bot') unless the line has one, so that it is never read as an option.

      # The monster names of the roster the line names (--file), else $MONSTERS_FILE; with
      # "all", also those on the line already.
      _monsters_names() {
        local -a names dashed seen kept
        local name
        names=("${(@f)$(command monsters $_monsters_file list --format names 2>/dev/null)}")
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

      # FIELD=VALUE: a field's name and =, then a value of that field.
      _monsters_condition() {
        local field=${PREFIX%%=*}
        if compset -P '*='; then
          case ${(L)field} in
      \(conditionCases.joined(separator: "\n"))
          esac
        else
          compadd -S '=' -M 'm:{a-zA-Z}={A-Za-z}' -- \(Self.fields.map(\.name).joined(separator: " "))
        fi
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
    case .condition: "_monsters_condition"
    case .fieldList(let fields): "_values -s , field " + fields.map(\.name).joined(separator: " ")
    }
  }

  /// A command that completes a kind of value, inside a function of the script.
  private func zshCommand(_ values: Values) -> String {
    switch values {
    case .monsterNames: "_monsters_names all"
    case .paths: "_files"
    case .nothing: ":"
    case .words(let words):
      "compadd -M 'm:{a-zA-Z}={A-Za-z}' -- " + words.joined(separator: " ")
    case .condition, .fieldList: zshAction(values)
    }
  }

  /// Help text made safe inside a zsh spec: no brackets, colons or single quotes.
  private func zshText(_ text: String) -> String {
    String(text.map { "[]:'".contains($0) ? " " : $0 })
  }
}
