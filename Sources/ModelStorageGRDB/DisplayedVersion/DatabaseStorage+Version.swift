#if GRDB
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff
import GRDB
import ModelStorage

/// Records as a version shows them: every content answers the rows it lists as of the read it
/// was made from (see ``DisplayedVersion``).
extension DatabaseStorage {
    /// The record of the row that `shown` (read at `version`) lists at `indexPath`, as of that
    /// version: from the records read (a `DatabaseQueue`), the records retired since or the cache
    /// when they hold that row (same id, same fingerprint); else fetched with the rows around it
    /// from the storage's pin (a `DatabasePool`: the row reads the same there, else it was
    /// retired), or from the database now (a `DatabaseQueue`: a row that changed since answers
    /// `nil`, never its newer record). Fetched records are cached; on a queue, those of the rows
    /// that read as `shown` lists them are kept in ``reads`` (a row a version lists that was not
    /// retired since is one the storage still lists), and so is a record the cache answers.
    func record(at indexPath: IndexPath, in shown: ResultIndex, version: DisplayedVersion<Record>) -> Record? {
        guard indexPath.count == 2, shown.sections.indices.contains(indexPath[0]),
              shown.sections[indexPath[0]].items.indices.contains(indexPath[1]) else { return nil }
        let wanted = shown.sections[indexPath[0]].items[indexPath[1]]
        if pins == nil {
            if let record = reads.record(for: wanted) ?? version.retired.record(for: wanted) { return record }
            if let record = cache.record(for: wanted.id, content: wanted.content) {
                // Not retired since `version`: the storage still lists the row as it was then.
                reads.keep(record, for: wanted)
                if version === self.version { readAhead(around: indexPath, in: shown) }
                return record
            }
        } else if let record = cache.record(for: wanted.id, content: wanted.content) {
            return record
        }
        // On a queue, an older version reads its page alone: its rows that changed since
        // cannot be read as they were, and a read-ahead of them would only fetch newer rows.
        let rows = pins == nil ? rowsToRead(around: indexPath, in: shown, readingAhead: version === self.version)
            : page(around: indexPath, in: shown)
        do {
            // A read retires records before it releases the pin: a pin that ended is looked up again.
            for attempt in 0..<3 {
                if let record = version.retired.record(for: wanted) { return record }
                do {
                    return try fetch(rows, answering: wanted, for: version)
                } catch is Pin.Ended where attempt < 2 {
                    continue
                }
            }
            return nil
        } catch {
            readOfVersionFailed(version, error)
            return nil
        }
    }

    /// The rows of `shown` within ``pageSize`` of `indexPath` in its section.
    func page(around indexPath: IndexPath, in shown: ResultIndex) -> [RowKey] {
        let rows = shown.sections[indexPath[0]].items
        let lower = max(0, min(indexPath[1] - pageSize / 2, rows.count - pageSize))
        return Array(rows[lower..<min(rows.count, lower + max(1, pageSize))])
    }

    /// Fetches the rows of `rows` (from the storage's pin on a pool, else from the database),
    /// caches them and returns the record of `wanted` when a fetched row is that row. On a queue
    /// a fetched row that reads as `rows` lists it is kept in ``reads`` instead (a newer one is
    /// only cached). On a pool a row that is not `wanted` is an error: the records retired since
    /// `version` should have held it.
    private func fetch(_ rows: [RowKey], answering wanted: RowKey, for version: DisplayedVersion<Record>) throws -> Record? {
        let request = request
        let columns = index.columns
        let ids = rows.map(\.id)
        let fetch = { (db: Database) in try Self.fetchRows(ids: ids, request: request, columns: columns, sectionColumn: nil, in: db) }
        let fetched: [FetchedRow<Record>]
        if let pins {
            guard let pin = pins.current else { throw DatabaseStorageError.other("no read transaction holds the displayed version") }
            fetched = try LockRetry.runBriefly { try pin.read(fetch) }
        } else {
            fetched = try LockRetry.runBriefly { try writer.consistentRead(fetch) }
        }
        let listed = pins == nil ? Set(rows) : []
        var found: Record?
        for row in fetched {
            let key = RowKey(id: row.id, content: row.content)
            // On a queue a kept record is found there first: the cache keeps the others.
            if listed.contains(key) { reads.keep(row.record, for: key) } else { cache.insert(row.record, id: row.id, content: row.content) }
            if key == wanted { found = row.record }
        }
        if found == nil, pins != nil, version.retired.record(for: wanted) == nil {
            throw version.retired.incompleteness
                ?? DatabaseStorageError.other("a displayed row's record was neither retired nor in the database")
        }
        return found ?? version.retired.record(for: wanted)
    }

    /// A read of `version` failed: the error goes to the error observers; when the version is
    /// no longer the storage's, the view is asked to reload (once), which shows the content now.
    private func readOfVersionFailed(_ version: DisplayedVersion<Record>, _ error: any Error) {
        report(DatabaseStorageError(error))
        guard pins != nil, !version.pinFailed, version !== self.version else { return }
        version.pinFailed = true
        deliver(.reload, through: delivery, leadingTo: ())
    }

    /// On a `DatabaseQueue`, moves the records read of the rows of `old` that `changes` deletes
    /// or changes (and those the cache holds) into the retired records of the version shown until
    /// now, for its contents still held; a row that `new` still lists as it was (an item that
    /// changed section) stays in ``reads``. A row that `new` lists again as a held version's
    /// retired record has it (changed and changed back) is kept in ``reads`` with that record.
    /// A pool's read retires them from its pin.
    ///
    /// - Complexity: O(rows deleted or changed + rows inserted).
    func retireChangedRows(of old: ResultIndex, new: ResultIndex, changes: SectionedChangeset) {
        guard pins == nil else { return }
        // Deleted and inserted rows include those that changed section (see SectionedChangeset).
        var listed = Set<RowKey>()
        for section in changes.sectionInsertions { listed.formUnion(new.sections[section].items) }
        for path in changes.itemInsertions { listed.insert(new.sections[path[0]].items[path[1]]) }
        for update in changes.itemUpdates { listed.insert(new.sections[update.new[0]].items[update.new[1]]) }
        for row in Self.retiredRows(of: old, changes: changes) where !listed.contains(row) {
            if let record = reads.take(row) ?? cache.peek(row.id, content: row.content) {
                version.retired.keep(record, for: row)
                retiredIndex.note(row, in: version.retired)
            }
        }
        for row in listed where !reads.contains(row) {
            if let record = retiredIndex.record(for: row) { reads.keep(record, for: row) }
        }
    }

    /// The rows of `old` that `changes` deletes or changes (as `old` lists them).
    static func retiredRows(of old: ResultIndex, changes: SectionedChangeset) -> [RowKey] {
        var rows: [RowKey] = []
        for section in changes.sectionDeletions { rows += old.sections[section].items }
        for path in changes.itemDeletions { rows.append(old.sections[path[0]].items[path[1]]) }
        for update in changes.itemUpdates { rows.append(old.sections[update.old[0]].items[update.old[1]]) }
        return rows
    }

    /// Shows the version a refresh read from now on, unless the read changed nothing (the
    /// version shown stays).
    func adoptVersion(changed: Bool) {
        guard changed else { return }
        let next = DisplayedVersion<Record>(counting: keptRetired)
        version.succeed(by: next)
        version = next
    }
}
#endif
