#if GRDB
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GRDB
import ModelStorage

/// Records as a version shows them: every content answers the rows it lists as of the read it
/// was made from (see ``DisplayedVersion``).
extension DatabaseStorage {
    /// The record of the row that `shown` (read at `version`) lists at `indexPath`, as of that
    /// version: from the cache or the records retired since when they hold that row (same id,
    /// same fingerprint); else fetched with the rows around it from the version's pin (a
    /// `DatabasePool`), or from the database now (a `DatabaseQueue`: a row that changed since
    /// answers `nil`, never its newer record). Fetched records are cached; without a pin they
    /// are also kept by the version, for as long as it lives.
    func record(at indexPath: IndexPath, in shown: ResultIndex, version: DisplayedVersion<Record>) -> Record? {
        guard indexPath.count == 2, shown.sections.indices.contains(indexPath[0]),
              shown.sections[indexPath[0]].items.indices.contains(indexPath[1]) else { return nil }
        let wanted = shown.sections[indexPath[0]].items[indexPath[1]]
        if let record = cache.record(for: wanted.id, content: wanted.content) { return record }
        if let record = version.retired.record(for: wanted) { return record }
        let rows = shown.sections[indexPath[0]].items
        let lower = max(0, min(indexPath[1] - pageSize / 2, rows.count - pageSize))
        let ids = rows[lower..<min(rows.count, lower + max(1, pageSize))].map(\.id)
        let columns = index.columns
        let reader: any DatabaseReader = version.snapshot?.reader ?? writer
        do {
            let fetched = try LockRetry.runBriefly {
                try reader.consistentRead { db in
                    try Self.fetchRows(ids: ids, request: request, columns: columns, sectionColumn: nil, in: db)
                }
            }
            var found: Record?
            for row in fetched {
                let key = RowKey(id: row.id, content: row.content)
                cache.insert(row.record, id: row.id, content: row.content)
                if version.snapshot == nil { version.retired.records[key] = row.record }
                if key == wanted { found = row.record }
            }
            return found
        } catch {
            pinnedReadFailed(version, error)
            return nil
        }
    }

    /// A read of `version` failed: the error goes to the error observers; when the version is
    /// pinned and no longer the storage's, the view is asked to reload (once), which shows the
    /// content now, with its own pin.
    private func pinnedReadFailed(_ version: DisplayedVersion<Record>, _ error: any Error) {
        report(DatabaseStorageError(error))
        guard version.snapshot != nil, !version.pinFailed, version !== self.version else { return }
        version.pinFailed = true
        deliver(.reload, through: delivery, leadingTo: ())
    }

    /// Copies, into the retired records of the version shown until now, the records the cache
    /// holds of the rows of `old` that `changes` deletes or changes, for its contents still held.
    func retireChangedRows(of old: ResultIndex, changes: SectionedChangeset) {
        func retire(_ row: RowKey) {
            if let record = cache.peek(row.id, content: row.content) { version.retired.records[row] = record }
        }
        for section in changes.sectionDeletions {
            for row in old.sections[section].items { retire(row) }
        }
        for path in changes.itemDeletions { retire(old.sections[path[0]].items[path[1]]) }
        for update in changes.itemUpdates { retire(old.sections[update.old[0]].items[update.old[1]]) }
    }

    /// Shows the version a refresh read (`snapshot`, its pin; `nil` on a `DatabaseQueue`) from
    /// now on, unless the read changed nothing (the version shown stays, with its pin).
    func adoptVersion(_ snapshot: Pin?, changed: Bool) {
        guard changed else { return }
        let next = DisplayedVersion<Record>(snapshot: snapshot)
        version.succeed(by: next)
        version = next
    }

    /// Runs `body` in a read transaction held at a version of `pool` (a ``Pin`` from `pins`,
    /// which the caller keeps as the version's pin), with its position in `journal` and whether
    /// the pin is exactly there (see `DatabaseWriter.journaledRead`): both positions are taken
    /// on the writer, around the pin's start. Throws ``DatabaseStorageError/fileChanged(_:)``
    /// when the path no longer names the file of `file` (the pin would read another file).
    static func pinnedRead<T: Sendable>(
        _ pool: DatabasePool, pins: PinConnections, journal: ChangeJournal?,
        file: (path: String, identity: DatabaseFileIdentity)?,
        _ body: @escaping @Sendable (_ db: Database, _ position: ChangeJournal.Position?, _ exact: Bool) throws -> T
    ) async throws -> (value: T, snapshot: Pin) {
        let (pin, position, exact) = try await pool.writeWithoutTransaction { db in
            let before = try journal?.position(in: db)
            let stampBefore = try WriteStamp(db)
            var pin = try pins.pin(stamp: stampBefore)
            if try WriteStamp(db) != stampBefore { pin = try pins.pin() }   // a commit came in between
            let after = try journal?.position(in: db)
            if let file, DatabaseFileIdentity.current(at: file.path) != file.identity {
                throw DatabaseStorageError.fileChanged(file.path)
            }
            return (pin, before, before == after)
        }
        let value = try await pin.reader.consistentRead { db in try body(db, position, exact) }
        return (value, pin)
    }
}
#endif
