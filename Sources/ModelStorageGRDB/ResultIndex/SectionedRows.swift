#if GRDB
import FingerprintDiff
import GRDB

/// Rows gathered into consecutive sections, in the result's order: what both reads of a result
/// build (``ResultBuilder`` for a full read, `ChangedRowsBuilder` for a read of the changed
/// rows). Each read decides when a row starts a section, the way it can compare section values
/// cheaply; this type owns the sections themselves: a section is closed when the next starts,
/// and an empty one is never kept.
struct SectionedRows {
    /// The sections closed so far.
    private(set) var sections: [ArraySection<SectionKey, RowKey>] = []
    /// The rows of the section being built.
    private var rows: [RowKey] = []
    /// The section column's value of the section being built (`.null` when not sectioned).
    private(set) var key = DatabaseValue.null

    /// Whether a section is being built (a row was appended since the last start).
    var hasOpenSection: Bool { !rows.isEmpty }

    /// Closes the section being built, if it has rows, and starts one whose section column
    /// value is `key`, sized for `expectedRowCount` rows.
    mutating func startSection(_ key: DatabaseValue, expectedRowCount: Int = 0) {
        if !rows.isEmpty {
            sections.append(ArraySection(model: SectionKey(id: self.key), items: rows))
            rows = []
        }
        if expectedRowCount > 0 { rows.reserveCapacity(expectedRowCount) }
        self.key = key
    }

    /// Appends `row` to the section being built.
    mutating func append(_ row: RowKey) { rows.append(row) }

    /// Every section, the one being built included.
    consuming func finish() -> [ArraySection<SectionKey, RowKey>] {
        if !rows.isEmpty { sections.append(ArraySection(model: SectionKey(id: key), items: rows)) }
        return sections
    }
}
#endif
