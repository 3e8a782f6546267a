import Foundation
import MonsterKit
import MonstersSystem
import Testing

/// Runs of the built `monsters pick` in a real terminal: a detached tmux session of 80x24,
/// driven by `tmux send-keys` and read with `tmux capture-pane`.
@Suite(.enabled(if: PickerTmux.isAvailable, "tmux is not installed"))
struct PickerTerminalTests {
  @Test func aPickWithTheArrowsAndEnterSavesAndRestoresTheTerminal() throws {
    let tmux = try PickerTmux(pick: ["cat-bot"])
    try tmux.waitForScreen { $0.contains("Preferred way to kill: sword") }
    try tmux.send("Left")
    try tmux.waitForScreen { $0.contains("┏━━━━━━━━━━┓ ┌──────────┐ ┌──────────┐") }
    try tmux.send("Enter")
    #expect(try tmux.exitCode() == 0)
    #expect(try tmux.weapons()["Cat-Bot"] == "fire")
    try tmux.expectRestored()
    #expect(try tmux.screen().hasPrefix("Cat-Bot: weapon sword -> fire.\n"))
  }

  @Test func aDigitPicksItsWeapon() throws {
    let tmux = try PickerTmux(pick: ["Ice-Bot"])
    try tmux.waitForScreen { $0.contains("Preferred way to kill: fire") }
    try tmux.send("2", literally: true)
    #expect(try tmux.exitCode() == 0)
    #expect(try tmux.weapons()["Ice-Bot"] == "ninjaStar")
    try tmux.expectRestored()
  }

  @Test func aLoneEscClosesPromptlyWritesNothingAndExitsOne() throws {
    let tmux = try PickerTmux(pick: ["cat-bot"])
    try tmux.waitForScreen { $0.contains("Preferred way to kill") }
    let start = Date()
    try tmux.send("Escape")
    #expect(try tmux.exitCode() == 1)
    #expect(Date().timeIntervalSince(start) < 1)
    #expect(!FileManager.default.fileExists(atPath: tmux.rosterPath))
    try tmux.expectRestored()
    #expect(try tmux.screen().hasPrefix("\n"), "nothing printed")
  }

  /// `pick <monster>` closed without a pick is 1, so that a wrapper tells a cancel from a
  /// pick; the two-column picker, whose assignments are saved as they are made, ends with
  /// Esc or q, 0.
  @Test(arguments: [
    (["cat-bot"], ["q"], Int32(1)), (["cat-bot"], ["End", "Enter"], Int32(1)),
    (["cat-bot"], ["Q"], Int32(1)), ([String](), ["q"], Int32(0)),
    ([String](), ["Escape"], Int32(0)),
  ])
  func closingWithoutAPickExitsAsAWrapperNeeds(
    arguments: [String], keys: [String], code: Int32
  ) throws {
    let tmux = try PickerTmux(pick: arguments)
    try tmux.waitForScreen { $0.contains(arguments.isEmpty ? "Monsters" : "Close") }
    for key in keys { try tmux.send(key, literally: key.count == 1) }
    #expect(try tmux.exitCode() == code)
    #expect(!FileManager.default.fileExists(atPath: tmux.rosterPath))
    try tmux.expectRestored()
  }

  @Test(arguments: [["cat-bot"], []])
  func ctrlCClosesRestoresTheTerminalAndExits130(arguments: [String]) throws {
    let tmux = try PickerTmux(pick: arguments)
    try tmux.waitForScreen { $0.contains(arguments.isEmpty ? "Monsters" : "Close") }
    try tmux.send("Right")
    try tmux.send("C-c")
    #expect(try tmux.exitCode() == 130)
    #expect(!FileManager.default.fileExists(atPath: tmux.rosterPath))
    try tmux.expectRestored()
  }

  /// Ctrl-C during a search closes the picker too, and the assignments saved before it
  /// stay saved and are reported; the exit status still says it was interrupted.
  @Test func ctrlCAfterAnAssignmentExits130WithTheAssignmentSaved() throws {
    let tmux = try PickerTmux(pick: [])
    try tmux.waitForScreen { $0.contains("Weapons of the monsters") }
    try tmux.send("Down", "Right", "Up", "Enter")
    try tmux.waitForScreen { $0.contains("Saved. Dog-Bot: weapon blowgun -> smoke.") }
    try tmux.send("/", literally: true)
    try tmux.send("C-c")
    #expect(try tmux.exitCode() == 130)
    #expect(try tmux.weapons()["Dog-Bot"] == "smoke")
    try tmux.expectRestored()
    #expect(try tmux.screen().hasPrefix("Dog-Bot: weapon blowgun -> smoke.\n"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
  func ctrlZStopsThePickerWithTheTerminalRestoredAndFgBringsItBack() throws {
    let tmux = try PickerTmux(pick: ["cat-bot"], interactiveShell: true)
    try tmux.waitForScreen { $0.hasPrefix("$") }
    try tmux.send(tmux.commandLine, literally: true)
    try tmux.send("Enter")
    try tmux.waitForScreen { $0.contains("Preferred way to kill: sword") }
    try tmux.send("C-z")
    try tmux.waitForScreen { $0.contains("Stopped") }
    #expect(try tmux.tmux("display-message", "-p", "-t", "picker", "#{alternate_on}") == "0\n")
    #expect(try !tmux.isReportingMouse())
    try tmux.send("stty -g > stopped; fg", literally: true)
    try tmux.send("Enter")
    try tmux.waitForScreen { $0.contains("Preferred way to kill: sword") }
    #expect(try tmux.isReportingMouse())
    try tmux.send("5", literally: true)
    let code = try tmux.exitCode()
    let screen = try tmux.screen()
    #expect(code == 0, "\(screen)")
    #expect(try tmux.weapons()["Cat-Bot"] == "smoke")
    try tmux.expectRestored()
    #expect(
      try String(contentsOfFile: tmux.folder + "/stopped", encoding: .utf8)
        == String(contentsOfFile: tmux.folder + "/before", encoding: .utf8))
  }

  @Test(arguments: [
    (Platform.SignalNumber.terminate, "SIGTERM", Int32(143)),
    (Platform.SignalNumber.interrupt, "SIGINT", 130),
    (Platform.SignalNumber.hangUp, "SIGHUP", 129),
    (Platform.SignalNumber.quit, "SIGQUIT", 131),
  ])
  func aSignalRestoresTheTerminalAndExitsAsAShellReportsIt(
    signal: Int32, name: String, code: Int32
  ) throws {
    let tmux = try PickerTmux(pick: [])
    try tmux.waitForScreen { $0.contains("Weapons of the monsters") }
    #expect(Platform.sendSignal(signal, to: try tmux.pickerProcess()))
    #expect(try tmux.exitCode() == code)
    try tmux.expectRestored()
    #expect(try tmux.screen().hasPrefix("Stopped by \(name); the picker is closed.\n"))
  }

  /// Every other signal whose default action would end the process with the terminal raw
  /// (`kill -USR1`, an alarm, a real-time signal) closes the picker as SIGTERM does.
  @Test(
    arguments: Platform.SignalNumber.ending.filter {
      ["SIGUSR1", "SIGUSR2", "SIGALRM", "SIGABRT", "SIGRTMIN+1"].contains($0.name)
    }.map(\.name))
  func anyEndingSignalRestoresTheTerminalAndExits128PlusItsNumber(name: String) throws {
    let signal = try #require(Platform.SignalNumber.ending.first { $0.name == name }?.number)
    let tmux = try PickerTmux(pick: ["cat-bot"])
    try tmux.waitForScreen { $0.contains("Preferred way to kill: sword") }
    #expect(Platform.sendSignal(signal, to: try tmux.pickerProcess()))
    #expect(try tmux.exitCode() == 128 + signal)
    try tmux.expectRestored()
    #expect(try tmux.screen().hasPrefix("Stopped by \(name); the picker is closed.\n"))
  }

  /// Alt with a key, a function key and a focus report do nothing; only Esc on its own
  /// closes.
  @Test func keysThePickerDoesNotUseDoNothingAndEscStillCloses() throws {
    let tmux = try PickerTmux(pick: ["cat-bot"])
    try tmux.waitForScreen { $0.contains("Preferred way to kill: sword") }
    try tmux.send("M-x", "F5", "M-1")
    try tmux.send("\u{1B}[I\u{1B}[O", literally: true)
    try tmux.send("Left")
    try tmux.waitForScreen { $0.contains("┏━━━━━━━━━━┓ ┌──────────┐ ┌──────────┐") }
    try tmux.send("Escape")
    #expect(try tmux.exitCode() == 1)
    #expect(!FileManager.default.fileExists(atPath: tmux.rosterPath))
    try tmux.expectRestored()
  }

  @Test func thePickerViewAssignsSeveralWeaponsAndStaysOpen() throws {
    let tmux = try PickerTmux(pick: [])
    try tmux.waitForScreen { $0.contains("Weapons of the monsters") }
    try tmux.send("Down", "Right", "Up", "Enter")
    try tmux.waitForScreen { $0.contains("Saved. Dog-Bot: weapon blowgun -> smoke.") }
    try tmux.send("Tab", "Down", "Down", "Down")
    try tmux.waitForScreen { $0.contains("┃ ▶ Ice-Bot          fire      ┃") }
    try tmux.send("Tab", "Down", "Enter")
    try tmux.waitForScreen { $0.contains("Saved. Ice-Bot: weapon fire -> sword.") }
    try tmux.send("q", literally: true)
    #expect(try tmux.exitCode() == 0)
    let weapons = try tmux.weapons()
    #expect(weapons["Dog-Bot"] == "smoke")
    #expect(weapons["Ice-Bot"] == "sword")
    #expect(weapons["Cat-Bot"] == "sword")
    try tmux.expectRestored()
    #expect(
      try tmux.screen().hasPrefix(
        "Dog-Bot: weapon blowgun -> smoke.\nIce-Bot: weapon fire -> sword.\n"))
  }

  @Test func thePickerViewRedrawsWhenTheWindowChangesSizeAlsoDuringASearch() throws {
    let tmux = try PickerTmux(pick: [])
    func lastHelpRow(_ screen: String) -> Int? {
      screen.split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0.hasPrefix("  /: search") || $0.hasPrefix("  Enter: keep the filter") }
    }
    try tmux.waitForScreen { lastHelpRow($0) == 23 }
    try tmux.send("/e-", literally: true)
    try tmux.waitForScreen { $0.contains("Search: e-_   3 of 6 match") }
    try tmux.tmux("resize-window", "-t", "picker", "-x", "100", "-y", "30")
    try tmux.waitForScreen { lastHelpRow($0) == 29 && $0.contains("Search: e-_   3 of 6 match") }
    // Below the least size the view says what it needs; the search goes on after.
    try tmux.tmux("resize-window", "-t", "picker", "-x", "50", "-y", "30")
    try tmux.waitForScreen { $0.hasPrefix("The picker needs 60x12;\nthis terminal is 50x30.") }
    try tmux.tmux("resize-window", "-t", "picker", "-x", "80", "-y", "24")
    try tmux.waitForScreen { lastHelpRow($0) == 23 && $0.contains("Search: e-_") }
    try tmux.send("x", literally: true)
    try tmux.waitForScreen { $0.contains("Search: e-x_   no match in 6") }
    try tmux.send("Escape")
    try tmux.waitForScreen { lastHelpRow($0) == 23 && $0.contains("Cat-Bot") }
    try tmux.send("Escape")
    #expect(try tmux.exitCode() == 0)
    try tmux.expectRestored()
  }

  @Test func aSaveThatCannotTakeTheLockRestoresTheTerminalThenReportsIt() throws {
    let tmux = try PickerTmux(
      pick: ["cat-bot"], roster: PickerTmux.seededRoster, lockTimeout: "0.2")
    // Hold the roster's lock, its folder's, as another edit or `flock . ...` would.
    let folder = (tmux.rosterPath as NSString).deletingLastPathComponent
    let lock = try Platform.openFile(folder, [.readOnly, .closeOnExec])
    defer { Platform.closeFile(lock) }
    try Platform.lockFile(lock, .exclusive)
    try tmux.waitForScreen { $0.contains("Preferred way to kill: sword") }
    try tmux.send("1", literally: true)
    #expect(try tmux.exitCode() == 75)
    try tmux.expectRestored()
    // The message is longer than a row; tmux wraps it.
    let screen = try tmux.unwrappedScreen()
    #expect(screen.hasPrefix("Error: Another monsters is editing \(tmux.rosterPath) (the roster"))
    #expect(try String(contentsOfFile: tmux.rosterPath, encoding: .utf8) == PickerTmux.seededRoster)
  }

  /// Another edit while the picker is open can take away what it shows: the pick is then
  /// not saved, and the message says that the file changed, not that a command line was
  /// wrong (64).
  @Test(arguments: [(["cat-bot"], ["2"]), ([String](), ["2", "Enter"])])
  func aPickTheFileNoLongerTakesSaysTheFileChangedAndExitsOne(
    arguments: [String], keys: [String]
  ) throws {
    func roster(weapons: String) -> String {
      """
      {"version": 1, "weapons": [\(weapons)], "monsters": [
        {"name": "Cat-Bot", "description": "MEE-OW", "icon": "meetcatbot.png", "weapon": "sword"}
      ]}

      """
    }
    let tmux = try PickerTmux(
      pick: arguments, roster: roster(weapons: #""sword", {"name": "laser"}"#))
    try tmux.waitForScreen { $0.contains("laser") }
    let changed = roster(weapons: #""sword""#)
    try changed.write(toFile: tmux.rosterPath, atomically: true, encoding: .utf8)
    for key in keys { try tmux.send(key, literally: key.count == 1) }
    #expect(try tmux.exitCode() == 1)
    try tmux.expectRestored()
    let screen = try tmux.unwrappedScreen()
    #expect(
      screen.hasPrefix(
        "Error: \(tmux.rosterPath) changed while the picker was open: Unknown weapon 'laser'."),
      "\(screen)")
    #expect(!screen.contains("Usage:"))
    #expect(try String(contentsOfFile: tmux.rosterPath, encoding: .utf8) == changed)
  }

  @Test func aSearchFiltersAsItIsTypedAndEnterKeepsItForAnAssignment() throws {
    let tmux = try PickerTmux(pick: [])
    try tmux.waitForScreen { $0.contains("/: search") }
    #expect(try tmux.isReportingMouse())
    try tmux.send("/ice", literally: true)
    try tmux.waitForScreen {
      $0.contains("  Search: ice_   1 of 6 matches\n") && $0.contains("┃ ▶ Ice-Bot          fire")
        && !$0.contains("Cat-Bot")
    }
    try tmux.send("Enter")
    try tmux.send("lk", literally: true)
    try tmux.waitForScreen { $0.contains("┃ ▶ ninjaStar           ┃") }
    try tmux.send("Enter")
    try tmux.waitForScreen { $0.contains("Saved. Ice-Bot: weapon fire -> ninjaStar.") }
    try tmux.send("q", literally: true)
    #expect(try tmux.exitCode() == 0)
    #expect(try tmux.weapons()["Ice-Bot"] == "ninjaStar")
    try tmux.expectRestored()
    #expect(try tmux.screen().hasPrefix("Ice-Bot: weapon fire -> ninjaStar.\n"))
  }

  @Test func aClickOnAWeaponButtonPicksIt() throws {
    let tmux = try PickerTmux(pick: ["cat-bot"])
    try tmux.waitForScreen { $0.contains("Preferred way to kill: sword") }
    // The fire button: the third, from column 29 (counted from 1) at 80x24.
    try tmux.click(column: 33, row: 17)
    #expect(try tmux.exitCode() == 0)
    #expect(try tmux.weapons()["Cat-Bot"] == "fire")
    try tmux.expectRestored()
    #expect(try tmux.screen().hasPrefix("Cat-Bot: weapon sword -> fire.\n"))
  }

  @Test func aClickSelectsARowTheWheelTurnsAColumnAndAClickOnTheSelectedWeaponAssigns() throws {
    let tmux = try PickerTmux(pick: [])
    try tmux.waitForScreen { $0.contains("/: search") }
    // Ice-Bot's row, the fifth.
    try tmux.click(column: 10, row: 9)
    try tmux.waitForScreen { $0.contains("┃ ▶ Ice-Bot          fire      ┃") }
    try tmux.wheelDown(column: 45, row: 10)
    try tmux.waitForScreen { $0.contains("│ ▶ sword               │") }
    try tmux.click(column: 45, row: 8)
    try tmux.waitForScreen { $0.contains("Saved. Ice-Bot: weapon fire -> sword.") }
    try tmux.send("Escape")
    #expect(try tmux.exitCode() == 0)
    #expect(try tmux.weapons()["Ice-Bot"] == "sword")
    try tmux.expectRestored()
  }
}
