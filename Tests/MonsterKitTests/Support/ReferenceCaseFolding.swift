import Foundation
import TestSupport

/// Unicode's full case folding read from `Fixtures/unicode/CaseFolding.txt` (statuses C and
/// F), with Foundation's canonical decomposition: a reference made apart from MonsterKit's
/// folding, to test it against.
enum ReferenceCaseFolding {
  /// Each scalar that folding changes, and what it folds to.
  static let table: [UInt32: [Unicode.Scalar]] = {
    let url = fixturesFolder.appendingPathComponent("unicode/CaseFolding.txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
    var table: [UInt32: [Unicode.Scalar]] = [:]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 3, let code = UInt32(fields[0], radix: 16) else { continue }
      table[code] = fields[2].split(separator: " ").compactMap {
        UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
      }
    }
    return table
  }()

  /// Text folded: each scalar of its canonical decomposition replaced by its folding.
  static func folded(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      result.append(contentsOf: table[scalar.value] ?? [scalar])
    }
    return String(result)
  }

  /// Whether two names are the same name by the reference: Unicode's canonical caseless
  /// match, their foldings canonically equivalent.
  static func sameName(_ first: String, _ second: String) -> Bool {
    folded(first) == folded(second)
  }
}
