extension Changeset {
    /// The changeset of `old` and `new` for `identity`, built in the same pass that confirms the
    /// C core's pairs: one walk over the old elements confirms each pair's ids with `==`,
    /// compares its content and writes the deletion, the move and the update (the core counted
    /// deletions and moves), then one walk over the new side's marks writes the insertions.
    /// It replaces confirming every pair (`_withMatching`) and then reading the whole matching
    /// again to build the result (`init(_matching:)`, see `_computeByMatching`), and gives the
    /// same changeset.
    ///
    /// When a pair's ids differ (fingerprints of different ids collided), what was written is
    /// dropped and the changeset is computed by `_withMatching`, which repairs the matching on
    /// the ids themselves; so is it, before the pass, when Heckel's pairing read a fingerprint
    /// that two ids share (`_fingerprintsStandForSeveralIDs`).
    ///
    /// - Complexity: that of `_withMatching` with moves.
    @inlinable
    internal static func _computeInOnePass<Identity: _DiffIdentity>(
        _ old: UnsafeBufferPointer<Identity.Element>, _ new: UnsafeBufferPointer<Identity.Element>,
        _ algorithm: DiffAlgorithm, identity: Identity
    ) -> Changeset where Identity.Element: Equatable {
        var updates: [Changeset.Update] = []
        let prefix = _matchCommonPrefix(old, new, identity: identity,
                                        isChanged: { !Identity._contentIsID && $0 != $1 }, updates: &updates)
        if prefix == old.count && prefix == new.count { return Changeset(updates: updates) }
        let oldRest = UnsafeBufferPointer(rebasing: old[prefix...]), newRest = UnsafeBufferPointer(rebasing: new[prefix...])
        let confirmed: Changeset? = _DiffWorkspace.with(oldCount: oldRest.count, newCount: newRest.count) { workspace in
            _writeFingerprints(oldRest, newRest, identity: identity,
                               into: (workspace.oldFingerprints, workspace.newFingerprints))
            let outcome = workspace.diff(algorithm, moves: true, uniqueFingerprints: Identity._fingerprintsAreUnique)
            if _fingerprintsStandForSeveralIDs(workspace, oldRest, newRest, algorithm, identity: identity, outcome: outcome) {
                return nil
            }
            workspace.releaseFingerprints()
            let pass = _ConfirmingPass(workspace: workspace, old: oldRest, new: newRest, identity: identity,
                                       prefix: prefix, outcome: outcome)
            if let room = workspace.smallResultRoom(pairs: outcome.moves + oldRest.count - outcome.deletions) {
                return pass.changeset(in: room, after: updates)
            }
            return pass.changeset(after: updates)
        }
        if let confirmed { return confirmed }
        return _withMatching(old, new, algorithm, identity: identity, isChanged: !=) { Changeset(_matching: $0) }
    }
}

/// The one pass over the C core's matching that confirms its pairs and writes the changeset's
/// parts (offsets shifted by `prefix`, after the prefix's updates); `nil` from either builder at
/// the first pair whose ids differ.
@usableFromInline
internal struct _ConfirmingPass<Identity: _DiffIdentity> where Identity.Element: Equatable {
    @usableFromInline let workspace: _DiffWorkspace
    @usableFromInline let old: UnsafeBufferPointer<Identity.Element>
    @usableFromInline let new: UnsafeBufferPointer<Identity.Element>
    @usableFromInline let identity: Identity
    @usableFromInline let prefix: Int
    @usableFromInline let outcome: _DiffOutcome

    @inlinable
    init(workspace: _DiffWorkspace, old: UnsafeBufferPointer<Identity.Element>,
         new: UnsafeBufferPointer<Identity.Element>, identity: Identity, prefix: Int, outcome: _DiffOutcome) {
        self.workspace = workspace
        self.old = old
        self.new = new
        self.identity = identity
        self.prefix = prefix
        self.outcome = outcome
    }

    /// Walks the old elements in order: writes each unmatched one's offset to `deletions`, each
    /// matched one that is not in place to `moves`, and hands each matched pair whose content
    /// differs to `update`. Returns how many deletions and moves it wrote, or `nil` at a pair
    /// whose ids differ. O(n).
    ///
    /// Marks each moved element's new partner in the workspace's `inLIS` as well (the byte it
    /// just read), so that afterwards exactly the unmatched new elements are 0 there: see
    /// `writeInsertions(to:)`.
    @inlinable @inline(__always)
    func walk(deletions: UnsafeMutablePointer<Int>, moves: UnsafeMutablePointer<Changeset.Move>,
              update: (Changeset.Update) -> Void) -> (deletions: Int, moves: Int)? {
        let oldToNew = workspace.oldToNew, inLIS = workspace.inLIS, prefix = self.prefix
        let old = self.old, new = self.new, identity = self.identity
        var deletionCount = 0, moveCount = 0
        for i in 0..<old.count {
            let j = Int(oldToNew[i])
            if j < 0 {
                deletions[deletionCount] = i &+ prefix
                deletionCount &+= 1
                continue
            }
            let oldElement = old[i], newElement = new[j]
            guard identity.id(of: oldElement) == identity.id(of: newElement) else { return nil }
            if !Identity._contentIsID && oldElement != newElement {
                update(Changeset.Update(old: i &+ prefix, new: j &+ prefix))
            }
            if inLIS[j] == 0 {
                moves[moveCount] = Changeset.Move(from: i &+ prefix, to: j &+ prefix)
                moveCount &+= 1
                inLIS[j] = 1
            }
        }
        return (deletionCount, moveCount)
    }

    /// Writes the new offsets of the unmatched new elements, ascending; returns how many. O(m).
    ///
    /// After `walk(deletions:moves:update:)` they are the zeros of `inLIS`, a byte each instead
    /// of `newToOld`'s eight (a million-element diff reads 7 MB less), read eight at a time
    /// where all eight are matched.
    @inlinable @inline(__always)
    func writeInsertions(to insertions: UnsafeMutablePointer<Int>) -> Int {
        let marks = workspace.inLIS, allMatched: UInt64 = 0x0101_0101_0101_0101
        var count = 0, j = 0
        func writeZeros(below end: Int) {
            while j < end {
                if marks[j] == 0 {
                    insertions[count] = j &+ prefix
                    count &+= 1
                }
                j &+= 1
            }
        }
        while new.count &- j >= 8 {
            if UnsafeRawPointer(marks + j).loadUnaligned(as: UInt64.self) == allMatched {
                j &+= 8
            } else {
                writeZeros(below: j &+ 8)
            }
        }
        writeZeros(below: new.count)
        return count
    }

    /// The changeset written into a small diff's free memory (`room`, see
    /// `_DiffWorkspace.smallResultRoom(pairs:)`), then copied into arrays of their exact size;
    /// `nil` at a collision.
    @inlinable
    func changeset(
        in room: (deletions: UnsafeMutablePointer<Int>, insertions: UnsafeMutablePointer<Int>, pairs: UnsafeMutableRawPointer),
        after prefixUpdates: [Changeset.Update]
    ) -> Changeset? {
        let moves = room.pairs.bindMemory(to: Changeset.Move.self, capacity: outcome.moves)
        let updates = (room.pairs + outcome.moves * MemoryLayout<Changeset.Move>.stride)
            .bindMemory(to: Changeset.Update.self, capacity: old.count - outcome.deletions)
        var updateCount = 0
        guard let written = walk(deletions: room.deletions, moves: moves, update: { pair in
            updates[updateCount] = pair
            updateCount &+= 1
        }) else { return nil }
        let insertionCount = writeInsertions(to: room.insertions)
        var allUpdates = prefixUpdates
        if allUpdates.isEmpty {
            allUpdates = Array(UnsafeBufferPointer(start: updates, count: updateCount))
        } else {
            allUpdates.append(contentsOf: UnsafeBufferPointer(start: updates, count: updateCount))
        }
        return Changeset(deletions: Array(UnsafeBufferPointer(start: room.deletions, count: written.deletions)),
                         insertions: Array(UnsafeBufferPointer(start: room.insertions, count: insertionCount)),
                         moves: Array(UnsafeBufferPointer(start: moves, count: written.moves)),
                         updates: allUpdates, isMinimal: outcome.isMinimal)
    }

    /// The changeset written straight into arrays created at the sizes the C core counted (the
    /// updates appended), once the scratch pool made room for them; `nil` at a collision.
    @inlinable
    func changeset(after prefixUpdates: [Changeset.Update]) -> Changeset? {
        ScratchPool.shared.makeRoom(forResultOf: (outcome.deletions + outcome.insertions) * MemoryLayout<Int>.stride
                                        + outcome.moves * MemoryLayout<Changeset.Move>.stride)
        var updates = prefixUpdates
        var confirmed = true
        var moves: [Changeset.Move] = []
        let deletions = [Int](unsafeUninitializedCapacity: outcome.deletions) { deletionBuffer, deletionCount in
            moves = [Changeset.Move](unsafeUninitializedCapacity: outcome.moves) { moveBuffer, moveCount in
                guard let written = walk(deletions: deletionBuffer.baseAddress!, moves: moveBuffer.baseAddress!,
                                         update: { updates.append($0) }) else {
                    confirmed = false
                    return
                }
                (deletionCount, moveCount) = written
            }
        }
        guard confirmed else { return nil }
        let insertions = [Int](unsafeUninitializedCapacity: outcome.insertions) { buffer, count in
            count = writeInsertions(to: buffer.baseAddress!)
        }
        return Changeset(deletions: deletions, insertions: insertions, moves: moves, updates: updates,
                         isMinimal: outcome.isMinimal)
    }
}
