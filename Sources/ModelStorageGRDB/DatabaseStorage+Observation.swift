#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff
import GRDB
import ModelStorage

/// One read of the observation loop: the new result, its difference from the old one, and the
/// records of the rows the update lists as updated.
struct Refresh<Record: Sendable>: Sendable {
    var index: ResultIndex
    var changes: SectionedChangeset
    var updatedRecords: [(record: Record, id: RowID, content: RowFingerprint, path: IndexPath)]
}

extension DatabaseStorage {
    /// Follows the database: after each commit that changes the request's result, reads it
    /// again, diffs it with the content shown, updates the storage and delivers the update
    /// (``SectionedChangeset/batchUpdate``: one batch plus a batch of reloads, legal on the new
    /// content), with the new records of the updated rows in ``StorageUpdate/updatedModels``.
    ///
    /// Runs in the caller's isolation domain until the calling task is cancelled (then it
    /// returns) or a read fails (then it throws). Reads the result once at the start, so that
    /// commits made since the storage was created or last observed are not missed.
    ///
    /// - Throws: ``DatabaseStorageError`` when a read fails (after telling the error observers;
    ///   the content stays as it was), or ``DatabaseStorageError/other(_:)`` when this storage
    ///   is already being observed.
    /// - Complexity: per commit, one read of the result (O(rows)), the sectioned diff of the
    ///   ids (O(rows) expected), and a query for the updated rows.
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
        do {
            if let interval = externalChangePollInterval {
                let baseline = try await writer.writeWithoutTransaction { db in try ExternalChangePoller.dataVersion(db) }
                poller = ExternalChangePoller.start(writer, from: baseline, every: interval, signal: signal)
            }
            signal.signal()
            for await _ in signal.wakeups {
                if Task.isCancelled { return }
                if let error = signal.takeError() { throw error }
                try await refresh(isolation: isolation)
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
        let refresh = try await writer.consistentRead { db in
            try Self.read(request, sectionColumn: sectionColumn, comparedWith: old, in: db)
        }
        index = refresh.index
        lastError = nil
        var models: [IndexPath: any Sendable] = [:]
        for (record, id, content, path) in refresh.updatedRecords {
            cache.insert(record, id: id, content: content)
            models[path] = record
        }
        guard !refresh.changes.isEmpty else { return }
        deliver(StorageUpdate(changes: refresh.changes.batchUpdate, updatedModels: models))
    }

    /// The new result of `request`, its sectioned changeset from `old`, and the records of the
    /// rows the changeset's single batch updates (keyed by their new index paths).
    static func read(_ request: QueryInterfaceRequest<Record>, sectionColumn: String?,
                     comparedWith old: ResultIndex, in db: Database) throws -> Refresh<Record> {
        let new = try ResultIndex.fetch(request, sectionColumn: sectionColumn, columnsBefore: old.columns, in: db)
        let changes = SectionedChangeset(from: old.sections, to: new.sections)
        let batch = changes.batchUpdate
        // Stage-1 updates are listed at old paths, stage-2 ones at new paths: key both by new.
        var newPathOfOld: [IndexPath: IndexPath] = [:]
        newPathOfOld.reserveCapacity(changes.itemUpdates.count)
        for update in changes.itemUpdates { newPathOfOld[update.old] = update.new }
        let updatedPaths = batch.updatedItems.compactMap { newPathOfOld[$0] } + batch.updatedItemsAfterMoves
        var pathOfID: [RowID: IndexPath] = [:]
        for path in updatedPaths { pathOfID[new.sections[path.section].items[path.item].id] = path }
        var updated: [(record: Record, id: RowID, content: RowFingerprint, path: IndexPath)] = []
        if !pathOfID.isEmpty {
            for (record, id, content) in try fetchRecords(ids: Array(pathOfID.keys), request: request,
                                                          columns: new.columns, in: db) {
                if let path = pathOfID[id] { updated.append((record, id, content, path)) }
            }
        }
        return Refresh(index: new, changes: changes, updatedRecords: updated)
    }
}
