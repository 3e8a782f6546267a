/// The numbers `0..<count` in groups that ``join(_:_:)`` merges: which monsters evidence
/// links, which identities a doubt reaches. A group is named by its smallest number.
///
/// ```swift
/// var sets = DisjointSets(count: 4)
/// sets.join(3, 1)
/// sets.root(3)  // 1
/// sets.root(2)  // 2
/// ```
///
/// - Complexity: Nearly constant time for each call: a path is halved as it is followed.
struct DisjointSets {
  /// For each number, another of its group nearer the group's root, or itself at the root.
  private var parent: [Int]

  /// Each number in a group of its own.
  init(count: Int) {
    parent = Array(0..<count)
  }

  /// The smallest number of a number's group.
  mutating func root(_ number: Int) -> Int {
    var number = number
    while parent[number] != number {
      parent[number] = parent[parent[number]]
      number = parent[number]
    }
    return number
  }

  /// Merges the groups of two numbers.
  mutating func join(_ a: Int, _ b: Int) {
    let (a, b) = (root(a), root(b))
    if a != b { parent[max(a, b)] = min(a, b) }
  }
}
