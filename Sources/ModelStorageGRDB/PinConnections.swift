#if GRDB
import GRDB

/// The read-only connections that pin a ``DatabaseStorage``'s versions on a `DatabasePool`:
/// each ``Pin`` holds a read transaction open on one of them; a pin released gives its
/// connection back, so that a refresh reuses one (its statements prepared, its schema read)
/// instead of opening a new one per commit. At most ``keptFree`` idle connections are kept.
///
/// `@unchecked Sendable`: `free` is guarded by `lock`; pins are released on any thread.
final class PinConnections: @unchecked Sendable {
    /// How many idle connections are kept for reuse.
    static let keptFree = 2
    private let path: String
    private let configuration: Configuration
    private let lock = PlatformLock()
    private var free: [DatabaseQueue] = []

    /// Connections to the database of `pool`, read-only, with its configuration.
    init(_ pool: DatabasePool) {
        path = pool.path
        var configuration = pool.configuration
        configuration.readonly = true
        // The transaction stays open between accesses: that is the pin.
        configuration.allowsUnsafeTransactions = true
        configuration.label = "ModelStorageGRDB.pin"
        self.configuration = configuration
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
    /// The connection; reads through it see the pinned version.
    let reader: DatabaseQueue
    /// The writer's stamp when the pin was made, when it was made on the writer's queue with
    /// nothing committed around it (`nil` otherwise).
    let stamp: WriteStamp?
    private let owner: PinConnections

    fileprivate init(_ reader: DatabaseQueue, owner: PinConnections, stamp: WriteStamp?) {
        self.reader = reader
        self.owner = owner
        self.stamp = stamp
    }

    deinit {
        let ended: Bool = reader.inDatabase { db in
            if db.isInsideTransaction { try? db.commit() }
            if db.isInsideTransaction { try? db.rollback() }
            return !db.isInsideTransaction
        }
        // A connection whose transaction would not end is not reused.
        if ended { owner.giveBack(reader) } else { try? reader.close() }
    }
}
#endif
