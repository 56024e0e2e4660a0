import FingerprintDiff
import GRDB

/// A section of a result: the value of the section column its rows share.
struct SectionKey: Identifiable, Equatable, Sendable {
    /// The section column's value (`.null` when the storage is not sectioned).
    var id: DatabaseValue
}

/// A row of a result as the storage keeps it: its record's id and its content fingerprint.
struct RowKey<ID: Hashable & Sendable>: Identifiable, Equatable, Sendable {
    var id: ID
    var content: RowFingerprint
}

/// What ``DatabaseStorage`` keeps of a result: per section, the ids and content fingerprints of
/// its rows, in the request's order. No record is kept.
struct ResultIndex<ID: Hashable & Sendable>: Sendable {
    /// The sections, in order, each with its rows.
    var sections: [ArraySection<SectionKey, RowKey<ID>>] = []

    /// The number of rows.
    var rowCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Reads the result of `request` in `db`: every row is decoded as a `Record` (so that a row
    /// that does not decode is reported now, not when it is shown) and kept as its id and
    /// fingerprint; consecutive rows with equal `sectionColumn` values form a section (all rows
    /// form one when `sectionColumn` is `nil`, or none when there are no rows).
    ///
    /// - Throws: ``DatabaseStorageError``: the database's errors, rows that do not decode, a
    ///   missing section column, two rows with one id.
    /// - Complexity: O(size of the result); memory O(number of rows) for ids and fingerprints.
    static func fetch<Record: FetchableRecord & Identifiable>(
        _ request: QueryInterfaceRequest<Record>, sectionColumn: String?, in db: Database
    ) throws(DatabaseStorageError) -> ResultIndex where Record.ID == ID {
        var index = ResultIndex()
        var seen = Set<ID>()
        do {
            let rows = try Row.fetchCursor(db, request)
            while let row = try rows.next() {
                let id = try Record(row: row).id
                guard seen.insert(id).inserted else { throw DatabaseStorageError.duplicateID(String(describing: id)) }
                var key = DatabaseValue.null
                if let sectionColumn {
                    guard row.hasColumn(sectionColumn) else { throw DatabaseStorageError.missingSectionColumn(sectionColumn) }
                    key = row[sectionColumn]
                }
                let rowKey = RowKey(id: id, content: RowFingerprint(row))
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
}
