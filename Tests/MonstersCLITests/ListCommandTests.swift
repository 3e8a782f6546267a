import MonstersCLI
import Testing

@Suite struct ListCommandTests {
  @Test func listsTheSeededRosterWhenThereIsNoFile() {
    let output = OutputChannel(capturingAsTerminal: false)
    let errors = OutputChannel(capturingAsTerminal: false)
    let code = MonstersCommandLine.run(
      ["--file", "/nonexistent/monsters.json", "list", "--format", "names"], environment: [:],
      console: Console(input: InputChannel(), output: output, errors: errors))
    #expect(code == .success)
    #expect(
      output.text
        == "Cat-Bot\nDog-Bot\nExplode-Bot\nFire-Bot\nIce-Bot\nMini-Tomato-Bot\n")
    #expect(errors.text.isEmpty)
  }
}
