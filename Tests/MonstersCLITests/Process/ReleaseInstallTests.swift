import Foundation
import ProgramRunning
import Testing

/// What a team's CI gets from a release: `.ci/package` makes the archive a release holds,
/// the GitHub Action's `install.sh` installs it only when its line of `SHA256SUMS` matches,
/// and `.ci/smoke` passes the binary installed. The download is a stand-in `curl` that
/// copies from a folder laid out as the release serves it; the archive is this machine's.
@Suite struct ReleaseInstallTests {
  /// A scratch folder, removed when the test ends.
  private let scratch =
    FileManager.default.temporaryDirectory.path + "/monsters-release-"
    + UUID().uuidString

  /// A release of the built binary for this machine, in a folder laid out as GitHub serves
  /// it: the archive `.ci/package` makes, and `SHA256SUMS`.
  ///
  /// - Returns: The folder, this machine's platform (`linux-x86_64`) and the archive's name.
  private func makeRelease() throws -> (folder: String, platform: String, archive: String) {
    let binary = try #require(BuiltTool.url)
    let release = scratch + "/release"
    try FileManager.default.createDirectory(atPath: release, withIntermediateDirectories: true)
    let machine = try BuiltTool.shell("uname -s -m").output
    let platform =
      machine.hasPrefix("Darwin")
      ? "macos-universal" : machine.contains("aarch64") ? "linux-aarch64" : "linux-x86_64"
    let archive = "monsters-\(platform).tar.gz"
    let package = try BuiltTool.shell(
      ".ci/package \"$1\" \"$2\" \"$3\"", ["monsters-\(platform)", binary.path, release])
    try #require(package.status == 0, "\(package.errors)")
    let sums = try BuiltTool.shell(
      "cd \"$1\" && { sha256sum \"$2\" 2>/dev/null || shasum -a 256 \"$2\"; } > SHA256SUMS",
      [release, archive])
    try #require(sums.status == 0, "\(sums.errors)")
    return (release, platform, archive)
  }

  @Test func theActionInstallsTheReleasedArchiveAndRefusesOneWhoseSumDiffers() throws {
    let binary = try #require(BuiltTool.url)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let shim = scratch + "/bin"
    let runner = scratch + "/runner"
    for folder in [shim, runner] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let (release, platform, archive) = try makeRelease()
    try BuiltTool.writeCurl(
      servingFrom: release, to: shim + "/curl", log: scratch + "/downloads")

    func install() throws -> ProcessResult {
      for file in ["path", "output"] {
        try Data().write(to: URL(fileURLWithPath: "\(scratch)/\(file)"))
      }
      return try BuiltTool.shell(
        ".github/actions/check/install.sh",
        environment: [
          "PATH": shim + ":/usr/bin:/bin", "VERSION": "v1.2.3", "REPOSITORY": "someone/monsters",
          "ACTION_REF": "main", "ACTION_REPOSITORY": "someone/monsters", "RUNNER_TEMP": runner,
          "GITHUB_PATH": scratch + "/path", "GITHUB_OUTPUT": scratch + "/output",
        ])
    }
    let installed = try install()
    #expect(installed.status == 0, "\(installed.output)\(installed.errors)")
    let bin = "\(runner)/monsters-action/monsters-\(platform)/bin"
    #expect(try String(contentsOfFile: scratch + "/path", encoding: .utf8) == bin + "\n")
    let version = try BuiltTool.run(binary, ["--version"], in: scratch).output
    #expect(
      try String(contentsOfFile: scratch + "/output", encoding: .utf8) == "version=" + version)
    let base = "https://github.com/someone/monsters/releases/download/v1.2.3/"
    #expect(
      try String(contentsOfFile: scratch + "/downloads", encoding: .utf8)
        == base + archive + "\n" + base + "SHA256SUMS\n")
    let smoke = try BuiltTool.shell(".ci/smoke \"$1\"", [bin + "/monsters"])
    #expect(smoke.status == 0, "\(smoke.output)\(smoke.errors)")

    // One byte more in the archive: its sum no longer matches, and nothing is unpacked.
    let handle = try #require(FileHandle(forWritingAtPath: "\(release)/\(archive)"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([0]))
    try handle.close()
    let refused = try install()
    #expect(refused.status != 0)
    #expect((refused.output + refused.errors).contains("\(archive): FAILED"))
    #expect(refused.output.contains("::error::\(archive) does not match its sum"))
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: runner + "/monsters-action"))
        == [archive, archive + ".sha256", "SHA256SUMS"])
    #expect(try String(contentsOfFile: scratch + "/path", encoding: .utf8) == "")

    // A release without the file asked for (a version mistyped): an annotation naming it.
    try FileManager.default.removeItem(atPath: release + "/SHA256SUMS")
    let missing = try install()
    #expect(missing.status == 1)
    #expect(
      missing.output.contains(
        "::error::Could not download https://github.com/someone/monsters/releases/download/"
          + "v1.2.3/SHA256SUMS: is v1.2.3 a release of someone/monsters"),
      "\(missing.output)\(missing.errors)")
    #expect(try String(contentsOfFile: scratch + "/path", encoding: .utf8) == "")
  }

  /// `install.sh --prefix`, on a machine of one's own: the latest release (or the one
  /// asked for) unpacked into the prefix as README.md unpacks it; nothing at all when the
  /// sum differs.
  @Test func theInstallScriptInstallsAReleaseIntoAPrefixOfYourOwn() throws {
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let shim = scratch + "/bin"
    try FileManager.default.createDirectory(atPath: shim, withIntermediateDirectories: true)
    let (release, _, archive) = try makeRelease()
    try BuiltTool.writeCurl(
      servingFrom: release, to: shim + "/curl", log: scratch + "/downloads")
    let environment = ["PATH": shim + ":/usr/bin:/bin"]
    let prefix = scratch + "/prefix with a space"

    let installed = try BuiltTool.shell(
      ".github/actions/check/install.sh --prefix \"$1\" --repository someone/monsters",
      [prefix], environment: environment)
    #expect(installed.status == 0, "\(installed.output)\(installed.errors)")
    let version = try BuiltTool.run(
      try #require(BuiltTool.url), ["--version"], in: scratch
    ).output.trimmingCharacters(in: .newlines)
    #expect(installed.output.contains("Installed \(version) into \(prefix)"), "\(installed.output)")
    #expect(installed.output.contains("\(prefix)/bin is not on PATH"), "\(installed.output)")
    for file in [
      "bin/monsters", "share/man/man1/monsters.1", "share/bash-completion/completions/monsters",
      "share/zsh/site-functions/_monsters", "share/fish/vendor_completions.d/monsters.fish",
    ] {
      #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
    }
    let latest = "https://github.com/someone/monsters/releases/latest/download/"
    #expect(
      try String(contentsOfFile: scratch + "/downloads", encoding: .utf8)
        == latest + archive + "\n" + latest + "SHA256SUMS\n")

    // One byte more in the archive: refused, and nothing unpacked into a new prefix.
    let handle = try #require(FileHandle(forWritingAtPath: "\(release)/\(archive)"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([0]))
    try handle.close()
    let other = scratch + "/other"
    let refused = try BuiltTool.shell(
      ".github/actions/check/install.sh --prefix \"$1\" --repository someone/monsters"
        + " --version v1.2.3",
      [other], environment: environment)
    #expect(refused.status == 1)
    #expect(
      refused.errors.contains(
        "install.sh: \(archive) does not match its sum in "
          + "https://github.com/someone/monsters/releases/download/v1.2.3/SHA256SUMS"),
      "\(refused.output)\(refused.errors)")
    #expect(!refused.output.contains("::error::"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: other).isEmpty)

    // Without a repository there is nothing to install from.
    let usage = try BuiltTool.shell(
      ".github/actions/check/install.sh --prefix \"$1\"", [other], environment: environment)
    #expect(usage.status == 2)
    #expect(usage.errors.hasPrefix("Usage: install.sh --prefix DIR --repository OWNER/NAME"))
    // Nor from a version that is no tag.
    let path = try BuiltTool.shell(
      ".github/actions/check/install.sh --prefix \"$1\" --repository someone/monsters"
        + " --version v1.2.3/../../other", [other], environment: environment)
    #expect(path.status == 2)
    #expect(path.errors.hasPrefix("Usage: install.sh"))
  }

  @Test func theActionChecksEveryRosterOfABlockOneFileALine() throws {
    let binary = try #require(BuiltTool.url)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let shim = scratch + "/bin"
    try FileManager.default.createDirectory(atPath: shim, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: shim + "/monsters", withDestinationPath: binary.path)
    try seededRosterText.write(
      toFile: scratch + "/monsters.json", atomically: true, encoding: .utf8)
    try "{\"version\": 1, \"monsters\": [{\"name\": \"X\"}]}\n".write(
      toFile: scratch + "/broken.json", atomically: true, encoding: .utf8)
    let action = try String(
      contentsOfFile: packageRoot.path + "/.github/actions/check/action.yml", encoding: .utf8)
    #expect(action.contains("run: '\"$GITHUB_ACTION_PATH/check.sh\"'"))

    // `rosters: |` in a workflow: one file a line, and a line break at the end.
    let checked = try BuiltTool.run(
      URL(fileURLWithPath: packageRoot.path + "/.github/actions/check/check.sh"), [],
      in: scratch,
      environment: [
        "PATH": shim + ":/usr/bin:/bin", "ROSTERS": "monsters.json\n  broken.json\n",
      ])
    #expect(checked.status == 1)
    #expect(
      checked.output.contains("::error file=broken.json,line=1,col="),
      "\(checked.output)\(checked.errors)")
  }

  /// The tars `.ci/package` is tried with: the system's (GNU tar on Linux, bsdtar on
  /// macOS), and bsdtar, where it is installed, which is macOS's on Linux too.
  static let tars =
    ["tar"] + (FileManager.default.isExecutableFile(atPath: "/usr/bin/bsdtar") ? ["bsdtar"] : [])

  @Test(arguments: tars)
  func theArchiveHoldsRootsFilesOnlyAndTheSeededWeaponsManualPage(tar: String) throws {
    let built = try #require(BuiltTool.url).path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let tools = scratch + "/tools"
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: tools + "/tar", withDestinationPath: "/usr/bin/" + tar)
    #if os(macOS)
      // A download's quarantine attribute: bsdtar would add a `._monsters` entry for it.
      let marked = scratch + "/monsters"
      try FileManager.default.copyItem(atPath: built, toPath: marked)
      let xattr = try BuiltTool.shell(
        "/usr/bin/xattr -w com.apple.quarantine '0081;00000000;Safari;' \"$1\"", [marked])
      try #require(xattr.status == 0, "\(xattr.errors)")
      let binary = marked
    #else
      let binary = built
    #endif
    // The packager's own roster, with a weapon of its own, named by MONSTERS_FILE.
    let team = scratch + "/team.json"
    try """
    {
      "version": 1,
      "weapons": ["sword", {"name": "plasmacannon", "image": "plasma.png"}],
      "monsters": []
    }
    """.write(toFile: team, atomically: true, encoding: .utf8)
    let package = try BuiltTool.shell(
      ".ci/package \"$1\" \"$2\" \"$3\"", ["monsters-test", binary, scratch + "/dist"],
      environment: ["MONSTERS_FILE": team, "PATH": tools + ":/usr/bin:/bin"])
    #expect(package.status == 0, "\(package.errors)")
    let archive = scratch + "/dist/monsters-test.tar.gz"

    // No folder entries (which, extracted as root into /usr/local, would give /usr/local/bin
    // the builder's owner and mode), no `._` entries of macOS's metadata, and every file
    // root's: `0/0` from GNU tar, and from bsdtar `0 0` after the link count.
    let listing = try BuiltTool.shell("tar -tvzf \"$1\"", [archive])
    #expect(listing.status == 0, "\(listing.errors)")
    let entries = listing.output.split(separator: "\n")
    #expect(entries.count == 5, "\(listing.output)")
    for entry in entries {
      let fields = entry.split(separator: " ")
      #expect(entry.hasPrefix("-"), "\(entry)")
      #expect(!entry.contains("/._"), "\(entry)")
      #expect(fields[1] == "0/0" || (fields[2] == "0" && fields[3] == "0"), "\(entry)")
    }
    let page = try BuiltTool.shell(
      "tar -xzOf \"$1\" monsters-test/share/man/man1/monsters.1", [archive])
    #expect(page.status == 0, "\(page.errors)")
    #expect(page.output.contains("ninjaStar"))
    #expect(!page.output.contains("plasmacannon"))
  }

  @Test func theSmokeTestLeavesTheRosterOfMONSTERSFILEAlone() throws {
    let binary = try #require(BuiltTool.url)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let team = scratch + "/team.json"
    try seededRosterText.write(toFile: team, atomically: true, encoding: .utf8)
    let smoke = try BuiltTool.shell(
      ".ci/smoke \"$1\"", [binary.path], environment: ["MONSTERS_FILE": team])
    #expect(smoke.status == 0, "\(smoke.output)\(smoke.errors)")
    #expect(try String(contentsOfFile: team, encoding: .utf8) == seededRosterText)
  }

  @Test func theSmokeTestRefusesABinaryThatIsNotThere() throws {
    // Not `/monsters`, the path left when the folder is not there, nor a test of anything.
    let smoke = try BuiltTool.shell(".ci/smoke \"$1\"", ["/nonexistent-folder/monsters"])
    #expect(smoke.status == 2)
    #expect(
      smoke.errors == "error: /nonexistent-folder/monsters is not an executable file\n",
      "\(smoke.output)\(smoke.errors)")
  }

  @Test func theReadmesCompletionCommandsWorkInAFreshHome() throws {
    let binary = try #require(BuiltTool.url)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let home = scratch + "/home"
    let shim = scratch + "/bin"
    for folder in [home, shim] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      atPath: shim + "/monsters", withDestinationPath: binary.path)
    // README's block of the three shells' lines, as a new user pastes it: a home with no
    // ~/.zfunc and no ~/.config/fish/completions yet.
    let readme = try String(contentsOfFile: packageRoot.path + "/README.md", encoding: .utf8)
    let start = try #require(readme.range(of: "```sh\neval \"$(monsters completions bash)\""))
    let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
    let block = String(readme[readme.index(start.lowerBound, offsetBy: 6)..<end.lowerBound])
    let run = try BuiltTool.run(
      URL(fileURLWithPath: "/bin/bash"), ["-e", "-c", block], in: scratch,
      environment: ["PATH": shim + ":/usr/bin:/bin", "HOME": home])
    #expect(run.status == 0, "\(block)\n\(run.errors)")
    for installed in ["/.zfunc/_monsters", "/.config/fish/completions/monsters.fish"] {
      #expect(FileManager.default.fileExists(atPath: home + installed), "\(installed)")
    }
  }
}
