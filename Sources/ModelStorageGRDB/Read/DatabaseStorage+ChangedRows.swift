#if GRDB
import FingerprintDiff
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

extension DatabaseStorage {
    /// The table whose changes a ``ChangeJournal`` can follow for `request`, or `nil` when a
    /// read must always be a full one. Checked once, when the storage is created.
    ///
    /// The journal only sees the rows the storage's own writer changes, so the read that uses it
    /// must depend on nothing else: `writer` is a `DatabaseQueue` or a `DatabasePool` (whose
    /// reads can be made to see exactly the commits the journal recorded); the request
    /// reads one rowid table, whose `INTEGER PRIMARY KEY` column is `idColumn`; every result
    /// column is a column of that table (no expression, so a row's content depends on that row
    /// alone); no subquery, no `GROUP BY`.
    static func journalTable(for request: QueryInterfaceRequest<Record>, idColumn: String?,
                             writer: any DatabaseWriter, in db: Database) throws -> String? {
        guard writer is DatabaseQueue || writer is DatabasePool, let idColumn,
              let table = (Record.self as? any TableRecord.Type)?.databaseTableName,
              let rowIDColumn = try db.primaryKey(table).rowIDColumn,
              rowIDColumn.caseInsensitiveCompare(idColumn) == .orderedSame else { return nil }
        let region = try request.databaseRegion(db)
        guard !region.isFullDatabase, region.isModified(byEventsOfKind: .insert(tableName: table)) else { return nil }
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table'
            UNION ALL SELECT name FROM sqlite_temp_master WHERE type = 'table'
            """)
        for other in tables where other.caseInsensitiveCompare(table) != .orderedSame {
            if region.isModified(byEventsOfKind: .insert(tableName: other)) { return nil }
        }
        let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
        let sql = statement.sql.uppercased()
        guard sql.components(separatedBy: "SELECT").count == 2, !sql.contains("GROUP BY") else { return nil }
        let sqlite = statement.sqliteStatement
        for column in 0..<sqlite3_column_count(sqlite) where sqlite3_column_decltype(sqlite, column) == nil {
            return nil
        }
        return table
    }

    /// The new result of `request` after commits that changed only the rows `changed` (the
    /// journal's rowids, none of another connection), read without reading the other rows:
    /// SQLite steps the request selecting only the rowid (through the request's index when it
    /// has one, so no table row is read), the rows that did not change keep their fingerprints
    /// and section values from `old`, and the changed rows that are in the result are fetched
    /// and decoded by primary key.
    ///
    /// Returns `nil` when the result cannot be made this way and a full read is needed: the
    /// rows that did not change are not all there in their old order (a change the journal did
    /// not see, or an order that is not total), a changed row could not be fetched, or a
    /// row's id is not an integer.
    ///
    /// - Complexity: O(rows) steps of a rowid-only query, plus a fetch of the changed rows.
    static func readChangedRows(_ request: QueryInterfaceRequest<Record>, sectionColumn: String?, old: ResultIndex,
                                changed: Set<Int64>, in db: Database) throws -> ChangedRowsRead<Record>? {
        if changed.isEmpty { return ChangedRowsRead(index: old, fetched: [:]) }
        // The changed rows that are still in the result, first: in the same transaction, so
        // they are the rows the rowid-only step below meets.
        var fetched: [RowID: FetchedRow<Record>] = [:]
        fetched.reserveCapacity(changed.count)
        for row in try fetchRows(ids: changed.map { RowID($0) }, request: request, columns: old.columns,
                                 sectionColumn: sectionColumn, in: db) {
            guard sectionColumn == nil || row.section != nil else { return nil }
            fetched[row.id] = row
        }
        let isChanged = RowIDFilter(changed)

        let narrow = try request.select([Column.rowID]).makePreparedRequest(db, forSingleResult: false).statement
        let sqlite = narrow.sqliteStatement
        sqlite3_reset(sqlite)
        defer { sqlite3_reset(sqlite) }
        var builder = ChangedRowsBuilder(old: old, isSectioned: sectionColumn != nil)
        var placed = 0
        while try StatementColumns.step(narrow, in: db) {
            guard sqlite3_column_type(sqlite, 0) == SQLITE_INTEGER else { return nil }
            let id = sqlite3_column_int64(sqlite, 0)
            if isChanged.contains(id) {
                guard let row = fetched[RowID(id)] else { return nil }
                builder.appendChanged(RowKey(id: row.id, content: row.content), section: row.section ?? .null)
                placed += 1
            } else {
                guard builder.appendUnchanged(id, isChanged: isChanged) else { return nil }
            }
        }
        // Every changed row fetched was met once, every unchanged row of `old` is still there.
        guard placed == fetched.count, builder.isAtEndOfOld(isChanged: isChanged) else { return nil }
        return ChangedRowsRead(index: builder.finish(), fetched: fetched)
    }
}

/// Builds the new ``ResultIndex`` of ``DatabaseStorage/readChangedRows(_:sectionColumn:old:changed:in:)``
/// in the new order: unchanged rows are taken from the old index (which they must follow in
/// its order), changed rows are given; consecutive rows with the same section value form a
/// section, as in a full read, comparing values only where the rows' origins differ.
private struct ChangedRowsBuilder {
    let old: ResultIndex
    let isSectioned: Bool
    private var rows = SectionedRows()
    /// The next row of `old` to look at.
    private var oldSection = 0
    private var oldItem = 0
    /// The old section the last unchanged row came from, while the section being built has
    /// that section's value; -1 otherwise.
    private var keySource = -1

    init(old: ResultIndex, isSectioned: Bool) {
        self.old = old
        self.isSectioned = isSectioned
    }

    /// Appends the next unchanged row of `old`, which must have id `id`; `false` when it has
    /// not (the rows the journal did not list are not in their old order).
    mutating func appendUnchanged(_ id: Int64, isChanged: RowIDFilter) -> Bool {
        guard let (section, item) = nextUnchanged(isChanged: isChanged) else { return false }
        let row = old.sections[section].items[item]
        guard case .int64(let oldID) = row.id.value.storage, oldID == id else { return false }
        if section != keySource || !rows.hasOpenSection {
            startSectionIfNeeded(for: old.sections[section].model.id)
            keySource = section
        }
        rows.append(row)
        oldItem = item + 1
        oldSection = section
        return true
    }

    /// Appends a changed row with its section value.
    mutating func appendChanged(_ row: RowKey, section: DatabaseValue) {
        startSectionIfNeeded(for: section)
        keySource = -1
        rows.append(row)
    }

    /// Whether every unchanged row of `old` was appended.
    mutating func isAtEndOfOld(isChanged: RowIDFilter) -> Bool {
        nextUnchanged(isChanged: isChanged) == nil
    }

    /// The index, with the last section.
    consuming func finish() -> ResultIndex {
        ResultIndex(sections: rows.finish(), columns: old.columns)
    }

    /// Starts a section unless the one being built has `value` (one section when not sectioned).
    private mutating func startSectionIfNeeded(for value: DatabaseValue) {
        if rows.hasOpenSection && (!isSectioned || value.isStoredIdentically(to: rows.key)) { return }
        rows.startSection(isSectioned ? value : .null)
    }

    /// The position of the next row of `old` whose id is not changed (skipping changed ones),
    /// or `nil` at the end; an id that is not an integer counts as unchanged (and fails the
    /// caller's comparison).
    private mutating func nextUnchanged(isChanged: RowIDFilter) -> (Int, Int)? {
        while oldSection < old.sections.count {
            let items = old.sections[oldSection].items
            while oldItem < items.count {
                if case .int64(let id) = items[oldItem].id.value.storage, isChanged.contains(id) {
                    oldItem += 1
                    continue
                }
                return (oldSection, oldItem)
            }
            oldSection += 1
            oldItem = 0
        }
        return nil
    }
}

/// A set of rowids to test many ids against quickly: a bitmap of hashed ids (most ids not in
/// the set are refused by one bit test) in front of the exact set.
struct RowIDFilter {
    private let ids: Set<Int64>
    private var bits: [UInt64]
    private let shift: UInt64

    init(_ ids: Set<Int64>) {
        self.ids = ids
        // At least 32 bits per id: about 1 in 32 other ids reaches the exact set.
        var logBits: UInt64 = 6
        while (1 << logBits) < 32 * max(1, ids.count) { logBits += 1 }
        shift = 64 - logBits
        bits = Array(repeating: 0, count: 1 << (logBits - 6))
        for id in ids {
            let bit = Self.slot(id, shift: shift)
            bits[Int(bit >> 6)] |= 1 << (bit & 63)
        }
    }

    @inline(__always)
    private static func slot(_ id: Int64, shift: UInt64) -> UInt64 {
        (UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> shift
    }

    /// Whether `id` is in the set.
    @inline(__always)
    func contains(_ id: Int64) -> Bool {
        let bit = Self.slot(id, shift: shift)
        return bits[Int(bit >> 6)] & (1 << (bit & 63)) != 0 && ids.contains(id)
    }
}

/// What ``DatabaseStorage/readChangedRows(_:sectionColumn:old:changed:in:)`` reads: the new
/// result and the changed rows in it, decoded.
struct ChangedRowsRead<Record: Sendable> {
    var index: ResultIndex
    /// The changed rows that are in the new result, by id.
    var fetched: [RowID: FetchedRow<Record>]
}

extension DatabaseValue {
    /// Whether `other` has the same storage class and the same stored value (text compared by
    /// its UTF-8 bytes, doubles by their bits), as SQLite stores them: how a full read tells
    /// section values apart.
    func isStoredIdentically(to other: DatabaseValue) -> Bool {
        switch (storage, other.storage) {
        case (.null, .null): true
        case let (.int64(left), .int64(right)): left == right
        case let (.double(left), .double(right)): left.bitPattern == right.bitPattern
        case let (.string(left), .string(right)): left.utf8.elementsEqual(right.utf8)
        case let (.blob(left), .blob(right)): left == right
        default: false
        }
    }
}
#endif
