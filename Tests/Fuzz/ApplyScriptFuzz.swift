// A libFuzzer harness for `apply` scripts: splitting a script into lines and words, and
// reading each line as an edit.
//
// Built by `.ci/fuzz` with `swiftc -sanitize=fuzzer,address`, against MonsterKit and
// MonstersCLI built once for every harness, MonstersCLI with `-enable-testing`. It is not a
// SwiftPM target, and defines no `main`: libFuzzer's is the program's.
//
// The input is a script's bytes, as a file holds them. Splitting it must return lines or
// throw a syntax error on a line of the script, and reading a line as an edit must return
// one or throw `CommandFailure`; neither may trap. Both are pure: nothing is read or
// written. For every line, its words quoted back, in single quotes and in double quotes,
// split into the same words on one line; applying the edits to the seeded roster, in
// memory, must not trap; and a byte order mark before the script changes nothing.

import MonsterKit

@testable import MonstersCLI

/// A word in single quotes, as a shell writes it: `'it'\''s'`.
///
/// Quotes are found scalar by scalar, as the script reader reads: a quote followed by a
/// combining mark is one `Character` that is not `'`, but it is a quote all the same.
private func singleQuoted(_ word: String) -> String {
  var result = "'"
  for scalar in word.unicodeScalars {
    if scalar == "'" {
      result += #"'\''"#
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result + "'"
}

/// A word in double quotes, with `"`, `\`, `$` and `` ` `` escaped.
private func doubleQuoted(_ word: String) -> String {
  var result = "\""
  for scalar in word.unicodeScalars {
    if "\"\\$`".unicodeScalars.contains(scalar) { result.unicodeScalars.append("\\") }
    result.unicodeScalars.append(scalar)
  }
  return result + "\""
}

/// Checks that a line's words, quoted back by `quote` and split again, are the same words.
private func checkRoundTrip(_ line: ApplyScript.Line, _ quote: (String) -> String, _ how: String) {
  let text = line.words.map(quote).joined(separator: " ")
  let again: [ApplyScript.Line]
  do throws(ApplyScript.SyntaxError) {
    again = try ApplyScript.lines(of: text)
  } catch {
    fatalError("\(how) words do not split again (\(error.message)): \(text.debugDescription)")
  }
  guard again == [ApplyScript.Line(number: 1, words: line.words)] else {
    fatalError(
      "\(how) words \(line.words) split into \(again.map(\.words)): \(text.debugDescription)")
  }
}

/// The lines of a script's bytes, or its syntax error.
private func split(_ bytes: [UInt8]) -> Result<[ApplyScript.Line], ApplyScript.SyntaxError> {
  Result { () throws(ApplyScript.SyntaxError) in try ApplyScript.lines(of: bytes) }
}

/// Checks one input.
private func check(_ bytes: [UInt8]) {
  let result = split(bytes)
  let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  if !bytes.starts(with: byteOrderMark), !bytes.starts(with: [0xFF, 0xFE]),
    !bytes.starts(with: [0xFE, 0xFF]), split(byteOrderMark + bytes) != result
  {
    fatalError("a byte order mark changes what the script says: \(bytes)")
  }
  let lines: [ApplyScript.Line]
  switch result {
  case .success(let read):
    lines = read
  case .failure(let error):
    let lineCount = bytes.count { $0 == UInt8(ascii: "\n") } + 1
    guard error.line >= 1, error.line <= lineCount else {
      fatalError("a syntax error on line \(error.line) of \(lineCount)")
    }
    return
  }
  var roster = Roster.seeded
  var previous = 0
  for line in lines {
    guard line.number > previous, !line.words.isEmpty else {
      fatalError("line \(line.number) after line \(previous), with \(line.words.count) words")
    }
    previous = line.number
    checkRoundTrip(line, singleQuoted, "single-quoted")
    checkRoundTrip(line, doubleQuoted, "double-quoted")
    do throws(CommandFailure) {
      let edit = try ApplyCommand.edit(for: line.words)
      _ = try? roster.apply(edit)
    } catch {
      _ = error.message
      _ = error.exitCode
    }
  }
}

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzApplyScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  return 0
}
