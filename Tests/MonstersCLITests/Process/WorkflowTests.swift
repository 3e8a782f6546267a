import Foundation
import ProgramRunning
import Testing

/// The workflows as GitHub will run them, checked here where they can be: what they pin
/// (actions by commit, the toolchain and its static SDK, time limits), and the scripts they
/// run with stand-ins for the network (`curl`, `gh`) and for the toolchain (`swift`).
@Suite struct WorkflowTests {
  /// A scratch folder, removed when the test ends.
  private let scratch =
    FileManager.default.temporaryDirectory.path + "/monsters-workflow-" + UUID().uuidString

  /// The text of a file of the package.
  private static func text(_ path: String) throws -> String {
    try String(contentsOfFile: packageRoot.path + "/" + path, encoding: .utf8)
  }

  private static let workflows = [".github/workflows/ci.yml", ".github/workflows/release.yml"]

  /// `PATH` for the scripts: the system's folders and Homebrew's, where macOS has gpg.
  private static let path = programFolders.joined(separator: ":")

  // MARK: - What the workflows pin

  @Test func everyActionIsPinnedByCommitWithItsVersionBeside() throws {
    var count = 0
    for workflow in Self.workflows {
      for line in try Self.text(workflow).split(separator: "\n") where line.contains("uses:") {
        let uses = line.split(separator: "uses:", maxSplits: 1)[1].trimmingCharacters(
          in: .whitespaces)
        if uses.hasPrefix("./") { continue }
        count += 1
        #expect(
          uses.wholeMatch(of: /[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+/) != nil,
          "\(workflow): \(uses)")
      }
    }
    #expect(count >= 10)
  }

  @Test func everyJobHasATimeLimitAndEveryWorkflowAConcurrencyGroup() throws {
    for workflow in Self.workflows {
      let text = try Self.text(workflow)
      #expect(text.contains("\nconcurrency:\n  group: "), "\(workflow)")
      let jobs = text.components(separatedBy: "\njobs:\n")[1]
        .components(separatedBy: "\n  ").filter { $0.first?.isLetter == true }
      #expect(jobs.count >= 4, "\(workflow)")
      for job in jobs where job.contains("runs-on:") {
        #expect(job.contains("timeout-minutes: "), "\(workflow): \(job.prefix(40))")
      }
    }
  }

  /// `.ci/run` leaves the fuzz harnesses out (their build compiles the library again, with
  /// sanitizers): CI runs them in a job of their own, and `.ci/fuzz` runs every harness in
  /// Tests/Fuzz when named none.
  @Test func ciFuzzesWhatCIRunLeavesOut() throws {
    let ci = try Self.text(".github/workflows/ci.yml")
    // Each job, from its name (a line of two spaces' indent) to the next.
    var jobs: [String: String] = [:]
    var current: String?
    for line in ci.components(separatedBy: "\n").drop(while: { $0 != "jobs:" }).dropFirst() {
      if let name = line.wholeMatch(of: #/  ([\w-]+):/#)?.1 {
        current = String(name)
      } else if let current {
        jobs[current, default: ""] += line + "\n"
      }
    }
    #expect(try #require(jobs["linux"]).contains("run: .ci/run\n"))
    // The job that runs .ci/run builds on the build folder of the newest run, whatever its
    // commit, and keeps its own for the next.
    #expect(
      try #require(jobs["linux"]).contains(
        "          path: .build\n          key: linux-glibc-build-${{ github.sha }}\n"
          + "          restore-keys: linux-glibc-build-\n"))
    #expect(try #require(jobs["fuzz"]).contains("run: .ci/fuzz --seconds "))
    let runLines = try Self.text(".ci/run").split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(!runLines.contains { $0.contains(".ci/fuzz") })
    let script = try Self.text(".ci/fuzz")
    let harnesses = try FileManager.default.contentsOfDirectory(
      atPath: packageRoot.path + "/Tests/Fuzz"
    ).filter { $0.hasSuffix("Fuzz.swift") }.map { String($0.dropLast(".swift".count)) }
    #expect(harnesses.count == 5)
    let all = try #require(script.firstMatch(of: /all_harnesses=\(([^)]*)\)/)).1
    #expect(Set(all.split(separator: " ").map(String.init)) == Set(harnesses))
  }

  /// The workflows' Swift images: a version with its patch, and a digest, so that a
  /// rebuilt or moved tag changes nothing; and each version's static SDK is pinned.
  @Test func theImagesArePinnedAndTheirToolchainsStaticSDKIs() throws {
    let table = try Self.text(".ci/static-sdks")
    var images: Set<String> = []
    for workflow in Self.workflows {
      for line in try Self.text(workflow).split(separator: "\n") where line.contains("container:") {
        let image = try #require(
          line.firstMatch(of: /container: swift:(\d+\.\d+\.\d+)-noble@sha256:[0-9a-f]{64}$/),
          "\(workflow): \(line)")
        images.insert(String(image.output.1))
      }
    }
    #expect(images.count == 1, "\(images)")
    for version in images {
      #expect(table.contains("\nswift-\(version)-RELEASE "), "no static SDK for \(version)")
    }
  }

  // MARK: - The static Linux SDK

  /// A folder with a copy of the script and a table of its own, and stand-ins for `swift`
  /// (`--version` says TAG; `sdk install` records what it was given) and `curl` (the file of
  /// the URL's last component, from `serve/`).
  private struct SDKWorld {
    let root: String
    var serve: String { root + "/serve" }
    var installed: String { root + "/installed" }

    init(root: String, tag: String, table: String) throws {
      self.root = root
      for folder in ["ci", "serve", "bin"] {
        try FileManager.default.createDirectory(
          atPath: root + "/" + folder, withIntermediateDirectories: true)
      }
      try FileManager.default.copyItem(
        atPath: packageRoot.path + "/.ci/install-static-sdk",
        toPath: root + "/ci/install-static-sdk")
      try table.write(toFile: root + "/ci/static-sdks", atomically: true, encoding: .utf8)
      try BuiltTool.writeScript(
        """
        #!/bin/sh
        case "$1 $2" in
          "--version ") echo "Swift version 9.9.9 (\(tag))"; echo "Target: x86_64-unknown-linux-gnu" ;;
          "sdk list") ;;
          "sdk install") echo "$3" >> "\(root)/installed" ;;
          *) exit 64 ;;
        esac
        """ + "\n", to: root + "/bin/swift")
      try BuiltTool.writeCurl(servingFrom: root + "/serve", to: root + "/bin/curl")
    }

    /// Runs the script, with the stand-ins first on `PATH`.
    func run(_ arguments: [String] = []) throws -> ProcessResult {
      try BuiltTool.shell(
        "exec \"$@\"", [root + "/ci/install-static-sdk"] + arguments,
        environment: ["PATH": root + "/bin:" + WorkflowTests.path, "TMPDIR": root])
    }
  }

  /// The name the script builds for the toolchain the workflows pin is swift.org's, and
  /// the sum the table's.
  @Test func theSDKsNameIsSwiftOrgsForThePinnedToolchain() throws {
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let workflow = try Self.text(".github/workflows/ci.yml")
    let version = String(
      try #require(workflow.firstMatch(of: /container: swift:(\d+\.\d+\.\d+)-noble/)).output.1)
    let tag = "swift-\(version)-RELEASE"
    let table = try Self.text(".ci/static-sdks")
    let row = try #require(
      table.split(separator: "\n").first { $0.hasPrefix(tag + " ") }?
        .split(separator: " ", omittingEmptySubsequences: true))
    #expect(row.count == 4)
    let world = try SDKWorld(root: scratch, tag: tag, table: table)
    let printed = try world.run(["--print"])
    #expect(printed.status == 0, "\(printed.errors)")
    #expect(
      printed.output
        == "https://download.swift.org/swift-\(version)-release/static-sdk/\(tag)/\(tag)"
        + "_static-linux-\(row[1]).artifactbundle.tar.gz \(row[2])\n")
    // What swift.org published for 6.3.1, the toolchain the workflows pin today.
    if version == "6.3.1" {
      #expect(row[1] == "0.1.0")
      #expect(row[2] == "fac05271c1f7d060bd203240ce5251d5ca902d30ac899f553765dbb3a88b97ad")
    }
  }

  /// Makes, in the folder its first argument names, a bundle, its sum, and signatures of it
  /// by two signers, swift.org's stand-in and another, and by one whose key was made, and
  /// signed, in 2020, and expired a day later; each signer's key in `gnupg-NAME`, its
  /// fingerprint in `fpr-NAME`, and all the keys in `keys.asc`.
  private static let signingScript = """
    set -e
    cd "$1"
    key() {
      export GNUPGHOME=$PWD/gnupg-$1
      mkdir -m 700 "$GNUPGHOME"
      gpg --batch --quiet $3 --passphrase '' --quick-gen-key "$1 <$1@example.com>" ed25519 sign $2
      gpg --batch --with-colons --list-keys | awk -F: '$1 == "fpr" { print $10; exit }' > fpr-$1
      gpg --batch --armor --export >> keys.asc
    }
    sign() {
      GNUPGHOME=$PWD/gnupg-$1 gpg --batch --quiet $3 --pinentry-mode loopback --passphrase '' \
        --detach-sign -o "$2.sig-$1" "$2"
    }
    key swift 1y
    key other 1y
    key old 1d --faked-system-time=20200101T000000
    head -c 100000 /dev/urandom > bundle
    sign swift bundle
    sign other bundle
    sign old bundle --faked-system-time=20200101T010000
    sha256sum bundle | cut -d' ' -f1 > sum
    """

  /// The SDK is installed only when its sum is the table's and its signature one of the
  /// table's key; a toolchain the table lacks stops the script.
  @Test(
    .enabled(
      if: ["gpg", "gpgv", "sha256sum"].allSatisfy { installedProgram($0) != nil },
      "gpg, gpgv or sha256sum is not installed"))
  func theSDKIsInstalledOnlyWithThePinnedSumAndKey() throws {
    defer {
      _ = try? BuiltTool.shell(
        "for home in \"$1\"/gnupg-*; do GNUPGHOME=$home gpgconf --kill all; done 2>/dev/null",
        [scratch], environment: ["PATH": Self.path])
      try? FileManager.default.removeItem(atPath: scratch)
    }
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let tag = "swift-9.9.9-RELEASE"
    let bundle = "\(tag)_static-linux-0.1.0.artifactbundle.tar.gz"
    let made = try BuiltTool.shell(Self.signingScript, [scratch], environment: ["PATH": Self.path])
    try #require(made.status == 0, "\(made.errors)")
    func read(_ name: String) throws -> String {
      try String(contentsOfFile: scratch + "/" + name, encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let sum = try read("sum")
    func world(_ name: String, signer: String, key: String? = nil, tag: String = tag) throws
      -> SDKWorld
    {
      let world = try SDKWorld(
        root: scratch + "/" + name, tag: tag,
        table:
          "# a table\nswift-9.9.9-RELEASE   0.1.0  \(sum)  \(try read("fpr-" + (key ?? signer)))\n")
      for (from, to) in [
        ("bundle", bundle), ("bundle.sig-" + signer, bundle + ".sig"), ("keys.asc", "all-keys.asc"),
      ] {
        try FileManager.default.copyItem(
          atPath: scratch + "/" + from, toPath: world.serve + "/" + to)
      }
      return world
    }

    /// Runs the script where it must refuse: it fails (1), says why, and installs nothing.
    func expectRefusal(_ world: SDKWorld, saying why: String) throws {
      let result = try world.run()
      #expect(result.status == 1)
      #expect(result.errors.contains(why), "\(result.errors)")
      #expect(!FileManager.default.fileExists(atPath: world.installed))
    }

    let good = try world("good", signer: "swift")
    let installed = try good.run()
    #expect(installed.status == 0, "\(installed.output)\(installed.errors)")
    #expect(try String(contentsOfFile: good.installed, encoding: .utf8).hasSuffix("/\(bundle)\n"))

    // A signature made in the key's lifetime, which has ended since: good.
    let expired = try world("expired", signer: "old")
    let accepted = try expired.run()
    #expect(accepted.status == 0, "\(accepted.output)\(accepted.errors)")
    #expect(accepted.output.contains("has expired since it signed"), "\(accepted.output)")

    // A signature of another key than the table's, though gpg holds that key too.
    try expectRefusal(
      world("other", signer: "other", key: "swift"),
      saying: "\(bundle).sig is not a good signature of swift.org's key")

    // Another bundle than the one published.
    let changed = try world("changed", signer: "swift")
    let handle = try #require(FileHandle(forWritingAtPath: changed.serve + "/" + bundle))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([0]))
    try handle.close()
    let changedSum = try BuiltTool.shell(
      "sha256sum \"$1\" | cut -d' ' -f1", [changed.serve + "/" + bundle],
      environment: ["PATH": Self.path]
    ).output.trimmingCharacters(in: .whitespacesAndNewlines)
    try expectRefusal(
      changed,
      saying:
        "\(bundle) is not the one swift.org published for \(tag): its SHA-256 is \(changedSum), "
        + "not \(sum)")

    // A toolchain the table has no line for.
    try expectRefusal(
      world("newer", signer: "swift", tag: "swift-9.9.10-RELEASE"),
      saying: "has no static SDK for swift-9.9.10-RELEASE: add its line")
  }

  // MARK: - Publishing

  /// `.ci/publish` with a stand-in for `gh` whose release is in a state: none, a draft an
  /// earlier run left, published, or one gh cannot look up. (On Linux, as the workflow runs
  /// it: it sums with sha256sum.)
  @Test(
    .enabled(if: installedProgram("sha256sum") != nil, "sha256sum is not installed"),
    arguments: ["none", "draft", "published", "unreadable"])
  func publishingFinishesADraftAndLeavesAPublishedReleaseAlone(state: String) throws {
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let dist = scratch + "/dist"
    try FileManager.default.createDirectory(atPath: dist, withIntermediateDirectories: true)
    for name in ["monsters-linux-x86_64.tar.gz", "monsters-macos-universal.tar.gz"] {
      try Data(name.utf8).write(to: URL(fileURLWithPath: dist + "/" + name))
    }
    try state.write(toFile: scratch + "/state", atomically: true, encoding: .utf8)
    try BuiltTool.writeScript(
      """
      #!/bin/sh
      echo "$*" >> "\(scratch)/calls"
      case "$1 $2" in
        "release view")
          case $(cat "\(scratch)/state") in
            none) echo "release not found" >&2; exit 1 ;;
            unreadable) echo "HTTP 401: Bad credentials" >&2; exit 1 ;;
            draft) echo true ;;
            published) echo false ;;
          esac ;;
        "release create") echo draft > "\(scratch)/state" ;;
        "release edit") echo published > "\(scratch)/state" ;;
      esac
      """ + "\n", to: scratch + "/bin/gh")
    let published = try BuiltTool.shell(
      ".ci/publish v1.2.3 \"$1\"", [dist],
      environment: [
        "PATH": scratch + "/bin:/usr/bin:/bin", "GITHUB_REPOSITORY": "someone/monsters",
      ])
    let calls = (try? String(contentsOfFile: scratch + "/calls", encoding: .utf8)) ?? ""
    let view = "release view v1.2.3 --repo someone/monsters --json isDraft --jq .isDraft\n"
    let upload =
      "release upload v1.2.3 --repo someone/monsters --clobber \(dist)/monsters-linux-x86_64.tar.gz "
      + "\(dist)/monsters-macos-universal.tar.gz \(dist)/SHA256SUMS\n"
    let edit = "release edit v1.2.3 --repo someone/monsters --draft=false\n"
    let sums = try String(contentsOfFile: dist + "/SHA256SUMS", encoding: .utf8)
    #expect(sums.split(separator: "\n").count == 2)
    #expect(sums.contains("  monsters-linux-x86_64.tar.gz\n"))
    switch state {
    case "none":
      #expect(published.status == 0, "\(published.output)\(published.errors)")
      #expect(
        calls
          == view
          + "release create v1.2.3 --repo someone/monsters --draft --verify-tag --title "
          + "monsters 1.2.3 --generate-notes\n" + upload + edit)
    case "draft":
      #expect(published.status == 0, "\(published.output)\(published.errors)")
      #expect(calls == view + upload + edit)
    case "published":
      #expect(published.status == 0, "\(published.output)\(published.errors)")
      #expect(calls == view)
      #expect(published.output.contains("::notice::The release v1.2.3 is published already"))
    default:
      #expect(published.status == 1)
      #expect(calls == view)
      #expect(published.errors.contains("HTTP 401: Bad credentials"))
    }
  }
}
