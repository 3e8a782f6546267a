import Foundation
import MonstersSystem
import ProgramRunning
import Testing

@testable import MonstersCLI

// In a real terminal: a Tab in bash and zsh, typed through tmux.
extension CompletionTests {
  /// The line a shell shows after a Tab, typed in a real terminal (tmux), with the script
  /// loaded as README says.
  private func completedLine(
    _ typed: String, shell: String, setup: [String], in tmux: PickerTmux
  ) throws -> String {
    try tmux.waitForScreen { $0.hasPrefix("$") }
    for line in setup {
      try tmux.send(line, literally: true)
      try tmux.send("Enter")
    }
    try tmux.send("clear", literally: true)
    try tmux.send("Enter")
    try tmux.waitForScreen { screen in
      screen.split(separator: "\n", omittingEmptySubsequences: false).first?
        .trimmingCharacters(in: .whitespaces) == "$"
    }
    try tmux.send(typed, literally: true)
    try tmux.send("Tab")
    var line = ""
    try tmux.waitForScreen { screen in
      line = String(screen.prefix { $0 != "\n" })
      return line.count > typed.count + 2
    }
    return line
  }

  @Test(.enabled(if: PickerTmux.isAvailable, "tmux is not installed"))
  func inARealBashTabCompletesTheValueOfAFieldNotAName() throws {
    let tmux = try PickerTmux(
      pick: [], roster: PickerTmux.seededRoster,
      shell: "env PS1='$ ' bash --norc --noprofile -i")
    let scriptPath = tmux.folder + "/monsters.bash"
    try script(for: "bash", to: scriptPath)
    let line = try completedLine(
      "monsters set --where weapon=f", shell: "bash",
      setup: ["source '\(scriptPath)'", "export MONSTERS_FILE=monsters.json"], in: tmux)
    #expect(line == "$ monsters set --where weapon=fire")
    try tmux.send("C-u")
    try tmux.send("monsters set cat-bot ice-bot M", literally: true)
    try tmux.send("Tab")
    try tmux.waitForScreen { $0.hasPrefix("$ monsters set cat-bot ice-bot Mini-Tomato-Bot") }
  }

  @Test(
    .enabled(
      if: PickerTmux.isAvailable && installedProgram("zsh") != nil,
      "tmux or zsh is not installed"))
  func inARealZshTabCompletesTheValueOfAFieldNotAName() throws {
    // zsh reads its startup file as it starts: it is written first, in a folder of its own.
    let harness = try CommandLineHarness()
    try FileManager.default.createDirectory(
      atPath: harness.path("functions"), withIntermediateDirectories: true)
    try script(for: "zsh", to: harness.path("functions/_monsters"))
    try """
    fpath=(\(harness.folder)/functions $fpath)
    autoload -U compinit && compinit -u
    PS1='$ '
    export MONSTERS_FILE=monsters.json

    """.write(toFile: harness.path(".zshrc"), atomically: true, encoding: .utf8)
    let tmux = try PickerTmux(
      pick: [], roster: PickerTmux.seededRoster,
      shell: "env ZDOTDIR=\(PickerTmux.quoted(harness.folder)) zsh -i")
    let line = try completedLine(
      "monsters set --where weapon=f", shell: "zsh", setup: [], in: tmux)
    #expect(line.hasPrefix("$ monsters set --where weapon=fire"))
    try tmux.send("C-u")
    try tmux.send("monsters weapons rem", literally: true)
    try tmux.send("Tab")
    try tmux.waitForScreen { $0.hasPrefix("$ monsters weapons remove") }
    try tmux.send("C-u")
    try tmux.send("monsters set cat-bot ice-bot M", literally: true)
    try tmux.send("Tab")
    try tmux.waitForScreen { $0.hasPrefix("$ monsters set cat-bot ice-bot Mini-Tomato-Bot") }
  }

  /// Writes a shell's script to a file.
  private func script(for shell: String, to path: String) throws {
    try script(shell).write(toFile: path, atomically: true, encoding: .utf8)
  }
}
