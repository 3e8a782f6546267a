import Foundation
import ProgramRunning
import Testing

extension BuiltTool {
  /// Runs a shell script, `/bin/sh -c`, to its end in a folder (by default the package's
  /// root folder, where the scripts of `.ci` are), with arguments as `$1`...
  static func shell(
    _ script: String, _ arguments: [String] = [], in folder: String = packageRoot.path,
    environment: [String: String] = [:]
  ) throws -> ProcessResult {
    try run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh"] + arguments, in: folder,
      environment: environment)
  }

  /// Writes an executable script (a stand-in for `curl`, `gh` or `swift`), and the folder it
  /// is in if it is missing.
  ///
  /// Written by a shell, not by this process: a program another test starts while this
  /// process has the script open for writing gets a copy of that descriptor, and a script
  /// cannot be run while a descriptor open for writing it is ("Text file busy").
  static func writeScript(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let written = try shell("printf '%s' \"$2\" > \"$1\" && chmod 755 \"$1\"", [path, text])
    try #require(written.status == 0, "\(written.errors)")
  }

  /// Writes a stand-in for `curl -fsSL --retry 3 -o FILE URL`: it copies the file of the
  /// URL's last component from a folder laid out as the server serves it, and fails as
  /// `curl -f` does (22) for one the folder lacks. Each URL is added to `log`, if given.
  static func writeCurl(servingFrom folder: String, to path: String, log: String? = nil) throws {
    try writeScript(
      """
      #!/bin/sh
      while [ $# -gt 0 ]; do
        case $1 in -o) out=$2; shift 2 ;; --retry) shift 2 ;; -*) shift ;; *) url=$1; shift ;; esac
      done
      \(log.map { "echo \"$url\" >> '\($0)'" } ?? ":")
      cp "\(folder)/${url##*/}" "$out" 2>/dev/null || exit 22
      """ + "\n", to: path)
  }
}
