import CFingerprintDiff

/// The matching between an old and a new list computed by the C core: `oldToNew[i]` is the new
/// offset of old element `i` or -1, `newToOld[j]` the old offset of new element `j` or -1.
/// Stored in scratch memory (see `ScratchPool`).
///
/// This type only knows fingerprints; the generic layer confirms pairs with `==` on the ids.
@usableFromInline
internal struct FingerprintMatching {
    @usableFromInline internal let oldToNew: ScratchBuffer<Int64>
    @usableFromInline internal let newToOld: ScratchBuffer<Int64>
    /// FD_MATCH_* flags of the algorithm run.
    @usableFromInline internal var flags: UInt32

    /// Runs `algorithm` over the two fingerprint arrays. O(n + m) for Heckel; for Myers
    /// O((r + n + m) log(n + m)) when matches are sparse, O((n + m) · d) bounded by the cost
    /// limit when they are dense.
    @usableFromInline
    internal init(old: ScratchBuffer<UInt64>, new: ScratchBuffer<UInt64>, algorithm: DiffAlgorithm) {
        // Both algorithms write every entry, so the buffers start uninitialized.
        let oldToNew = ScratchBuffer<Int64>(count: old.count)
        let newToOld = ScratchBuffer<Int64>(count: new.count)
        var info = fd_match_info()
        var allocator = ScratchPool.shared.cAllocator
        let status = withExtendedLifetime((old, new)) {
            switch algorithm.kind {
            case .heckel:
                return fd_heckel(old.base, old.count, new.base, new.count, oldToNew.base,
                                 newToOld.base, &info, &allocator)
            case .myers:
                return fd_myers(old.base, old.count, new.base, new.count, oldToNew.base,
                                newToOld.base, algorithm.costLimit, &info, &allocator)
            }
        }
        self.oldToNew = oldToNew
        self.newToOld = newToOld
        Self.check(status)
        flags = info.flags
    }

    /// Matches, by occurrence order, the elements that are still unmatched. O(n + m).
    @usableFromInline
    internal func matchRemaining(old: ScratchBuffer<UInt64>, new: ScratchBuffer<UInt64>) {
        var allocator = ScratchPool.shared.cAllocator
        let status = withExtendedLifetime((old, new)) {
            fd_match_remaining(old.base, old.count, new.base, new.count, oldToNew.base,
                               newToOld.base, nil, &allocator)
        }
        Self.check(status)
    }

    /// Removes the pair of old element `i`, if any.
    @inlinable
    internal func unmatch(old i: Int) {
        let j = Int(oldToNew[i])
        guard j >= 0 else { return }
        oldToNew[i] = -1
        newToOld[j] = -1
    }

    /// Pairs old element `i` with new element `j`; both must be unmatched.
    @inlinable
    internal func match(old i: Int, new j: Int) {
        oldToNew[i] = Int64(j)
        newToOld[j] = Int64(i)
    }

    /// Deletions, insertions and minimal moves of this matching, from the C core, which writes
    /// them straight into the returned arrays. O(n + m + k log k) for k matched pairs.
    @usableFromInline
    internal func changeset() -> (deletions: [Int], insertions: [Int], moves: [Changeset.Move]) {
        let o2n = oldToNew.base, n2o = newToOld.base
        let oldCount = oldToNew.count, newCount = newToOld.count
        var counts = fd_changeset_counts()
        var allocator = ScratchPool.shared.cAllocator
        let inLIS = ScratchBuffer<UInt8>(count: newCount)
        Self.check(fd_changeset_count(o2n, oldCount, n2o, newCount, nil, nil, inLIS.base,
                                      &counts, &allocator))
        // The result may be as large as the scratch memory just freed: hand memory back first
        // so the pool does not raise the peak of this diff.
        let resultBytes = (counts.deletions + counts.insertions) * MemoryLayout<Int>.stride
            + counts.moves * MemoryLayout<Changeset.Move>.stride
        ScratchPool.shared.makeRoom(forResultOf: resultBytes)
        // One pass fills all three arrays, each allocated at its exact size.
        var insertions: [Int] = []
        var moves: [Changeset.Move] = []
        let deletions = [Int](unsafeUninitializedCapacity: counts.deletions) { deletionBuffer, deletionCount in
            insertions = [Int](unsafeUninitializedCapacity: counts.insertions) { insertionBuffer, insertionCount in
                moves = [Changeset.Move](unsafeUninitializedCapacity: counts.moves) { moveBuffer, moveCount in
                    Self.withInt64Storage(deletionBuffer) { deletionPointer in
                        Self.withInt64Storage(insertionBuffer) { insertionPointer in
                            Self.withMoveStorage(moveBuffer) { movePointer in
                                fd_changeset_fill(o2n, oldCount, n2o, newCount, nil, nil, inLIS.base,
                                                  deletionPointer, insertionPointer, movePointer, nil)
                            }
                        }
                    }
                    moveCount = counts.moves
                }
                insertionCount = counts.insertions
            }
            deletionCount = counts.deletions
        }
        withExtendedLifetime((self, inLIS)) {}
        return (deletions, insertions, moves)
    }

    /// Lets C write `int64_t`s into an `Int` buffer: in place where `Int` is 64 bits, through a
    /// temporary otherwise.
    private static func withInt64Storage(
        _ buffer: UnsafeMutableBufferPointer<Int>, _ body: (UnsafeMutablePointer<Int64>?) -> Void
    ) {
        if MemoryLayout<Int>.size == MemoryLayout<Int64>.size {
            buffer.withMemoryRebound(to: Int64.self) { body($0.baseAddress) }
        } else {
            var wide = [Int64](repeating: 0, count: buffer.count)
            wide.withUnsafeMutableBufferPointer { body($0.baseAddress) }
            for k in 0..<buffer.count { buffer[k] = Int(wide[k]) }
        }
    }

    /// Lets C write `fd_move`s into a `Changeset.Move` buffer: in place where the layouts agree
    /// (64-bit platforms), through a temporary otherwise.
    private static func withMoveStorage(
        _ buffer: UnsafeMutableBufferPointer<Changeset.Move>,
        _ body: (UnsafeMutablePointer<fd_move>?) -> Void
    ) {
        if MemoryLayout<Changeset.Move>.stride == MemoryLayout<fd_move>.stride
            && MemoryLayout<Changeset.Move>.alignment == MemoryLayout<fd_move>.alignment
            && MemoryLayout<Int>.size == MemoryLayout<Int64>.size
        {
            buffer.withMemoryRebound(to: fd_move.self) { body($0.baseAddress) }
        } else {
            var wide = [fd_move](repeating: fd_move(), count: buffer.count)
            wide.withUnsafeMutableBufferPointer { body($0.baseAddress) }
            for k in 0..<buffer.count {
                buffer[k] = Changeset.Move(from: Int(wide[k].from), to: Int(wide[k].to))
            }
        }
    }

    /// The C core only fails on exhausted memory (or sizes no Swift array can have); Swift
    /// itself traps on exhausted memory, and so does this.
    private static func check(_ status: fd_status) {
        guard status == FD_OK else {
            fatalError("FingerprintDiff: \(String(cString: fd_status_description(status)))")
        }
    }
}
