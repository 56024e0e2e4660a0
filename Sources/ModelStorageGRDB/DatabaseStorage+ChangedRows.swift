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
    /// The journal only sees the rows the storage's own connection changes, so the read that
    /// uses it must depend on nothing else: `writer` is a `DatabaseQueue` (reads and writes on
    /// one connection, so a read sees exactly the commits the journal recorded); the request
    /// reads one rowid table, whose `INTEGER PRIMARY KEY` column is `idColumn`; every result
    /// column is a column of that table (no expression, so a row's content depends on that row
    /// alone); no subquery, no `GROUP BY`.
    static func journalTable(for request: QueryInterfaceRequest<Record>, idColumn: String?,
                             writer: any DatabaseWriter, in db: Database) throws -> String? {
        guard writer is DatabaseQueue, let idColumn,
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
        let narrow = try request.select([Column.rowID]).makePreparedRequest(db, forSingleResult: false).statement
        let sqlite = narrow.sqliteStatement
        sqlite3_reset(sqlite)
        defer { sqlite3_reset(sqlite) }

        // The new order: unchanged rows taken from `old` in their old order; changed rows to
        // fetch, marked by their position.
        var order: [(row: RowKey, section: DatabaseValue)] = []
        order.reserveCapacity(old.rowCount + changed.count)
        var changedPositions: [(position: Int, id: Int64)] = []
        var oldRows = old.sections.lazy.flatMap { section in section.items.lazy.map { (row: $0, section: section.model.id) } }
            .makeIterator()
        var seenChanged = Set<Int64>()
        /// The next row of `old` that did not change.
        func nextUnchanged() -> (row: RowKey, section: DatabaseValue)?? {
            while let next = oldRows.next() {
                guard case .int64(let id) = next.row.id.value.storage else { return .some(nil) }
                if !changed.contains(id) { return next }
            }
            return nil
        }
        while true {
            let code = sqlite3_step(sqlite)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: narrow.sql)
            }
            guard sqlite3_column_type(sqlite, 0) == SQLITE_INTEGER else { return nil }
            let id = sqlite3_column_int64(sqlite, 0)
            if changed.contains(id) {
                guard seenChanged.insert(id).inserted else { return nil }
                changedPositions.append((order.count, id))
                order.append((RowKey(id: RowID(id), content: RowFingerprint(first: 0, second: 0)), .null))
            } else {
                guard case .some(.some(let kept)) = nextUnchanged(), kept.row.id.value == id.databaseValue else { return nil }
                order.append(kept)
            }
        }
        guard case .none = nextUnchanged() else { return nil }

        var fetched: [RowID: FetchedRow<Record>] = [:]
        if !changedPositions.isEmpty {
            let rows = try fetchRows(ids: changedPositions.map { RowID($0.id) }, request: request, columns: old.columns,
                                     sectionColumn: sectionColumn, in: db)
            fetched.reserveCapacity(rows.count)
            for row in rows { fetched[row.id] = row }
            for (position, id) in changedPositions {
                guard let row = fetched[RowID(id)], sectionColumn == nil || row.section != nil else { return nil }
                order[position] = (RowKey(id: row.id, content: row.content), row.section ?? .null)
            }
        }

        // Sections: consecutive rows with the same section value, as a full read makes them.
        var index = ResultIndex()
        index.columns = old.columns
        var rows: [RowKey] = []
        var key = DatabaseValue.null
        for (row, section) in order {
            if sectionColumn != nil, !rows.isEmpty, !section.isStoredIdentically(to: key) {
                index.sections.append(ArraySection(model: SectionKey(id: key), items: rows))
                rows = []
            }
            if rows.isEmpty { key = sectionColumn == nil ? .null : section }
            rows.append(row)
        }
        if !rows.isEmpty { index.sections.append(ArraySection(model: SectionKey(id: key), items: rows)) }
        return ChangedRowsRead(index: index, fetched: fetched)
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
