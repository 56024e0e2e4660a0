import FingerprintDiff

/// The updates one ``BaseStorage/updates`` stream has not handed to its reader yet: at most
/// ``BaseStorage/maximumPendingStreamUpdates``. The storage posts into it from its own isolation;
/// the reader takes from it from any task. When a post finds it full, everything it holds is
/// replaced by one ``StorageUpdate/reload`` and the mailbox closes: the reader takes the reload,
/// then the stream ends (see ``BaseStorage`` for why it ends instead of continuing). A reload the
/// storage delivers closes it the same way, after the updates queued before it.
final class UpdateMailbox: @unchecked Sendable {
    /// What ``post(_:)`` did with an update.
    enum PostResult {
        /// Queued or handed to the waiting reader.
        case accepted
        /// The mailbox was full, or the update was a reload: it now ends with a reload and takes
        /// nothing more.
        case ended
        /// The mailbox is closed (ended before, finished, or its reader cancelled).
        case closed
    }

    private let capacity: Int
    private let lock = PlatformLock()
    // All below are guarded by `lock`.
    private var pending: [StorageUpdate] = []
    private var head = 0
    private var isClosed = false
    private var waitingReader: UnsafeContinuation<StorageUpdate?, Never>?

    init(capacity: Int) {
        precondition(capacity > 0, "UpdateMailbox: capacity must be positive")
        self.capacity = capacity
    }

    /// Hands `update` to the waiting reader, or queues it; replaces the queue with one reload
    /// and closes when `capacity` updates are already waiting. O(1) amortized.
    func post(_ update: StorageUpdate) -> PostResult {
        let (result, reader): (PostResult, UnsafeContinuation<StorageUpdate?, Never>?) = lock.withLock {
            if isClosed { return (.closed, nil) }
            // After a reload the reader must read the storage again, which it can do safely
            // only with a new stream: the reload is the last update of this one.
            if update.requiresReload { isClosed = true }
            if let reader = waitingReader {
                waitingReader = nil
                return (isClosed ? .ended : .accepted, reader)
            }
            if pending.count - head < capacity {
                pending.append(update)
                return (isClosed ? .ended : .accepted, nil)
            }
            pending = [.reload]
            head = 0
            isClosed = true
            return (.ended, nil)
        }
        reader?.resume(returning: update)
        return result
    }

    /// Closes the mailbox: the reader takes what is queued, then the stream ends.
    func close() {
        let reader: UnsafeContinuation<StorageUpdate?, Never>? = lock.withLock {
            isClosed = true
            defer { waitingReader = nil }
            return waitingReader
        }
        reader?.resume(returning: nil)
    }

    /// The next update, waiting for one when none is queued; `nil` once the mailbox is closed
    /// and empty, or when the reading task is cancelled (which closes the mailbox).
    func take() async -> StorageUpdate? {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<StorageUpdate?, Never>) in
                let taken: StorageUpdate?? = lock.withLock {
                    if head < pending.count {
                        let update = pending[head]
                        head += 1
                        if head == pending.count {
                            pending.removeAll(keepingCapacity: pending.count <= 64)
                            head = 0
                        } else if head >= 64 && head * 2 >= pending.count {
                            pending.removeFirst(head)  // taken updates never pile up
                            head = 0
                        }
                        return .some(update)
                    }
                    if isClosed || Task.isCancelled { return .some(nil) }
                    waitingReader = continuation
                    return .none
                }
                if let taken { continuation.resume(returning: taken) }
            }
        } onCancel: {
            close()
        }
    }
}
