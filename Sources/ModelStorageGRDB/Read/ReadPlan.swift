#if GRDB
/// Which read a refresh of ``DatabaseStorage`` makes (the **Plan** step of `DatabaseStorage.read`):
/// only the rows its change journal lists as changed since the content shown, or the whole result,
/// and why. Decided from what is known before reading; a changed-rows read can still turn into a
/// whole read (``FullReadReason/changedRowsRefused`` and ``FullReadReason/changedRowsFailed(_:)``).
enum ReadPlan: Equatable {
    /// Only the rows whose rowids the journal lists, the others kept from the content shown.
    case changedRows(Set<Int64>)
    /// The whole result.
    case wholeResult(FullReadReason)

    /// The plan for a read at `position` in `journal` of a result read last at `base`, holding
    /// `rowCount` rows then; `exact` tells whether the read's snapshot is exactly at `position`
    /// (see `DatabaseStorage.pinnedRead`: a pool's pin begun between two positions taken on its
    /// writer is exact when they are equal).
    init(idColumn: String?, journal: ChangeJournal?, base: ChangeJournal.Position?,
         position: ChangeJournal.Position?, exact: Bool, rowCount: Int) {
        guard idColumn != nil else {
            self = .wholeResult(.decodingEveryRow)
            return
        }
        guard let journal, let base, let position else {
            self = .wholeResult(.noJournal)
            return
        }
        guard exact else {
            self = .wholeResult(.snapshotNotExact)
            return
        }
        guard let changed = journal.changes(from: base, to: position) else {
            self = .wholeResult(.journalIncomplete)
            return
        }
        guard changed.count <= Self.maximumChangedRows(rowCount: rowCount) else {
            self = .wholeResult(.tooManyChanges(changed.count))
            return
        }
        self = .changedRows(changed)
    }

    /// The most changed rows a changed-rows read is worth for a result of `rowCount` rows: past
    /// a quarter of the rows (64 at least), fetching them one by one costs more than the whole
    /// read.
    static func maximumChangedRows(rowCount: Int) -> Int { max(64, rowCount / 4) }
}

/// Why a refresh of ``DatabaseStorage`` reads the whole result rather than the changed rows.
enum FullReadReason: Equatable, Sendable {
    /// The rows are decoded to learn their ids (no id column): every row is read.
    case decodingEveryRow
    /// No change journal follows the request (see `DatabaseStorage.journalTable`), or there is
    /// no position to read from yet.
    case noJournal
    /// The read's snapshot may include commits after its journal position (a pool's writer
    /// committed during the read): only a whole read is right for it.
    case snapshotNotExact
    /// The journal cannot list every row changed since the content shown: another
    /// connection committed, the schema changed, or events were not recorded.
    case journalIncomplete
    /// More rows changed than ``ReadPlan/maximumChangedRows(rowCount:)``.
    case tooManyChanges(Int)
    /// The changed-rows read found it could not make the result: the unchanged rows are not
    /// all there in their old order, a changed row could not be fetched, or an id is not an
    /// integer (see `DatabaseStorage.readChangedRows`).
    case changedRowsRefused
    /// The changed-rows read threw (its error's description). Deliberately not reported from
    /// there: the whole read that follows, in the same transaction, reads the same rows and
    /// throws the error itself when it persists (a row that does not decode), with the whole
    /// read's context in its message.
    case changedRowsFailed(String)
}
#endif
