import Foundation
import TestSupport
import Testing

@testable import MonstersCLI

// Where setup-git cannot do its work: an attributes file that is a link or a FIFO, a
// folder in no work tree, a bare repository; and `check` before a FIFO of attributes.
extension SetupGitCommandTests {
  @Test func anAttributesFileThatIsALinkIsNotWrittenThrough() throws {
    let repository = try Repository()
    let target = repository.harness.path("elsewhere")
    try FileManager.default.createSymbolicLink(
      atPath: repository.harness.folder + "/.gitattributes", withDestinationPath: target)
    #expect(
      repository.run(["setup-git"])
        == CommandResult(
          .failure,
          errors: "Error: \(repository.harness.folder)/.gitattributes is a symbolic link, which "
            + "git does not read attributes through; make it a file.\n"))
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func anAttributesFileThatIsAFIFOIsRefusedWithoutWaiting() throws {
    let repository = try Repository()
    let attributes = repository.harness.folder + "/.gitattributes"
    #expect(mkfifo(attributes, 0o600) == 0)
    let setUp = try SpawnedProcess(
      try #require(BuiltTool.url), arguments: [Array("setup-git".utf8)],
      environment: repository.environment())
    let ended = setUp.wait(until: .now + .seconds(20))
    if ended == nil { setUp.kill() }
    #expect(ended == .exited(1))
    #expect(
      repository.run(["setup-git"])
        == CommandResult(
          .failure, errors: "Error: \(attributes) is not a regular file; make it one.\n"))
  }

  @Test func outsideARepositoryItSaysSo() throws {
    let harness = try CommandLineHarness()
    let result = harness.run(
      ["setup-git"],
      environment: [
        "MONSTERS_FILE": harness.rosterPath, "PATH": "/usr/bin:/bin", "HOME": harness.folder,
        "GIT_CEILING_DIRECTORIES": (harness.folder as NSString).deletingLastPathComponent,
      ])
    #expect(result.code == .failure)
    #expect(
      result.errors.hasPrefix(
        "Error: \(harness.folder) is not in a git work tree (run 'git init', or use --global): "
          + "fatal: not a git repository"))
  }

  /// A bare repository is a repository, with no work tree for a roster or `.gitattributes`:
  /// the message says which is missing.
  @Test func inABareRepositoryItSaysThereIsNoWorkTree() throws {
    let harness = try CommandLineHarness()
    let bare = harness.path("bare.git")
    let made = try BuiltTool.run(
      URL(fileURLWithPath: "/usr/bin/git"), ["init", "-q", "--bare", bare], in: harness.folder,
      environment: ["PATH": "/usr/bin:/bin", "HOME": harness.folder])
    #expect(made.status == 0)
    try harness.write("", to: bare + "/monsters.json")
    let result = harness.run(
      ["setup-git"],
      environment: [
        "MONSTERS_FILE": bare + "/monsters.json", "PATH": "/usr/bin:/bin", "HOME": harness.folder,
      ])
    #expect(
      result
        == CommandResult(
          .failure,
          errors: "Error: \(bare) is not in a git work tree (run 'git init', or use --global): "
            + "fatal: this operation must be run in a work tree\n"))
  }

  /// `check` reads the attributes files above a roster as every input is read: a FIFO
  /// where `.gitattributes` belongs reads as empty at once, never a wait for a writer.
  @Test func checkReadsAnAttributesFileThatIsAFIFOWithoutWaiting() throws {
    let repository = try Repository()
    #expect(repository.run(["init"]).code == .success)
    #expect(mkfifo(repository.harness.folder + "/.gitattributes", 0o600) == 0)
    let check = try SpawnedProcess(
      try #require(BuiltTool.url),
      arguments: [Array("check".utf8)] + [
        Array(repository.harness.rosterPath.utf8)
      ])
    let ended = check.wait(until: .now + .seconds(20))
    if ended == nil { check.kill() }
    #expect(ended == .exited(0))
  }
}
