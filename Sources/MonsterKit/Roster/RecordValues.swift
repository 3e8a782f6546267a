/// New values for the fields a record holds itself: what an edit of a million monsters
/// makes to records, and what a selection compares with them, without building monsters.
struct RecordValues: Hashable {
  /// The weapon's number in the source's table.
  var weapon: UInt8?
  /// What happens to the name colour: kept where the values do not name it.
  var nameColor = RosterEdit.Changes.NameColorChange.keep

  /// The values of some fields, when each is one a record holds itself, and a weapon is in
  /// the table; `nil` otherwise.
  ///
  /// - Parameters:
  ///   - values: Fields and their values, checked against the roster.
  ///   - weapons: The source's weapons.
  init?(_ values: [(field: MonsterField, value: JSONValue?)], weapons: WeaponTable) {
    for (field, value) in values {
      let text: String? = if case .string(let text)? = value { text } else { nil }
      guard case .held(let held)? = field.builtIn?.lane else { return nil }
      switch held {
      case .weapon:
        guard let text, let number = weapons.number(of: text) else { return nil }
        weapon = number
      case .nameColor:
        nameColor = text.flatMap { NameColor(spelling: $0) }.map { .set($0) } ?? .remove
      }
    }
  }

  /// Whether a record holds these values.
  @inline(__always)
  func areHeld(by record: MonsterRecord) -> Bool {
    (weapon.map { $0 == record.weapon } ?? true)
      && (nameColor == .keep || nameColor.color == record.nameColor)
  }

  /// Gives a record these values.
  ///
  /// - Returns: The fields that changed, with their values before and after.
  func apply(to record: inout MonsterRecord, weapons: WeaponTable) -> [FieldChange] {
    var changes: [FieldChange] = []
    if let weapon, weapon != record.weapon {
      changes.append(
        FieldChange(
          .weapon, from: .string(weapons[record.weapon].name), to: .string(weapons[weapon].name)))
      record.weapon = weapon
    }
    if nameColor != .keep, nameColor.color != record.nameColor {
      changes.append(
        FieldChange(
          .nameColor, from: record.nameColor.map { .string($0.description) },
          to: nameColor.color.map { .string($0.description) }))
      record.nameColor = nameColor.color
    }
    return changes
  }
}
