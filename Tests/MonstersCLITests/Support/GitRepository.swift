import Foundation
import MonsterKit
import TestSupport
import Testing

@testable import MonstersCLI

/// A harness whose folder is a git repository, on branch `main`, whose commits have fixed
/// authors and dates (a day apart from 2024-05-01), so that a history reads the same from
/// run to run, and whose git reads no system or user config but a home of its own.
final class GitRepository {
  let harness: CommandLineHarness
  /// The number of commits made, which dates the next.
  private(set) var commits = 0

  var folder: String { harness.folder }
  /// Git's home, outside the work tree.
  let home: String

  init() throws {
    harness = try CommandLineHarness()
    home = harness.folder + ".home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
    try git("init", "-q", "-b", "main")
  }

  deinit {
    try? FileManager.default.removeItem(atPath: home)
  }

  /// The environment of git and of `monsters`: git on `PATH`, no config but the home's.
  var environment: [String: String] {
    [
      "PATH": "/usr/bin:/bin", "HOME": home, "GIT_CONFIG_NOSYSTEM": "1",
      "XDG_CONFIG_HOME": home + "/.config",
    ]
  }

  /// Runs git in the repository; gives its standard output.
  @discardableResult
  func git(_ arguments: String..., author: String = "Ann Lee") throws -> String {
    try git(arguments, author: author)
  }

  @discardableResult
  func git(_ arguments: [String], author: String = "Ann Lee") throws -> String {
    let date = "2024-05-\(String(format: "%02d", commits + 1))T12:00:00+00:00"
    let identity = [
      "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": "ann@example.com",
      "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": "ann@example.com",
      "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
    ]
    let result = try BuiltTool.run(
      URL(fileURLWithPath: "/usr/bin/git"), ["-C", folder] + arguments, in: folder,
      environment: environment.merging(identity) { $1 })
    #expect(result.status == 0, "git \(arguments): \(result.errors)")
    return result.output
  }

  /// Commits every file of the work tree; gives the commit's abbreviated hash.
  @discardableResult
  func commit(_ message: String, author: String = "Ann Lee") throws -> String {
    try git("add", "-A", author: author)
    try git("commit", "-q", "--allow-empty", "-m", message, author: author)
    commits += 1
    return try git("rev-parse", "--short", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs `monsters` in-process on the repository's roster.
  @discardableResult
  func monsters(_ arguments: String...) -> CommandResult {
    harness.run(arguments, environment: environment)
  }

  /// Runs `monsters` in-process on the repository's roster.
  func run(_ arguments: [String]) -> CommandResult {
    harness.run(arguments, environment: environment)
  }

  /// The date of the commit made `number`th, from 1, as `log` shows it.
  static func day(_ number: Int) -> String {
    "2024-05-\(String(format: "%02d", number))"
  }
}
