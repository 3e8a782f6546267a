import MonsterKit

/// What a key asks the picker to do, besides changing what it shows.
enum PickerEffect: Hashable, Sendable {
  /// Nothing more than to show the new state.
  case none
  /// Save an edit through the edit path, and stay open.
  case save(RosterEdit)
  /// Save an edit through the edit path, then close.
  case saveAndClose(RosterEdit)
  /// Close without a change: Esc, `q` or the Close button.
  case close
  /// Close without a change, because Ctrl-C was pressed: a script running the picker
  /// learns of it from the exit status, as from fzf's or gum's.
  case interrupt
}
