#if GRDB
import GRDB

/// Letting SQLite reset the WAL file although a version is always pinned.
///
/// A pin is a read transaction. While one holds a WAL read mark, SQLite cannot start the WAL
/// file over: with a storage always pinning its current version, a continuous writer would grow
/// the file without bound (checkpoint starvation). A read transaction that starts when every
/// frame is checkpointed reads the database file alone (read mark 0) and does not hold the
/// WAL back. So, when the WAL file has grown past ``walResetThreshold`` and nothing was
/// committed since the current version was pinned, the storage checkpoints (passive: it waits
/// for nobody) and pins the same version again on a new transaction, which then takes mark 0.
extension DatabaseStorage {
    /// The WAL size (bytes) past which the storage re-pins its current version: SQLite's default
    /// auto-checkpoint, 1,000 pages of 4 KiB.
    static var walResetThreshold: Int { 4_096_000 }

    /// Re-pins the current version on a transaction that does not hold the WAL back, when the
    /// WAL file is large and nothing was committed since the version was pinned (else nothing:
    /// the next read pins a newer version). Failures change nothing.
    func repinIfWALIsLarge(isolation: isolated (any Actor)?) async {
        guard let pool = writer as? DatabasePool, let pins, let pin = version.snapshot,
              WriteStamp.walSize(of: pool.path) > Self.walResetThreshold else { return }
        let stamp = pin.stamp
        let repinned: Pin? = try? await pool.writeWithoutTransaction { db in
            guard try WriteStamp(db) == stamp else { return nil }
            try db.checkpoint(.passive)
            let fresh = try pins.pin(stamp: stamp)
            return try WriteStamp(db) == stamp ? fresh : nil
        }
        guard let repinned, version.snapshot === pin else { return }
        version.snapshot = repinned
    }
}

/// What the writer connection has seen committed: other connections' commits (`PRAGMA
/// data_version`) and its own changes (`sqlite3_total_changes`). Equal stamps taken on the
/// writer mean nothing was committed in between.
struct WriteStamp: Equatable, Sendable {
    var dataVersion: Int
    var ownChanges: Int

    /// The stamp of the writer connection `db` now.
    init(_ db: Database) throws {
        dataVersion = try ExternalChangePoller.dataVersion(db)
        ownChanges = db.totalChangesCount
    }

    /// The size of the WAL file of the database at `path` (0 when there is none).
    static func walSize(of path: String) -> Int {
        DatabaseFileIdentity.size(at: path + "-wal") ?? 0
    }
}
#endif
