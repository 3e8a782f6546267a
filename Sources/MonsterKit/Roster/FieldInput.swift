import MonstersSystem

/// A value for a monster's field, as it was given: typed by a person, read from a table,
/// or as the roster file holds it. The roster reads it by the field's description
/// (``MonsterField``), and refuses what the field does not take.
///
/// ```swift
/// FieldInput.typed("ninja-star")  // the weapon ninjaStar, on a roster that has it
/// FieldInput.typed("42")          // the number 42, for an integer field
/// FieldInput.json(.string("red")) // exactly "red"
/// ```
public enum FieldInput: Hashable, Sendable {
  /// Text a person typed for a built-in or declared field, read as
  /// ``MonsterField/value(typed:weapons:)`` reads it: a weapon forgivingly, an integer from
  /// its digits, empty text as no value for an optional field. A key the roster neither
  /// builds in nor declares is refused, so that a mistyped field is never made a key.
  case typed(String)
  /// Text from a table, such as a cell of TSV: read as ``typed(_:)`` for a built-in or
  /// declared field, and for any other key the text as a string.
  case text(String)
  /// A value as the file holds it: exactly as spelled for a built-in or declared field,
  /// any JSON for another key (not a number that is no JSON number, nor an object with a
  /// key twice, which the file cannot hold).
  case json(JSONValue)
  /// A cell of a table quoted with nothing in it (`""` in TSV or CSV), which a listing
  /// writes for an empty string: the empty string for a field that takes it (text, one of
  /// `values` that lists it, a key the roster neither builds in nor declares), else read
  /// as an empty ``text(_:)``, so that a spreadsheet that quotes every cell gives no value.
  case quotedEmpty
}
