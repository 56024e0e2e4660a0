#if GRDB
import FingerprintDiff
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

/// Builds a ``ResultIndex`` row by row: refuses a repeated id, starts a section when the
/// section column's value changes (compared in SQLite's memory), fingerprints each row.
/// Owned by one read; not copyable.
struct ResultBuilder: ~Copyable {
    /// The names of the result's columns, as SQLite reports them for this read.
    var columns: [String] = [] {
        didSet { columnsDigest = RowFingerprint.columnsDigest(columns) }
    }
    /// The digest of ``columns`` that every row's fingerprint covers.
    private var columnsDigest = RowFingerprint.columnsDigest([])
    private var rows = SectionedRows()
    private let expectedRowCount: Int
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
        if let sectionIndex {
            if !rows.hasOpenSection || !StatementColumns.columnImage(sectionIndex, of: statement, equals: sectionKeyImage) {
                rows.startSection(DatabaseValue(sqliteStatement: statement, index: sectionIndex))
                sectionKeyImage.clear()
                StatementColumns.appendColumnImage(sectionIndex, of: statement, to: &sectionKeyImage)
            }
        } else if !rows.hasOpenSection {
            rows.startSection(.null, expectedRowCount: expectedRowCount)
        }
        rows.append(RowKey(id: id, content: RowFingerprint(statement, columns: columnsDigest, image: &image)))
    }

    /// The index, with the last section.
    consuming func finish() -> ResultIndex {
        ResultIndex(sections: rows.finish(), columns: columns)
    }
}
#endif
