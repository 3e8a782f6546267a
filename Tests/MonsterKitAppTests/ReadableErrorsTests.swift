import Foundation
import MonsterKit
import Testing

// What an app reads of a `RosterError`: its category to switch on, and where in the file.
@Suite struct ReadableErrorsTests {
  /// The error reading a file's text gives, or `nil` when it reads.
  private func readingError(_ text: String) -> RosterError? {
    do {
      _ = try Roster(jsonBytes: Array(text.utf8), path: "Team.json")
      return nil
    } catch {
      return error
    }
  }

  @Test func aSyntaxErrorSaysWhereAndIsAParseError() throws {
    let error = try #require(readingError("{\n  \"version\": 1,\n  \"monsters\": [ ,\n"))
    #expect(error.category == .parse)
    #expect(error.line == 3)
    #expect(error.column == 17)
  }

  @Test func aNewerVersionIsAParseErrorNamingNoCommandLine() throws {
    let error = try #require(readingError("{\n  \"version\": 2,\n  \"monsters\": []\n}\n"))
    #expect(error.category == .parse)
    #expect(error.line == 2)
    #expect(error.column == 14)
    #expect(error.description.contains("newer than this reader supports (1)"))
    #expect(!error.description.contains("monsters"))
  }

  @Test func anEditInMemoryIsAnEditErrorWithNoPlace() throws {
    var roster = Roster.seeded
    do {
      try roster.apply(.remove("Nobody"))
      Issue.record("removed a monster that is not there")
    } catch {
      #expect(error.category == .edit)
      #expect(error.line == nil)
      #expect(error.column == nil)
    }
  }

  @Test func aMissingFileIsAFileError() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("MonsterKitAppTests-\(UUID().uuidString).json").path
    do {
      _ = try RosterFile(path: path).read()
      Issue.record("read a missing file")
    } catch {
      #expect(error.category == .file)
      #expect(error.line == nil)
    }
  }

  /// The conflict a save meets where another program gave Cat-Bot another weapon.
  static func saveConflict() throws -> RosterError {
    try withRosterFile { path in
      let file = RosterFile(path: path)
      let snapshot = try file.snapshot()
      var roster = snapshot.roster
      try roster.apply(.set("Cat-Bot", .init(weapon: .fire)))
      try file.apply([.set("Cat-Bot", .init(weapon: .smoke))])
      do throws(RosterError) {
        _ = try file.save(roster, basedOn: snapshot)
        return .missingFile(path: "no conflict")
      } catch {
        return error
      }
    }
  }

  @Test func everyCaseHasTheCategoryAnAppExpects() throws {
    let cases: [(RosterError, RosterError.Category, Int?, Int?)] = [
      (.noSuchMonster("A", suggestion: nil), .edit, nil, nil),
      (.nameTaken("A", by: "a"), .edit, nil, nil),
      (.invalidName("", reason: .empty), .edit, nil, nil),
      (.unknownWeapon("axe", weapons: []), .edit, nil, nil),
      (.unknownField("f", fields: []), .edit, nil, nil),
      (.invalidValue("x", field: "f", reason: "r"), .edit, nil, nil),
      (.missingValue(field: "f", monster: nil), .edit, nil, nil),
      (.invalidDeclaration("d", reason: .lastWeapon), .edit, nil, nil),
      (.weaponTaken("w", by: "W"), .edit, nil, nil),
      (.fieldTaken("f", by: "F"), .edit, nil, nil),
      (.weaponInUse("w", monsters: ["A"], count: 1), .edit, nil, nil),
      (.fieldInUse("f", monsters: ["A"], count: 1), .edit, nil, nil),
      (.syntax(path: "p", line: 4, column: 9, message: "m"), .parse, 4, 9),
      (
        .invalidRoster(
          path: "p",
          problems: [
            RosterProblem(line: 5, column: 3, message: "m"),
            RosterProblem(line: 2, column: 1, message: "n"),
          ]),
        .parse, 5, 3
      ),
      (.invalidRoster(path: "p", problems: []), .parse, nil, nil),
      (.unresolvedConflict(path: "p", lines: [7, 12]), .parse, 7, 1),
      (.missingFile(path: "p"), .file, nil, nil),
      (.fileExists(path: "p"), .file, nil, nil),
      (.notARegularFile(path: "p"), .file, nil, nil),
      (.notEditable(path: "p"), .file, nil, nil),
      (.fileTooLarge(path: "p"), .file, nil, nil),
      (.changedWhileReading(path: "p"), .file, nil, nil),
      (.fileSystem(path: "p", action: .write, errno: 13), .file, nil, nil),
      (.lockTimeout(path: "p", seconds: 1), .lock, nil, nil),
      (.notTheFileRead(path: "p"), .file, nil, nil),
      (try Self.saveConflict(), .conflict, nil, nil),
    ]
    for (error, category, line, column) in cases {
      #expect(error.category == category, "\(error)")
      #expect(error.line == line, "\(error)")
      #expect(error.column == column, "\(error)")
    }
    #expect(Set(cases.map(\.1)) == Set(RosterError.Category.allCases))
  }
}

@Suite struct LockTimeoutTests {
  @Test func anEditWaitsForTheLockAsLongAsItsDuration() throws {
    try withRosterFile { path in
      var waitedFor: RosterError?
      // An edit held open while another value of the same file edits it.
      try RosterFile(path: path).update { _ in
        let other = RosterFile(path: path, lockTimeout: .milliseconds(200))
        let start = ContinuousClock.now
        do throws(RosterError) {
          try other.apply([.remove("Cat-Bot")])
        } catch {
          waitedFor = error
        }
        #expect(ContinuousClock.now - start >= .milliseconds(200))
      }
      #expect(waitedFor == .lockTimeout(path: path, seconds: 0.2))
      #expect(waitedFor?.category == .lock)
      #expect(RosterFile(path: path).lockTimeout == .seconds(10))
    }
  }

  /// A negative duration waits as 0 does: no longer, and the message says 0 s.
  @Test func aNegativeDurationWaitsNoMoreThanZero() throws {
    try withRosterFile { path in
      var waitedFor: RosterError?
      try RosterFile(path: path).update { _ in
        do throws(RosterError) {
          try RosterFile(path: path, lockTimeout: .seconds(-5)).apply([.remove("Cat-Bot")])
        } catch {
          waitedFor = error
        }
      }
      #expect(waitedFor == .lockTimeout(path: path, seconds: 0))
      #expect(waitedFor?.description.contains("over 0 s") == true)
    }
  }

  /// A FIFO where a roster belongs, with no writer: read with a negative duration, it is
  /// refused at once rather than waited on forever.
  @Test func aFIFOWithANegativeDurationIsNotWaitedOnForever() throws {
    let (folder, _) = try makeRosterFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("fifo.json").path
    #expect(mkfifo(path, 0o600) == 0)
    // On a thread of its own, so that a read that hangs fails the test instead.
    let done = DispatchSemaphore(value: 0)
    Thread {
      _ = try? RosterFile(path: path, lockTimeout: .seconds(-1)).read()
      done.signal()
    }.start()
    #expect(done.wait(timeout: .now() + 5) == .success)
  }
}
