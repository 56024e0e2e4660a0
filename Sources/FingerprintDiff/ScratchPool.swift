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
/// straight to malloc. A block is reused for a request of at least half its size. Thread-safe.
@usableFromInline
internal final class ScratchPool: @unchecked Sendable {
    /// The pool every diff uses: keeps at most 64 MiB.
    @usableFromInline
    static let shared = ScratchPool(retainedLimit: 64 << 20)

    static let smallestPooledBlock = 64 << 10

    let retainedLimit: Int
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var blocks: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = []
    private var retainedBytes = 0

    init(retainedLimit: Int) {
        self.retainedLimit = retainedLimit
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        releaseAll()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// A block of at least `bytes` bytes (16-byte aligned) and its real size, or nil when
    /// memory is exhausted.
    @usableFromInline
    func allocate(bytes: Int) -> (pointer: UnsafeMutableRawPointer, bytes: Int)? {
        if bytes >= Self.smallestPooledBlock {
            let reused: (pointer: UnsafeMutableRawPointer, bytes: Int)? = locked {
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
        }
        guard let pointer = malloc(max(bytes, 1)) else { return nil }
        return (pointer, bytes)
    }

    /// Returns a block from `allocate(bytes:)`: kept for reuse while the pool has room.
    @usableFromInline
    func deallocate(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
        if bytes >= Self.smallestPooledBlock {
            let kept: Bool = locked {
                guard retainedBytes + bytes <= retainedLimit else { return false }
                blocks.append((pointer, bytes))
                retainedBytes += bytes
                return true
            }
            if kept { return }
        }
        free(pointer)
    }

    /// Makes room for a diff's result of `bytes` bytes, so that memory the pool keeps does not
    /// add to the peak of the diff in progress: a result that is large next to what the pool
    /// keeps (a quarter of it or more: all-new, reversed, shuffled lists, whose time goes into
    /// building the result anyway) empties the pool; a small one, the common case, frees its
    /// own size, largest blocks first.
    @usableFromInline
    func makeRoom(forResultOf bytes: Int) {
        guard bytes > 0 else { return }
        let released: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = locked {
            var freed = 0, count = 0
            if bytes * 4 >= retainedBytes {
                count = blocks.count
                freed = retainedBytes
            } else {
                blocks.sort { $0.bytes > $1.bytes }
                while count < blocks.count && freed < bytes {
                    freed += blocks[count].bytes
                    count += 1
                }
            }
            let released = Array(blocks.prefix(count))
            blocks.removeFirst(count)
            retainedBytes -= freed
            return released
        }
        for block in released { free(block.pointer) }
    }

    /// Frees every kept block.
    func releaseAll() {
        let released: [(pointer: UnsafeMutableRawPointer, bytes: Int)] = locked {
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
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let block = ScratchPool.shared.allocate(bytes: bytes) else {
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
