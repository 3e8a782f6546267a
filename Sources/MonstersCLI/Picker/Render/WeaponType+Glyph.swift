import MonsterKit

extension WeaponType {
  /// A small picture of the weapon, three lines of ten columns of ASCII, that stands in for
  /// the tutorial's button image.
  var glyph: [String] {
    switch self {
    case .blowgun: ["          ", "(=====)-->", "          "]
    case .ninjaStar: ["    /\\    ", "  <(  )>  ", "    \\/    "]
    case .fire: ["    (     ", "   ) ) (  ", "  (_(_)_) "]
    case .sword: ["   |      ", "o==|=====>", "   |      "]
    case .smoke: ["   .--.   ", " .(    ). ", "(___.__)_)"]
    }
  }
}
