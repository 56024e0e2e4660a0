#if GRDB
import GRDB

extension DatabaseWriter {
    /// Runs `body` in a read-only transaction together with a position in `journal` that the
    /// transaction's view includes, and says whether the journal may be trusted for that view.
    ///
    /// `body` gets the database, the position and `exact`: when `exact` is true, the view is
    /// the database exactly at the position, so the rows the journal lists up to it are every
    /// row changed (a read may fetch only those). When it is false, the view includes every
    /// commit up to the position and maybe later ones, so only a read of the whole result is
    /// right, and the position is a safe base for the next read (rows changed after it are
    /// read again, which is harmless).
    ///
    /// - A `DatabaseQueue` reads on its writer connection: the position is taken in the same
    ///   transaction, always exact.
    /// - A `DatabasePool` reads on a reader. The position is taken on the writer before the
    ///   read and again after it; when the two are equal nothing was committed meanwhile (by
    ///   the writer to the table, or by anyone else), so the read's snapshot is exactly at the
    ///   first. Otherwise the read is done again with `exact` false, unless it did not use the
    ///   journal (`usedJournal`), whose result stands. The writer and a reader are never held
    ///   at once: GRDB's `asyncConcurrentRead`, which held the writer while waiting for a
    ///   reader, deadlocked against `DatabasePool.close()` (which holds the readers' barrier
    ///   while waiting for the writer).
    func journaledRead<T: Sendable>(
        _ journal: ChangeJournal,
        usedJournal: @escaping @Sendable (T) -> Bool,
        _ body: @escaping @Sendable (_ db: Database, _ position: ChangeJournal.Position, _ exact: Bool) throws -> T
    ) async throws -> T {
        guard let pool = self as? DatabasePool else {
            return try await consistentRead { db in try body(db, try journal.position(in: db), true) }
        }
        let before = try await pool.writeWithoutTransaction { db in try journal.position(in: db) }
        let optimistic = try await pool.consistentRead { db in try body(db, before, true) }
        guard usedJournal(optimistic) else { return optimistic }
        let after = try await pool.writeWithoutTransaction { db in try journal.position(in: db) }
        if after == before { return optimistic }
        return try await pool.consistentRead { db in try body(db, after, false) }
    }
}
#endif
