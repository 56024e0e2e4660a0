#if GRDB
import FingerprintDiff

/// The rows whose records a refresh of ``DatabaseStorage`` fetches, and why (the **Records**
/// step of `DatabaseStorage.read`).
struct WantedRecords {
    /// Why a row's record is wanted.
    enum Purpose: Equatable {
        /// The update lists the row as updated: its record goes into `updatedModels` at this
        /// (new) index path.
        case updated(at: IndexPath)
        /// The row is new or changed and the read did not decode it: it is decoded now, so
        /// that a row that does not decode is reported before it is shown, and cached.
        case decoded

        /// The index path of an updated row; `nil` for one only decoded.
        var updatedPath: IndexPath? {
            if case .updated(let path) = self { return path }
            return nil
        }
    }

    private var purposes: [RowID: Purpose] = [:]

    /// The rows of `new` that `changes` (from the content shown to `new`) needs records of: the
    /// updated ones and, unless the read decoded every row, every changed or inserted one and
    /// all rows of inserted sections.
    init(_ changes: SectionedChangeset, in new: ResultIndex, readDecodedEveryRow: Bool) {
        let batch = changes.batchUpdate
        // Stage-1 updates are listed at old paths, stage-2 ones at new paths: key both by new.
        var newPathOfOld: [IndexPath: IndexPath] = [:]
        newPathOfOld.reserveCapacity(changes.itemUpdates.count)
        for update in changes.itemUpdates { newPathOfOld[update.old] = update.new }
        func id(at path: IndexPath) -> RowID { new.sections[path[0]].items[path[1]].id }
        for path in batch.updatedItems.compactMap({ newPathOfOld[$0] }) + batch.updatedItemsAfterMoves {
            purposes[id(at: path)] = .updated(at: path)
        }
        guard !readDecodedEveryRow else { return }
        // Not decoded yet: every changed row (some are moves, listed as updates only when shown
        // as such), every inserted one, all rows of inserted sections.
        for update in changes.itemUpdates where purposes[id(at: update.new)] == nil {
            purposes[id(at: update.new)] = .decoded
        }
        for path in changes.itemInsertions { purposes[id(at: path)] = .decoded }
        for section in changes.sectionInsertions {
            for row in new.sections[section].items where purposes[row.id] == nil { purposes[row.id] = .decoded }
        }
    }

    /// The number of rows still wanted.
    var count: Int { purposes.count }
    /// Whether no row is wanted.
    var isEmpty: Bool { purposes.isEmpty }
    /// The ids of the rows still wanted, in no order.
    var ids: [RowID] { Array(purposes.keys) }

    /// Why `id` is wanted; `nil` when it is not.
    func purpose(of id: RowID) -> Purpose? { purposes[id] }

    /// Takes `id` off the list (its record is at hand): why it was wanted, `nil` when it was not.
    mutating func remove(_ id: RowID) -> Purpose? { purposes.removeValue(forKey: id) }
}
#endif
