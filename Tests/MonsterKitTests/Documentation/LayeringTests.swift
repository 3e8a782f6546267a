import Foundation
import ProgramRunning
import Testing

/// The package's layers, read from its sources: which module each target imports, where a
/// C library is imported, and which way MonsterKit's folders point. A change that breaks a
/// rule fails here; so does an exception listed below that no longer holds, so that the
/// list only shrinks.
@Suite struct LayeringTests {
  /// The modules each target may import. MonsterKit sits on MonstersSystem alone; the
  /// terminal, signals as events, the environment, `exit` and threads are ProcessPlatform's,
  /// which no library an app links imports.
  static let allowedImports: [String: Set<String>] = [
    "CPlatformShims": [],
    "MonstersSystem": ["CPlatformShims", "Darwin", "Glibc", "Musl"],
    "MonsterKit": ["MonstersSystem"],
    "MonsterKitFoundation": ["MonsterKit", "Foundation"],
    "ProcessPlatform": ["MonstersSystem", "CPlatformShims", "Darwin", "Glibc", "Musl"],
    "MonstersCLI": ["MonsterKit", "MonstersSystem", "ProcessPlatform", "Synchronization"],
    "monsters": ["MonstersCLI", "MonsterKit", "MonstersSystem", "ProcessPlatform"],
  ]

  @Test func eachTargetImportsOnlyTheModulesBelowIt() throws {
    let sources = packageRoot.appendingPathComponent("Sources")
    let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
    #expect(Set(targets) == Set(Self.allowedImports.keys), "a target with no rule, or gone")
    for (file, text) in try swiftFiles(under: "Sources") {
      let target = String(file.split(separator: "/")[0])
      let allowed = Self.allowedImports[target] ?? []
      for module in imports(in: text) where !allowed.contains(module) {
        Issue.record("Sources/\(file) imports \(module), which \(target) may not")
      }
    }
  }

  /// An app that links MonsterKit links the system layer and nothing of the command line:
  /// the package says so, as the imports do.
  @Test func theLibrariesAnAppLinksDependOnlyOnTheLayersBelow() throws {
    let manifest = try String(
      contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    let compact = manifest.filter { !$0.isWhitespace }
    #expect(compact.contains(#".target(name:"MonstersSystem",dependencies:["CPlatformShims"])"#))
    #expect(compact.contains(#".target(name:"MonsterKit",dependencies:["MonstersSystem"])"#))
    #expect(
      compact.contains(#".target(name:"MonsterKitFoundation",dependencies:["MonsterKit"])"#))
  }

  /// What the tests' shared targets may import: ProgramRunning, which the benchmark builds
  /// too, runs programs and knows nothing of MonsterKit or of the tests' own;
  /// TestSupport, the tests' alone, sits on it.
  static let sharedTestImports: [String: Set<String>] = [
    "ProgramRunning": ["Foundation", "MonstersSystem", "ProcessPlatform"],
    "TestSupport": [
      "Foundation", "MonsterKit", "MonstersSystem", "ProcessPlatform", "ProgramRunning",
      "Darwin", "Glibc", "Musl",
    ],
  ]

  @Test func theTestsSharedTargetsImportOnlyTheModulesBelowThem() throws {
    for (target, allowed) in Self.sharedTestImports {
      let files = try swiftFiles(under: "Tests/\(target)")
      #expect(!files.isEmpty, "Tests/\(target) is gone")
      for (file, text) in files {
        for module in imports(in: text) where !allowed.contains(module) {
          Issue.record("Tests/\(target)/\(file) imports \(module), which \(target) may not")
        }
      }
    }
  }

  /// The benchmark builds ProgramRunning, as the tests do, and nothing of the tests' own:
  /// its target does not depend on TestSupport, which the package in Tests/Tools does not
  /// declare, and no file of it imports TestSupport. The targets that package shares with
  /// the package above, through the links in Shared/, are declared alike in both.
  @Test func theBenchmarkDependsOnProgramRunningAndNotOnTestSupport() throws {
    let root = try targetDependencies(inManifest: "Package.swift")
    let tools = try targetDependencies(inManifest: "Tests/Tools/Package.swift")
    #expect(root["ProgramRunning"] == ["MonstersSystem", "ProcessPlatform"])
    #expect(root["TestSupport"]?.contains("ProgramRunning") == true)
    let bench = try #require(tools["monsters-bench"])
    #expect(bench.contains("ProgramRunning"))
    #expect(!bench.contains("TestSupport"), "monsters-bench depends on TestSupport")
    #expect(tools["TestSupport"] == nil, "Tests/Tools declares TestSupport")
    let shared = try FileManager.default.contentsOfDirectory(
      atPath: packageRoot.appendingPathComponent("Tests/Tools/Shared").path)
    #expect(Set(shared).isSubset(of: Set(tools.keys)))
    for name in shared {
      #expect(tools[name] == root[name], "\(name) is declared otherwise in Tests/Tools")
    }
    let link = packageRoot.appendingPathComponent("Tests/Tools/Shared/ProgramRunning")
    #expect(
      link.resolvingSymlinksInPath().path
        == packageRoot.appendingPathComponent("Tests/ProgramRunning").resolvingSymlinksInPath()
        .path)
    for (file, text) in try swiftFiles(under: "Tests/Tools/Sources/monsters-bench") {
      #expect(!imports(in: text).contains("TestSupport"), "monsters-bench/\(file)")
    }
  }

  @Test func onlyTheSystemLayersImportACLibrary() throws {
    let cLibraries: Set<String> = ["Darwin", "Glibc", "Musl", "CPlatformShims"]
    var importing: [String] = []
    for (file, text) in try swiftFiles(under: "Sources") + swiftFiles(under: "Tests")
    where !imports(in: text).isDisjoint(with: cLibraries) {
      importing.append(file)
    }
    let allowedFolders = ["MonstersSystem/", "ProcessPlatform/"]
    let others = importing.filter { file in
      !allowedFolders.contains { file.hasPrefix($0) }
    }
    // The tests' own system calls, and one test that needs a raw thread of its own.
    #expect(
      others.sorted() == [
        "MonstersCLITests/Commands/BackgroundWorkTests.swift",
        "TestSupport/Platform+TestCalls.swift",
      ])
  }

  /// MonsterKit's `package` declarations: what the command line, the benchmark and the
  /// tests reach past its public API. The system calls are MonstersSystem's and
  /// ProcessPlatform's, so this stays small; a declaration only MonsterKit's own tests use
  /// is internal (they import it `@testable`).
  @Test func monsterKitsPackageSurfaceStaysSmall() throws {
    let declaration = /^\s*(?:@\w+(?:\([^)]*\))?\s+)*package\s/.anchorsMatchLineEndings()
    let count = try swiftFiles(under: "Sources/MonsterKit").reduce(0) { total, file in
      total + file.1.matches(of: declaration).count
    }
    #expect(count <= 100, "\(count) package declarations in MonsterKit")
  }

  /// Every Swift file of the package, its tests and their tools holds at most 450 lines: a
  /// longer one is split by what its parts do, as `IdentityEvidence.swift` and
  /// `IdentityEvidence+Resolving.swift`, or `LogCommandTests.swift` and
  /// `LogCommandTests+Refusals.swift`.
  @Test func swiftFilesStayShort() throws {
    for folder in ["Sources", "Tests", "Tests/Tools"] {
      for (file, text) in try swiftFiles(under: folder) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 450, "\(folder)/\(file) has \(lines) lines")
      }
    }
  }

  /// Every function, initializer, subscript and computed property of the package's sources
  /// holds at most 80 lines, from the line that declares it to its closing brace; a nested
  /// function counts on its own and as part of the one around it. A longer one is split by
  /// what its parts do, as the completion scripts are, by the shell functions they define.
  @Test func functionsStayShort() throws {
    for (file, text) in try swiftFiles(under: "Sources") {
      for function in functionsWithBodies(in: text) {
        #expect(
          function.lines <= 80,
          "Sources/\(file):\(function.line) \(function.name) has \(function.lines) lines")
      }
    }
  }

  /// MonsterKit's folders, lowest first: a file may name the types, functions and constants
  /// of its own folder and of those below it.
  static let folders = ["Text", "Model", "Core", "Roster", "Format", "Storage", "Merge"]

  /// Where a folder names a type, function or constant of a folder above it today, as
  /// `file: name`. Each is a debt: the error every layer throws carries the conflict a save
  /// met, which Merge finds. The list may only shrink.
  static let upwardExceptions: Set<String> = [
    "Roster/RosterError.swift: SaveConflict"
  ]

  @Test func monsterKitsFoldersPointDown() throws {
    let files = try swiftFiles(under: "Sources/MonsterKit").filter { file, _ in
      Self.folders.contains(String(file.split(separator: "/")[0]))
    }
    // The types, functions and constants each folder declares at the top level of a file.
    var folderOfType: [String: Int] = [:]
    var folderOfFunction: [String: Int] = [:]
    var folderOfConstant: [String: Int] = [:]
    let typeDeclaration =
      /^(?:public |package )?(?:final )?(?:struct|enum|class|protocol|actor) (\w+)/
      .anchorsMatchLineEndings()
    for (file, text) in files {
      let folder = Self.folders.firstIndex(of: String(file.split(separator: "/")[0]))!
      for match in text.matches(of: typeDeclaration) { folderOfType[String(match.1)] = folder }
      for (name, isFunction) in topLevelFunctionsAndConstants(in: text) {
        // A name two folders declare, overloaded, may mean the lower one's.
        if isFunction {
          folderOfFunction[name] = min(folderOfFunction[name] ?? folder, folder)
        } else {
          folderOfConstant[name] = min(folderOfConstant[name] ?? folder, folder)
        }
      }
    }
    var upward: Set<String> = []
    for (file, text) in files {
      let folder = Self.folders.firstIndex(of: String(file.split(separator: "/")[0]))!
      let code = blankingCommentsAndStrings(in: text)
      for word in Set(
        code.matches(of: /\b[A-Z]\w+\b/.wordBoundaryKind(.simple)).map { String($0.0) })
      {
        // A type a lower folder nests (`RosterEdit.Changes`) is matched as a word too: a
        // higher folder's top-level type of its name is left out.
        if let higher = folderOfType[word], higher > folder, !Self.nestedHomonyms.contains(word) {
          upward.insert("\(file): \(word)")
        }
      }
      let uses = functionsAndConstantsNamed(in: code)
      for (name, higher) in folderOfFunction where higher > folder && uses.called.contains(name) {
        upward.insert("\(file): \(name)")
      }
      for (name, higher) in folderOfConstant where higher > folder && uses.read.contains(name) {
        upward.insert("\(file): \(name)")
      }
    }
    #expect(upward.subtracting(Self.upwardExceptions).sorted() == [], "new upward references")
    #expect(
      Self.upwardExceptions.subtracting(upward).sorted() == [],
      "exceptions that no longer hold: take them off the list")
  }

  /// Top-level types of a higher folder whose names a lower folder also uses for a nested
  /// type of its own.
  static let nestedHomonyms: Set<String> = ["Assignment", "Change", "Changes"]

  /// The functions, constants and variables a file declares at the top level, where a line
  /// starts with `func`, `let` or `var`, perhaps after attributes (`@inlinable`) and
  /// modifiers (`package`); a member's line is indented. A `private` or `fileprivate` one
  /// is left out: no other file can name it.
  private func topLevelFunctionsAndConstants(in text: String) -> [(name: String, isFunction: Bool)]
  {
    let declaration =
      #/
      ^ (?: @\w+ (?: \( [^)]* \) )? \h+ )*
      (?: (?: public | package | internal | nonisolated (?: \(unsafe\) )? ) \h+ )*
      (func | let | var) \h+ (\w+)
      /#.anchorsMatchLineEndings()
    return text.matches(of: declaration).map { (String($0.2), $0.1 == "func") }
  }

  /// The names a file's code gives top-level functions and constants: `called`, where a
  /// function is called (`name(`), and `read`, where a constant or variable stands as a
  /// word, not before a colon (`name:`, a label).
  ///
  /// Neither holds a name after a dot (`value.name`, a member of something else), nor one
  /// the file declares of its own at any depth (`func name`, `let name`, `var name`: a
  /// member, or a local), which its code means by the name; `read` holds none the file
  /// binds otherwise either, as a parameter (`name:`), a loop's or a closure's
  /// (`name in`). `MonsterKit.name` is the top-level one, whatever the file declares, and
  /// is in both.
  private func functionsAndConstantsNamed(in code: String) -> (
    called: Set<String>, read: Set<String>
  ) {
    func names(_ regex: Regex<(Substring, Substring)>) -> Set<String> {
      Set(code.matches(of: regex.wordBoundaryKind(.simple)).map { String($0.1) })
    }
    // The first capture is the dot before the name, if any.
    func namesNotAfterADot(_ regex: Regex<(Substring, Substring, Substring)>) -> Set<String> {
      Set(
        code.matches(of: regex.wordBoundaryKind(.simple)).filter(\.1.isEmpty).map { String($0.2) })
    }
    let declared = names(/\b(?:func|let|var)\s+(\w+)/)
    let bound = declared.union(names(/\b(\w+)\s*:/)).union(names(/\b(\w+)\s+in\b/))
    let qualified = names(/\bMonsterKit\.(\w+)/)
    let called = namesNotAfterADot(/(\.?)\b(\w+)\(/).subtracting(declared)
    let read = namesNotAfterADot(/(\.?)\b(\w+)\b(?!\s*:)/).subtracting(bound)
    return (called.union(qualified), read.union(qualified))
  }

  // MARK: - Reading the sources

  /// The functions, initializers, subscripts and computed properties a file declares with a
  /// body, at any depth: the line each is declared on, its name, and how many lines it
  /// spans, from there to its closing brace. A declaration with no body, as a protocol's
  /// requirement, meets a `}` or another declaration before its `{`.
  private func functionsWithBodies(in text: String) -> [(line: Int, name: String, lines: Int)] {
    let code = blankingCommentsAndStrings(in: text)
    let scalars = code.unicodeScalars
    // The first capture is a dot before the word, if any: `self.init(` calls an initializer.
    let declaration =
      #/
      (\.?) \b (?: func \s+ ([^\s(<]+) | (init) [?!]? (?=\s*[(<]) | (subscript) (?=\s*[(<])
      | var \s+ (\w+) \s* : [^=\n{]* (?=\{) )
      /#
    let otherDeclaration =
      /\b(?:func|var|let|init|subscript|case|struct|enum|class|protocol|extension|actor)\b/
    var found: [(line: Int, name: String, lines: Int)] = []
    var line = 1
    var counted = code.startIndex
    for match in code.matches(of: declaration) where match.1.isEmpty {
      line += scalars[counted..<match.range.lowerBound].count { $0 == "\n" }
      counted = match.range.lowerBound
      // The body's `{`: the first outside the signature's parentheses.
      var index = match.range.upperBound
      var parentheses = 0
      while index < scalars.endIndex,
        parentheses > 0 || !"{}".unicodeScalars.contains(scalars[index])
      {
        if scalars[index] == "(" { parentheses += 1 }
        if scalars[index] == ")" { parentheses -= 1 }
        index = scalars.index(after: index)
      }
      guard index < scalars.endIndex, scalars[index] == "{",
        !code[match.range.upperBound..<index].contains(otherDeclaration)
      else { continue }
      var braces = 0
      repeat {
        if scalars[index] == "{" { braces += 1 }
        if scalars[index] == "}" { braces -= 1 }
        index = scalars.index(after: index)
      } while braces > 0 && index < scalars.endIndex
      let name = match.2 ?? match.3 ?? match.4 ?? match.5 ?? ""
      let lines = scalars[match.range.lowerBound..<index].count { $0 == "\n" } + 1
      found.append((line, String(name), lines))
    }
    return found
  }

  /// A file's text with its comments and string literals blanked, each of their characters
  /// but a newline a space, quotes and the `\(` and `)` around an interpolation too, so that
  /// what is left is the code, an interpolation's among it, on the file's own lines. It reads `//` and nested `/* */` comments, and strings
  /// in `"`, `"""` and raw `#"…"#`, with interpolations `\(…)` (`\#(…)`) in them, which may
  /// hold strings of their own.
  private func blankingCommentsAndStrings(in text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    /// What a point of the text is in, innermost last: a string, by the `#`s around it and
    /// its quotes, a block comment, or an interpolation's code, by the parentheses open in
    /// it. None: the file's code.
    enum Context {
      case string(hashes: String, quotes: String)
      case comment
      case interpolation(parentheses: Int)
    }
    var contexts: [Context] = []
    var code = String.UnicodeScalarView()
    var index = 0
    func next(_ text: String) -> Bool {
      scalars[index...].starts(with: text.unicodeScalars)
    }
    while index < scalars.count {
      let start = index
      var blank: Bool
      switch contexts.last {
      case .string?, .comment?: blank = true
      case nil, .interpolation?: blank = false
      }
      switch contexts.last {
      case .string(let hashes, let quotes)?:
        if next("\\" + hashes + "(") {
          contexts.append(.interpolation(parentheses: 0))
          index += hashes.count + 2
        } else if next("\\" + hashes) {
          index += hashes.count + 2  // an escaped character
        } else if next(quotes + hashes) {
          contexts.removeLast()
          index += quotes.count + hashes.count
        } else {
          index += 1
        }
      case .comment?:
        if next("/*") {
          contexts.append(.comment)
          index += 2
        } else if next("*/") {
          contexts.removeLast()
          index += 2
        } else {
          index += 1
        }
      case nil, .interpolation?:
        let hashes = String(repeating: "#", count: scalars[index...].prefix { $0 == "#" }.count)
        if next("//") {
          blank = true
          while index < scalars.count, scalars[index] != "\n" { index += 1 }
        } else if next("/*") {
          blank = true
          contexts.append(.comment)
          index += 2
        } else if next(hashes + "\"") {
          blank = true
          let quotes = next(hashes + "\"\"\"") ? "\"\"\"" : "\""
          contexts.append(.string(hashes: hashes, quotes: quotes))
          index += hashes.count + quotes.count
        } else if case .interpolation(let open)? = contexts.last, scalars[index] == "(" {
          contexts[contexts.count - 1] = .interpolation(parentheses: open + 1)
          index += 1
        } else if case .interpolation(let open)? = contexts.last, scalars[index] == ")" {
          // A `)` with none open ends the interpolation: its string goes on.
          blank = open == 0
          contexts.removeLast()
          if open > 0 { contexts.append(.interpolation(parentheses: open - 1)) }
          index += 1
        } else {
          index += 1
        }
      }
      index = min(index, scalars.count)
      code.append(contentsOf: scalars[start..<index].map { blank && $0 != "\n" ? " " : $0 })
    }
    return String(code)
  }

  private func swiftFiles(under folder: String) throws -> [(String, String)] {
    let root = packageRoot.appendingPathComponent(folder)
    let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
    var files: [(String, String)] = []
    while let file = enumerator.nextObject() as? String {
      guard file.hasSuffix(".swift"), !file.contains(".build/"), !file.hasPrefix("Tools/") else {
        continue
      }
      files.append(
        (file, try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)))
    }
    return files
  }

  /// The targets a manifest declares, each with the targets it depends on (empty for
  /// none), read from its `.target(name:dependencies:)` and the like.
  private func targetDependencies(inManifest path: String) throws -> [String: Set<String>] {
    let manifest = try String(
      contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    let compact = manifest.filter { !$0.isWhitespace }
    let declaration = /\.\w*[tT]arget\(name:"([\w-]+)"(?:,dependencies:\[([^\]]*)\])?/
    var targets: [String: Set<String>] = [:]
    for match in compact.matches(of: declaration) {
      let names = (match.2 ?? "").split(separator: ",").map { $0.filter { $0 != "\"" } }
      targets[String(match.1)] = Set(names)
    }
    return targets
  }

  /// The modules a file imports, in an `#if` or not.
  private func imports(in text: String) -> Set<String> {
    Set(
      text.matches(of: /^\s*(?:@testable\s+)?import\s+(\w+)/.anchorsMatchLineEndings()).map {
        String($0.1)
      })
  }
}
