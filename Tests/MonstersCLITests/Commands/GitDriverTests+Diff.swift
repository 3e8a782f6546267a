import Foundation
import TestSupport
import Testing

// `git diff` and `git log -p` through the diff driver.
extension GitDriverTests {
  @Test func gitDiffAndLogShowChangesMonsterByMonster() throws {
    let repository = try Repository(setUp: true)
    try repository.edit(
      "set Cat-Bot --weapon fire\nadd Robo-Bot --weapon smoke --description Beep",
      message: "edit")
    let diff = try repository.git("diff", "HEAD~1", "HEAD").output
    #expect(
      diff.contains(
        """
        -{"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","weapon":"sword"}
        +{"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","weapon":"fire"}
        """))
    #expect(
      diff.contains(
        #"+{"name":"Robo-Bot","description":"Beep","icon":"meetrobobot.png","weapon":"smoke"}"#))
    let log = try repository.git("log", "-p", "-1").output
    #expect(
      log.contains(
        #"+{"name":"Cat-Bot","description":"MEE-OW","icon":"meetcatbot.png","weapon":"fire"}"#))
    // Without the text conversion, the same change is lines of the file.
    let raw = try repository.git("diff", "--no-textconv", "HEAD~1", "HEAD").output
    #expect(raw.contains("-      \"weapon\": \"sword\""))
  }

  /// A roster made invalid in the work tree, with an escape sequence and a C1 control in it:
  /// `git diff` shows them escaped, as they reach a person's terminal through git.
  @Test func gitDiffShowsTheControlsOfAFileThatIsNotARosterEscaped() throws {
    let repository = try Repository(setUp: true)
    try Data(Array("{\"x\": \"\u{1B}[2J".utf8) + [0xC2, 0x9B] + Array("31m\"\n".utf8))
      .write(to: URL(fileURLWithPath: repository.folder + "/" + repository.roster))
    let diff = try repository.git("diff").output
    #expect(diff.contains(#"+{"x": "\u001b[2J\u009b31m""#), "\(diff)")
    #expect(!diff.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
  }
}
