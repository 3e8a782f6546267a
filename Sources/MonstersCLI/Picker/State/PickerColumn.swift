/// One component of a picker: a column of rows with one row selected, shown through a window
/// of a few rows that scrolls to keep the selected row in view.
///
/// ```swift
/// var column = PickerColumn(rowCount: 20, selected: 0)
/// column.moveDown(visibleRows: 5)  // selected 1, top 0
/// column.moveUp(visibleRows: 5)    // selected 0
/// column.moveUp(visibleRows: 5)    // wraps: selected 19, top 15
/// ```
struct PickerColumn: Hashable, Sendable {
  /// How many rows the column has.
  private(set) var rowCount: Int
  /// The selected row, from 0; 0 in an empty column.
  private(set) var selected: Int
  /// The first row in the window.
  private(set) var top = 0

  /// Creates a column with a row selected, scrolled to the top.
  ///
  /// - Parameters:
  ///   - rowCount: How many rows the column has.
  ///   - selected: The selected row; clamped to the rows there are.
  init(rowCount: Int, selected: Int) {
    self.rowCount = max(0, rowCount)
    self.selected = 0
    self.selected = clamped(selected)
  }

  /// The rows in the window of `visibleRows` rows.
  func visibleRange(visibleRows: Int) -> Range<Int> {
    top..<min(rowCount, top + max(1, visibleRows))
  }

  /// Selects the row above, or from the first row the last one.
  mutating func moveUp(visibleRows: Int) {
    guard rowCount > 0 else { return }
    select(selected == 0 ? rowCount - 1 : selected - 1, visibleRows: visibleRows)
  }

  /// Selects the row below, or from the last row the first one.
  mutating func moveDown(visibleRows: Int) {
    guard rowCount > 0 else { return }
    select(selected == rowCount - 1 ? 0 : selected + 1, visibleRows: visibleRows)
  }

  /// Selects the row a window's height above, stopping at the first row.
  mutating func pageUp(visibleRows: Int) {
    select(selected - max(1, visibleRows - 1), visibleRows: visibleRows)
  }

  /// Selects the row a window's height below, stopping at the last row.
  mutating func pageDown(visibleRows: Int) {
    select(selected + max(1, visibleRows - 1), visibleRows: visibleRows)
  }

  /// Selects the first row.
  mutating func selectFirst(visibleRows: Int) {
    select(0, visibleRows: visibleRows)
  }

  /// Selects the last row.
  mutating func selectLast(visibleRows: Int) {
    select(rowCount - 1, visibleRows: visibleRows)
  }

  /// Selects a row, clamped to the rows there are, and scrolls the window the least that
  /// shows it.
  mutating func select(_ row: Int, visibleRows: Int) {
    selected = clamped(row)
    scrollToSelection(visibleRows: visibleRows)
  }

  /// Gives the column a new number of rows, keeping the selection where it can.
  mutating func setRowCount(_ count: Int, selecting row: Int, visibleRows: Int) {
    rowCount = max(0, count)
    select(row, visibleRows: visibleRows)
  }

  /// Scrolls the window the least that shows the selected row, and no further than fills it.
  mutating func scrollToSelection(visibleRows: Int) {
    let visible = max(1, visibleRows)
    if selected < top { top = selected }
    if selected >= top + visible { top = selected - visible + 1 }
    top = max(0, min(top, rowCount - visible))
  }

  private func clamped(_ row: Int) -> Int {
    rowCount == 0 ? 0 : min(max(row, 0), rowCount - 1)
  }
}
