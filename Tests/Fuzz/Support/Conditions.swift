// What the command-line harnesses share: the truth a selection is checked against.

import MonsterKit

@testable import MonstersCLI

/// Whether a condition of `--where` holds for a monster, read as a person means it and
/// checked on the monster's fields, not as the roster picks monsters: a name as the roster
/// finds it, a weapon forgivingly, a colour in any case (nothing for none), any other key
/// by its text (nothing for none).
func holds(
  _ condition: MonsterCondition, _ monster: Monster, at index: Roster.Index, in roster: Roster
) -> Bool {
  guard case .typed(let text)? = condition.value else { return false }
  switch condition.key.lowercased() {
  case "name": return roster.index(named: text) == index
  case "weapon": return Weapon.builtIn.weapon(parsing: text) == monster.weapon
  case "description": return Array(monster.description.utf8) == Array(text.utf8)
  case "icon": return Array(monster.icon.utf8) == Array(text.utf8)
  case "namecolor":
    return text.isEmpty ? monster.nameColor == nil : NameColor(parsing: text) == monster.nameColor
  default:
    let value = monster.otherFields.first { $0.key == condition.key }?.value
    return text.isEmpty ? value == nil : value == .string(text)
  }
}
