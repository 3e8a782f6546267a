// A merge's conflict in words, for an app's alert or a log: what each side did that the
// other contradicts, naming the monster, the field and both values.

extension MergeConflict: CustomStringConvertible {
  /// The conflict in words, the sides called `ours` and `theirs`:
  /// `'Cat-Bot': weapon 'fire' in ours, 'smoke' in theirs`.
  public var description: String {
    message(ours: "ours", theirs: "theirs")
  }

  /// The conflict in words, the sides called as the caller calls them, such as `yours` and
  /// `the file's` for a save that met another program's changes.
  ///
  /// ```swift
  /// conflict.message(ours: "yours", theirs: "the file's")
  /// // "'Cat-Bot': weapon 'fire' in yours, 'smoke' in the file's"
  /// ```
  ///
  /// - Parameters:
  ///   - ours: What to call our side.
  ///   - theirs: What to call their side.
  /// - Returns: The words, with no full stop; a value quoted as a message quotes it, cut
  ///   short past 200 characters.
  public func message(ours: String, theirs: String) -> String {
    let name = "'\(escapedForMessage(monster ?? ""))'"
    func side(_ side: MergeSide) -> String { side == .ours ? ours : theirs }
    func shown(_ value: JSONValue?) -> String { value.map(MonsterField.quoted) ?? "none" }
    func names(_ names: [String]) -> String {
      names.map { "'\(escapedForMessage($0))'" }.joined(separator: ", ")
    }
    switch reason {
    case .field(let field, let mine, let other) where field == .name:
      return "\(name): renamed to \(shown(mine)) in \(ours) and to \(shown(other)) in \(theirs)"
    case .field(let field, let mine, let other):
      return "\(name): \(field.label) \(shown(mine)) in \(ours), \(shown(other)) in \(theirs)"
    case .addedTwice:
      return "\(name): added in \(ours) and in \(theirs), differently"
    case .removed(let remover, _):
      return "\(name): removed in \(side(remover)), changed in "
        + side(remover == .ours ? .theirs : .ours)
    case .sameName(let other):
      return "\(name) and '\(escapedForMessage(other))' would be the same name"
    case .rosterField(let key, let mine, let other):
      return "the roster's key '\(escapedForMessage(key))': \(shown(mine)) in \(ours), "
        + "\(shown(other)) in \(theirs)"
    case .declaration(let declaration, _, _):
      let what =
        switch declaration {
        case .weapon(let weapon): "the weapon '\(escapedForMessage(weapon))'"
        case .field(let field): "the field '\(escapedForMessage(field))'"
        case .otherKeys: "what the roster makes of keys no field declares"
        }
      return "\(what): declared one way in \(ours) and another in \(theirs)"
    case .uncertainIdentity(let doubter, let old, let new):
      return "which monster is which is not certain: in \(side(doubter)) \(names(old)) became "
        + "\(names(new)), and the other side changed them"
    case .notAllowed(let why):
      return "\(name): \(why), once the weapons and fields are merged"
    }
  }
}
