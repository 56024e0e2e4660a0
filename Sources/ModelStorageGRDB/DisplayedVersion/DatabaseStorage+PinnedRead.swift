#if GRDB
import FingerprintDiff
import GRDB

/// A refresh's read on a `DatabasePool`: pinned, retiring the records of the rows it changed
/// from the previous pin before releasing it, and, when the WAL is long, starting it over (see
/// the WAL notes of `repinIfWALIsLarge`).
extension DatabaseStorage {
    /// What a pinned read needs besides the read itself.
    struct PinnedReadContext: Sendable {
        var pool: DatabasePool
        var pins: PinConnections
        var journal: ChangeJournal?
        /// The file the storage opened: a pin of another file is never used.
        var file: (path: String, identity: DatabaseFileIdentity)?
        /// The result shown before the read, and the store its rows retire to.
        var old: ResultIndex
        var retiredStore: RetiredRecords<Record>
        var request: QueryInterfaceRequest<Record>
        /// Whether to read inside a write lock and start the WAL over.
        var resettingWAL: Bool
    }

    /// Runs `read` in a read transaction begun on the writer's queue between two journal-position
    /// checks (its position in the journal, and whether it is exactly there: see `ReadPlan`),
    /// retires the records of the rows of `context.old` that the read changed or deleted (read
    /// from the storage's pin, which still holds the state `old` was read at), and makes the new
    /// transaction the storage's pin. Throws ``DatabaseStorageError/fileChanged(_:)`` when the
    /// path no longer names the file the storage opened, and the read's errors (then nothing
    /// changed: the previous pin stays).
    static func pinnedRead(
        _ context: PinnedReadContext,
        _ read: @escaping @Sendable (_ db: Database, _ position: ChangeJournal.Position?, _ exact: Bool) throws -> Refresh<Record>
    ) async throws -> Refresh<Record> {
        if context.resettingWAL,
           let refresh = try await context.pool.writeWithoutTransaction({ db in try readStartingWALOver(context, db, read) }) {
            return refresh
        }
        let (pin, position, exact) = try await context.pool.writeWithoutTransaction { db in
            RefreshProbe.record?("on the writer's queue")
            return try pinAtWriter(context, db)
        }
        RefreshProbe.record?("pinned")
        return try await pin.read { db in
            RefreshProbe.record?("on the pin's queue")
            let refresh = try read(db, position, exact)
            RefreshProbe.record?("read and diffed")
            adopt(pin, after: refresh, context)
            RefreshProbe.record?("retired, previous pin released")
            return refresh
        }
    }

    /// The read of a WAL reset, on the writer's queue (`db`): inside the write lock, pinned,
    /// retired and adopted as any read, then a passive checkpoint and, when it took every frame,
    /// the same state pinned again on a transaction that reads the database file alone, and, the
    /// lock released, a truncating checkpoint that waits for nobody. `nil`
    /// when another connection holds the write lock now (the caller reads as usual; the next
    /// read tries again).
    private static func readStartingWALOver(
        _ context: PinnedReadContext, _ db: Database,
        _ read: (_ db: Database, _ position: ChangeJournal.Position?, _ exact: Bool) throws -> Refresh<Record>
    ) throws -> Refresh<Record>? {
        // No connection commits until the rollback: the pin and its re-pin see one state.
        do { try db.beginTransaction(.immediate) } catch where LockRetry.isLock(error) { return nil }
        let outcome = Result { () throws -> (Refresh<Record>, Bool) in
            let (refresh, stamp) = try readAndAdopt(context, db, read)
            // Only the new pin reads the WAL, at its last frame: the checkpoint can take every
            // frame, and a pin begun then reads the database file alone.
            guard try context.pins.checkpointPassively() else { return (refresh, false) }
            context.pins.current = try context.pins.pin(stamp: stamp)
            return (refresh, true)
        }
        try? db.rollback()
        let (refresh, repinned) = try outcome.get()
        if repinned { context.pins.truncateWAL() }
        return refresh
    }

    /// The read of a WAL reset, on the writer's queue (`db`, inside the write lock): pinned,
    /// retired and adopted as any read; returns the read and the stamp of its pin (released by
    /// then except as the storage's pin).
    private static func readAndAdopt(
        _ context: PinnedReadContext, _ db: Database,
        _ read: (_ db: Database, _ position: ChangeJournal.Position?, _ exact: Bool) throws -> Refresh<Record>
    ) throws -> (Refresh<Record>, WriteStamp?) {
        let (pin, position, exact) = try pinAtWriter(context, db)
        let refresh = try pin.read { pinned in try read(pinned, position, exact) }
        adopt(pin, after: refresh, context)
        return (refresh, pin.stamp)
    }

    /// A pin begun on the writer's queue (`db`), with its journal position and whether no commit
    /// came in between (else a second pin, not exact).
    private static func pinAtWriter(_ context: PinnedReadContext, _ db: Database) throws
        -> (pin: Pin, position: ChangeJournal.Position?, exact: Bool)
    {
        let before = try context.journal?.position(in: db)
        let stampBefore = try WriteStamp(db)
        var pin = try context.pins.pin(stamp: stampBefore)
        if try WriteStamp(db) != stampBefore { pin = try context.pins.pin() }   // a commit came in between
        let after = try context.journal?.position(in: db)
        if let file = context.file, DatabaseFileIdentity.current(at: file.path) != file.identity {
            throw DatabaseStorageError.fileChanged(file.path)
        }
        return (pin, before, before == after)
    }

    /// Retires, from the storage's pin, the records of the rows of `context.old` that `refresh`
    /// deletes or changes, then makes `pin` the storage's pin (releasing the previous one). A
    /// retirement that fails marks the store incomplete (its versions' reads then fail and ask
    /// for a reload, never a wrong record).
    private static func adopt(_ pin: Pin, after refresh: Refresh<Record>, _ context: PinnedReadContext) {
        let rows = retiredRows(of: context.old, changes: refresh.changes)
        let store = context.retiredStore
        let pending = rows.filter { store.record(for: $0) == nil }
        if !pending.isEmpty {
            do {
                guard let previous = context.pins.current else { throw Pin.Ended() }
                let fetched = try previous.read { db in
                    try fetchRows(ids: pending.map(\.id), request: context.request, columns: context.old.columns,
                                  sectionColumn: nil, in: db)
                }
                var records: [RowKey: Record] = [:]
                for row in fetched { records[RowKey(id: row.id, content: row.content)] = row.record }
                store.keep(records)
                if pending.contains(where: { records[$0] == nil }) {
                    store.markIncomplete(DatabaseStorageError.other("the previous read's rows were not in its read transaction"))
                }
            } catch {
                store.markIncomplete(error)
            }
        }
        context.pins.current = pin
    }
}
#endif
