import Foundation
import ProgramRunning
import Testing

/// MonsterKit's catalog page, the first page of its documentation, lists every public type
/// of the library in its Topics, each once: a type left out is found by no reader of the
/// catalog, and DocC itself warns of neither.
@Suite struct CatalogTopicsTests {
  @Test func everyPublicTypeIsListedOnce() throws {
    let sources = packageRoot.appendingPathComponent("Sources/MonsterKit")
    var declared: Set<String> = []
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
    let declaration = /^public (?:final )?(?:struct|enum|class|protocol|actor) (\w+)/
    while let file = files.nextObject() as? String {
      guard file.hasSuffix(".swift") else { continue }
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        if let match = line.firstMatch(of: declaration) { declared.insert(String(match.1)) }
      }
    }
    let catalog = try String(
      contentsOf: sources.appendingPathComponent("MonsterKit.docc/MonsterKit.md"), encoding: .utf8)
    let listed = catalog.split(separator: "\n").compactMap { line in
      line.firstMatch(of: /^- ``(\w+)``$/).map { String($0.1) }
    }
    let twice = Dictionary(grouping: listed) { $0 }.filter { $0.value.count > 1 }.keys
    #expect(twice.isEmpty, "listed twice: \(twice.sorted())")
    #expect(declared.count > 30)
    #expect(declared.subtracting(listed).isEmpty, "not listed")
    #expect(Set(listed).subtracting(declared).isEmpty, "listed, but not a public type")
  }
}
