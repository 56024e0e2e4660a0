/// The confirmed matching of an old and a new list: which old element each new one is, with
/// every pair's ids equal (`==`), the pairs whose content changed, and (unless it was computed
/// without) which new elements stay in place: the moves are the others.
///
/// The one matching of the package: ``Changeset``, ``SectionedChangeset`` and the storages'
/// diffs all read it (see `_withMatching`), none rebuilds it from a changeset. It is a view of
/// the diff's workspace, valid only inside the closure it is given to.
///
/// Offsets are those of the whole lists. The first `prefix` elements of both lists are matched
/// in place (found by comparing ids, before any fingerprint); the arrays describe the rest.
@usableFromInline
package struct _Matching {
    /// How many leading elements are matched in place.
    @usableFromInline package let prefix: Int
    /// The length of the old list.
    @usableFromInline package let oldCount: Int
    /// The length of the new list.
    @usableFromInline package let newCount: Int
    /// For each old element after the prefix, its partner's offset after the prefix, or -1.
    @usableFromInline let oldToNew: UnsafeBufferPointer<Int64>
    /// For each new element after the prefix, its partner's offset after the prefix, or -1.
    @usableFromInline let newToOld: UnsafeBufferPointer<Int64>
    /// For each new element after the prefix, 1 when it is matched and stays in place; `nil`
    /// when the matching was computed without moves.
    @usableFromInline let inLIS: UnsafeBufferPointer<UInt8>?
    /// Unmatched old elements.
    @usableFromInline package var deletionCount: Int
    /// Unmatched new elements.
    @usableFromInline package var insertionCount: Int
    /// Matched elements that move (0 without moves).
    @usableFromInline package var moveCount: Int
    /// The matched pairs whose content changed, sorted by old offset.
    @usableFromInline package var updates: [Changeset.Update]
    /// Whether no matching needs fewer deletions, insertions or moves (see
    /// ``Changeset/isMinimal``).
    @usableFromInline package var isMinimal: Bool

    @usableFromInline
    init(prefix: Int, oldCount: Int, newCount: Int, oldToNew: UnsafeBufferPointer<Int64>,
         newToOld: UnsafeBufferPointer<Int64>, inLIS: UnsafeBufferPointer<UInt8>?, deletionCount: Int,
         insertionCount: Int, moveCount: Int, updates: [Changeset.Update], isMinimal: Bool) {
        self.prefix = prefix
        self.oldCount = oldCount
        self.newCount = newCount
        self.oldToNew = oldToNew
        self.newToOld = newToOld
        self.inLIS = inLIS
        self.deletionCount = deletionCount
        self.insertionCount = insertionCount
        self.moveCount = moveCount
        self.updates = updates
        self.isMinimal = isMinimal
    }

    /// The offset in the new list of old element `old`, or -1 when it was deleted. O(1).
    @inlinable
    package func newOffset(ofOld old: Int) -> Int {
        if old < prefix { return old }
        let partner = oldToNew[old - prefix]
        return partner < 0 ? -1 : Int(partner) + prefix
    }

    /// The offset in the old list of new element `new`, or -1 when it was inserted. O(1).
    @inlinable
    package func oldOffset(ofNew new: Int) -> Int {
        if new < prefix { return new }
        let partner = newToOld[new - prefix]
        return partner < 0 ? -1 : Int(partner) + prefix
    }

    /// For each old element, its new offset or -1. O(n).
    @usableFromInline
    package var newOffsetsOfOld: [Int] { (0..<oldCount).map(newOffset(ofOld:)) }

    /// For each new element, its old offset or -1. O(m).
    @usableFromInline
    package var oldOffsetsOfNew: [Int] { (0..<newCount).map(oldOffset(ofNew:)) }
}

extension Changeset {
    /// The changeset of a matching with moves: unmatched old elements, unmatched new ones, the
    /// pairs that move, its updates. O(n + m), each array allocated at its exact size.
    @usableFromInline
    package init(_matching matching: _Matching) {
        let prefix = matching.prefix, oldToNew = matching.oldToNew, newToOld = matching.newToOld
        let resultBytes = (matching.deletionCount + matching.insertionCount) * MemoryLayout<Int>.stride
            + matching.moveCount * MemoryLayout<Move>.stride
        ScratchPool.shared.makeRoom(forResultOf: resultBytes)
        // One pass over old for deletions and moves, one over new for insertions.
        var moves: [Move] = []
        let inLIS = matching.inLIS ?? UnsafeBufferPointer(start: nil, count: 0)
        let deletions = [Int](unsafeUninitializedCapacity: matching.deletionCount) { deletionBuffer, deletionCount in
            moves = [Move](unsafeUninitializedCapacity: inLIS.isEmpty ? 0 : matching.moveCount) { moveBuffer, moveCount in
                for i in 0..<oldToNew.count {
                    let j = Int(oldToNew[i])
                    if j < 0 {
                        deletionBuffer[deletionCount] = i + prefix
                        deletionCount += 1
                    } else if !inLIS.isEmpty && inLIS[j] == 0 {
                        moveBuffer[moveCount] = Move(from: i + prefix, to: j + prefix)
                        moveCount += 1
                    }
                }
            }
        }
        let insertions = [Int](unsafeUninitializedCapacity: matching.insertionCount) { buffer, count in
            for j in 0..<newToOld.count where newToOld[j] < 0 {
                buffer[count] = j + prefix
                count += 1
            }
        }
        self.init(deletions: deletions, insertions: insertions, moves: moves, updates: matching.updates,
                  isMinimal: matching.isMinimal)
    }
}
