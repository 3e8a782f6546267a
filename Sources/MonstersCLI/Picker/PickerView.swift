import MonsterKit

/// A view of the picker, as ``PickerSession`` runs it: a state that keys and the mouse
/// change, that a save updates, and that draws itself.
protocol PickerView {
  /// A line on what is happening, shown below the view.
  var status: String? { get set }
  /// The least screen the view fits in.
  static var minimumSize: TerminalSize { get }
  /// Reacts to a key or the mouse while the view fits the screen, and says what to do.
  mutating func handleOnScreen(_ key: PickerKey, size: TerminalSize) -> PickerEffect
  /// Fits the view to a new screen size.
  mutating func resize(to size: TerminalSize)
  /// Does now what a key may need later, such as folding names for a search: called when
  /// a frame is drawn and no key is waiting.
  ///
  /// - Returns: Whether the view changed, and should be drawn again.
  mutating func prepare() -> Bool
  /// Takes in a save: the roster as saved, and what the edit did.
  mutating func saved(_ saved: EditOutcome)
  /// The screen's lines.
  func lines(size: TerminalSize, file: String, style: PickerStyle) -> [String]
}

extension PickerView {
  /// Reacts to a key or the mouse on a screen of a size, and says what to do.
  ///
  /// On a screen smaller than the view needs, which shows only what size it needs and
  /// that Esc or `q` leaves, those keys (and Ctrl-C) close it, and nothing else does
  /// anything, even while a search is typed.
  ///
  /// - Parameters:
  ///   - key: The key, or what the mouse did.
  ///   - size: The screen's size.
  /// - Returns: What to do.
  mutating func handle(_ key: PickerKey, size: TerminalSize) -> PickerEffect {
    guard PickerRenderer.fits(size, Self.minimumSize) else {
      switch PickerAction(key) {
      case .back?, .quit?: return .close
      case .interrupt?: return .interrupt
      default: return .none
      }
    }
    return handleOnScreen(key, size: size)
  }
}

// MARK: - The views

extension WeaponBarState: PickerView {
  static var minimumSize: TerminalSize { PickerRenderer.weaponBarMinimum }

  mutating func handleOnScreen(_ key: PickerKey, size: TerminalSize) -> PickerEffect {
    guard case .mouse(let event) = key else { return handle(key) }
    return mouse(
      event.action,
      on: PickerRenderer.button(atColumn: event.column, row: event.row, of: self, size: size))
  }

  mutating func resize(to size: TerminalSize) {}

  mutating func prepare() -> Bool { false }

  mutating func saved(_ saved: EditOutcome) {
    if let monster = saved.update.after.monster(named: monster.name) { self.monster = monster }
    status = nil
  }

  func lines(size: TerminalSize, file: String, style: PickerStyle) -> [String] {
    PickerRenderer.lines(for: self, size: size, style: style)
  }
}

extension PickerWheelState: PickerView {
  static var minimumSize: TerminalSize { PickerRenderer.wheelMinimum }

  mutating func handleOnScreen(_ key: PickerKey, size: TerminalSize) -> PickerEffect {
    guard case .mouse(let event) = key else { return handle(key) }
    let layout = PickerRenderer.WheelLayout(self, size: size)
    return mouse(event.action, on: layout.target(atColumn: event.column, row: event.row, of: self))
  }

  mutating func resize(to size: TerminalSize) {
    resize(visibleRows: PickerRenderer.wheelVisibleRows(forHeight: size.rows))
  }

  mutating func saved(_ saved: EditOutcome) {
    reload(saved.update.after)
    guard saved.update.changed else {
      status = selectedMonster.map { "\($0.name) has \($0.weapon.name) already." }
      return
    }
    status = "Saved. " + EditReport.describe(saved.changes.joined())
  }

  func lines(size: TerminalSize, file: String, style: PickerStyle) -> [String] {
    PickerRenderer.lines(for: self, file: file, size: size, style: style)
  }
}
