#if GRDB
import FingerprintDiff
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

/// A section of a result: the value of the section column its rows share.
struct SectionKey: Identifiable, Equatable, Sendable {
    /// The section column's value (`.null` when the storage is not sectioned).
    var id: DatabaseValue
}

/// A row of a result as the storage keeps it: its record's id (as stored) and its content
/// fingerprint.
struct RowKey: Identifiable, Hashable, Sendable {
    var id: RowID
    var content: RowFingerprint
}

/// What ``DatabaseStorage`` keeps of a result: per section, the ids and content fingerprints of
/// its rows, in the request's order. No record is kept.
struct ResultIndex: Sendable {
    /// The sections, in order, each with its rows.
    var sections: [ArraySection<SectionKey, RowKey>] = []
    /// The names of the result's columns, as SQLite reports them for the last read.
    var columns: [String] = []

    /// The number of rows, all sections together. O(number of sections).
    var rowCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Reads the result of `request` in `db`, keeping each row as its id and fingerprint;
    /// consecutive rows with equal `sectionColumn` values form a section (all rows form one when
    /// `sectionColumn` is `nil`, or none when there are no rows).
    ///
    /// Ids, section values and fingerprints are read from SQLite's column memory. Unless
    /// `decodingEveryRow`, ids are read from `idColumn` (the primary key column, which
    /// ``DatabaseStorage`` checked holds `Record.id`) and no row is decoded: the caller decodes
    /// the rows that are new or changed. Otherwise, or when `idColumn` is `nil` or no longer in
    /// the result, every row is decoded as a `Record` and its id taken from it (so that a row
    /// that does not decode is reported now).
    ///
    /// - Returns: the index, and whether `idColumn` is in the result and, in every decoded row,
    ///   holds the record's id.
    /// - Throws: ``DatabaseStorageError``: the database's errors, rows that do not decode, a
    ///   missing section column, two rows with one id.
    /// - Complexity: O(size of the result); memory O(number of rows) for ids and fingerprints.
    ///
    /// `columnsBefore` are the columns of the last good read, to name the ones that are gone when
    /// a row does not decode; `expectedRowCount` sizes the buffers (the last read's count).
    static func read<Record: FetchableRecord & Identifiable>(
        _ request: QueryInterfaceRequest<Record>, sectionColumn: String?, idColumn: String?,
        decodingEveryRow: Bool, columnsBefore: [String] = [], expectedRowCount: Int = 0, in db: Database
    ) throws(DatabaseStorageError) -> (index: ResultIndex, idColumnHoldsIDs: Bool)
    where Record.ID: DatabaseValueConvertible {
        do {
            let prepared = try request.makePreparedRequest(db, forSingleResult: false)
            if !decodingEveryRow, let idColumn,
               let index = try scan(prepared.statement, sectionColumn: sectionColumn, idColumn: idColumn,
                                    expectedRowCount: expectedRowCount, in: db) {
                return (index, true)
            }
            return try decodeEveryRow(prepared, request: request, sectionColumn: sectionColumn, idColumn: idColumn,
                                      columnsBefore: columnsBefore, expectedRowCount: expectedRowCount, in: db)
        } catch {
            throw DatabaseStorageError(error)
        }
    }

    /// Reads the result without decoding a row, stepping `statement` with SQLite's C API and
    /// taking each row's id from `idColumn`; `nil` when the result has no such column.
    private static func scan(_ statement: Statement, sectionColumn: String?, idColumn: String,
                             expectedRowCount: Int, in db: Database) throws -> ResultIndex? {
        let sqlite = statement.sqliteStatement
        // GRDB resets a statement before each use too; its arguments stay bound.
        sqlite3_reset(sqlite)
        defer { sqlite3_reset(sqlite) }
        var builder = ResultBuilder(expectedRowCount: expectedRowCount)
        var idIndex: Int32 = 0
        var sectionIndex: Int32?
        var isFirstRow = true
        while try StatementColumns.step(statement, in: db) {
            if isFirstRow {
                // After the first step: a statement that SQLite prepared again after a schema
                // change only has its new columns then.
                isFirstRow = false
                builder.columns = StatementColumns.columnNames(of: sqlite)
                guard let found = StatementColumns.firstColumn(named: idColumn, in: builder.columns) else { return nil }
                idIndex = found
                sectionIndex = try sectionColumn.map { try sectionColumnIndex($0, in: builder.columns) }
            }
            try builder.add(RowID(DatabaseValue(sqliteStatement: sqlite, index: idIndex)), of: sqlite, sectionIndex: sectionIndex)
        }
        if isFirstRow { builder.columns = StatementColumns.columnNames(of: sqlite) }
        return builder.finish()
    }

    /// Reads the result decoding every row as a `Record` (through GRDB's cursor and the
    /// request's adapter), each id taken from the record; also tells whether `idColumn` is in
    /// the result and holds every record's id.
    private static func decodeEveryRow<Record: FetchableRecord & Identifiable>(
        _ prepared: PreparedRequest, request: QueryInterfaceRequest<Record>, sectionColumn: String?, idColumn: String?,
        columnsBefore: [String], expectedRowCount: Int, in db: Database
    ) throws -> (index: ResultIndex, idColumnHoldsIDs: Bool) where Record.ID: DatabaseValueConvertible {
        let sqlite = prepared.statement.sqliteStatement
        let cursor = try Row.fetchCursor(prepared.statement, adapter: prepared.adapter)
        var builder = ResultBuilder(expectedRowCount: expectedRowCount)
        var idColumnHoldsIDs = idColumn != nil
        var idIndex: Int32?
        var sectionIndex: Int32?
        var isFirstRow = true
        while let row = try cursor.next() {
            if isFirstRow {
                isFirstRow = false
                builder.columns = StatementColumns.columnNames(of: sqlite)
                idIndex = idColumn.flatMap { StatementColumns.firstColumn(named: $0, in: builder.columns) }
                if idIndex == nil { idColumnHoldsIDs = false }
                sectionIndex = try sectionColumn.map { try sectionColumnIndex($0, in: builder.columns) }
            }
            let record = try decode(Record.self, row, request: request, columnsBefore: columnsBefore, in: db)
            let id = RowID(record.id)
            if let idIndex, idColumnHoldsIDs, !StatementColumns.column(idIndex, of: sqlite, equals: id.value) {
                idColumnHoldsIDs = false
            }
            try builder.add(id, of: sqlite, sectionIndex: sectionIndex)
        }
        if isFirstRow { builder.columns = StatementColumns.columnNames(of: sqlite) }
        return (builder.finish(), idColumnHoldsIDs)
    }

    /// The index of the section column among `columns`, or ``DatabaseStorageError/missingSectionColumn(_:)``.
    private static func sectionColumnIndex(_ name: String, in columns: [String]) throws -> Int32 {
        guard let found = StatementColumns.firstColumn(named: name, in: columns) else { throw DatabaseStorageError.missingSectionColumn(name) }
        return found
    }

    /// `row` decoded as a `Record`; a row that does not decode is a ``DatabaseStorageError/decoding(_:)``
    /// whose message comes from ``RowDecodingFailure`` (never from formatting GRDB's error).
    static func decode<Record: FetchableRecord>(
        _: Record.Type, _ row: Row, request: QueryInterfaceRequest<Record>, columnsBefore: [String], in db: Database
    ) throws -> Record {
        do {
            return try Record(row: row)
        } catch let error as RowDecodingError {
            throw DatabaseStorageError.decoding(RowDecodingFailure.message(
                error, record: Record.self, request: request, columnsBefore: columnsBefore, in: db))
        }
    }
}
#endif
