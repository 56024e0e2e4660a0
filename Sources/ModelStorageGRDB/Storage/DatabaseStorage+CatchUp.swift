#if GRDB
import GRDB
import ModelStorage

/// Waiting until the storage has read what was committed: for tests, and for an app that must
/// know its list shows a write it just made.
extension DatabaseStorage {
    /// Returns once the storage's content includes every commit made before the call, by any
    /// connection (its update delivered to the observers first), while ``observe(isolation:)``
    /// runs in the same isolation domain.
    ///
    /// Wakes the observation for one more read, which starts after the call (so it sees every
    /// earlier commit), and waits until a read that started after the call has completed.
    ///
    /// - Throws: ``DatabaseStorageError/notObserving`` when the storage is not being observed
    ///   or observation ends before that read (then ``observe(isolation:)`` tells why).
    /// - Complexity: one read of the result (a rowid-only one after commits of the storage's own
    ///   writer), as for a commit.
    public func catchUp(isolation: isolated (any Actor)? = #isolation) async throws(DatabaseStorageError) {
        guard isObserving, let wakeSignal else { throw .notObserving }
        let wanted = refreshStarts + 1
        wakeSignal.signal()
        do {
            try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
                catchUpWaiters.append((wanted, continuation))
            }
        } catch {
            throw DatabaseStorageError(error)
        }
    }

    /// Refresh number `number` completed: resumes the callers of ``catchUp(isolation:)`` that
    /// wait for it or an earlier one.
    func refreshCompleted(_ number: Int) {
        lastCompletedRefresh = number
        guard !catchUpWaiters.isEmpty else { return }
        let ready = catchUpWaiters.filter { $0.refresh <= number }
        catchUpWaiters.removeAll { $0.refresh <= number }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Observation ended: the callers still waiting get ``DatabaseStorageError/notObserving``.
    func observationEnded() {
        let waiting = catchUpWaiters
        catchUpWaiters = []
        for waiter in waiting { waiter.continuation.resume(throwing: DatabaseStorageError.notObserving) }
    }
}
#endif
