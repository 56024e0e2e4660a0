#if GRDB
import FingerprintDiff
import GRDB

/// The rowids of the request's table that the storage's own writer changed, so that a read
/// after such a commit fetches only those rows (`DatabaseStorage.readChangedRows`) instead of
/// the whole result.
///
/// A GRDB transaction observer on the writer's connection, registered for the storage's
/// lifetime. Every insert, update and delete of a row of `table` is recorded with a sequence
/// number, and kept until the storage shows a read taken after it. Recording more than is
/// needed is harmless (a row changed and rolled back is fetched again and found unchanged);
/// recording less is not, so whatever the journal cannot see makes the read a full one:
/// commits of other connections (`PRAGMA data_version`), schema changes (`PRAGMA
/// schema_version`), and more changed rows than ``capacity`` (then the rows are not kept).
///
/// Accessed on the writer's queue (events, snapshots) and by the storage (``forget(through:)``),
/// under a lock.
final class ChangeJournal: TransactionObserver, @unchecked Sendable {
    /// Where a read stands in the journal: the sequence number of the last event it includes,
    /// and the writer connection's counters of other connections' commits and schema changes.
    struct Position: Equatable, Sendable {
        var sequence: UInt64
        var dataVersion: Int
        var schemaVersion: Int
    }

    /// The table whose rows are recorded.
    let table: String
    /// How many changed rows are kept at most; past it, the rows changed since the last shown
    /// read are forgotten and the next read is a full one.
    let capacity: Int
    private let lock = PlatformLock()
    /// The last event's sequence number.
    private var sequence: UInt64 = 0
    /// Per changed rowid, the sequence number of its last event.
    private var changed: [Int64: UInt64] = [:]
    /// The sequence number of the last event not recorded (0: none), while ``isOverflowing`` and
    /// before.
    private var lostThrough: UInt64 = 0
    /// Whether events are dropped (more than ``capacity`` rows changed since the last shown read),
    /// until the next read's snapshot.
    private var isOverflowing = false

    init(table: String, capacity: Int) {
        self.table = table
        self.capacity = capacity
    }

    // MARK: Reading

    /// Where a read taken now in `db` (the writer's connection, on its queue) stands.
    func position(in db: Database) throws -> Position {
        let counters = try Row.fetchOne(db, sql: "SELECT * FROM pragma_data_version, pragma_schema_version")
        return lock.withLock {
            // Events from now on are recorded again: a read taken now includes the lost ones.
            isOverflowing = false
            return Position(sequence: sequence, dataVersion: counters?[0] ?? 0, schemaVersion: counters?[1] ?? 0)
        }
    }

    /// The rowids changed after `base` up to `now` (two positions of the same connection), or
    /// `nil` when the journal cannot tell them: another connection committed or the schema
    /// changed in between, or some events were not recorded.
    func changes(from base: Position, to now: Position) -> Set<Int64>? {
        guard base.dataVersion == now.dataVersion, base.schemaVersion == now.schemaVersion,
              base.sequence <= now.sequence else { return nil }
        return lock.withLock {
            guard lostThrough <= base.sequence else { return nil }
            var rows = Set<Int64>(minimumCapacity: changed.count)
            for (row, last) in changed where last > base.sequence { rows.insert(row) }
            return rows
        }
    }

    /// Forgets the rows whose last change a read at `position` includes: the storage shows that
    /// read now. O(number of rows kept).
    func forget(through position: Position) {
        lock.withLock {
            changed = changed.filter { $0.value > position.sequence }
        }
    }

    /// How many changed rows are kept now (for tests).
    var keptCount: Int { lock.withLock { changed.count } }

    // MARK: TransactionObserver

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName.caseInsensitiveCompare(table) == .orderedSame
    }

    func databaseDidChange(with event: DatabaseEvent) {
        let row = event.rowID
        lock.withLock {
            sequence += 1
            if isOverflowing {
                lostThrough = sequence
            } else if changed.count >= capacity && changed[row] == nil {
                isOverflowing = true
                lostThrough = sequence
                changed = [:]
            } else {
                changed[row] = sequence
            }
        }
    }

    func databaseDidCommit(_ db: Database) {}

    func databaseDidRollback(_ db: Database) {}
}
#endif
