import GRDB

/// Notices commits of other connections to the database file of a writer, which GRDB's
/// transaction observers do not see, by polling SQLite's `PRAGMA data_version` on the writer's
/// connection: its value changes exactly when another connection committed.
enum ExternalChangePoller {
    /// SQLite's counter of commits by other connections, as seen by the connection of `db`.
    static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    /// A task that signals whenever the writer connection's `data_version` differs from the last
    /// value seen (starting from `baseline`), checking every `interval` until cancelled; it reports
    /// a failure once and stops.
    static func start(_ writer: any DatabaseWriter, from baseline: Int, every interval: Duration,
                      signal: ChangeSignal) -> Task<Void, Never> {
        Task.detached {
            var last = baseline
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                    let version = try await writer.writeWithoutTransaction { db in try dataVersion(db) }
                    if version != last {
                        last = version
                        signal.signal()
                    }
                } catch is CancellationError {
                    return
                } catch {
                    if !Task.isCancelled { signal.fail(error) }
                    return
                }
            }
        }
    }
}
