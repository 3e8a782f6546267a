import Foundation
import ProgramRunning
import Testing

extension SchemaValidatorTests {
  /// A validator found on this machine: check-jsonschema, which reads numbers as doubles,
  /// or python3 with the jsonschema library it is built on, reading numbers exactly.
  enum Validator: CustomStringConvertible {
    case checkJSONSchema(URL)
    case pythonExact(URL)

    /// The validator, or `nil` when neither is installed.
    static let found: Validator? = available.first

    /// Every validator installed: check-jsonschema, then python3 with jsonschema, whose
    /// regular expressions differ (Python's `$` also matches before a final line break).
    static let available: [Validator] = {
      let folders =
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        + [packageRoot.appendingPathComponent(".build/ci-tools/bin").path]
      let files = FileManager.default
      func program(_ name: String) -> URL? {
        folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
          .first { files.isExecutableFile(atPath: $0.path) }
      }
      var validators: [Validator] = []
      if let url = program("check-jsonschema") { validators.append(.checkJSONSchema(url)) }
      if let python = program("python3"),
        (try? BuiltTool.run(python, ["-c", "import jsonschema"], in: "/"))?.status == 0
      {
        validators.append(.pythonExact(python))
      }
      return validators
    }()

    /// Whether the validator reads every JSON number exactly, as the schema means them:
    /// check-jsonschema reads them as doubles, which round `9.9999999999999999` to `10`.
    var readsNumbersExactly: Bool {
      if case .pythonExact = self { true } else { false }
    }

    var description: String {
      switch self {
      case .checkJSONSchema: "check-jsonschema"
      case .pythonExact: "jsonschema, reading numbers exactly"
      }
    }

    /// The program that validates with the jsonschema library, each number read exactly
    /// (as a `Decimal`, and an integer where its value is whole, as JSON Schema has it).
    private static let exactProgram = """
      import json, sys
      from decimal import Decimal
      from jsonschema import Draft202012Validator, validators
      def is_integer(checker, instance):
          if isinstance(instance, bool):
              return False
          if isinstance(instance, Decimal):
              return instance.is_finite() and instance == instance.to_integral_value()
          return isinstance(instance, int)
      def is_number(checker, instance):
          return not isinstance(instance, bool) and isinstance(instance, (int, Decimal))
      checker = Draft202012Validator.TYPE_CHECKER.redefine_many(
          {"integer": is_integer, "number": is_number})
      Exact = validators.extend(Draft202012Validator, type_checker=checker)
      validator = Exact(json.load(open(sys.argv[1], encoding="utf-8")))
      for name in sys.argv[2:]:
          try:
              document = json.load(open(name, encoding="utf-8"), parse_float=Decimal)
          except ValueError:
              print(name)
              continue
          if not validator.is_valid(document):
              print(name)
      """

    /// The files among some that fail a schema.
    func failing(_ files: [String], schema: String, in folder: String) throws -> Set<String> {
      switch self {
      case .checkJSONSchema(let url):
        let result = try BuiltTool.run(
          url, ["--schemafile", schema, "-o", "json"] + files, in: folder)
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        let object = try #require(report as? [String: Any], "\(result.output)\(result.errors)")
        let errors =
          (object["errors"] as? [[String: Any]] ?? [])
          + (object["parse_errors"] as? [[String: Any]] ?? [])
        return Set(errors.compactMap { $0["filename"] as? String })
      case .pythonExact(let url):
        let result = try BuiltTool.run(url, ["-c", Self.exactProgram, schema] + files, in: folder)
        #expect(result.status == 0, "\(result.errors)")
        return Set(result.output.split(separator: "\n").map(String.init))
      }
    }
  }
}
