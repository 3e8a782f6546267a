/// Help pages and usage lines, in swift-argument-parser's layout, from the subcommands'
/// specs, so that help cannot drift from what the parser accepts.
enum HelpText {
  /// The width help is wrapped to.
  static let width = 80
  /// The column the help of an option or argument starts at.
  static let helpColumn = 26

  static let overview = "Keep a roster of monsters in a JSON file."
  static let discussion = """
    The roster file is --file, else $MONSTERS_FILE, else the nearest monsters.json, \
    as git finds .git: in the current folder, then in each folder above it up to \
    the top of the git work tree (outside one, the current folder only). While there \
    is none, the roster is the six seeded monsters, and the first edit creates \
    monsters.json in the current folder.
    """

  /// The help page of a subcommand, or of `monsters` itself.
  static func page(for command: CommandSpec?, commands: [CommandSpec]) -> String {
    var lines: [String] = []
    lines.append(contentsOf: wrap("OVERVIEW: " + (command?.abstract ?? overview), indent: 0))
    let discussion = command?.discussion ?? Self.discussion
    for paragraph in discussion.split(separator: "\n\n") where !paragraph.isEmpty {
      lines.append("")
      lines.append(contentsOf: wrap(String(paragraph), indent: 0))
    }
    lines.append("")
    lines.append(contentsOf: usageLines(for: command, prefix: "USAGE: "))
    if let command, !command.allArguments.isEmpty {
      lines.append("")
      lines.append("ARGUMENTS:")
      for argument in command.allArguments {
        lines.append(contentsOf: entry("<\(argument.name)>", argument.help))
      }
    }
    lines.append("")
    lines.append("OPTIONS:")
    for option in command?.allOptions ?? OptionSpec.topLevel {
      lines.append(contentsOf: entry(option.label, option.help))
    }
    if let command, !command.examples.isEmpty {
      lines.append("")
      lines.append("EXAMPLES:")
      for (position, example) in command.examples.enumerated() {
        if position > 0 { lines.append("") }
        lines.append(contentsOf: wrap(example.purpose, indent: 4).map { "  #" + $0.dropFirst(3) })
        lines.append("  " + example.commandLine)
      }
    }
    if command == nil {
      lines.append("")
      lines.append("SUBCOMMANDS:")
      for subcommand in commands {
        lines.append(contentsOf: entry(subcommand.name, subcommand.abstract))
      }
      lines.append("")
      lines.append("  See 'monsters help <subcommand>' for detailed help.")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The usage of a subcommand, wrapped, after `prefix` (`USAGE: ` or `Usage: `): a line
  /// for each way to run it, each after the first lined up under the first.
  static func usageLines(for command: CommandSpec?, prefix: String) -> [String] {
    guard let command else {
      return [prefix + "monsters [--file <path>] <subcommand> [<options>]"]
    }
    var lines: [String] = []
    for (position, usage) in command.usages.enumerated() {
      // A form's flag comes first, where it reads as what chooses the form.
      let flags = usage.options.filter { option in command.forms.contains { $0.flag == option.name }
      }
      let words =
        flags.map(\.synopsis) + usage.arguments.map(\.synopsis)
        + usage.options.filter { !flags.contains($0) }.map {
          $0.isRequired ? $0.synopsis : "[\($0.synopsis)]"
        }
      let lead = position == 0 ? prefix : String(repeating: " ", count: prefix.count)
      let head = lead + "monsters " + command.name
      var line = head
      for word in words {
        if line.count + 1 + word.count > width && line != head {
          lines.append(line)
          line = String(repeating: " ", count: head.count)
        }
        line += " " + word
      }
      lines.append(line)
    }
    return lines
  }

  /// An option or argument with its help beside it, wrapped.
  private static func entry(_ label: String, _ help: String) -> [String] {
    let labelText = "  " + label
    var helpLines = wrap(help, indent: helpColumn)
    if labelText.count + 2 <= helpColumn {
      let first = helpLines.removeFirst().dropFirst(labelText.count)
      return [labelText + first] + helpLines
    }
    return [labelText] + helpLines
  }

  /// Text wrapped to ``width`` at spaces, each line indented by `indent`.
  static func wrap(_ text: String, indent: Int) -> [String] {
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = margin
    for word in text.split(separator: " ") {
      if line.count > indent && line.count + 1 + word.count > width {
        lines.append(line)
        line = margin
      }
      line += (line.count > indent ? " " : "") + word
    }
    lines.append(line)
    return lines
  }
}
