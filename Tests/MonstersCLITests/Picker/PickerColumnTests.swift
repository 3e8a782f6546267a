import Testing

@testable import MonstersCLI

@Suite struct PickerColumnTests {
  /// A move of the selection, as a key makes it.
  enum Move {
    case up, down, pageUp, pageDown, first, last
  }

  /// Makes each move in a window of `visibleRows` rows, and gives the selected row and the
  /// top row after each, as `[selected, top]`.
  private func trail(
    _ column: inout PickerColumn, _ moves: [Move], visibleRows: Int
  ) -> [[Int]] {
    moves.map { move in
      switch move {
      case .up: column.moveUp(visibleRows: visibleRows)
      case .down: column.moveDown(visibleRows: visibleRows)
      case .pageUp: column.pageUp(visibleRows: visibleRows)
      case .pageDown: column.pageDown(visibleRows: visibleRows)
      case .first: column.selectFirst(visibleRows: visibleRows)
      case .last: column.selectLast(visibleRows: visibleRows)
      }
      return [column.selected, column.top]
    }
  }

  @Test func selectsTheLastRowAndScrollsToIt() {
    var column = PickerColumn(rowCount: 20, selected: 3)
    #expect(trail(&column, [.last], visibleRows: 5) == [[19, 15]])
    #expect(column.visibleRange(visibleRows: 5) == 15..<20)
    #expect(trail(&column, [.first], visibleRows: 5) == [[0, 0]])
    #expect(column.visibleRange(visibleRows: 5) == 0..<5)
    var empty = PickerColumn(rowCount: 0, selected: 0)
    #expect(trail(&empty, [.last], visibleRows: 5) == [[0, 0]])
  }

  /// Down from the middle row to the last, then round to the first; up from the first round
  /// to the last, then to the middle.
  @Test(arguments: [(Move.down, 1, [2, 0]), (.up, 0, [2, 1])])
  func movesAndWrapsBetweenTheLastRowAndTheFirst(move: Move, from start: Int, through rows: [Int]) {
    var column = PickerColumn(rowCount: 3, selected: start)
    #expect(trail(&column, [move, move], visibleRows: 10) == rows.map { [$0, 0] })
  }

  @Test func scrollsTheLeastThatKeepsTheSelectionInView() {
    var column = PickerColumn(rowCount: 10, selected: 0)
    #expect(
      trail(&column, [.down, .down, .down, .down], visibleRows: 4) == [
        [1, 0], [2, 0], [3, 0], [4, 1],
      ])
    #expect(column.visibleRange(visibleRows: 4) == 1..<5)
    #expect(
      trail(&column, [.up, .up, .up, .up], visibleRows: 4) == [[3, 1], [2, 1], [1, 1], [0, 0]])
  }

  @Test func scrollsToTheEndWhenItWrapsUpAndToTheTopWhenItWrapsDown() {
    var column = PickerColumn(rowCount: 10, selected: 0)
    #expect(trail(&column, [.up, .down], visibleRows: 4) == [[9, 6], [0, 0]])
  }

  @Test func pagesWithoutWrapping() {
    var column = PickerColumn(rowCount: 10, selected: 0)
    #expect(
      trail(&column, [.pageDown, .pageDown, .pageDown, .pageDown], visibleRows: 4) == [
        [3, 0], [6, 3], [9, 6], [9, 6],
      ])
    #expect(
      trail(&column, [.pageUp, .pageUp, .pageUp, .pageUp], visibleRows: 4) == [
        [6, 6], [3, 3], [0, 0], [0, 0],
      ])
  }

  @Test func keepsTheWindowFullWhenItGrows() {
    var column = PickerColumn(rowCount: 10, selected: 9)
    var tops: [Int] = []
    for visibleRows in [3, 8, 20] {
      column.scrollToSelection(visibleRows: visibleRows)
      tops.append(column.top)
    }
    #expect(tops == [7, 2, 0])
  }

  @Test func anEmptyColumnStaysAtRowZero() {
    var column = PickerColumn(rowCount: 0, selected: 3)
    #expect(
      trail(&column, [.down, .up, .pageDown], visibleRows: 4) == [[0, 0], [0, 0], [0, 0]])
    #expect(column.visibleRange(visibleRows: 4).isEmpty)
  }
}
