#if GRDB
import FingerprintDiff
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
struct RowKey: Identifiable, Equatable, Sendable {
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
        while try step(statement, in: db) {
            if isFirstRow {
                // After the first step: a statement that SQLite prepared again after a schema
                // change only has its new columns then.
                isFirstRow = false
                builder.index.columns = columnNames(of: sqlite)
                guard let found = firstColumn(named: idColumn, in: builder.index.columns) else { return nil }
                idIndex = found
                sectionIndex = try sectionColumn.map { try sectionColumnIndex($0, in: builder.index.columns) }
            }
            try builder.add(RowID(DatabaseValue(sqliteStatement: sqlite, index: idIndex)), of: sqlite, sectionIndex: sectionIndex)
        }
        if isFirstRow { builder.index.columns = columnNames(of: sqlite) }
        return builder.finish()
    }

    /// Steps `statement` (SQLite's C API) once: `true` when it is on a row, `false` when it is
    /// done; SQLite's error as GRDB's `DatabaseError` otherwise.
    static func step(_ statement: Statement, in db: Database) throws -> Bool {
        let code = sqlite3_step(statement.sqliteStatement)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw DatabaseError(resultCode: ResultCode(rawValue: code),
                            message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: statement.sql)
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
                builder.index.columns = columnNames(of: sqlite)
                idIndex = idColumn.flatMap { firstColumn(named: $0, in: builder.index.columns) }
                if idIndex == nil { idColumnHoldsIDs = false }
                sectionIndex = try sectionColumn.map { try sectionColumnIndex($0, in: builder.index.columns) }
            }
            let record = try decode(Record.self, row, request: request, columnsBefore: columnsBefore, in: db)
            let id = RowID(record.id)
            if let idIndex, idColumnHoldsIDs, !column(idIndex, of: sqlite, equals: id.value) {
                idColumnHoldsIDs = false
            }
            try builder.add(id, of: sqlite, sectionIndex: sectionIndex)
        }
        if isFirstRow { builder.index.columns = columnNames(of: sqlite) }
        return (builder.finish(), idColumnHoldsIDs)
    }

    /// The index of the section column among `columns`, or ``DatabaseStorageError/missingSectionColumn(_:)``.
    private static func sectionColumnIndex(_ name: String, in columns: [String]) throws -> Int32 {
        guard let found = firstColumn(named: name, in: columns) else { throw DatabaseStorageError.missingSectionColumn(name) }
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

    /// The names of the columns of `statement` as SQLite reports them now.
    static func columnNames(of statement: SQLiteStatement) -> [String] {
        (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
    }

    /// The index of the first column named `name`, compared case-insensitively as GRDB does.
    static func firstColumn(named name: String, in columns: [String]) -> Int32? {
        let wanted = name.lowercased()
        return columns.firstIndex { $0.lowercased() == wanted }.map(Int32.init)
    }

    /// Appends the image of column `column` of the row `statement` is on (as ``RowFingerprint``
    /// makes it) to `image`.
    @inline(__always)
    static func appendColumnImage(_ column: Int32, of statement: SQLiteStatement, to image: inout RowImageBuffer) {
        let type = sqlite3_column_type(statement, column)
        switch type {
        case SQLITE_INTEGER:
            image.append(tag: 1, UInt64(bitPattern: sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            image.append(tag: 2, sqlite3_column_double(statement, column).bitPattern)
        case SQLITE_TEXT, SQLITE_BLOB:
            // The pointer is read before the length, as SQLite asks.
            let base = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(statement, column))
                                           : sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            image.append(tag: type == SQLITE_TEXT ? 3 : 4, UInt64(count))
            if let base, count > 0 { image.append(UnsafeRawBufferPointer(start: base, count: count)) }
        default:
            image.append(tag: 0, 0)
        }
    }

    /// Whether column `column` of the row `statement` is on has the image `image` (made by
    /// ``appendColumnImage(_:of:to:)``): same storage class and bytes, compared in place.
    static func columnImage(_ column: Int32, of statement: SQLiteStatement, equals image: borrowing RowImageBuffer) -> Bool {
        let stored = image.bytes
        let type = sqlite3_column_type(statement, column)
        switch type {
        case SQLITE_INTEGER:
            return stored.count == 9 && stored[0] == 1
                && stored.loadUnaligned(fromByteOffset: 1, as: UInt64.self) == UInt64(bitPattern: sqlite3_column_int64(statement, column)).littleEndian
        case SQLITE_FLOAT:
            return stored.count == 9 && stored[0] == 2
                && stored.loadUnaligned(fromByteOffset: 1, as: UInt64.self) == sqlite3_column_double(statement, column).bitPattern.littleEndian
        case SQLITE_TEXT, SQLITE_BLOB:
            let base = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(statement, column))
                                           : sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            guard stored.count == 9 + count, stored[0] == (type == SQLITE_TEXT ? 3 : 4) else { return false }
            guard count > 0, let base else { return count == 0 }
            return memcmp(stored.baseAddress! + 9, base, count) == 0
        default:
            return stored.count == 9 && stored[0] == 0
        }
    }

    /// Whether column `column` of the row `statement` is on holds `value` (same storage class
    /// and value), compared in SQLite's memory without making a `DatabaseValue`.
    static func column(_ column: Int32, of statement: SQLiteStatement, equals value: DatabaseValue) -> Bool {
        let type = sqlite3_column_type(statement, column)
        switch value.storage {
        case .null:
            return type == SQLITE_NULL
        case .int64(let integer):
            return type == SQLITE_INTEGER && sqlite3_column_int64(statement, column) == integer
        case .double(let double):
            return type == SQLITE_FLOAT && sqlite3_column_double(statement, column).bitPattern == double.bitPattern
        case .string(let string):
            guard type == SQLITE_TEXT, let text = sqlite3_column_text(statement, column) else { return false }
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column)))
            let utf8 = string.utf8
            return utf8.withContiguousStorageIfAvailable { stored in
                stored.count == bytes.count && UnsafeRawBufferPointer(stored).elementsEqual(bytes)
            } ?? utf8.elementsEqual(bytes)
        case .blob(let data):
            guard type == SQLITE_BLOB else { return false }
            let base = sqlite3_column_blob(statement, column)
            let bytes = UnsafeRawBufferPointer(start: base, count: Int(sqlite3_column_bytes(statement, column)))
            return data.elementsEqual(bytes)
        }
    }
}

/// Builds a ``ResultIndex`` row by row: refuses a repeated id, starts a section when the
/// section column's value changes (compared in SQLite's memory), fingerprints each row.
/// Owned by one read; not copyable.
struct ResultBuilder: ~Copyable {
    var index = ResultIndex()
    /// The rows of the section being read; moved into `index.sections` when it ends.
    private var rows: [RowKey] = []
    private let expectedRowCount: Int
    private var sectionKey = DatabaseValue.null
    /// The section key as SQLite stores it, to compare the next rows' values in place.
    private var sectionKeyImage = RowImageBuffer()
    private var seen: RowIDSet
    private var image = RowImageBuffer()

    init(expectedRowCount: Int) {
        self.expectedRowCount = expectedRowCount
        seen = RowIDSet(expected: expectedRowCount)
    }

    /// Adds the row `statement` is on, of id `id`, sectioned by column `sectionIndex` (one
    /// section when `nil`). Throws ``DatabaseStorageError/duplicateID(_:)`` for an id seen before.
    mutating func add(_ id: RowID, of statement: SQLiteStatement, sectionIndex: Int32?) throws {
        guard seen.insert(id) else { throw DatabaseStorageError.duplicateID(id.description) }
        if let sectionIndex, !rows.isEmpty,
           !ResultIndex.columnImage(sectionIndex, of: statement, equals: sectionKeyImage) {
            index.sections.append(ArraySection(model: SectionKey(id: sectionKey), items: rows))
            rows = []
        }
        if rows.isEmpty {
            if let sectionIndex {
                sectionKey = DatabaseValue(sqliteStatement: statement, index: sectionIndex)
                sectionKeyImage.clear()
                ResultIndex.appendColumnImage(sectionIndex, of: statement, to: &sectionKeyImage)
            } else {
                rows.reserveCapacity(expectedRowCount)
            }
        }
        rows.append(RowKey(id: id, content: RowFingerprint(statement, image: &image)))
    }

    /// The index, with the last section.
    consuming func finish() -> ResultIndex {
        if !rows.isEmpty { index.sections.append(ArraySection(model: SectionKey(id: sectionKey), items: rows)) }
        return index
    }
}
#endif
