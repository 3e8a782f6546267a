import Foundation
import Testing

@testable import MonstersCLI

@Suite struct FormatTests {
  private func harness(with monsters: [MonsterFields]) throws -> CommandLineHarness {
    let harness = try CommandLineHarness()
    try harness.writeRoster(rosterJSON(monsters))
    return harness
  }

  @Test func jsonIsAnArrayOfTheFilesObjects() throws {
    let harness = try harness(with: [
      MonsterFields(name: "A", nameColor: "red"), MonsterFields(name: "B", weapon: "sword"),
    ])
    #expect(
      harness.run(["list", "--format", "json"]).output == """
        [
          {
            "name": "A",
            "description": "d",
            "icon": "i.png",
            "weapon": "fire",
            "nameColor": "red"
          },
          {
            "name": "B",
            "description": "d",
            "icon": "i.png",
            "weapon": "sword"
          }
        ]

        """)
    #expect(harness.run(["list", "--format", "json", "--weapon", "smoke"]).output == "[]\n")
  }

  @Test func jsonOfTheSeededRosterParsesToTheSameMonsters() throws {
    let harness = try CommandLineHarness()
    let output = harness.run(["list", "--format", "json"]).output
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: String]])
    let file = try #require(
      try JSONSerialization.jsonObject(with: Data(seededRosterText.utf8)) as? [String: Any])
    #expect(array == file["monsters"] as? [[String: String]])
  }

  @Test func ndjsonIsOneCompactObjectALine() throws {
    let harness = try harness(with: [
      MonsterFields(name: "A", description: "x \"y\""), MonsterFields(name: "B"),
    ])
    #expect(
      harness.run(["list", "--format", "ndjson"]).output == """
        {"name":"A","description":"x \\"y\\"","icon":"i.png","weapon":"fire"}
        {"name":"B","description":"d","icon":"i.png","weapon":"fire"}

        """)
  }

  @Test func tsvHasAHeaderAndEscapesTabsLineBreaksAndBackslashes() throws {
    let harness = try harness(with: [
      MonsterFields(name: "A", description: "tab\there\nnew\\line", nameColor: "#00FF00"),
      MonsterFields(name: "B"),
    ])
    #expect(
      harness.run(["list", "--format", "tsv"]).output
        == "name\tweapon\tdescription\ticon\tnameColor\n"
        + "A\tfire\ttab\\there\\nnew\\\\line\ti.png\t#00FF00\n"
        + "B\tfire\td\ti.png\t\n")
  }

  @Test func controlCharactersReachAPipeAsDataButATerminalOnlyEscaped() throws {
    let harness = try harness(with: [MonsterFields(name: "A", description: "\u{1B}]0;pwned\u{7}")])
    let piped = harness.run(["list", "--format", "tsv"]).output
    #expect(piped.contains("\u{1B}]0;pwned\u{7}"))
    for format in ["tsv", "json", "ndjson", "table"] {
      let shown = harness.run(["list", "--no-color", "--format", format], terminal: true).output
      #expect(!shown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(format)")
    }
    let card = harness.run(["show", "A", "--no-color"], terminal: true).output
    #expect(!card.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
  }

  @Test func jsonOnATerminalEscapesDeleteAndC1Controls() throws {
    let harness = try harness(with: [MonsterFields(name: "A", description: "a\u{7F}b\u{9B}c")])
    #expect(
      harness.run(["show", "A", "--format", "json"], terminal: true).output.contains(
        #""description": "a\u007fb\u009bc""#))
    #expect(
      harness.run(["show", "A", "--format", "json"]).output.contains(
        "\"description\": \"a\u{7F}b\u{9B}c\""))
  }

  @Test func dryRunDiffOnATerminalEscapesDeleteAndC1Controls() throws {
    let harness = try harness(with: [MonsterFields(name: "A", description: "a\u{7F}b\u{9B}c")])
    let arguments = ["set", "A", "--weapon", "sword", "--dry-run", "--no-color"]
    let shown = harness.run(arguments, terminal: true).output
    #expect(!shown.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    #expect(shown.contains(#" "description": "a\u007fb\u009bc","#))
    #expect(harness.run(arguments).output.contains("\"description\": \"a\u{7F}b\u{9B}c\""))
  }

  @Test func weaponsComeAsATableNamesOrJSON() throws {
    let harness = try CommandLineHarness()
    #expect(
      harness.run(["weapons", "--format", "json"]).output.hasPrefix(
        "[\n  {\n    \"name\": \"blowgun\",\n    \"image\": \"blowgun.png\"\n  },\n"))
    #expect(
      harness.run(["weapons", "--format", "names"]).output
        == "blowgun\nninjaStar\nfire\nsword\nsmoke\n")
  }

  @Test(arguments: [
    (["list", "--format", "xml"], "list", "format 'xml'", "table, names, json, ndjson, tsv"),
    (["show", "Cat-Bot", "--format", "tsv"], "show", "format 'tsv'", "text, json"),
    (
      ["weapons", "--format", "jsn"], "weapons", "format 'jsn'. Did you mean 'json'?",
      "table, names, json"
    ),
  ])
  func anUnknownFormatIsAUsageError(
    _ arguments: [String], _ command: String, _ what: String, _ choices: String
  ) throws {
    let harness = try CommandLineHarness()
    let result = harness.run(arguments)
    #expect(result.code == .usage)
    #expect(
      result.errors.hasPrefix(
        "Error: Unknown \(what)" + (what.hasSuffix("?") ? "" : ".")
          + " Choose one of: \(choices).\n"))
  }
}
