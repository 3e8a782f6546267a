import MonsterKit

extension RosterProblem {
  /// The problem's message as the command line words it: MonsterKit's names no program, and
  /// the command line asks for a newer `monsters` where a file is of a newer roster version.
  var commandLineMessage: String {
    guard message.hasSuffix(Self.newerVersionEnding) else { return message }
    return message.dropLast(Self.newerVersionEnding.count)
      + ", newer than this monsters reads (1); use a newer monsters"
  }
}

extension RosterError {
  /// The error with its problems' messages as the command line words them (see
  /// ``RosterProblem/commandLineMessage``).
  var inCommandLineWords: RosterError {
    guard case .invalidRoster(let path, let problems) = self else { return self }
    return .invalidRoster(
      path: path,
      problems: problems.map {
        RosterProblem(
          line: $0.line, column: $0.column, message: $0.commandLineMessage, kind: $0.kind)
      })
  }
}
