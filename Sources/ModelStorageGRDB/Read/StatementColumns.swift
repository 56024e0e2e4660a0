#if GRDB
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

/// The row a statement is on, read with SQLite's C API in SQLite's own memory: stepping, column
/// names, and a column's bytes as an image (to fingerprint it or compare it in place), so that
/// ``DatabaseStorage``'s reads make no `Row` for a row they only fingerprint, and no
/// `DatabaseValue` for a value they only compare.
enum StatementColumns {
    /// Steps `statement` (SQLite's C API) once: `true` when it is on a row, `false` when it is
    /// done; SQLite's error as GRDB's `DatabaseError` otherwise.
    static func step(_ statement: Statement, in db: Database) throws -> Bool {
        let code = sqlite3_step(statement.sqliteStatement)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw DatabaseError(resultCode: ResultCode(rawValue: code),
                            message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: statement.sql)
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
#endif
