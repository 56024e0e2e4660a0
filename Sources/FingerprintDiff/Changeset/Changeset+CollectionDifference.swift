extension Changeset {
    /// The changeset that a standard library `CollectionDifference` describes, so that
    /// `CollectionDifference` (or any differ built on it) can stand in for the built-in
    /// algorithms.
    ///
    /// Removals associated with an insertion (`inferringMoves()`) become moves, the others
    /// deletions; unassociated insertions become insertions. Elements that are neither removed
    /// nor inserted are matched in order. Updates are the matched pairs whose elements differ
    /// (`!=`), so compute the difference by identity, for example
    /// `new.difference(from: old) { $0.id == $1.id }.inferringMoves()`.
    ///
    /// Returns `nil` when `difference` does not turn a list of `old.count` elements into one of
    /// `new.count` (it was computed from other arrays).
    ///
    /// - Complexity: O(old.count + new.count + k log k) for k changes.
    public init?<Element: Equatable>(
        _ difference: CollectionDifference<Element>, from old: [Element], to new: [Element]
    ) {
        var removed = [Bool](repeating: false, count: old.count)
        var inserted = [Bool](repeating: false, count: new.count)
        var deletions: [Int] = []
        var insertions: [Int] = []
        var moves: [Move] = []
        for change in difference {
            switch change {
            case let .remove(offset, _, associatedWith):
                guard offset >= 0 && offset < old.count && !removed[offset] else { return nil }
                removed[offset] = true
                if let destination = associatedWith {
                    moves.append(Move(from: offset, to: destination))
                } else {
                    deletions.append(offset)
                }
            case let .insert(offset, _, associatedWith):
                guard offset >= 0 && offset < new.count && !inserted[offset] else { return nil }
                inserted[offset] = true
                if associatedWith == nil { insertions.append(offset) }
            }
        }
        var updates: [Update] = []
        for move in moves {
            guard move.to >= 0 && move.to < new.count && inserted[move.to] else { return nil }
            if old[move.from] != new[move.to] { updates.append(Update(old: move.from, new: move.to)) }
        }
        guard old.count - deletions.count - moves.count == new.count - insertions.count - moves.count
        else { return nil }
        var newIndex = 0
        for oldIndex in old.indices where !removed[oldIndex] {
            while inserted[newIndex] { newIndex += 1 }
            if old[oldIndex] != new[newIndex] { updates.append(Update(old: oldIndex, new: newIndex)) }
            newIndex += 1
        }
        updates.sort { $0.old < $1.old }
        self.init(
            deletions: deletions.sorted(), insertions: insertions.sorted(),
            moves: moves.sorted { $0.from < $1.from }, updates: updates, isMinimal: false)
    }
}
