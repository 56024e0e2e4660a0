import FingerprintDiff
import GRDB

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
    /// The names of the result's columns (empty when the result had no row).
    var columns: [String] = []

    /// Reads the result of `request` in `db`: every row is decoded as a `Record` (so that a row
    /// that does not decode is reported now, not when it is shown) and kept as its id and
    /// fingerprint; consecutive rows with equal `sectionColumn` values form a section (all rows
    /// form one when `sectionColumn` is `nil`, or none when there are no rows).
    ///
    /// - Throws: ``DatabaseStorageError``: the database's errors, rows that do not decode, a
    ///   missing section column, two rows with one id.
    /// - Complexity: O(size of the result); memory O(number of rows) for ids and fingerprints.
    ///
    /// `columnsBefore` are the columns of the last good read, to name the ones that are gone when
    /// a row does not decode.
    static func fetch<Record: FetchableRecord & Identifiable>(
        _ request: QueryInterfaceRequest<Record>, sectionColumn: String?, columnsBefore: [String] = [],
        in db: Database
    ) throws(DatabaseStorageError) -> ResultIndex where Record.ID: DatabaseValueConvertible {
        var index = ResultIndex()
        var seen = Set<RowID>()
        do {
            let rows = try Row.fetchCursor(db, request)
            var sectionColumnIndex: Int?   // found in the first row: all rows have the same columns
            while let row = try rows.next() {
                let record = try decode(Record.self, row, request: request, columnsBefore: columnsBefore, in: db)
                let id = RowID(record.id)
                if index.columns.isEmpty { index.columns = Array(row.columnNames) }
                guard seen.insert(id).inserted else { throw DatabaseStorageError.duplicateID(id.description) }
                if let sectionColumn, sectionColumnIndex == nil {
                    // As GRDB looks columns up: case-insensitively, the first match.
                    let wanted = sectionColumn.lowercased()
                    guard let found = Array(row.columnNames).firstIndex(where: { $0.lowercased() == wanted }) else {
                        throw DatabaseStorageError.missingSectionColumn(sectionColumn)
                    }
                    sectionColumnIndex = found
                }
                var key = DatabaseValue.null
                let rowKey = RowKey(id: id, content: RowFingerprint(row, capturing: sectionColumnIndex, into: &key))
                if let last = index.sections.indices.last, index.sections[last].model.id == key {
                    index.sections[last].items.append(rowKey)
                } else {
                    index.sections.append(ArraySection(model: SectionKey(id: key), items: [rowKey]))
                }
            }
        } catch {
            throw DatabaseStorageError(error)
        }
        return index
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
