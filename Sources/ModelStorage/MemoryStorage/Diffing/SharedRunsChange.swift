import FingerprintDiff

/// The changeset of one section's whole list read from what the baseline's tree and the
/// current one share, for changes far apart (a move from a third to two thirds), where the
/// window between the common ends is most of the list.
///
/// The nodes the two trees share (``CountedTree/sharedNodes(with:nodeLimit:)``) hold the same
/// items in the same order on both sides: joined where they touch, they are the shared runs,
/// every item of which is matched in place. The other items (those of the leaves a change
/// copied, a few per change) lie in the gaps between the runs, gap i between runs i - 1 and i
/// on both sides, and are matched by identity. A pair whose two items lie in different gaps
/// crosses a whole run, so it moves; the pairs within one gap move as the diff core's patience
/// sorting moves them on that gap alone; unpaired items are deleted or inserted.
///
/// That equals the whole list's changeset when every run kept is longer than the pairs outside
/// the runs (a shorter run is counted among its gap's items, matched in place): an increasing
/// subsequence holding a crossing pair misses a whole run, so swapping the crossing pairs for
/// the runs gives a longer one. Every longest increasing subsequence of the matching therefore
/// holds every run and no crossing pair, and patience sorting's back links, which follow one
/// of them, never reach a crossing pair: its choice in each gap is the one it makes on the gap
/// alone. Items changed in place are those of the copied leaves whose revision is above the
/// baseline's (a shared node was not written since).
///
/// `nil` when the trees share too little for this to pay (more than an eighth of the items
/// outside the runs, or no run kept) or their shared nodes are not in one order.
///
/// - Complexity: O(c × order × height + u log u) for c nodes the changes copied and u items
///   outside the runs.
func sharedRunsChangeset(_ old: StoredSection, _ new: StoredSection, since revision: UInt64) -> Changeset? {
    let order = old.entries.order
    let limit = Swift.max(4 * order, (old.count + new.count) / 8)
    guard let found = old.entries.sharedNodes(with: new.entries, nodeLimit: 16 * order),
          let runs = sharedRuns(found.shared) else { return nil }
    let oldItems = UnsharedItems(found.leaves), newItems = UnsharedItems(found.otherLeaves)
    guard oldItems.offsets.count + newItems.offsets.count <= limit else { return nil }
    let matched = UnsharedMatching(oldItems, newItems)
    let kept = runs.filter { $0.count > matched.pairs.count }
    let dissolved = runs.filter { $0.count <= matched.pairs.count }
    guard !kept.isEmpty, dissolved.reduce(0, { $0 + $1.count }) <= limit else { return nil }
    let gaps = GapLayout(kept: kept)
    var moves: [Changeset.Move] = []
    var inGap = [[Changeset.Move]](repeating: [], count: kept.count + 1)
    for pair in matched.pairs {
        let gap = gaps.oldGap(ofOffset: pair.from)
        if gap == gaps.newGap(ofOffset: pair.to) { inGap[gap].append(pair) } else { moves.append(pair) }
    }
    for run in dissolved {
        inGap[gaps.oldGap(ofOffset: run.old)] += (0..<run.count).map { Changeset.Move(from: run.old + $0, to: run.new + $0) }
    }
    for pairs in inGap where !pairs.isEmpty { moves += movesWithinGap(pairs) }
    moves.sort { $0.from < $1.from }
    let updates = newItems.offsets.indices.compactMap { index -> Changeset.Update? in
        let partner = matched.oldOffsetOfNew[index]
        return partner >= 0 && newItems.revisions[index] > revision ? Changeset.Update(old: partner, new: newItems.offsets[index]) : nil
    }.sorted { $0.old < $1.old }
    return Changeset(deletions: matched.deletions, insertions: matched.insertions, moves: moves, updates: updates,
                     isMinimal: true)
}

/// Items at the same offsets from their starts in both lists, matched in place: a run of shared
/// nodes that touch on both sides.
private struct SharedRun {
    /// The offset of the run's first item in the old list, and in the new one.
    var old: Int, new: Int
    /// The number of items.
    var count: Int
}

/// The shared nodes (sorted by old offset) joined into runs where they touch on both sides;
/// `nil` when their new offsets are not in the same order.
private func sharedRuns(_ shared: [CountedTree<StoredItem>.SharedNode]) -> [SharedRun]? {
    var runs: [SharedRun] = []
    for node in shared {
        if let last = runs.last {
            guard last.new + last.count <= node.otherOffset else { return nil }
            if last.old + last.count == node.offset && last.new + last.count == node.otherOffset {
                runs[runs.count - 1].count += node.count
                continue
            }
        }
        runs.append(SharedRun(old: node.offset, new: node.otherOffset, count: node.count))
    }
    return runs
}

/// The items of a tree's unshared leaves, in order: offsets, identities and revisions.
private struct UnsharedItems {
    var offsets: [Int] = [], slots: [UInt64] = [], revisions: [UInt64] = []

    init(_ leaves: [CountedTree<StoredItem>.PlacedNode]) {
        let count = leaves.reduce(0) { $0 + $1.node.count }
        offsets.reserveCapacity(count)
        slots.reserveCapacity(count)
        revisions.reserveCapacity(count)
        for leaf in leaves {
            // Read in place: a copy of each item would copy its model (an existential) too.
            leaf.node.elements.withUnsafeBufferPointer { items in
                for index in items.indices {
                    offsets.append(leaf.offset + index)
                    slots.append(items[index].slot)
                    revisions.append(items[index].revision)
                }
            }
        }
    }
}

/// The unshared old and new items matched by identity.
private struct UnsharedMatching {
    /// The pairs, by ascending old offset.
    var pairs: [Changeset.Move] = []
    /// The old offsets of the unpaired old items, and the new ones of the unpaired new items,
    /// ascending.
    var deletions: [Int] = [], insertions: [Int] = []
    /// For each new unshared item, its partner's old offset, or -1.
    var oldOffsetOfNew: [Int]

    init(_ old: UnsharedItems, _ new: UnsharedItems) {
        var newIndex = PositionTable(capacity: new.slots.count)
        for (index, slot) in new.slots.enumerated() { newIndex.insert(slot, at: index) }
        oldOffsetOfNew = [Int](repeating: -1, count: new.slots.count)
        pairs.reserveCapacity(Swift.min(old.slots.count, new.slots.count))
        for (index, slot) in old.slots.enumerated() {
            if let partner = newIndex.position(of: slot) {
                pairs.append(Changeset.Move(from: old.offsets[index], to: new.offsets[partner]))
                oldOffsetOfNew[partner] = old.offsets[index]
            } else {
                deletions.append(old.offsets[index])
            }
        }
        insertions = new.offsets.indices.filter { oldOffsetOfNew[$0] < 0 }.map { new.offsets[$0] }
    }
}

/// Where the gaps between the kept runs lie: gap i ends where run i starts, on each side.
private struct GapLayout {
    let oldStarts: [Int], newStarts: [Int]

    init(kept: [SharedRun]) {
        oldStarts = kept.map(\.old)
        newStarts = kept.map(\.new)
    }

    /// The gap of an old offset outside the runs: the number of runs starting before it.
    func oldGap(ofOffset offset: Int) -> Int { Self.runsStarting(before: offset, oldStarts) }

    /// The gap of a new offset outside the runs.
    func newGap(ofOffset offset: Int) -> Int { Self.runsStarting(before: offset, newStarts) }

    private static func runsStarting(before offset: Int, _ starts: [Int]) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The pairs of one gap that move: those outside the longest increasing subsequence of their
/// old offsets in new order that the diff core's patience sorting finds.
private func movesWithinGap(_ pairs: [Changeset.Move]) -> [Changeset.Move] {
    let inNewOrder = pairs.sorted { $0.to < $1.to }
    return positionsOutsideLongestIncreasingSubsequence(inNewOrder.map(\.from)).map { inNewOrder[$0] }
}
