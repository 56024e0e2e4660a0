#if GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB

/// Retries database work that fails because another connection holds a lock (`SQLITE_BUSY`,
/// `SQLITE_LOCKED`): a lock is transient, so observation waits for it instead of ending.
///
/// The delay starts at 2 ms and doubles up to `maximumDelay` (the poll interval), so work
/// resumes within one delay of the release. A lock that lasts longer than ``reportAfter`` is
/// reported once through `onLongLock` (the error observers), and the work goes on being retried.
enum LockRetry {
    /// How long a lock lasts before it is reported.
    static let reportAfter = Duration.seconds(1)

    /// Whether `error` is another connection's lock.
    static func isLock(_ error: any Error) -> Bool {
        lockError(error) != nil
    }

    /// GRDB's error when `error` is another connection's lock (also wrapped in a
    /// ``DatabaseStorageError``), else `nil`.
    static func lockError(_ error: any Error) -> DatabaseError? {
        let databaseError: DatabaseError
        switch error {
        case let error as DatabaseError: databaseError = error
        case DatabaseStorageError.database(let error): databaseError = error
        default: return nil
        }
        return databaseError.resultCode == .SQLITE_BUSY || databaseError.resultCode == .SQLITE_LOCKED ? databaseError : nil
    }

    /// `work`, retried while it fails with a lock, until the calling task is cancelled (then
    /// `CancellationError`). Other errors are thrown at once.
    static func run<T>(isolation: isolated (any Actor)? = #isolation, maximumDelay: Duration,
                       onLongLock: (DatabaseError) -> Void, _ work: () async throws -> T) async throws -> T {
        let clock = ContinuousClock()
        var delay = Duration.milliseconds(2)
        var lockedSince: ContinuousClock.Instant?
        var reported = false
        while true {
            do {
                return try await work()
            } catch where isLock(error) {
                let since = lockedSince ?? clock.now
                lockedSince = since
                if !reported, clock.now - since >= reportAfter, let error = lockError(error) {
                    reported = true
                    onLongLock(error)
                }
                try await Task.sleep(for: delay)
                delay = min(delay * 2, max(maximumDelay, .milliseconds(2)))
            }
        }
    }

    /// `work`, retried a few times (about 30 ms in all) while it fails with a lock: for reads
    /// that must answer synchronously. Throws the last error.
    static func runBriefly<T>(_ work: () throws -> T) throws -> T {
        var delay = Duration.milliseconds(2)
        for _ in 0..<4 {
            do {
                return try work()
            } catch where isLock(error) {
                let (seconds, attoseconds) = delay.components
                var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
                nanosleep(&request, nil)
                delay *= 2
            }
        }
        return try work()
    }
}
#endif
