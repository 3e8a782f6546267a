import MonsterKit

/// A roster that declares three fields, and so refuses keys no field declares, timed beside
/// the same roster with the three keys left undeclared: what strictness and exact integers
/// cost `check` and `set`, with a goal of 1.1 times the undeclared roster's time.
///
/// Both rosters hold the same monsters, byte for byte: each has a `team` (one of four
/// words), a `level` (1 to 100) and `notes` (text) after its built-in keys. One declares
/// them, so that the reader checks each value and that no other key stands beside them; the
/// other does not. The rows join the declared fields' table (`--only fields`).
struct StrictFieldsBench {
  /// What each row's title starts with after the declared fields' prefix.
  static let label = "strict, 3 fields: "

  let monsters: String
  let folder: String

  // MARK: - The rosters

  /// Writes the strict roster of `count` monsters to `declaredPath` and the same monsters
  /// without the declarations to `undeclaredPath`.
  static func write(count: Int, declaredPath: String, undeclaredPath: String) throws {
    let teams = FieldsBench.teams
    let monsters = (0..<count).lazy.map { number in
      FieldsBench.monster(number, otherKeys: [JSONMember("notes", .string("Monster \(number)"))])
    }
    let fields = [
      try MonsterField(declaring: "team", kind: .values(teams)),
      try MonsterField(
        declaring: "level", kind: .integer(minimum: 1, maximum: FieldsBench.maximumLevel)),
      try MonsterField(declaring: "notes"),
    ]
    let strict = try Roster(monsters, fields: fields)
    precondition(strict.otherKeys == .refuse, "a roster that declares fields refuses other keys")
    try writeFile(strict.canonicalJSON(), to: declaredPath)
    try writeFile(try Roster(monsters).canonicalJSON(), to: undeclaredPath)
  }

  // MARK: - The work

  /// The rows for rosters of `size` monsters: each times `monsters` on the strict roster
  /// and on the undeclared one.
  func workloads(size: Int) throws -> [Workload] {
    let (declared, undeclared, bytes) = try FieldsBench.rosterPair(
      "--generate-strict", stem: "strict", size: size, in: folder)
    let name = BenchRoster.name(size / 2)
    let source = ["declared": declared, "undeclared": undeclared]
    func copy(_ tool: String) -> String { "\(folder)/strict-edit-\(tool)-\(size).json" }
    func row(_ title: String, _ arguments: [String], edits: Bool) -> Workload {
      let paths = edits ? ["declared": copy("declared"), "undeclared": copy("undeclared")] : source
      return Workload(
        title: FieldsBench.prefix + Self.label + title, size: size, fileBytes: bytes,
        commands: ["declared", "undeclared"].map { tool in
          (tool, Command(program: monsters, arguments: ["-f", paths[tool] ?? ""] + arguments))
        },
        floorName: "-",
        prepare: { tool in
          guard edits else { return }
          _ = Command(program: "/bin/cp", arguments: [source[tool] ?? declared, copy(tool)]).run()
        },
        edited: edits ? ["declared", "undeclared"].map(copy) : [])
    }
    return [
      row("check", ["check"], edits: false),
      row("set one weapon", ["set", name, "--weapon", "fire"], edits: true),
      row(
        "set --where team=red --weapon fire "
          + "(\(Report.grouped(size / FieldsBench.teams.count)) monsters)",
        ["set", "--where", "team=red", "--weapon", "fire"], edits: true),
      row(
        "set --where level<10 --weapon fire (\(Report.grouped(size / 100 * 9)) monsters)",
        ["set", "--where", "level<10", "--weapon", "fire"], edits: true),
    ]
  }
}
