import Foundation
import ProgramRunning
import Testing

/// Fields are described once, as data (`MonsterField`), and every layer reads that
/// description: the name colour, a built-in field, is named only where a field's own code
/// must be (its type, the model, the built-in table and its lanes, the record that holds
/// it and the values an edit gives records, the reader of its value, the canonical layout
/// and the frame's slot for it, the kind of field it is, the edits apps spell, and drawing
/// a name in its colour). A change that names it in another file fails here, so that it
/// goes through the description instead, or says why not by adding the file.
@Suite struct FieldSpreadTests {
  @Test func theNameColourIsNamedInTheFilesThatMustNameItAndNoOthers() throws {
    let sources = packageRoot.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    var naming: [String] = []
    while let file = files.nextObject() as? String {
      guard file.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      // Words as grep -w has them: `monster.nameColor` holds the word.
      let word = /\b(?:nameColor|NameColor)\b/.wordBoundaryKind(.simple)
      if text.contains(word) { naming.append(file) }
    }
    #expect(
      naming.sorted() == [
        "MonsterKit/Core/MonsterRecord.swift",
        "MonsterKit/Format/CanonicalLayout.swift",
        "MonsterKit/Format/MonsterObjectFrame.swift",
        "MonsterKit/Format/RosterParser+Monsters.swift",
        "MonsterKit/Model/Monster.swift",
        "MonsterKit/Model/MonsterField+BuiltIn.swift",
        "MonsterKit/Model/MonsterField+Lane.swift",
        "MonsterKit/Model/MonsterField+Values.swift",
        "MonsterKit/Model/MonsterField.swift",
        "MonsterKit/Model/NameColor.swift",
        "MonsterKit/Roster/RecordValues.swift",
        "MonsterKit/Roster/Roster+Editing.swift",
        "MonsterKit/Roster/RosterEdit.swift",
        "MonstersCLI/Output/TextStyle.swift",
        "MonstersCLI/Picker/Render/ScreenLine.swift",
      ])
  }
}
