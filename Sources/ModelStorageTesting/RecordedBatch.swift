import Foundation

/// The operations of one batch as a ``SimulatedView`` received them, checked against UIKit's
/// rules and applied to the view's cells. Written independently of `FingerprintDiff`'s
/// `SectionedBatchUpdate.validate`, from UIKit's documented behaviour, so that one can catch
/// the other's mistakes.
struct RecordedBatch {
    var insertedSections: [Int] = []
    var deletedSections: [Int] = []
    var reloadedSections: [Int] = []
    var movedSections: [(from: Int, to: Int)] = []
    var insertedItems: [IndexPath] = []
    var deletedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var reconfiguredItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []

    /// Where each old section goes: its new index, or `nil` when deleted. Sections that are
    /// neither deleted nor moved keep their order in the new indexes no insertion or move takes.
    func newSections(oldCount: Int) -> [Int?] {
        let deleted = Set(deletedSections)
        var result = [Int?](repeating: nil, count: oldCount)
        for move in movedSections where move.from < oldCount { result[move.from] = move.to }
        let taken = Set(insertedSections).union(movedSections.map(\.to))
        let moved = Set(movedSections.map(\.from))
        var next = 0
        for old in 0..<oldCount where !deleted.contains(old) && !moved.contains(old) {
            while taken.contains(next) { next += 1 }
            result[old] = next
            next += 1
        }
        return result
    }

    /// Checks the batch against UIKit's rules for a view that held `before` items per section
    /// and whose data source holds `after` items per section once the updates block ran.
    func check(before: [Int], after: [Int]) throws(SimulatedViewError) {
        try checkSections(before: before, after: after)
        try checkItems(before: before, after: after)
        try checkCounts(before: before, after: after)
    }

    private func checkSections(before: [Int], after: [Int]) throws(SimulatedViewError) {
        for section in deletedSections where !(0..<before.count).contains(section) {
            throw .sectionOutOfRange(operation: .delete, section: section, sectionCount: before.count)
        }
        for section in reloadedSections where !(0..<before.count).contains(section) {
            throw .sectionOutOfRange(operation: .reload, section: section, sectionCount: before.count)
        }
        for move in movedSections {
            guard (0..<before.count).contains(move.from) else {
                throw .sectionOutOfRange(operation: .moveSource, section: move.from, sectionCount: before.count)
            }
            guard (0..<after.count).contains(move.to) else {
                throw .sectionOutOfRange(operation: .moveDestination, section: move.to, sectionCount: after.count)
            }
        }
        for section in insertedSections where !(0..<after.count).contains(section) {
            throw .sectionOutOfRange(operation: .insert, section: section, sectionCount: after.count)
        }
        // Old sections: at most one of delete, move, reload each.
        var oldUse: [Int: SimulatedViewError.Operation] = [:]
        for (operation, sections) in [(SimulatedViewError.Operation.delete, deletedSections), (.moveSource, movedSections.map(\.from)),
                                      (.reload, reloadedSections)] {
            for section in sections {
                if let first = oldUse[section] { throw .conflict(first, operation, index: "section \(section)") }
                oldUse[section] = operation
            }
        }
        // New sections: at most one of insert, move each.
        var newUse: [Int: SimulatedViewError.Operation] = [:]
        for (operation, sections) in [(SimulatedViewError.Operation.insert, insertedSections), (.moveDestination, movedSections.map(\.to))] {
            for section in sections {
                if let first = newUse[section] { throw .conflict(first, operation, index: "section \(section)") }
                newUse[section] = operation
            }
        }
        let expected = before.count - deletedSections.count + insertedSections.count
        guard after.count == expected else {
            throw .invalidNumberOfSections(after: after.count, before: before.count, inserted: insertedSections.count,
                                           deleted: deletedSections.count)
        }
    }

    private func checkItems(before: [Int], after: [Int]) throws(SimulatedViewError) {
        func checkOld(_ path: IndexPath, _ operation: SimulatedViewError.Operation) throws(SimulatedViewError) {
            guard path.count == 2, (0..<before.count).contains(path[0]) else {
                throw .sectionOutOfRange(operation: operation, section: path.count == 2 ? path[0] : -1, sectionCount: before.count)
            }
            guard (0..<before[path[0]]).contains(path[1]) else {
                throw .itemOutOfRange(operation: operation, indexPath: path, itemCount: before[path[0]])
            }
        }
        func checkNew(_ path: IndexPath, _ operation: SimulatedViewError.Operation) throws(SimulatedViewError) {
            guard path.count == 2, (0..<after.count).contains(path[0]) else {
                throw .sectionOutOfRange(operation: operation, section: path.count == 2 ? path[0] : -1, sectionCount: after.count)
            }
            guard (0..<after[path[0]]).contains(path[1]) else {
                throw .itemOutOfRange(operation: operation, indexPath: path, itemCount: after[path[0]])
            }
        }
        var oldUse: [IndexPath: SimulatedViewError.Operation] = [:]
        for (operation, paths) in [(SimulatedViewError.Operation.delete, deletedItems), (.moveSource, movedItems.map(\.from)),
                                   (.reload, reloadedItems), (.reconfigure, reconfiguredItems)] {
            for path in paths {
                try checkOld(path, operation)
                if let first = oldUse[path] {
                    throw .conflict(first, operation, index: "index path (\(SimulatedViewError.describe(path)))")
                }
                oldUse[path] = operation
            }
        }
        var newUse: [IndexPath: SimulatedViewError.Operation] = [:]
        for (operation, paths) in [(SimulatedViewError.Operation.insert, insertedItems), (.moveDestination, movedItems.map(\.to))] {
            for path in paths {
                try checkNew(path, operation)
                if let first = newUse[path] {
                    throw .conflict(first, operation, index: "index path (\(SimulatedViewError.describe(path)))")
                }
                newUse[path] = operation
            }
        }
        let deletedSet = Set(deletedSections), insertedSet = Set(insertedSections)
        for move in movedItems {
            if deletedSet.contains(move.from[0]) { throw .moveOutOfDeletedSection(from: move.from, to: move.to) }
            if insertedSet.contains(move.to[0]) { throw .moveIntoInsertedSection(from: move.from, to: move.to) }
        }
    }

    private func checkCounts(before: [Int], after: [Int]) throws(SimulatedViewError) {
        let newOfOld = newSections(oldCount: before.count)
        for (old, new) in newOfOld.enumerated() {
            guard let new else { continue }
            let inserted = insertedItems.filter { $0[0] == new }.count
            let deleted = deletedItems.filter { $0[0] == old }.count
            let movedIn = movedItems.filter { $0.to[0] == new && newOfOld[$0.from[0]] != new }.count
            let movedOut = movedItems.filter { $0.from[0] == old && $0.to[0] != new }.count
            let expected = before[old] + inserted - deleted + movedIn - movedOut
            guard after[new] == expected else {
                throw .invalidNumberOfItems(section: new, after: after[new], before: before[old], inserted: inserted,
                                            deleted: deleted, movedIn: movedIn, movedOut: movedOut)
            }
        }
    }
}
