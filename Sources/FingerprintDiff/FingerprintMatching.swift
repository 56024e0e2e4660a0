import CFingerprintDiff

/// The matching between an old and a new list computed by the C core: `oldToNew[i]` is the new
/// offset of old element `i` or -1, `newToOld[j]` the old offset of new element `j` or -1.
///
/// This type only knows fingerprints; the generic layer confirms pairs with `==` on the ids.
@usableFromInline
internal struct FingerprintMatching {
    @usableFromInline internal var oldToNew: [Int64]
    @usableFromInline internal var newToOld: [Int64]
    /// FD_MATCH_* flags of the last algorithm run.
    @usableFromInline internal var flags: UInt32

    /// Runs `algorithm` over the two fingerprint arrays. O(n + m) for Heckel,
    /// O((n + m) · d) bounded by the cost limit for Myers.
    @usableFromInline
    internal init(old: [UInt64], new: [UInt64], algorithm: DiffAlgorithm) {
        var info = fd_match_info()
        var status = FD_OK
        var newToOld: [Int64] = []
        // Both algorithms write every entry, so the arrays start uninitialized.
        let oldToNew = [Int64](unsafeUninitializedCapacity: old.count) { o2n, oldCount in
            newToOld = [Int64](unsafeUninitializedCapacity: new.count) { n2o, newCount in
                status = old.withUnsafeBufferPointer { oldFP in
                    new.withUnsafeBufferPointer { newFP in
                        switch algorithm.kind {
                        case .heckel:
                            return fd_heckel(oldFP.baseAddress, oldFP.count, newFP.baseAddress,
                                             newFP.count, o2n.baseAddress, n2o.baseAddress,
                                             &info, nil)
                        case .myers:
                            return fd_myers(oldFP.baseAddress, oldFP.count, newFP.baseAddress,
                                            newFP.count, o2n.baseAddress, n2o.baseAddress,
                                            algorithm.costLimit, &info, nil)
                        }
                    }
                }
                newCount = new.count
            }
            oldCount = old.count
        }
        Self.check(status)
        self.oldToNew = oldToNew
        self.newToOld = newToOld
        self.flags = info.flags
    }

    /// Matches, by occurrence order, the elements that are still unmatched. O(n + m).
    @usableFromInline
    internal mutating func matchRemaining(old: [UInt64], new: [UInt64]) {
        var info = fd_match_info()
        let status = old.withUnsafeBufferPointer { oldFP in
            new.withUnsafeBufferPointer { newFP in
                oldToNew.withUnsafeMutableBufferPointer { o2n in
                    newToOld.withUnsafeMutableBufferPointer { n2o in
                        fd_match_remaining(oldFP.baseAddress, oldFP.count, newFP.baseAddress,
                                           newFP.count, o2n.baseAddress, n2o.baseAddress,
                                           &info, nil)
                    }
                }
            }
        }
        Self.check(status)
    }

    /// Removes the pair of old element `i`, if any.
    @inlinable
    internal mutating func unmatch(old i: Int) {
        let j = Int(oldToNew[i])
        guard j >= 0 else { return }
        oldToNew[i] = -1
        newToOld[j] = -1
    }

    /// Pairs old element `i` with new element `j`; both must be unmatched.
    @inlinable
    internal mutating func match(old i: Int, new j: Int) {
        oldToNew[i] = Int64(j)
        newToOld[j] = Int64(i)
    }

    /// Deletions, insertions and minimal moves of this matching, from the C core, which writes
    /// them straight into the returned arrays. O(n + m + k log k) for k matched pairs.
    @usableFromInline
    internal func changeset() -> (deletions: [Int], insertions: [Int], moves: [Changeset.Move]) {
        oldToNew.withUnsafeBufferPointer { o2n in
            newToOld.withUnsafeBufferPointer { n2o in
                var counts = fd_changeset_counts()
                var inLIS = [UInt8](unsafeUninitializedCapacity: n2o.count) { buffer, count in
                    Self.check(fd_changeset_count(o2n.baseAddress, o2n.count, n2o.baseAddress,
                                                  n2o.count, nil, nil, buffer.baseAddress,
                                                  &counts, nil))
                    count = n2o.count
                }
                let fill = { (deletions: UnsafeMutablePointer<Int64>?, insertions: UnsafeMutablePointer<Int64>?,
                              moves: UnsafeMutablePointer<fd_move>?) in
                    inLIS.withUnsafeBufferPointer { inLIS in
                        fd_changeset_fill(o2n.baseAddress, o2n.count, n2o.baseAddress, n2o.count,
                                          nil, nil, inLIS.baseAddress, deletions, insertions,
                                          moves, nil)
                    }
                }
                let deletions = [Int](unsafeUninitializedCapacity: counts.deletions) { buffer, count in
                    Self.withInt64Storage(buffer) { fill($0, nil, nil) }
                    count = counts.deletions
                }
                let insertions = [Int](unsafeUninitializedCapacity: counts.insertions) { buffer, count in
                    Self.withInt64Storage(buffer) { fill(nil, $0, nil) }
                    count = counts.insertions
                }
                let moves = [Changeset.Move](unsafeUninitializedCapacity: counts.moves) { buffer, count in
                    Self.withMoveStorage(buffer) { fill(nil, nil, $0) }
                    count = counts.moves
                }
                inLIS = []
                return (deletions, insertions, moves)
            }
        }
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
