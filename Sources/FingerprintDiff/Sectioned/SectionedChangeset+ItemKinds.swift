import CFingerprintDiff

/// What ``ClassifiedItems`` lists each item as, one byte per old and per new item, with the
/// count of each list: marked by one pass over the new items of the surviving sections (in new
/// order) and one over their old items (in old order), reading every array through pointers.
///
/// New items: ``inserted`` (new, or from a deleted section), ``moved`` (from another surviving
/// section, or outside its section's longest increasing subsequence of old positions),
/// ``movedChanged`` (moved and its content changed), 0 otherwise. Old items: ``deleted`` (gone,
/// or to an inserted section), ``moved`` (its new item moved), ``stayingChanged`` (in place,
/// content changed), 0 otherwise. Items of deleted and inserted sections stay 0.
struct ItemKinds {
    static let inserted: UInt8 = 1
    static let deleted: UInt8 = 1
    static let moved: UInt8 = 2
    static let movedChanged: UInt8 = 3
    static let stayingChanged: UInt8 = 3

    let newKinds: UnsafeMutableBufferPointer<UInt8>
    let oldKinds: UnsafeMutableBufferPointer<UInt8>
    private(set) var insertionCount = 0
    private(set) var movingUpdateCount = 0
    private(set) var deletionCount = 0
    private(set) var moveCount = 0
    private(set) var stayingUpdateCount = 0

    /// Marks every item; ``deallocate()`` gives the marks back. O(n + m + k log k).
    init(old: SectionLayout, new: SectionLayout, items: ItemPairs, sections: SectionPairs) {
        newKinds = .allocate(capacity: new.itemCount)
        newKinds.initialize(repeating: 0)
        oldKinds = .allocate(capacity: old.itemCount)
        oldKinds.initialize(repeating: 0)
        old.sectionOf.withUnsafeBufferPointer { oldSectionOf in
            new.sectionOf.withUnsafeBufferPointer { newSectionOf in
                sections.newOfOld.withUnsafeBufferPointer { newOfOld in
                    sections.oldOfNew.withUnsafeBufferPointer { oldOfNew in
                        items.changed.withUnsafeBufferPointer { changed in
                            let pass = Pass(matching: items.matching, changed: changed, oldSectionOf: oldSectionOf,
                                            newSectionOf: newSectionOf, newOfOld: newOfOld, oldOfNew: oldOfNew)
                            markNew(pass, new: new)
                            markOld(pass, old: old)
                        }
                    }
                }
            }
        }
    }

    func deallocate() {
        newKinds.deallocate()
        oldKinds.deallocate()
    }

    /// `make(offset)` for each new item of `kind`, ascending: `count` of them.
    func newItems<T>(_ kind: UInt8, count: Int, _ make: (Int) -> T) -> [T] {
        Self.items(of: kind, in: newKinds, count: count, make)
    }

    /// `make(offset)` for each old item of `kind`, ascending: `count` of them.
    func oldItems<T>(_ kind: UInt8, count: Int, _ make: (Int) -> T) -> [T] {
        Self.items(of: kind, in: oldKinds, count: count, make)
    }

    private static func items<T>(of kind: UInt8, in kinds: UnsafeMutableBufferPointer<UInt8>, count: Int,
                                 _ make: (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            var written = 0
            for offset in kinds.indices where kinds[offset] == kind {
                (buffer.baseAddress! + written).initialize(to: make(offset))
                written &+= 1
            }
            precondition(written == count, "item kinds miscounted")
            initialized = written
        }
    }

    /// The arrays both passes read.
    private struct Pass {
        let matching: _Matching
        let changed: UnsafeBufferPointer<Bool>
        let oldSectionOf: UnsafeBufferPointer<Int>
        let newSectionOf: UnsafeBufferPointer<Int>
        let newOfOld: UnsafeBufferPointer<Int>
        let oldOfNew: UnsafeBufferPointer<Int>
    }

    /// New order: insertions, moves from other sections, then per section the items that stay
    /// in it outside one longest increasing subsequence of their old positions. Kinds and
    /// counts are kept in locals, so that no store through a pointer makes them be read again.
    private mutating func markNew(_ pass: Pass, new: SectionLayout) {
        let largest = new.counts.max() ?? 0
        let stayingOld = UnsafeMutablePointer<Int64>.allocate(capacity: largest)
        let stayingNew = UnsafeMutablePointer<Int>.allocate(capacity: largest)
        let inLIS = UnsafeMutablePointer<UInt8>.allocate(capacity: largest)
        defer {
            stayingOld.deallocate()
            stayingNew.deallocate()
            inLIS.deallocate()
        }
        let kinds = newKinds, matching = pass.matching, changed = pass.changed
        let oldSectionOf = pass.oldSectionOf, newOfOld = pass.newOfOld
        var insertions = 0, movingUpdates = 0
        @inline(__always) func markMoved(_ newFlat: Int) {
            let isChanged = changed[newFlat]
            kinds[newFlat] = isChanged ? Self.movedChanged : Self.moved
            if isChanged { movingUpdates &+= 1 }
        }
        for newSection in 0..<new.sectionCount {
            let oldSection = pass.oldOfNew[newSection]
            guard oldSection >= 0 else { continue }
            var staying = 0
            for newFlat in new.range(of: newSection) {
                let oldFlat = matching.oldOffset(ofNew: newFlat)
                let source = oldFlat < 0 ? -1 : oldSectionOf[oldFlat]
                if source == oldSection {
                    stayingOld[staying] = Int64(truncatingIfNeeded: oldFlat)
                    stayingNew[staying] = newFlat
                    staying &+= 1
                } else if source < 0 || newOfOld[source] < 0 {
                    kinds[newFlat] = Self.inserted
                    insertions &+= 1
                } else {
                    markMoved(newFlat)
                }
            }
            if !Self.increases(stayingOld, staying) {
                _check(fd_longest_increasing_subsequence(stayingOld, staying, inLIS, nil, nil))
                for position in 0..<staying where inLIS[position] == 0 { markMoved(stayingNew[position]) }
            }
        }
        insertionCount = insertions
        movingUpdateCount = movingUpdates
    }

    /// Whether the first `count` values strictly increase.
    private static func increases(_ values: UnsafeMutablePointer<Int64>, _ count: Int) -> Bool {
        var position = 1
        while position < count {
            if values[position - 1] >= values[position] { return false }
            position &+= 1
        }
        return true
    }

    /// Old order: deletions, moves and in-place updates.
    private mutating func markOld(_ pass: Pass, old: SectionLayout) {
        let kinds = oldKinds, newKinds = newKinds, matching = pass.matching, changed = pass.changed
        let newSectionOf = pass.newSectionOf, oldOfNew = pass.oldOfNew
        var deletions = 0, moves = 0, stayingUpdates = 0
        for oldSection in 0..<old.sectionCount where pass.newOfOld[oldSection] >= 0 {
            for oldFlat in old.range(of: oldSection) {
                let newFlat = matching.newOffset(ofOld: oldFlat)
                if newFlat < 0 || oldOfNew[newSectionOf[newFlat]] < 0 {
                    kinds[oldFlat] = Self.deleted
                    deletions &+= 1
                } else if newKinds[newFlat] >= Self.moved {
                    kinds[oldFlat] = Self.moved
                    moves &+= 1
                } else if changed[newFlat] {
                    kinds[oldFlat] = Self.stayingChanged
                    stayingUpdates &+= 1
                }
            }
        }
        deletionCount = deletions
        moveCount = moves
        stayingUpdateCount = stayingUpdates
    }
}
