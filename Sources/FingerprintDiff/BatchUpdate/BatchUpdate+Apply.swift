extension BatchUpdate {
    /// Performs this update on `old` the way UIKit does, and returns the result.
    ///
    /// Inserted elements, and elements reloaded in either stage, take their values from `new`
    /// at their new index; every other element keeps its old value. Elements that are neither
    /// deleted nor moved keep their relative order and fill the positions that insertions and
    /// move destinations leave free. So `try update.apply(to: old, with: new) == new` holds
    /// exactly when the update is a correct description of the change: this is the oracle the
    /// tests use, and users can run it in theirs.
    ///
    /// - Throws: ``BatchUpdateError`` when the update is not legal for these counts.
    /// - Complexity: O(old.count + new.count + number of operations).
    public func apply<Element>(to old: [Element], with new: [Element]) throws(BatchUpdateError)
        -> [Element]
    {
        try validate(oldCount: old.count, newCount: new.count)
        var result = [Element?](repeating: nil, count: new.count)
        var leaves = [Bool](repeating: false, count: old.count)
        for index in deletions { leaves[index] = true }
        for index in insertions { result[index] = new[index] }
        for move in moves {
            leaves[move.from] = true
            result[move.to] = old[move.from]
        }
        // Elements that stay fill the free slots in order; remember where each landed.
        var destination = [Int](repeating: -1, count: old.count)
        var slot = 0
        for index in old.indices where !leaves[index] {
            while result[slot] != nil { slot += 1 }
            result[slot] = old[index]
            destination[index] = slot
            slot += 1
        }
        for index in reloads { result[destination[index]] = new[destination[index]] }
        for index in reloadsAfterMoves { result[index] = new[index] }
        return result.map { $0! }
    }
}
