import Foundation

/// The folders a system's programs are looked for in: the system's own (`/bin` holds macOS's
/// zsh and bash 3.2; `/usr/bin` Linux's), and those of a package manager, Homebrew's on
/// macOS (`/usr/local/bin` on Intel, `/opt/homebrew/bin` on Apple silicon).
public let programFolders = ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]

/// A program that some systems lack (fish, tmux, groff, GNU timeout, util-linux's flock):
/// its path in the first of ``programFolders`` that has it.
///
/// A test that needs one asks for it here, and runs only where it is installed
/// (`.enabled(if: installedProgram("fish") != nil)`); a program every system the tests run
/// on has at the same path (`/bin/sh`, `/usr/bin/env`) is named by its path.
///
/// - Parameter name: The program's name.
/// - Returns: Its path, or `nil` where it is not installed.
public func installedProgram(_ name: String) -> String? {
  programFolders.map { "\($0)/\(name)" }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}
