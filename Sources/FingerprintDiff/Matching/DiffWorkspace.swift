#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CFingerprintDiff

/// The memory of one diff: the fingerprints of both lists, the matching, the marks of the new
/// elements that stay in place, and the C core's scratch memory.
///
/// - A small diff (up to ``smallElementCount`` elements in all) takes one kept 64 KiB block
///   from the scratch pool and carves everything from it, the C core's scratch through an
///   `fd_arena` over its free end: no heap allocation, one lock of the pool to take the block
///   and one to give it back.
/// - A large diff takes separate pooled blocks, so that the fingerprints can go back to the
///   pool as soon as the pairs are confirmed (before the result is built: peak memory). Up to
///   ``largestArenaElementCount`` elements the C core carves its scratch from an `fd_arena`
///   over one more pooled block of ``arenaBytesPerElement`` per element (what does not fit goes
///   to the pool), so that a repeated diff finds its scratch pages mapped instead of the pool
///   trading blocks of many sizes; above, it allocates from the pool directly.
///
/// Used through ``with(oldCount:newCount:_:)``, which releases everything when the body returns.
@usableFromInline
internal struct _DiffWorkspace {
    /// Up to this many old plus new elements, a diff runs in one kept block.
    @usableFromInline static let smallElementCount = 1_536
    /// The size of that block.
    static let smallBlockBytes = 64 << 10

    @usableFromInline let oldCount: Int
    @usableFromInline let newCount: Int
    /// Fingerprints of the old ids, `oldCount` of them.
    @usableFromInline private(set) var oldFingerprints: UnsafeMutablePointer<UInt64>
    /// Fingerprints of the new ids, `newCount` of them.
    @usableFromInline private(set) var newFingerprints: UnsafeMutablePointer<UInt64>
    /// For each old element, its new partner or -1.
    @usableFromInline let oldToNew: UnsafeMutablePointer<Int64>
    /// For each new element, its old partner or -1.
    @usableFromInline let newToOld: UnsafeMutablePointer<Int64>
    /// For each new element, 1 when it is matched and stays in place (not a move); the one-pass
    /// changeset's walk then sets the moved ones to 1 too, leaving 0 for the unmatched ones
    /// (`_ConfirmingPass.walk(deletions:moves:update:)`).
    @usableFromInline let inLIS: UnsafeMutablePointer<UInt8>
    /// What the C core allocates with.
    @usableFromInline var allocator: fd_allocator

    /// Up to this many old plus new elements, a large diff's C core works in an arena.
    static let largestArenaElementCount = 1 << 19
    /// The arena's size per element: about what Heckel's steps need at most.
    static let arenaBytesPerElement = 16

    private var mainBlock: (pointer: UnsafeMutableRawPointer, bytes: Int)
    /// A small diff's block after its matching: the C core's arena room.
    private var arenaRoom: (pointer: UnsafeMutableRawPointer, bytes: Int)?
    private var fingerprintBlock: (pointer: UnsafeMutableRawPointer, bytes: Int)?
    /// The block of the C core's arena (large diffs up to ``largestArenaElementCount``).
    private var scratchBlock: (pointer: UnsafeMutableRawPointer, bytes: Int)?

    /// Runs `body` with the memory of a diff of `oldCount` and `newCount` elements, then
    /// releases it.
    @inlinable
    static func with<R>(oldCount: Int, newCount: Int, _ body: (inout _DiffWorkspace) -> R) -> R {
        var workspace = _DiffWorkspace(oldCount: oldCount, newCount: newCount)
        defer { workspace.release() }
        return body(&workspace)
    }

    @usableFromInline
    init(oldCount: Int, newCount: Int) {
        self.oldCount = oldCount
        self.newCount = newCount
        let total = oldCount + newCount
        // Layout: [fd_arena][its fallback fd_allocator][old fp][new fp][old->new][new->old]
        // [in LIS][arena room...]
        let arenaBytes = (MemoryLayout<fd_arena>.size + MemoryLayout<fd_allocator>.size + 15) & ~15
        let fingerprintBytes = total * 8
        let matchingBytes = total * 8 + (newCount + 15) & ~15
        if total <= Self.smallElementCount {
            mainBlock = Self.take(Self.smallBlockBytes)
            fingerprintBlock = nil
            scratchBlock = nil
            let base = mainBlock.pointer
            oldFingerprints = (base + arenaBytes).bindMemory(to: UInt64.self, capacity: oldCount)
            newFingerprints = (base + arenaBytes + oldCount * 8).bindMemory(to: UInt64.self, capacity: newCount)
            let matching = base + arenaBytes + fingerprintBytes
            oldToNew = matching.bindMemory(to: Int64.self, capacity: oldCount)
            newToOld = (matching + oldCount * 8).bindMemory(to: Int64.self, capacity: newCount)
            inLIS = (matching + total * 8).bindMemory(to: UInt8.self, capacity: newCount)
            // What does not fit the block goes to the pool.
            let fallback = (base + MemoryLayout<fd_arena>.size).bindMemory(to: fd_allocator.self, capacity: 1)
            fallback.initialize(to: ScratchPool.shared.cAllocator)
            let arena = base.bindMemory(to: fd_arena.self, capacity: 1)
            let used = arenaBytes + fingerprintBytes + matchingBytes
            fd_arena_init(arena, base + used, mainBlock.bytes - used, fallback)
            allocator = fd_arena_allocator(arena)
            arenaRoom = (base + used, mainBlock.bytes - used)
        } else {
            arenaRoom = nil
            let fingerprints = Self.take(max(fingerprintBytes, 16))
            fingerprintBlock = fingerprints
            mainBlock = Self.take(max(matchingBytes, 16))
            oldFingerprints = fingerprints.pointer.bindMemory(to: UInt64.self, capacity: oldCount)
            newFingerprints = (fingerprints.pointer + oldCount * 8).bindMemory(to: UInt64.self, capacity: newCount)
            oldToNew = mainBlock.pointer.bindMemory(to: Int64.self, capacity: oldCount)
            newToOld = (mainBlock.pointer + oldCount * 8).bindMemory(to: Int64.self, capacity: newCount)
            inLIS = (mainBlock.pointer + total * 8).bindMemory(to: UInt8.self, capacity: newCount)
            if total <= Self.largestArenaElementCount {
                // Layout: [fd_arena][its fallback fd_allocator][arena room...]
                let block = Self.take(arenaBytes + total * Self.arenaBytesPerElement)
                scratchBlock = block
                let fallback = (block.pointer + MemoryLayout<fd_arena>.size).bindMemory(to: fd_allocator.self, capacity: 1)
                fallback.initialize(to: ScratchPool.shared.cAllocator)
                let arena = block.pointer.bindMemory(to: fd_arena.self, capacity: 1)
                fd_arena_init(arena, block.pointer + arenaBytes, block.bytes - arenaBytes, fallback)
                allocator = fd_arena_allocator(arena)
            } else {
                scratchBlock = nil
                allocator = ScratchPool.shared.cAllocator
            }
        }
    }

    /// A block of at least `bytes` from the pool; traps when memory is exhausted, like any
    /// Swift allocation.
    private static func take(_ bytes: Int) -> (pointer: UnsafeMutableRawPointer, bytes: Int) {
        guard let block = ScratchPool.shared.allocate(bytes: bytes) else {
            fatalError("FingerprintDiff: cannot allocate \(bytes) bytes of scratch memory")
        }
        return block
    }

    /// Above this many bytes of fingerprints, ``releaseFingerprints()`` gives their block back
    /// to the system instead of the pool.
    static let largestKeptFingerprintBytes = 4 << 20

    /// Gives the fingerprints up now, when they live in a block of their own (large diffs):
    /// after the C core ran (only a collision repair needs them again, see
    /// ``refingerprint(_:)``). Up to ``largestKeptFingerprintBytes`` (half a million ids) the
    /// block goes back to the pool, so that the next diff of a similar size finds its pages
    /// mapped (at 100,000 UUIDs the page faults of a fresh block were a tenth of the diff);
    /// `ScratchPool.makeRoom(forResultOf:)` frees kept memory of at least the result's size
    /// before the result is built. Larger blocks go back to the system at once, so that the
    /// result of a million-element diff can use their memory (the peak per element is what
    /// counts there, and the faults weigh less).
    ///
    /// The C core's arena goes back to the pool too (it is empty once the core returned): a
    /// collision repair, which calls the core again, allocates from the pool.
    @usableFromInline
    mutating func releaseFingerprints() {
        if let block = scratchBlock {
            scratchBlock = nil
            allocator = ScratchPool.shared.cAllocator
            ScratchPool.shared.deallocate(block.pointer, bytes: block.bytes)
        }
        guard let block = fingerprintBlock else { return }
        fingerprintBlock = nil
        if block.bytes <= Self.largestKeptFingerprintBytes {
            ScratchPool.shared.deallocate(block.pointer, bytes: block.bytes)
        } else {
            free(block.pointer)
        }
    }

    /// Makes the fingerprints available again after ``releaseFingerprints()`` (for a collision
    /// repair) and lets `fill` compute them. A small diff still has them: `fill` does not run.
    @usableFromInline
    mutating func refingerprint(
        _ fill: ((old: UnsafeMutablePointer<UInt64>, new: UnsafeMutablePointer<UInt64>)) -> Void
    ) {
        guard oldCount + newCount > Self.smallElementCount else { return }
        let block = Self.take(max((oldCount + newCount) * 8, 16))
        fingerprintBlock = block
        oldFingerprints = block.pointer.bindMemory(to: UInt64.self, capacity: oldCount)
        newFingerprints = (block.pointer + oldCount * 8).bindMemory(to: UInt64.self, capacity: newCount)
        fill((oldFingerprints, newFingerprints))
    }

    /// For a diff in one small block, once the C core returned: where a changeset's parts can be
    /// written before they are copied into arrays of their exact size (an array copied from a
    /// buffer is created by code specialized for its element type, in about a third of the
    /// instructions of one created at a size, which looks its type up in the runtime's metadata
    /// cache: most of a 100-element diff's fixed cost). Deletions go where the old fingerprints
    /// were (as many as old elements), insertions where the new ones were, and `pairs` moves
    /// and updates of 16 bytes into the C core's arena, which is empty again. `nil` for a large
    /// diff or when the pairs do not fit. The fingerprints and the arena are lost: only for a
    /// diff that calls neither the core nor ``refingerprint(_:)`` again.
    @usableFromInline
    func smallResultRoom(pairs: Int) -> (deletions: UnsafeMutablePointer<Int>, insertions: UnsafeMutablePointer<Int>,
                                         pairs: UnsafeMutableRawPointer)? {
        guard let arenaRoom, pairs <= arenaRoom.bytes / MemoryLayout<Changeset.Move>.stride else { return nil }
        return (UnsafeMutableRawPointer(oldFingerprints).bindMemory(to: Int.self, capacity: oldCount),
                UnsafeMutableRawPointer(newFingerprints).bindMemory(to: Int.self, capacity: newCount),
                arenaRoom.pointer)
    }

    /// Gives every block back to the pool.
    @usableFromInline
    mutating func release() {
        releaseFingerprints()
        ScratchPool.shared.deallocate(mainBlock.pointer, bytes: mainBlock.bytes)
    }
}
