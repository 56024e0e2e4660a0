#if GRDB
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff
import GRDB
import ModelStorage

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
        wakeSignal = signal
        defer {
            wakeSignal = nil
            signal.finish()
            observationEnded()
        }
        let observation = DatabaseRegionObservation(tracking: request)
        let cancellable = observation.start(in: writer, onError: { signal.fail($0) }, onChange: { _ in
            RefreshProbe.record?("commit observed")
            signal.signal()
        })
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
                // When the read that succeeded began: a lock the poller saw after that is not
                // known to be over, however late the read's result reached this actor.
                var goodReadStart = ContinuousClock.now
                try await LockRetry.run(maximumDelay: lockDelay, onLongLock: reportLock) {
                    goodReadStart = .now
                    try await refresh(isolation: isolation)
                }
                lockTold = false
                lastGoodRead = goodReadStart
                await repinIfWALIsLarge(isolation: isolation)
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
        // (see ReadPlan); when not, the whole result is read.
        let read: @Sendable (Database, ChangeJournal.Position?, Bool) throws -> Refresh<Record> = { db, position, exact in
            do {
                return try Self.read(request, sectionColumn: sectionColumn, idColumn: idColumn, comparedWith: old,
                                     journal: journal, at: position, exact: exact, since: base, in: db)
            } catch is IDColumnMismatch {
                // The id column did not give the records' ids after all: decode every row.
                return try Self.read(request, sectionColumn: sectionColumn, idColumn: nil, comparedWith: old,
                                     journal: journal, at: position, exact: exact, since: base, in: db)
            }
        }
        refreshStarts += 1
        let number = refreshStarts
        let refresh: Refresh<Record>
        RefreshProbe.record?("refresh started")
        if let pool = writer as? DatabasePool, let pins {
            let context = PinnedReadContext(
                pool: pool, pins: pins, journal: journal, file: fileIdentity.map { (path: pool.path, identity: $0) },
                old: old, retiredStore: version.retired, request: request,
                resettingWAL: walIsLong(pool.path))
            refresh = try await Self.pinnedRead(context, read)
        } else if let journal {
            // A DatabaseQueue reads on its writer connection: the position is the read's own.
            refresh = try await writer.consistentRead { db in try read(db, try journal.position(in: db), true) }
        } else {
            refresh = try await writer.consistentRead { db in try read(db, nil, false) }
        }
        RefreshProbe.record?("back in the storage's domain")
        if refresh.readChangedRowsOnly { changedRowsReadCount += 1 }
        lastFullReadReason = refresh.fullReadReason
        if refresh.decodedEveryRow { self.idColumn = nil }
        retireChangedRows(of: old, new: refresh.index, changes: refresh.changes)
        adoptVersion(changed: !refresh.changes.isEmpty)
        index = refresh.index
        journalPosition = refresh.position
        if let position = refresh.position { journal?.forget(through: position) }
        lastError = nil
        var models: [IndexPath: any Sendable] = [:]
        for (record, id, content, path) in refresh.fetchedRecords {
            cache.insert(record, id: id, content: content)
            guard let path else { continue }
            models[path] = record
            // Delivered: the view may show it (a queue cannot read it again once it changes).
            if pins == nil { reads.keep(record, for: RowKey(id: id, content: content)) }
        }
        refreshCompleted(number)
        guard !refresh.changes.isEmpty else { return }
        deliver(StorageUpdate(changes: refresh.changes.batchUpdate, updatedModels: models), through: delivery, leadingTo: ())
    }
}

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
