#if GRDB
import GRDB

extension DatabaseWriter {
    /// Runs `body` in a read-only transaction that sees exactly the commits `journal` recorded
    /// up to the position it is given (taken on the writer's connection), so that a read based
    /// on the journal misses no change and counts none twice.
    ///
    /// A `DatabaseQueue` reads on its writer connection, so the position is taken in the same
    /// transaction. A `DatabasePool` takes it on the writer's queue and starts the read on a
    /// reader from there (GRDB's `asyncConcurrentRead` sees the database as it is at that
    /// moment), so a commit made meanwhile is in neither or in both.
    func journaledRead<T: Sendable>(
        _ journal: ChangeJournal, _ body: @escaping @Sendable (Database, ChangeJournal.Position) throws -> T
    ) async throws -> T {
        guard let pool = self as? DatabasePool else {
            return try await consistentRead { db in try body(db, try journal.position(in: db)) }
        }
        return try await withCheckedThrowingContinuation { continuation in
            pool.asyncWriteWithoutTransaction { db in
                let position: ChangeJournal.Position
                do {
                    position = try journal.position(in: db)
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                pool.asyncConcurrentRead { result in
                    continuation.resume(with: Result { try body(try result.get(), position) })
                }
            }
        }
    }
}
#endif
