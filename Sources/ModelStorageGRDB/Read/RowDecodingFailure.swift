#if GRDB
import GRDB

/// Describes a row that did not decode as a record without ever formatting GRDB's
/// `RowDecodingError`: GRDB 7.10's `description` of that error traps ("row index out of range")
/// when the error comes from a cached statement whose columns changed since it was prepared,
/// which is what another connection's `ALTER TABLE ... DROP COLUMN` produces while a storage
/// is observed. The message is built from what the storage knows instead: the record type, the
/// columns of its last good read, the columns the request has now, and the SQL.
enum RowDecodingFailure {
    /// The message of ``DatabaseStorageError/decoding(_:)`` for `error`, thrown while decoding a
    /// row of `request` as `Record` in `db`, when the last good read had `columnsBefore` (empty
    /// when unknown). Names every column that is gone. Never throws, never traps.
    static func message<Record>(
        _ error: RowDecodingError, record: Record.Type, request: QueryInterfaceRequest<Record>,
        columnsBefore: [String], in db: Database
    ) -> String {
        let sql = try? request.makePreparedRequest(db, forSingleResult: false).statement.sql
        // A fresh (uncached) statement reports the columns as they are now.
        let columnsNow = sql.flatMap { try? db.makeStatement(sql: $0).columnNames }
        var parts = ["\(Record.self) could not be decoded from a row of the result"]
        if let columnsNow {
            let now = Set(columnsNow.map { $0.lowercased() })
            let gone = columnsBefore.filter { !now.contains($0.lowercased()) }
            if !gone.isEmpty {
                let names = gone.map { "\"\($0)\"" }.joined(separator: ", ")
                parts.append("column \(names) \(gone.count == 1 ? "is" : "are") no longer in the result (its columns are now \(columnsNow.joined(separator: ", ")))")
            }
        }
        if let reason = reason(of: error) { parts.append(reason) }
        if let sql { parts.append("SQL: \(sql)") }
        return parts.joined(separator: "; ")
    }

    /// GRDB's one-line reason for `error` (`could not decode String from database value NULL`,
    /// `column not found: "title"`), read from the error's stored context by reflection, which
    /// reads stored properties only and calls no `description`. `nil` when GRDB stores it
    /// differently.
    static func reason(of error: RowDecodingError) -> String? {
        storedString(labelled: "debugDescription", in: error, depth: 4)
    }

    private static func storedString(labelled label: String, in value: Any, depth: Int) -> String? {
        guard depth > 0 else { return nil }
        for child in Mirror(reflecting: value).children {
            if child.label == label, let string = child.value as? String { return string }
            if let found = storedString(labelled: label, in: child.value, depth: depth - 1) { return found }
        }
        return nil
    }
}
#endif
