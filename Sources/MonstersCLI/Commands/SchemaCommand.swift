import MonsterKit

/// `monsters schema`: a JSON Schema of the roster, for editors that check JSON as it is
/// typed.
enum SchemaCommand {
  static let subcommand = Subcommand(name: "schema", run: run) {
    CommandSpec(
      abstract: "Print a JSON Schema of this roster, for editors.",
      discussion: """
        A JSON Schema (draft 2020-12) of the roster file: its format, its weapons and its \
        fields. Every roster 'monsters check' accepts passes it; a monster with a weapon \
        the roster lacks, a value a field does not take, or a missing key fails it. What a \
        schema cannot say (two names the same ignoring case, the rules of a name) is left \
        to 'monsters check'. A monster breaking a rule does not stop it; weapons or fields \
        breaking one do. Print it again when the roster's weapons or fields change.
        """,
      details: """
        Where the roster declares a field, the schema says additionalProperties: false for a \
        monster's keys, unless the roster keeps other keys. A roster whose top level, weapons or \
        fields break a rule has no schema: schema fails with the problems, as check gives them \
        (65). With a schema saved beside the roster, check-jsonschema --schemafile \
        monsters.schema.json monsters.json agrees with check.
        """)
  }.examples {
    [
      CommandExample(
        "A schema for an editor, beside the roster.",
        "schema", shellSuffix: "> monsters.schema.json")
    ]
  }

  /// Prints the schema, also while monsters break rules: it is of what the roster
  /// declares, and an editor needs it most while a monster is wrong.
  static func run(_ context: CommandContext) throws(CommandFailure) {
    try context.output.writeJSON(
      context.read { (file) throws(RosterError) in try file.jsonSchema() })
  }
}
