/// The heaviest matching of a bipartite graph, by the Hungarian method: an `n` × `m` table
/// of weights, 0 for no edge.
enum Assignment {
  /// The matching of greatest total weight, using only edges of positive weight.
  ///
  /// - Parameter weights: For each row, the weight of its edge to each column.
  /// - Returns: For each row, its column or `nil`, and the total weight.
  /// - Complexity: O((n + m)³).
  static func heaviest(_ weights: [[Int]]) -> (columns: [Int?], total: Int) {
    let rows = weights.count
    let columns = weights.first?.count ?? 0
    // A square table of costs: rows then one stand-in a column, columns then one stand-in
    // a row; a real row on a real column costs its negated weight, or is barred where
    // there is no edge; a row on its own stand-in, or a stand-in anywhere, costs nothing.
    let size = rows + columns
    let barred = 1 << 40
    var cost = [[Int]](repeating: [Int](repeating: 0, count: size), count: size)
    for r in 0..<rows {
      for c in 0..<size {
        if c < columns {
          cost[r][c] = weights[r][c] > 0 ? -weights[r][c] : barred
        } else {
          cost[r][c] = c - columns == r ? 0 : barred
        }
      }
    }
    let assigned = minimumCostAssignment(cost)
    var result = [Int?](repeating: nil, count: rows)
    var total = 0
    for r in 0..<rows where assigned[r] < columns && weights[r][assigned[r]] > 0 {
      result[r] = assigned[r]
      total += weights[r][assigned[r]]
    }
    return (result, total)
  }

  /// The assignment of rows to columns of least total cost in a square table.
  private static func minimumCostAssignment(_ cost: [[Int]]) -> [Int] {
    let n = cost.count
    // Potentials and the column's row, with a stand-in column 0 (1-based columns).
    var u = [Int](repeating: 0, count: n + 1)
    var v = [Int](repeating: 0, count: n + 1)
    var rowOf = [Int](repeating: 0, count: n + 1)
    var way = [Int](repeating: 0, count: n + 1)
    for row in 1...max(n, 1) where n > 0 {
      rowOf[0] = row
      var column = 0
      var least = [Int](repeating: Int.max, count: n + 1)
      var used = [Bool](repeating: false, count: n + 1)
      repeat {
        used[column] = true
        let r = rowOf[column]
        var delta = Int.max
        var next = 0
        for c in 1...n where !used[c] {
          let reduced = cost[r - 1][c - 1] - u[r] - v[c]
          if reduced < least[c] {
            least[c] = reduced
            way[c] = column
          }
          if least[c] < delta {
            delta = least[c]
            next = c
          }
        }
        for c in 0...n {
          if used[c] {
            u[rowOf[c]] += delta
            v[c] -= delta
          } else {
            least[c] -= delta
          }
        }
        column = next
      } while rowOf[column] != 0
      repeat {
        let previous = way[column]
        rowOf[column] = rowOf[previous]
        column = previous
      } while column != 0
    }
    var assigned = [Int](repeating: 0, count: n)
    for c in 1..<(n + 1) where rowOf[c] > 0 { assigned[rowOf[c] - 1] = c - 1 }
    return assigned
  }
}
