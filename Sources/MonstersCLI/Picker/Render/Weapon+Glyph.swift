import MonsterKit

extension Weapon {
  /// A small picture of the weapon, three lines of ten columns of ASCII, that stands in for
  /// the tutorial's button image: a built-in weapon's own, and a spark for one a roster
  /// declares, whose image the terminal cannot show.
  var glyph: [String] {
    switch type {
    case .blowgun?: ["          ", "(=====)-->", "          "]
    case .ninjaStar?: ["    /\\    ", "  <(  )>  ", "    \\/    "]
    case .fire?: ["    (     ", "   ) ) (  ", "  (_(_)_) "]
    case .sword?: ["   |      ", "o==|=====>", "   |      "]
    case .smoke?: ["   .--.   ", " .(    ). ", "(___.__)_)"]
    case nil: ["   \\ | /  ", "  -- * -- ", "   / | \\  "]
    }
  }
}
