#if GRDB
import GRDB

/// The read-only connections that pin a ``DatabaseStorage``'s reads on a `DatabasePool`, and
/// the one pin the storage holds between reads (``current``).
///
/// Each ``Pin`` holds a read transaction open on one of them; a pin released gives its
/// connection back, so that a refresh reuses one (its statements prepared, its schema read)
/// instead of opening a new one per commit. At most ``keptFree`` idle connections are kept.
///
/// `@unchecked Sendable`: `free`, `current` and `checkpointer` are guarded by `lock`; pins are
/// made and released on any thread.
final class PinConnections: @unchecked Sendable {
    /// How many idle connections are kept for reuse.
    static let keptFree = 2
    let path: String
    private let configuration: Configuration
    private let writableConfiguration: Configuration
    private let lock = PlatformLock()
    private var free: [DatabaseQueue] = []
    private var pinned: Pin?
    private var checkpointConnection: DatabaseQueue?

    /// Connections to the database of `pool`, read-only, with its configuration.
    init(_ pool: DatabasePool) {
        path = pool.path
        var configuration = pool.configuration
        configuration.readonly = true
        // The transaction stays open between accesses: that is the pin.
        configuration.allowsUnsafeTransactions = true
        configuration.label = "ModelStorageGRDB.pin"
        self.configuration = configuration
        var writable = pool.configuration
        writable.label = "ModelStorageGRDB.checkpoint"
        // Its checkpoints never wait: a truncating one would hold other writers while it waited.
        writable.busyMode = .immediateError
        writableConfiguration = writable
    }

    /// The storage's pin: the newest state it read. Every version reads the rows it lists here
    /// (a row that changed since was retired from the previous pin first). Setting it releases
    /// the pin it held (when nothing else holds it).
    var current: Pin? {
        get { lock.withLock { pinned } }
        set {
            let old = lock.withLock {
                let old = pinned
                pinned = newValue
                return old
            }
            // Released outside the lock: its deinit ends the transaction.
            withExtendedLifetime(old) {}
        }
    }

    /// A read transaction begun now, on an idle connection or a new one. Throws the database's
    /// error when the connection cannot be opened or the read cannot start.
    func pin(stamp: WriteStamp? = nil) throws -> Pin {
        let reused = lock.withLock { free.popLast() }
        let connection = try reused ?? DatabaseQueue(path: path, configuration: configuration)
        try connection.inDatabase { db in
            try db.beginTransaction(.deferred)
            // A deferred transaction takes its snapshot at its first read.
            try db.execute(sql: "SELECT rootpage FROM sqlite_master LIMIT 1")
        }
        return Pin(connection, owner: self, stamp: stamp)
    }

    /// Checkpoints the WAL as far as the readers allow (passive: it waits for nobody), on a
    /// writable connection of its own (the writer's may be inside a transaction). Returns
    /// whether every frame of the WAL is now in the database file.
    func checkpointPassively() throws -> Bool {
        try checkpoint("PASSIVE")
    }

    /// Empties the WAL file when every frame is checkpointed and every read transaction reads
    /// the database file alone (a truncating checkpoint that waits for nobody; it fails, and
    /// changes nothing, when another connection writes or reads the WAL). Returns whether it did.
    @discardableResult
    func truncateWAL() -> Bool {
        (try? checkpoint("TRUNCATE")) ?? false
    }

    /// `PRAGMA wal_checkpoint(mode)` on the checkpoint connection: whether it took every frame.
    private func checkpoint(_ mode: String) throws -> Bool {
        let connection = try lock.withLock {
            if let checkpointConnection { return checkpointConnection }
            let opened = try DatabaseQueue(path: path, configuration: writableConfiguration)
            checkpointConnection = opened
            return opened
        }
        return try connection.inDatabase { db in
            let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(\(mode))")
            let busy: Int = row?[0] ?? 1, frames: Int = row?[1] ?? -1, done: Int = row?[2] ?? -2
            return busy == 0 && frames == done
        }
    }

    /// Takes back a connection whose transaction ended (closes it when enough are idle).
    fileprivate func giveBack(_ connection: DatabaseQueue) {
        let kept = lock.withLock {
            guard free.count < Self.keptFree else { return false }
            free.append(connection)
            return true
        }
        if !kept { try? connection.close() }
    }
}

/// A read transaction held open on a connection of ``PinConnections``: the database as it was
/// when the pin was made. Ends the transaction and gives the connection back when released.
final class Pin: @unchecked Sendable {
    /// The writer's stamp when the pin was made, when it was made on the writer's queue with
    /// nothing committed around it (`nil` otherwise).
    let stamp: WriteStamp?
    private let reader: DatabaseQueue
    /// Weak: the connections hold their current pin.
    private weak var owner: PinConnections?

    fileprivate init(_ reader: DatabaseQueue, owner: PinConnections, stamp: WriteStamp?) {
        self.reader = reader
        self.owner = owner
        self.stamp = stamp
    }

    /// Runs `body` in the pinned transaction. Throws ``Ended`` when the transaction is no longer
    /// open (the pin was released, or SQLite ended it): never a read of another state.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try reader.inDatabase { db in try Self.inOpenTransaction(db, body) }
    }

    /// The asynchronous form of ``read(_:)``, off the caller's thread.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await reader.unsafeRead { db in try Self.inOpenTransaction(db, body) }
    }

    /// `body` read-only in `db`'s transaction, or ``Ended`` when it is no longer open.
    private static func inOpenTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        guard db.isInsideTransaction else { throw Ended() }
        return try db.readOnly { try body(db) }
    }

    /// The transaction of a pin is no longer open.
    struct Ended: Error, CustomStringConvertible {
        var description: String { "the read transaction of a displayed version ended" }
    }

    deinit {
        let ended: Bool = reader.inDatabase { db in
            if db.isInsideTransaction { try? db.commit() }
            if db.isInsideTransaction { try? db.rollback() }
            return !db.isInsideTransaction
        }
        // A connection whose transaction would not end is not reused.
        if ended, let owner { owner.giveBack(reader) } else { try? reader.close() }
    }
}
#endif
