#if GRDB
import GRDB

/// Checks, every interval while a storage is observed, what GRDB's transaction observers cannot
/// see: commits of other connections to the database file (SQLite's `PRAGMA data_version`,
/// read on the writer's connection, changes exactly when another connection committed), and
/// whether the path still names the file the storage opened (``DatabaseFileIdentity``).
enum ExternalChangePoller {
    /// SQLite's counter of commits by other connections, as seen by the connection of `db`.
    static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    /// A task that, every `interval` until cancelled, signals when the writer connection's
    /// `data_version` differs from the last value seen (starting from `baseline`; not checked
    /// when `nil`), and fails the signal with ``DatabaseStorageError/fileChanged(_:)`` when
    /// `path` no longer names the file of identity `file` (not checked when `nil`). A lock held
    /// by another connection is retried (``LockRetry``), a long one noticed once; any other
    /// failure is reported once and ends the task.
    static func start(_ writer: any DatabaseWriter, from baseline: Int?, file: (path: String, identity: DatabaseFileIdentity)?,
                      every interval: Duration, signal: ChangeSignal) -> Task<Void, Never> {
        Task.detached {
            var last = baseline
            do {
                while !Task.isCancelled {
                    try await Task.sleep(for: interval)
                    if let file, DatabaseFileIdentity.current(at: file.path) != file.identity {
                        signal.fail(DatabaseStorageError.fileChanged(file.path))
                        return
                    }
                    guard last != nil else { continue }
                    let version = try await LockRetry.run(maximumDelay: interval, onLongLock: { signal.notice($0) }) {
                        try await writer.writeWithoutTransaction { db in try dataVersion(db) }
                    }
                    if version != last {
                        last = version
                        signal.signal()
                    }
                }
            } catch is CancellationError {
                return
            } catch {
                if !Task.isCancelled { signal.fail(error) }
            }
        }
    }
}
#endif
