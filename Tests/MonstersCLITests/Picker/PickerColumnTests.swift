import Testing

@testable import MonstersCLI

@Suite struct PickerColumnTests {
  @Test func selectsTheLastRowAndScrollsToIt() {
    var column = PickerColumn(rowCount: 20, selected: 3)
    column.selectLast(visibleRows: 5)
    #expect(column.selected == 19)
    #expect(column.visibleRange(visibleRows: 5) == 15..<20)
    column.selectFirst(visibleRows: 5)
    #expect(column.selected == 0)
    #expect(column.visibleRange(visibleRows: 5) == 0..<5)
    var empty = PickerColumn(rowCount: 0, selected: 0)
    empty.selectLast(visibleRows: 5)
    #expect(empty.selected == 0)
  }

  @Test func movesDownAndWrapsFromTheLastRowToTheFirst() {
    var column = PickerColumn(rowCount: 3, selected: 1)
    column.moveDown(visibleRows: 10)
    #expect(column.selected == 2)
    column.moveDown(visibleRows: 10)
    #expect(column.selected == 0)
  }

  @Test func movesUpAndWrapsFromTheFirstRowToTheLast() {
    var column = PickerColumn(rowCount: 3, selected: 0)
    column.moveUp(visibleRows: 10)
    #expect(column.selected == 2)
    column.moveUp(visibleRows: 10)
    #expect(column.selected == 1)
  }

  @Test func scrollsTheLeastThatKeepsTheSelectionInView() {
    var column = PickerColumn(rowCount: 10, selected: 0)
    for _ in 0..<3 { column.moveDown(visibleRows: 4) }
    #expect(column.selected == 3)
    #expect(column.top == 0)
    column.moveDown(visibleRows: 4)
    #expect(column.selected == 4)
    #expect(column.top == 1)
    #expect(column.visibleRange(visibleRows: 4) == 1..<5)
    for _ in 0..<3 { column.moveUp(visibleRows: 4) }
    #expect(column.selected == 1)
    #expect(column.top == 1)
    column.moveUp(visibleRows: 4)
    #expect(column.top == 0)
  }

  @Test func scrollsToTheEndWhenItWrapsUpAndToTheTopWhenItWrapsDown() {
    var column = PickerColumn(rowCount: 10, selected: 0)
    column.moveUp(visibleRows: 4)
    #expect(column.selected == 9)
    #expect(column.top == 6)
    column.moveDown(visibleRows: 4)
    #expect(column.selected == 0)
    #expect(column.top == 0)
  }

  @Test func pagesWithoutWrapping() {
    var column = PickerColumn(rowCount: 10, selected: 0)
    column.pageDown(visibleRows: 4)
    #expect(column.selected == 3)
    column.pageDown(visibleRows: 4)
    column.pageDown(visibleRows: 4)
    column.pageDown(visibleRows: 4)
    #expect(column.selected == 9)
    #expect(column.top == 6)
    column.pageUp(visibleRows: 4)
    #expect(column.selected == 6)
    #expect(column.top == 6)
    column.pageUp(visibleRows: 4)
    column.pageUp(visibleRows: 4)
    column.pageUp(visibleRows: 4)
    #expect(column.selected == 0)
    #expect(column.top == 0)
  }

  @Test func keepsTheWindowFullWhenItGrows() {
    var column = PickerColumn(rowCount: 10, selected: 9)
    column.scrollToSelection(visibleRows: 3)
    #expect(column.top == 7)
    column.scrollToSelection(visibleRows: 8)
    #expect(column.top == 2)
    column.scrollToSelection(visibleRows: 20)
    #expect(column.top == 0)
  }

  @Test func anEmptyColumnStaysAtRowZero() {
    var column = PickerColumn(rowCount: 0, selected: 3)
    column.moveDown(visibleRows: 4)
    column.moveUp(visibleRows: 4)
    column.pageDown(visibleRows: 4)
    #expect(column.selected == 0)
    #expect(column.top == 0)
    #expect(column.visibleRange(visibleRows: 4).isEmpty)
  }
}
