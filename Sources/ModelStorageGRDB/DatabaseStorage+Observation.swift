#if GRDB
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff
import GRDB
import ModelStorage

/// One read of the observation loop: the new result, its difference from the old one, and the
/// records fetched for it (with the new index path of those the update lists as updated).
struct Refresh<Record: Sendable>: Sendable {
    var index: ResultIndex
    var changes: SectionedChangeset
    var fetchedRecords: [(record: Record, id: RowID, content: RowFingerprint, path: IndexPath?)]
    /// Whether every row was decoded (no id column to read ids from).
    var decodedEveryRow: Bool
    /// Where the read stands in the storage's change journal (`nil` without one).
    var position: ChangeJournal.Position?
    /// Whether only the rows the journal listed were read (the other rows' ids in order).
    var readChangedRowsOnly: Bool
}

extension DatabaseStorage {
    /// Follows the database: after each commit that changes the request's result, reads it
    /// again, diffs it with the content shown, updates the storage and delivers the update
    /// (`SectionedChangeset.batchUpdate`: one batch plus a batch of reloads, legal on the new
    /// content), with the new records of the updated rows in `StorageUpdate.updatedModels`.
    ///
    /// Runs in the caller's isolation domain until the calling task is cancelled (then it
    /// returns) or a read fails (then it throws). Reads the result once at the start, so that
    /// commits made since the storage was created or last observed are not missed.
    ///
    /// A lock held by another connection (`SQLITE_BUSY`, `SQLITE_LOCKED`) does not end it: the
    /// read is retried with a backoff of at most the poll interval, so the storage catches up
    /// within one interval of the release; a lock held longer than a second is told to the error
    /// observers once. When the database file is deleted, moved or replaced, it throws
    /// ``DatabaseStorageError/fileChanged(_:)`` within one poll interval.
    ///
    /// - Throws: ``DatabaseStorageError`` when a read fails (after telling the error observers;
    ///   the content stays as it was), or ``DatabaseStorageError/other(_:)`` when this storage
    ///   is already being observed.
    /// - Complexity: per commit, one read of the result (O(rows); after a commit of the
    ///   storage's own writer, a rowid-only read plus a fetch of the changed rows), the
    ///   sectioned diff of the ids (O(rows) expected), and a query for the updated rows.
    public func observe(isolation: isolated (any Actor)? = #isolation) async throws(DatabaseStorageError) {
        guard !isObserving else { throw .other("this storage is already being observed") }
        isObserving = true
        defer { isObserving = false }
        let signal = ChangeSignal()
        defer { signal.finish() }
        let observation = DatabaseRegionObservation(tracking: request)
        let cancellable = observation.start(in: writer, onError: { signal.fail($0) }, onChange: { _ in signal.signal() })
        defer { cancellable.cancel() }
        var poller: Task<Void, Never>?
        defer { poller?.cancel() }
        // A lock held by another connection is waited for, never the end of observation.
        let lockDelay = externalChangePollInterval ?? .milliseconds(100)
        // Told once per lock, however many reads and polls it holds up.
        var lockTold = false
        var lastGoodRead = ContinuousClock.now
        let reportLock: (DatabaseError) -> Void = { [weak self] error in
            guard !lockTold else { return }
            lockTold = true
            self?.report(.database(error))
        }
        do {
            let file = fileIdentity.map { (path: writer.path, identity: $0) }
            if externalChangePollInterval != nil || file != nil {
                var baseline: Int?
                if externalChangePollInterval != nil {
                    baseline = try await LockRetry.run(maximumDelay: lockDelay, onLongLock: reportLock) {
                        try await writer.writeWithoutTransaction { db in try ExternalChangePoller.dataVersion(db) }
                    }
                }
                poller = ExternalChangePoller.start(writer, from: baseline, file: file, every: lockDelay, signal: signal)
            }
            signal.signal()
            for await _ in signal.wakeups {
                if Task.isCancelled { return }
                for (notice, time) in signal.takeNotices() {
                    if let lock = LockRetry.lockError(notice) {
                        // A lock the poller saw before the last good read is over.
                        if time > lastGoodRead { reportLock(lock) }
                    } else {
                        report(DatabaseStorageError(notice))
                    }
                }
                if let error = signal.takeError() { throw error }
                try await LockRetry.run(maximumDelay: lockDelay, onLongLock: reportLock) {
                    try await refresh(isolation: isolation)
                }
                lockTold = false
                lastGoodRead = .now
            }
        } catch {
            // Cancelling the task interrupts a read in flight: that is the end, not a failure.
            if Task.isCancelled || error is CancellationError { return }
            let failure = DatabaseStorageError(error)
            report(failure)
            throw failure
        }
    }

    /// Reads the result and its difference from the current content on GRDB's reader queue,
    /// then, in one step here, replaces the content and delivers the update.
    func refresh(isolation: isolated (any Actor)?) async throws {
        let old = index
        let request = request
        let sectionColumn = sectionColumn
        let idColumn = idColumn
        let journal = journal
        let base = journalPosition
        // `exact`: whether the journal's changes up to `position` are exactly what `db` sees
        // (see DatabaseWriter.journaledRead); when not, the whole result is read.
        let read: @Sendable (Database, ChangeJournal.Position?, Bool) throws -> Refresh<Record> = { db, position, exact in
            let journal = exact ? journal : nil
            do {
                return try Self.read(request, sectionColumn: sectionColumn, idColumn: idColumn, comparedWith: old,
                                     journal: journal, at: position, since: base, in: db)
            } catch is IDColumnMismatch {
                // The id column did not give the records' ids after all: decode every row.
                return try Self.read(request, sectionColumn: sectionColumn, idColumn: nil, comparedWith: old,
                                     journal: journal, at: position, since: base, in: db)
            }
        }
        let refresh = if let journal {
            try await writer.journaledRead(journal, usedJournal: \.readChangedRowsOnly) { db, position, exact in
                try read(db, position, exact)
            }
        } else {
            try await writer.consistentRead { db in try read(db, nil, false) }
        }
        if refresh.readChangedRowsOnly { changedRowsReadCount += 1 }
        if refresh.decodedEveryRow { self.idColumn = nil }
        index = refresh.index
        journalPosition = refresh.position
        if let position = refresh.position { journal?.forget(through: position) }
        lastError = nil
        var models: [IndexPath: any Sendable] = [:]
        for (record, id, content, path) in refresh.fetchedRecords {
            cache.insert(record, id: id, content: content)
            if let path { models[path] = record }
        }
        guard !refresh.changes.isEmpty else { return }
        deliver(StorageUpdate(changes: refresh.changes.batchUpdate, updatedModels: models), through: delivery, leadingTo: ())
    }

    /// The new result of `request`, its sectioned changeset from `old`, and the records of the
    /// rows that are new or changed (those the changeset's single batch updates with their new
    /// index paths).
    ///
    /// With an `idColumn`, rows are not decoded while the result is read: only the new and
    /// changed ones are, here, so a row that does not decode is still reported before it is
    /// shown. Throws ``IDColumnMismatch`` when those records' ids are not the column's values.
    ///
    /// With a `journal`, the `position` in it that `db`'s transaction sees exactly (see
    /// ``DatabaseWriter/journaledRead(_:usedJournal:_:)``) and the position `base` of the read `old` came
    /// from, and when the journal lists every row changed in between (see ``ChangeJournal``),
    /// only those rows are read (``readChangedRows(_:sectionColumn:old:changed:in:)``);
    /// otherwise, or when that read finds the journal incomplete, the whole result is.
    static func read(_ request: QueryInterfaceRequest<Record>, sectionColumn: String?, idColumn: String?,
                     comparedWith old: ResultIndex, journal: ChangeJournal? = nil, at position: ChangeJournal.Position? = nil,
                     since base: ChangeJournal.Position? = nil, in db: Database) throws -> Refresh<Record> {
        var changedRows: ChangedRowsRead<Record>?
        if idColumn != nil, let journal, let base, let position,
           let changed = journal.changes(from: base, to: position), changed.count <= max(64, old.rowCount / 4) {
            // Any failure here (a row that does not decode, an error) is the full read's to report.
            changedRows = try? readChangedRows(request, sectionColumn: sectionColumn, old: old, changed: changed, in: db)
        }
        let new = try changedRows?.index
            ?? ResultIndex.read(request, sectionColumn: sectionColumn, idColumn: idColumn,
                                decodingEveryRow: idColumn == nil, columnsBefore: old.columns,
                                expectedRowCount: old.rowCount, in: db).index
        let changes = SectionedChangeset(from: old.sections, to: new.sections)
        let batch = changes.batchUpdate
        // Stage-1 updates are listed at old paths, stage-2 ones at new paths: key both by new.
        var newPathOfOld: [IndexPath: IndexPath] = [:]
        newPathOfOld.reserveCapacity(changes.itemUpdates.count)
        for update in changes.itemUpdates { newPathOfOld[update.old] = update.new }
        let updatedPaths = batch.updatedItems.compactMap { newPathOfOld[$0] } + batch.updatedItemsAfterMoves
        var wanted: [RowID: IndexPath?] = [:]
        for path in updatedPaths { wanted[new.sections[path.section].items[path.item].id] = path }
        if idColumn != nil {
            // Not decoded yet: every changed row (some are moves, listed as updates only when
            // shown as such), every inserted one, all rows of inserted sections.
            for update in changes.itemUpdates where wanted[new.sections[update.new.section].items[update.new.item].id] == nil {
                wanted[new.sections[update.new.section].items[update.new.item].id] = .some(nil)
            }
            for path in changes.itemInsertions { wanted[new.sections[path.section].items[path.item].id] = .some(nil) }
            for section in changes.sectionInsertions {
                for row in new.sections[section].items where wanted[row.id] == nil { wanted[row.id] = .some(nil) }
            }
        }
        var fetched: [(record: Record, id: RowID, content: RowFingerprint, path: IndexPath?)] = []
        if let changedRows {
            // The changed rows are decoded already (every new or changed row is one of them).
            for (id, row) in changedRows.fetched {
                fetched.append((row.record, id, row.content, wanted.removeValue(forKey: id) ?? nil))
            }
        }
        if !wanted.isEmpty {
            let fetchedBefore = fetched.count
            for row in try fetchRows(ids: Array(wanted.keys), request: request, columns: new.columns,
                                     sectionColumn: nil, in: db) {
                guard let path = wanted[row.id] else {
                    if idColumn != nil { throw IDColumnMismatch() }
                    continue
                }
                fetched.append((row.record, row.id, row.content, path))
            }
            if idColumn != nil && fetched.count - fetchedBefore != wanted.count { throw IDColumnMismatch() }
        }
        return Refresh(index: new, changes: changes, fetchedRecords: fetched, decodedEveryRow: idColumn == nil,
                       position: position, readChangedRowsOnly: changedRows != nil)
    }
}

/// The records fetched for the ids read from the id column are not those rows: the column does
/// not hold `Record.id` after all, and the read is done again decoding every row.
struct IDColumnMismatch: Error {}

extension DatabaseStorage {
    /// For the benchmark: reads the result and diffs it with the content shown, as an observed
    /// commit does (records of new and changed rows included), without changing the storage.
    /// `decodingEveryRow` forces the read that decodes every row; `readingEveryRow` the read of
    /// every row that a commit of another connection needs (no change journal).
    ///
    /// - Returns: the number of rows the changeset lists (deleted, inserted, moved, updated).
    @_spi(Benchmarking)
    public func readAndDiffWithoutApplying(decodingEveryRow: Bool = false,
                                           readingEveryRow: Bool = false) throws(DatabaseStorageError) -> Int {
        let old = index
        let idColumn = decodingEveryRow ? nil : idColumn
        do {
            // Synchronous: the journal is used on a DatabaseQueue only (whose reads see its writes).
            let journal = decodingEveryRow || readingEveryRow || !(writer is DatabaseQueue) ? nil : journal
            let refresh = try writer.consistentRead { db in
                try Self.read(request, sectionColumn: sectionColumn, idColumn: idColumn, comparedWith: old,
                              journal: journal, at: journal?.position(in: db), since: journalPosition, in: db)
            }
            let changes = refresh.changes
            return changes.itemDeletions.count + changes.itemInsertions.count + changes.itemMoves.count + changes.itemUpdates.count
        } catch {
            throw DatabaseStorageError(error)
        }
    }
}
#endif
