#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CFingerprintDiff

/// Raw memory kept between diffs, so that repeated diffs of large lists reuse pages that are
/// already mapped instead of paying the kernel's page faults for fresh memory each time (on
/// the reference machine that was a third of the time of a 100,000-element diff).
///
/// Blocks of 64 KiB and more are kept, up to `retainedLimit` bytes in all; smaller ones go
/// straight to malloc. A request takes the smallest kept block it fills at least half of (a
/// small request must not tie up a block a later large one needs); a request that no kept
/// block fits first frees kept blocks of at least its size, so keeping memory never raises
/// the peak of a diff. Thread-safe.
@usableFromInline
internal final class ScratchPool: @unchecked Sendable {
    /// The pool every diff uses: keeps at most 64 MiB.
    @usableFromInline
    static let shared = ScratchPool(retainedLimit: 64 << 20)

    static let smallestPooledBlock = 64 << 10

    let retainedLimit: Int
    private let lock = PlatformLock()
    private var blocks: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = []
    private var retainedBytes = 0

    init(retainedLimit: Int) {
        self.retainedLimit = retainedLimit
    }

    deinit {
        releaseAll()
    }

    /// A block of at least `bytes` bytes (16-byte aligned) and its real size, or nil when
    /// memory is exhausted.
    @usableFromInline
    func allocate(bytes: Int) -> (pointer: UnsafeMutableRawPointer, bytes: Int)? {
        if bytes >= Self.smallestPooledBlock {
            let reused: (pointer: UnsafeMutableRawPointer, bytes: Int)? = lock.withLock {
                var best: Int?
                for (index, block) in blocks.enumerated()
                where block.bytes >= bytes && block.bytes / 2 <= bytes
                    && (best == nil || block.bytes < blocks[best!].bytes)
                {
                    best = index
                }
                guard let best else { return nil }
                retainedBytes -= blocks[best].bytes
                return blocks.remove(at: best)
            }
            if let reused { return reused }
            // Nothing fits: give back at least as much as is about to be allocated, so that
            // kept blocks turn into the new one instead of adding to the process's peak.
            release(atLeast: bytes)
        }
        guard let pointer = malloc(max(bytes, 1)) else { return nil }
        return (pointer, bytes)
    }

    /// Frees kept blocks until at least `bytes` bytes are freed or none is left: largest first
    /// (fewest blocks), or with `smallestFirst` the small ones first, keeping the large blocks
    /// whose pages cost the most to map again.
    private func release(atLeast bytes: Int, smallestFirst: Bool = false) {
        let released: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = lock.withLock {
            blocks.sort { smallestFirst ? $0.bytes < $1.bytes : $0.bytes > $1.bytes }
            var freed = 0, count = 0
            while count < blocks.count && freed < bytes {
                freed += blocks[count].bytes
                count += 1
            }
            retainedBytes -= freed
            defer { blocks.removeFirst(count) }
            return Array(blocks.prefix(count))
        }
        for block in released { free(block.pointer) }
    }

    /// Returns a block from `allocate(bytes:)`: kept for reuse while the pool has room.
    @usableFromInline
    func deallocate(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
        if bytes >= Self.smallestPooledBlock {
            let kept: Bool = lock.withLock {
                guard retainedBytes + bytes <= retainedLimit else { return false }
                blocks.append((pointer, bytes))
                retainedBytes += bytes
                return true
            }
            if kept { return }
        }
        free(pointer)
    }

    /// Makes room for a diff's result of `bytes` bytes (plain Swift arrays, which cannot reuse
    /// kept blocks), so that memory the pool keeps does not add to the peak of the diff in
    /// progress: a result that is large next to what the pool keeps (a quarter of it or more:
    /// all-new, reversed, shuffled lists, whose time goes into building the result anyway)
    /// empties the pool; a small one, the common case, frees its own size, smallest blocks
    /// first (the large ones, the fingerprints and the matching, are what the next diff needs).
    /// A result smaller than the smallest kept block changes nothing: malloc serves it from
    /// memory it has, and freeing a kept block for it only made the next diff allocate again.
    @usableFromInline
    func makeRoom(forResultOf bytes: Int) {
        guard bytes >= Self.smallestPooledBlock else { return }
        let emptyAll = lock.withLock { bytes * 4 >= retainedBytes }
        if emptyAll { releaseAll() } else { release(atLeast: bytes, smallestFirst: true) }
    }

    /// Frees every kept block.
    func releaseAll() {
        let released: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = lock.withLock {
            defer {
                blocks = []
                retainedBytes = 0
            }
            return blocks
        }
        for block in released { free(block.pointer) }
    }

    /// An `fd_allocator` over this pool for the C core: each block carries its size in a
    /// 16-byte header.
    @usableFromInline
    var cAllocator: fd_allocator {
        fd_allocator(
            allocate: { context, size in
                let pool = Unmanaged<ScratchPool>.fromOpaque(context!).takeUnretainedValue()
                guard size <= Int.max - 16, let block = pool.allocate(bytes: size + 16) else { return nil }
                block.pointer.storeBytes(of: block.bytes, as: Int.self)
                return block.pointer + 16
            },
            deallocate: { context, pointer in
                guard let pointer else { return }
                let pool = Unmanaged<ScratchPool>.fromOpaque(context!).takeUnretainedValue()
                let base = pointer - 16
                pool.deallocate(base, bytes: base.load(as: Int.self))
            },
            context: Unmanaged.passUnretained(self).toOpaque())
    }
}

/// A typed buffer of scratch memory from the shared pool, returned to it on deinit.
@usableFromInline
internal final class ScratchBuffer<Element: BitwiseCopyable> {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let count: Int
    private let bytes: Int

    /// Uninitialized storage for `count` elements. Traps when memory is exhausted, like any
    /// Swift allocation.
    @usableFromInline
    init(count: Int) {
        // Plus the 16 bytes the C allocator adds for its header, so that an array of n
        // elements asks the pool for the same size from Swift and from C, and either can
        // reuse the other's block.
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, bytes <= Int.max - 16,
              let block = ScratchPool.shared.allocate(bytes: bytes + 16) else {
            fatalError("FingerprintDiff: cannot allocate \(count) elements of scratch memory")
        }
        base = block.pointer.bindMemory(to: Element.self, capacity: count)
        self.count = count
        self.bytes = block.bytes
    }

    deinit {
        ScratchPool.shared.deallocate(UnsafeMutableRawPointer(base), bytes: bytes)
    }

    @inlinable
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }
}

extension Changeset {
    /// Frees the scratch memory that diffs keep between calls (at most 64 MiB, kept so that
    /// repeated diffs of large lists do not page-fault fresh memory each time).
    public static func releaseScratchMemory() {
        ScratchPool.shared.releaseAll()
    }
}
