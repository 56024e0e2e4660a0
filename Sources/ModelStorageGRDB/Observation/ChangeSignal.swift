#if GRDB
import FingerprintDiff

/// Wakes the observation loop of a ``DatabaseStorage`` from GRDB's writer queue and from the
/// poller: wake-ups that arrive while one is pending collapse into it, the first error is kept
/// for the loop to pick up (it ends observation), and notices (faults that do not) are queued.
///
/// `@unchecked Sendable`: its mutable state, `error` and `notices`, is guarded by `lock`; the stream's
/// continuation is itself `Sendable`. (`Synchronization.Mutex` would need macOS 15 / iOS 18.)
final class ChangeSignal: @unchecked Sendable {
    /// One element per (collapsed) wake-up; finishes with ``finish()``.
    let wakeups: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let lock = PlatformLock()
    private var error: (any Error)?
    private var notices: [(error: any Error, time: ContinuousClock.Instant)] = []

    init() {
        (wakeups, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Something may have changed: read again.
    func signal() {
        continuation.yield()
    }

    /// Observing failed with `error` (the first one is kept).
    func fail(_ error: any Error) {
        lock.withLock {
            if self.error == nil { self.error = error }
        }
        continuation.yield()
    }

    /// A fault that does not end observation (a long lock): the loop reports it and goes on.
    func notice(_ error: any Error) {
        let now = ContinuousClock.now
        lock.withLock { notices.append((error, now)) }
        continuation.yield()
    }

    /// The notices since the last call, with when each was made.
    func takeNotices() -> [(error: any Error, time: ContinuousClock.Instant)] {
        lock.withLock {
            defer { notices = [] }
            return notices
        }
    }

    /// The error reported since the last call, if any.
    func takeError() -> (any Error)? {
        lock.withLock {
            defer { error = nil }
            return error
        }
    }

    /// Ends the stream of wake-ups.
    func finish() {
        continuation.finish()
    }
}
#endif
