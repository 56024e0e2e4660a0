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
        var oldToNew = [Int64](repeating: -1, count: old.count)
        var newToOld = [Int64](repeating: -1, count: new.count)
        var info = fd_match_info()
        let status = old.withUnsafeBufferPointer { oldFP in
            new.withUnsafeBufferPointer { newFP in
                oldToNew.withUnsafeMutableBufferPointer { o2n in
                    newToOld.withUnsafeMutableBufferPointer { n2o in
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
            }
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

    /// Deletions, insertions and minimal moves of this matching, from the C core.
    /// O(n + m + k log k) for k matched pairs.
    @usableFromInline
    internal func changeset() -> (deletions: [Int], insertions: [Int], moves: [Changeset.Move]) {
        var result = fd_changeset()
        let status = oldToNew.withUnsafeBufferPointer { o2n in
            newToOld.withUnsafeBufferPointer { n2o in
                fd_changeset_make(o2n.baseAddress, o2n.count, n2o.baseAddress, n2o.count,
                                  nil, nil, &result, nil)
            }
        }
        Self.check(status)
        defer { fd_changeset_free(&result, nil) }
        let deletions = [Int](unsafeUninitializedCapacity: result.deletion_count) { buffer, count in
            for k in 0..<result.deletion_count { buffer[k] = Int(result.deletions[k]) }
            count = result.deletion_count
        }
        let insertions = [Int](unsafeUninitializedCapacity: result.insertion_count) { buffer, count in
            for k in 0..<result.insertion_count { buffer[k] = Int(result.insertions[k]) }
            count = result.insertion_count
        }
        let moves = [Changeset.Move](unsafeUninitializedCapacity: result.move_count) { buffer, count in
            for k in 0..<result.move_count {
                let move = result.moves[k]
                buffer[k] = Changeset.Move(from: Int(move.from), to: Int(move.to))
            }
            count = result.move_count
        }
        return (deletions, insertions, moves)
    }

    /// The C core only fails on exhausted memory (or sizes no Swift array can have); Swift
    /// itself traps on exhausted memory, and so does this.
    private static func check(_ status: fd_status) {
        guard status == FD_OK else {
            fatalError("FingerprintDiff: \(String(cString: fd_status_description(status)))")
        }
    }
}
