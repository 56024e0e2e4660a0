#if GRDB
import GRDB

/// Keeping the WAL of a `DatabasePool` bounded although the storage always holds a pin.
///
/// A pin is a read transaction. SQLite checkpoints only the frames before the oldest read
/// transaction's, and starts the WAL file over only when every frame is checkpointed and no read
/// transaction uses the WAL. The storage holds one pin (its newest read; displayed versions hold
/// none, see ``DisplayedVersion``), replaced at each read, so checkpoints keep up; but with a
/// writer that never pauses, some pin always uses the WAL and the file would never start over.
/// A read transaction that starts when every frame is checkpointed reads the database file
/// alone (read mark 0) and does not hold the WAL back. So:
///
/// - when the WAL file is larger than ``walResetFrames`` frames, the next read runs on the
///   writer's queue inside a write lock (`BEGIN IMMEDIATE`: no connection commits meanwhile),
///   retires the old records from the previous pin and releases it, checkpoints (passive, on a
///   connection of its own), and pins the same state again on a transaction that reads the file
///   alone; then, the lock released, a truncating checkpoint empties the WAL file (when another
///   connection commits first, it fails and the next commit starts the WAL over instead; the
///   file, not shrunk, makes the next read try again). The WAL stays under ``walResetFrames``
///   plus what is committed while the storage reads twice.
/// - when the writer pauses (nothing committed since the pin), the storage does the same without
///   a read (``repinIfWALIsLarge(isolation:)``).
///
/// The size is the WAL file's (`stat`): the wal-index (`-shm`) would tell the frames in use, but
/// opening and closing it here would drop SQLite's POSIX locks on it for the whole process.
extension DatabaseStorage {
    /// Whether the WAL file of `path` is larger than ``walResetFrames`` frames of 4 KiB pages.
    func walIsLong(_ path: String) -> Bool {
        (DatabaseFileIdentity.size(at: path + "-wal") ?? 0) > 32 + walResetFrames * (4_096 + 24)
    }

    /// Re-pins the current state on a transaction that does not hold the WAL back, and empties
    /// the WAL file, when it is long and nothing was committed since the state was pinned (else
    /// nothing: the next read pins a newer state). Failures change nothing.
    func repinIfWALIsLarge(isolation: isolated (any Actor)?) async {
        guard let pool = writer as? DatabasePool, let pins, let pin = pins.current, walIsLong(pool.path) else { return }
        let stamp = pin.stamp
        // Not the pin itself: the truncating checkpoint needs it released.
        let pinned = ObjectIdentifier(pin)
        _ = try? await pool.writeWithoutTransaction { db in
            guard try WriteStamp(db) == stamp, try pins.checkpointPassively() else { return }
            let fresh = try pins.pin(stamp: stamp)
            guard try WriteStamp(db) == stamp, pins.current.map(ObjectIdentifier.init) == pinned else { return }
            pins.current = fresh
            pins.truncateWAL()
        }
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
}
#endif
