#if GRDB
import GRDB

extension DatabaseReader {
    /// Runs `body` in one read-only transaction (a consistent view of the database), throwing
    /// GRDB's `SQLITE_MISUSE` "Connection is closed" error for a closed database.
    ///
    /// GRDB 7.10's `read` touches the connection before any check and crashes inside SQLite
    /// when the database was closed; `unsafeRead` plus this check does not.
    func consistentRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await unsafeRead { db in try readTransaction(db, body) }
    }

    /// The synchronous form of ``consistentRead(_:)``.
    func consistentRead<T>(_ body: (Database) throws -> T) throws -> T {
        try unsafeRead { db in try readTransaction(db, body) }
    }
}

/// `body` inside a read-only transaction of `db` (or the one already open).
private func readTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    guard db.sqliteConnection != nil else {
        throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed")
    }
    if db.isInsideTransaction { return try db.readOnly { try body(db) } }
    var result: T?
    // Read-only first, so that ending the transaction does not wake transaction observers.
    try db.readOnly {
        try db.inTransaction(.deferred) {
            result = try body(db)
            return .commit
        }
    }
    return result!
}
#endif
