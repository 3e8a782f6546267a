import MonsterKit

/// A roster whose monsters carry two declared fields, timed beside the same roster with the
/// two keys left undeclared: what declaring fields costs `set`, `list` and `check`.
///
/// Both rosters hold the same monsters, byte for byte: each has a `team` (one of four
/// words) and a `level` (1 to 100) after its built-in keys. One declares them (`team` with
/// its values, `level` an integer from 1 to 100), so that the reader checks every value;
/// the other does not, so they are keys it keeps as they are. The files differ only in the
/// declarations, and the work differs only in what declaring adds. `jq` does the same work
/// on the declared file, as the other rows time it.
struct FieldsBench {
  /// The title every row starts with, which `--only fields` selects.
  static let prefix = "declared fields: "
  /// The most the declared roster may take, as a multiple of the undeclared one.
  static let goal = 1.1
  /// The values of `team`: a quarter of the monsters are on each.
  static let teams = ["red", "blue", "green", "yellow"]
  static let maximumLevel = 100

  let monsters: String
  let jq: String?
  let folder: String

  // MARK: - The rosters

  /// Monster `number` of a generated roster with fields: a seeded monster's description
  /// and the weapons in turn, with a team and a level, and any other keys given.
  static func monster(_ number: Int, otherKeys: [JSONMember] = []) -> Monster {
    let seed = Monster.seeded[number % 6]
    let weapons = Weapon.builtIn
    return Monster(
      name: BenchRoster.name(number),
      description: "\(seed.description) (number \(number) of the generated roster)",
      weapon: weapons[(number / 6) % weapons.count],
      otherFields: [
        JSONMember("team", .string(teams[number % teams.count])),
        JSONMember("level", .number(String(1 + number % maximumLevel))),
      ] + otherKeys)
  }

  /// Writes the declared roster of `count` monsters to `declaredPath` and the same monsters
  /// without the declarations to `undeclaredPath`.
  static func write(count: Int, declaredPath: String, undeclaredPath: String) throws {
    let monsters = (0..<count).lazy.map { monster($0) }
    let fields = [
      try MonsterField(declaring: "team", kind: .values(teams)),
      try MonsterField(declaring: "level", kind: .integer(minimum: 1, maximum: maximumLevel)),
    ]
    try writeFile(try Roster(monsters, fields: fields).canonicalJSON(), to: declaredPath)
    try writeFile(try Roster(monsters).canonicalJSON(), to: undeclaredPath)
  }

  // MARK: - The work

  /// Writes a roster of `size` monsters that declares its fields and the same monsters
  /// without the declarations, in `folder`, by running this program with `flag` (as its own
  /// process, whose memory the rows do not then share).
  ///
  /// - Returns: Their paths, and the declared roster's size in bytes.
  static func rosterPair(_ flag: String, stem: String, size: Int, in folder: String) throws
    -> (declared: String, undeclared: String, bytes: Int)
  {
    let declared = folder + "/\(stem)-declared-\(size).json"
    let undeclared = folder + "/\(stem)-undeclared-\(size).json"
    let generate = Command(
      program: selfPath(), arguments: [flag, String(size), declared, undeclared])
    guard generate.run().status == 0 else { throw BenchError("cannot generate \(declared)") }
    return (declared, undeclared, fileSize(declared))
  }

  /// The rows for rosters of `size` monsters: each times `monsters` on the declared roster,
  /// on the undeclared one, and `jq`.
  func workloads(size: Int) throws -> [Workload] {
    let (declared, undeclared, bytes) = try Self.rosterPair(
      "--generate-fields", stem: "fields", size: size, in: folder)
    let name = BenchRoster.name(size / 2)

    func reading(_ title: String, _ arguments: [String], jq jqArguments: [String]) -> Workload {
      var commands = [
        ("declared", Command(program: monsters, arguments: ["-f", declared] + arguments)),
        ("undeclared", Command(program: monsters, arguments: ["-f", undeclared] + arguments)),
      ]
      if let jq {
        commands.append(("jq", Command(program: jq, arguments: jqArguments + [declared])))
      }
      return Workload(
        title: Self.prefix + title, size: size, fileBytes: bytes, commands: commands,
        floorName: "-")
    }

    // An edit runs on a fresh copy of its roster each run. jq edits many monsters with `map`:
    // an assignment to the paths `select` picks copies the array once per path, which for
    // 250,000 of a million monsters did not end in 18 minutes. The undeclared roster cannot set
    // `level` (the command line refuses a field the roster does not declare), so where the
    // declared roster's edit sets it, the undeclared one's changes the weapon: one line of
    // each monster selected, as the declared edit changes.
    func editing(
      _ title: String, declared declaredEdit: [String], undeclared undeclaredEdit: [String],
      jq filter: String
    ) -> Workload {
      func copy(_ tool: String) -> String { "\(folder)/fields-edit-\(tool)-\(size).json" }
      let source = ["declared": declared, "undeclared": undeclared, "jq": declared]
      var commands = [
        (
          "declared",
          Command(program: monsters, arguments: ["-f", copy("declared")] + declaredEdit)
        ),
        (
          "undeclared",
          Command(program: monsters, arguments: ["-f", copy("undeclared")] + undeclaredEdit)
        ),
      ]
      if let jq {
        commands.append(
          ("jq", Command.jqInPlace(jq, filter: filter, name: name, path: copy("jq"))))
      }
      return Workload(
        title: Self.prefix + title, size: size, fileBytes: bytes, commands: commands,
        floorName: "-",
        prepare: { tool in
          _ = Command(program: "/bin/cp", arguments: [source[tool] ?? declared, copy(tool)]).run()
        },
        edited: ["declared", "undeclared"].map(copy))
    }

    let red = ["--where", "team=red"]
    return [
      editing(
        "set one weapon", declared: ["set", name, "--weapon", "fire"],
        undeclared: ["set", name, "--weapon", "fire"],
        jq: "(.monsters[] | select(.name == $n) | .weapon) = \"fire\""),
      editing(
        "set one --field level=7 (undeclared: --weapon fire)",
        declared: ["set", name, "--field", "level=7"],
        undeclared: ["set", name, "--weapon", "fire"],
        jq: "(.monsters[] | select(.name == $n) | .level) = 7"),
      editing(
        "set --where team=red --weapon fire (\(Report.grouped(size / Self.teams.count)) monsters)",
        declared: ["set"] + red + ["--weapon", "fire"],
        undeclared: ["set"] + red + ["--weapon", "fire"],
        jq: ".monsters |= map(if .team == \"red\" then .weapon = \"fire\" else . end)"),
      editing(
        "set --where team=red --field level=7 (undeclared: --weapon fire)",
        declared: ["set"] + red + ["--field", "level=7"],
        undeclared: ["set"] + red + ["--weapon", "fire"],
        jq: ".monsters |= map(if .team == \"red\" then .level = 7 else . end)"),
      reading(
        "list (table)", ["list"],
        jq: ["-r", ".monsters[] | [.name, .weapon, .description] | @tsv"]),
      reading("list --format json", ["list", "--format", "json"], jq: [".monsters"]),
      reading("check", ["check"], jq: ["empty"]),
    ]
  }

  /// Checks that each edit left a valid roster that `check` accepts.
  func checkEdits(_ result: Result) throws {
    for path in result.workload.edited {
      guard Command(program: monsters, arguments: ["-f", path, "check"]).run().status == 0 else {
        throw BenchError("'\(result.workload.title)' left \(path) that check refuses")
      }
    }
  }

  // MARK: - The table

  /// The rows as a Markdown table: each roster's median, their ratio, and `jq`'s.
  static func table(_ results: [Result]) -> String {
    guard !results.isEmpty else { return "" }
    var lines = [
      "| work | size | file | declared | undeclared | declared / undeclared (goal <= \(Report.ratio(goal))) "
        + "| jq | declared vs jq | undeclared vs jq | peak memory, declared / undeclared |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for result in results {
      let ratio = result.ratio("declared", to: "undeclared")
      let peaks = ["declared", "undeclared"].map { Report.bytes(result.peakBytes[$0] ?? 0) }
      lines.append(
        "| \(result.workload.title.dropFirst(prefix.count)) | \(Report.grouped(result.workload.size)) "
          + "| \(Report.bytes(result.workload.fileBytes)) "
          + "| \(result.seconds["declared"].map(Report.time) ?? "-") "
          + "| \(result.seconds["undeclared"].map(Report.time) ?? "-") "
          + "| \(ratio.map { "\(Report.ratio($0)) \($0 <= goal ? "(met)" : "(NOT met)")" } ?? "-") "
          + "| \(result.seconds["jq"].map(Report.time) ?? "-") "
          + "| \(result.ratio("declared", to: "jq").map(Report.ratio) ?? "-") "
          + "| \(result.ratio("undeclared", to: "jq").map(Report.ratio) ?? "-") "
          + "| \(peaks.joined(separator: " / ")) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
