extension BatchUpdate {
    /// Checks that this update is legal for a list of `oldCount` elements that becomes
    /// `newCount` elements, by UIKit's rules: every index in range of its space, no index
    /// twice in one kind of operation, no old index both deleted and moved, deleted and
    /// reloaded, or moved and reloaded, no new index both inserted and moved to, and
    /// `oldCount - deletions + insertions == newCount`. Stage-2 reloads must be in range and
    /// unique.
    ///
    /// - Throws: the first ``BatchUpdateError`` found (``BatchUpdateError/negativeCount(_:)``
    ///   for a negative count).
    /// - Complexity: O(oldCount + newCount + number of operations).
    public func validate(oldCount: Int, newCount: Int) throws(BatchUpdateError) {
        guard oldCount >= 0 else { throw .negativeCount(oldCount) }
        guard newCount >= 0 else { throw .negativeCount(newCount) }
        var old = IndexMarks(count: oldCount)
        try old.mark(deletions, as: .deletion, bit: IndexMarks.deleted)
        try old.mark(moves.lazy.map(\.from), as: .moveSource, bit: IndexMarks.moved)
        try old.mark(reloads, as: .reload, bit: IndexMarks.reloaded)
        try old.checkOldConflicts()

        var new = IndexMarks(count: newCount)
        try new.mark(insertions, as: .insertion, bit: IndexMarks.inserted)
        try new.mark(moves.lazy.map(\.to), as: .moveDestination, bit: IndexMarks.movedTo)
        try new.checkNewConflicts()

        guard oldCount - deletions.count + insertions.count == newCount else {
            throw .invalidCount(
                oldCount: oldCount, deletions: deletions.count, insertions: insertions.count,
                newCount: newCount)
        }
        var secondStage = IndexMarks(count: newCount)
        try secondStage.mark(reloadsAfterMoves, as: .reloadAfterMoves, bit: IndexMarks.reloaded)
    }
}

/// Per-index bit marks used by validation: which operations touched each index.
@usableFromInline
internal struct IndexMarks {
    static let deleted: UInt8 = 1
    static let moved: UInt8 = 2
    static let reloaded: UInt8 = 4
    static let inserted: UInt8 = 8
    static let movedTo: UInt8 = 16

    var marks: [UInt8]

    init(count: Int) {
        marks = [UInt8](repeating: 0, count: max(0, count))
    }

    /// Marks `indexes` with `bit`, rejecting out-of-range and repeated indexes.
    mutating func mark<Indexes: Sequence<Int>>(
        _ indexes: Indexes, as operation: BatchUpdateError.Operation, bit: UInt8
    ) throws(BatchUpdateError) {
        for index in indexes {
            guard index >= 0 && index < marks.count else {
                throw .indexOutOfRange(operation, index: index, count: marks.count)
            }
            guard marks[index] & bit == 0 else { throw .duplicateIndex(operation, index: index) }
            marks[index] |= bit
        }
    }

    func checkOldConflicts() throws(BatchUpdateError) {
        for (index, mark) in marks.enumerated() where mark & (mark &- 1) != 0 {
            if mark & Self.deleted != 0 && mark & Self.moved != 0 { throw .deletedAndMoved(index: index) }
            if mark & Self.deleted != 0 { throw .deletedAndReloaded(index: index) }
            throw .movedAndReloaded(index: index)
        }
    }

    func checkNewConflicts() throws(BatchUpdateError) {
        for (index, mark) in marks.enumerated() where mark == Self.inserted | Self.movedTo {
            throw .insertedAndMovedTo(index: index)
        }
    }
}
