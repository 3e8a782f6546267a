import MonsterKit

extension ImportedMonster {
  /// The monster a roster that declares nothing adds for it.
  public var monster: Monster {
    var roster = Roster()
    guard (try? roster.apply(edit(ifTaken: .fail))) != nil, let added = roster.first else {
      return Monster(name: "not added", description: "", weapon: .blowgun)
    }
    return added
  }
}
