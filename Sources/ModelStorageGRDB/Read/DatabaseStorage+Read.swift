#if GRDB
import FingerprintDiff
import GRDB

/// One read of ``DatabaseStorage``'s result: the new result, its difference from the content
/// shown, and the records fetched for it (with the new index path of those the update lists as
/// updated).
struct Refresh<Record: Sendable>: Sendable {
    var index: ResultIndex
    var changes: SectionedChangeset
    var fetchedRecords: [(record: Record, id: RowID, content: RowFingerprint, path: IndexPath?)]
    /// Whether every row was decoded (no id column to read ids from).
    var decodedEveryRow: Bool
    /// Where the read stands in the storage's change journal (`nil` without one).
    var position: ChangeJournal.Position?
    /// Why the whole result was read; `nil` when only the rows the journal listed were (the
    /// other rows' ids in order).
    var fullReadReason: FullReadReason?

    /// Whether only the rows the journal listed were read.
    var readChangedRowsOnly: Bool { fullReadReason == nil }
}

/// The records fetched for the ids read from the id column are not those rows: the column does
/// not hold `Record.id` after all, and the read is done again decoding every row.
struct IDColumnMismatch: Error {}

extension DatabaseStorage {
    /// The new result of `request`, its sectioned changeset from `old`, and the records of the
    /// rows that are new or changed, as a pipeline of named steps, each with its contract:
    ///
    /// 1. **Position**: where `db`'s snapshot stands in `journal` (`position`; `exact` when the
    ///    snapshot is exactly there), given by the caller (the pinned read of
    ///    `DatabaseStorage.pinnedRead`, or the queue's own), and `base`, the position of the read
    ///    `old` came from.
    /// 2. **Plan** (``ReadPlan``): the changed rows only, when the journal lists every row
    ///    changed between `base` and `position` and there are few enough; else the whole result,
    ///    with its ``FullReadReason``.
    /// 3. **Index** (`readIndex`): the new ``ResultIndex``, by the planned read. A changed-rows
    ///    read that cannot make the result, or throws, becomes a whole read, and says why in
    ///    ``Refresh/fullReadReason`` (see ``FullReadReason/changedRowsFailed(_:)`` for why its
    ///    error is not the one reported).
    /// 4. **Diff**: the ``SectionedChangeset`` of `old`'s and the new index's sections (ids and
    ///    content fingerprints).
    /// 5. **Records** (``WantedRecords``, `fetchRecords`): the rows the update lists as updated,
    ///    and, with an `idColumn` (rows not decoded by the read), every new or changed row, so
    ///    that a row that does not decode is reported before it is shown.
    ///
    /// Throws ``IDColumnMismatch`` when the records fetched by id are not the rows whose ids the
    /// `idColumn` gave (the caller reads again decoding every row), and the database's errors.
    static func read(_ request: QueryInterfaceRequest<Record>, sectionColumn: String?, idColumn: String?,
                     comparedWith old: ResultIndex, journal: ChangeJournal? = nil, at position: ChangeJournal.Position? = nil,
                     exact: Bool = true, since base: ChangeJournal.Position? = nil, in db: Database) throws -> Refresh<Record> {
        let plan = ReadPlan(idColumn: idColumn, journal: journal, base: base, position: position, exact: exact,
                            rowCount: old.rowCount)
        let read = try readIndex(plan, request: request, sectionColumn: sectionColumn, idColumn: idColumn, old: old, in: db)
        let changes = SectionedChangeset(from: old.sections, to: read.index.sections)
        var wanted = WantedRecords(changes, in: read.index, readDecodedEveryRow: idColumn == nil)
        let fetched = try fetchRecords(&wanted, decoded: read.changedRows?.fetched ?? [:], idsFromColumn: idColumn != nil,
                                       request: request, columns: read.index.columns, in: db)
        return Refresh(index: read.index, changes: changes, fetchedRecords: fetched, decodedEveryRow: idColumn == nil,
                       position: position, fullReadReason: read.fullReadReason)
    }

    /// The read's **Index** step: the new index by `plan`; for a changed-rows read also the changed
    /// rows, decoded. Falls back to the whole read when the changed-rows read refuses or throws,
    /// and says why.
    static func readIndex(_ plan: ReadPlan, request: QueryInterfaceRequest<Record>, sectionColumn: String?,
                          idColumn: String?, old: ResultIndex, in db: Database) throws
        -> (index: ResultIndex, changedRows: ChangedRowsRead<Record>?, fullReadReason: FullReadReason?)
    {
        let reason: FullReadReason
        switch plan {
        case .changedRows(let changed):
            do {
                if let read = try readChangedRows(request, sectionColumn: sectionColumn, old: old, changed: changed, in: db) {
                    return (read.index, read, nil)
                }
                reason = .changedRowsRefused
            } catch {
                reason = .changedRowsFailed(String(describing: error))
            }
        case .wholeResult(let why):
            reason = why
        }
        let index = try ResultIndex.read(request, sectionColumn: sectionColumn, idColumn: idColumn,
                                         decodingEveryRow: idColumn == nil, columnsBefore: old.columns,
                                         expectedRowCount: old.rowCount, in: db).index
        return (index, nil, reason)
    }

    /// The read's **Records** step: the records of the `wanted` rows, those `decoded` already (a
    /// changed-rows read's) first, the rest fetched by id, each with the index path of its update
    /// (`nil` for a row only decoded). With `idsFromColumn`, every wanted row must come back: one
    /// that does not, or a row that was not wanted, is an ``IDColumnMismatch``.
    static func fetchRecords(_ wanted: inout WantedRecords, decoded: [RowID: FetchedRow<Record>], idsFromColumn: Bool,
                             request: QueryInterfaceRequest<Record>, columns: [String], in db: Database) throws
        -> [(record: Record, id: RowID, content: RowFingerprint, path: IndexPath?)]
    {
        var fetched: [(record: Record, id: RowID, content: RowFingerprint, path: IndexPath?)] = []
        // A changed-rows read decoded every new or changed row already.
        for (id, row) in decoded {
            fetched.append((row.record, id, row.content, wanted.remove(id)?.updatedPath))
        }
        guard !wanted.isEmpty else { return fetched }
        let fetchedBefore = fetched.count
        for row in try fetchRows(ids: wanted.ids, request: request, columns: columns, sectionColumn: nil, in: db) {
            guard let purpose = wanted.purpose(of: row.id) else {
                if idsFromColumn { throw IDColumnMismatch() }
                continue
            }
            fetched.append((row.record, row.id, row.content, purpose.updatedPath))
        }
        if idsFromColumn && fetched.count - fetchedBefore != wanted.count { throw IDColumnMismatch() }
        return fetched
    }
}
#endif
