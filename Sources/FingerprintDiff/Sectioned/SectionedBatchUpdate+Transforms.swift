#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedBatchUpdate {
    /// The number of operations listed (section and item operations of both stages; the items
    /// of deleted and inserted sections are not listed, so not counted): what a view compares
    /// with a threshold to decide to reload everything instead of animating. O(1).
    public var changeCount: Int {
        deletedSections.count + insertedSections.count + movedSections.count + updatedSections.count
            + deletedItems.count + insertedItems.count + movedItems.count + updatedItems.count
            + updatedItemsAfterMoves.count
    }

    /// The same change without moves, for views that do not animate them: a moved section is
    /// deleted and inserted (with its items), a moved item is deleted at its source and
    /// inserted at its destination (taking its new content, so its stage-2 reload is dropped;
    /// other stage-2 reloads stay, but for items of sections that now are inserted). Legal
    /// whenever this update is.
    ///
    /// - Precondition: the update is well formed: every index path a (section, item) pair, no
    ///   negative index, none twice in one kind of operation, no section or item both deleted
    ///   and moved, none both inserted and moved to. Every update the package computes is;
    ///   check one you built or decoded with
    ///   ``validate(oldItemCounts:newItemCounts:)`` first, which throws a typed error instead
    ///   of trapping.
    /// - Complexity: O(n log n) for n operations.
    public var withoutMoves: SectionedBatchUpdate {
        _checkWellFormed("withoutMoves")
        guard !movedSections.isEmpty || !movedItems.isEmpty else { return self }
        let inserted = (insertedSections + movedSections.map(\.to)).sorted()
        let insertedSet = Set(inserted)
        let destinations = Set(movedItems.map(\.to))
        return SectionedBatchUpdate(
            deletedSections: (deletedSections + movedSections.map(\.from)).sorted(),
            insertedSections: inserted,
            updatedSections: updatedSections.filter { !insertedSet.contains($0) },
            deletedItems: (deletedItems + movedItems.map(\.from)).sorted(),
            insertedItems: (insertedItems + movedItems.map(\.to)).sorted(),
            updatedItems: updatedItems,
            updatedItemsAfterMoves: updatedItemsAfterMoves.filter { path in
                !destinations.contains(path) && !(path.isSectionItem && insertedSet.contains(path[0]))
            })
    }

    /// The update that takes the new sections back to the old ones (an undo): insertions
    /// become deletions and deletions insertions (of sections and items), moves run backwards,
    /// and each reload names its section or item at its index in the other list, in the same
    /// stage (reloads of inserted sections and items are dropped: the inverse deletes them).
    /// Applying this update and then its inverse gives the original sections. An item that
    /// this update moves into a section it reloads whole is reloaded by the inverse after
    /// moving back (this update does not say whether its content changed).
    ///
    /// - Precondition: the update is well formed (see ``withoutMoves``).
    /// - Complexity: O(n log n + n · a) for n operations and at most a arrivals in one section.
    public var inverted: SectionedBatchUpdate {
        _checkWellFormed("inverted")
        let places = SectionedStayingPlaces(self)
        let sectionsLeaving = places.sectionsLeaving, sectionsArriving = places.sectionsArriving
        let itemsLeaving = places.itemsLeaving, itemsArriving = places.itemsArriving
        let insertedSectionSet = Set(insertedSections)
        let sourceOfSection = Dictionary(movedSections.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        /// The old index of new section `section`, which is not inserted.
        func oldSection(of section: Int) -> Int {
            sourceOfSection[section] ?? _stayingIndex(of: section, leaving: sectionsArriving, arriving: sectionsLeaving)
        }
        // Stage-2 section reloads are in new space: back to old space.
        let oldUpdatedSections = updatedSections.filter { !insertedSectionSet.contains($0) }.map(oldSection).sorted()
        // Stage-1 item reloads stay in a section that stays: their new index paths.
        let newUpdatedItems = updatedItems.map(places.newIndexPath(ofStaying:)).sorted()
        // Stage-2 item reloads, in new space: a moved item is reloaded at its old index path
        // after moving back, one that stays at the index path it goes back to; none inside a
        // section the inverse reloads whole.
        let sourceOfItem = Dictionary(movedItems.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        let insertedItemSet = Set(insertedItems)
        var oldUpdatedAfterMoves = Set<IndexPath>()
        for path in updatedItemsAfterMoves {
            if let source = sourceOfItem[path] {
                oldUpdatedAfterMoves.insert(source)
            } else if !insertedSectionSet.contains(path[0]) && !insertedItemSet.contains(path) {
                let section = oldSection(of: path[0])
                let item = _stayingIndex(of: path[1], leaving: itemsArriving[path[0]] ?? [], arriving: itemsLeaving[section] ?? [])
                oldUpdatedAfterMoves.insert(IndexPath(indexes: [section, item]))
            }
        }
        // An item moved into a section that stage 2 reloads is not listed as reloaded (the
        // section reload shows its new content); moving back it takes that content with it.
        let forwardReloaded = Set(updatedSections)
        for move in movedItems where forwardReloaded.contains(move.to[0]) {
            oldUpdatedAfterMoves.insert(move.from)
        }
        let reloadedSections = Set(oldUpdatedSections)
        return SectionedBatchUpdate(
            deletedSections: insertedSections.sorted(), insertedSections: deletedSections.sorted(),
            movedSections: movedSections.map { Changeset.Move(from: $0.to, to: $0.from) }.sorted { $0.from < $1.from },
            updatedSections: oldUpdatedSections,
            deletedItems: insertedItems.sorted(), insertedItems: deletedItems.sorted(),
            movedItems: movedItems.map { IndexPathMove(from: $0.to, to: $0.from) }.sorted { $0.from < $1.from },
            updatedItems: newUpdatedItems,
            updatedItemsAfterMoves: oldUpdatedAfterMoves.filter { !reloadedSections.contains($0[0]) }.sorted())
    }
}

extension SectionedBatchUpdate {
    /// Why no list of sections could take this update, found without counts (an index path
    /// that is not a (section, item) pair, a negative index, an index twice in one kind of
    /// operation, a section or item both deleted and moved, both inserted and moved to), or
    /// `nil`. O(number of operations) expected; allocates nothing by an index's size.
    var _wellFormednessProblem: String? {
        let sections = BatchUpdate(deletions: deletedSections, insertions: insertedSections, moves: movedSections)
        if let problem = sections._wellFormednessProblem { return "sections: \(problem)" }
        if let index = updatedSections.first(where: { $0 < 0 }) { return "updated section \(index) is negative" }
        do throws(_IllFormed) {
            func distinct(_ paths: some Sequence<IndexPath>, _ operation: String) throws(_IllFormed) -> Set<IndexPath> {
                try _distinct(paths, "\(operation) index path", describe: { "\(Array($0))" }) { path in
                    path.isSectionItem && path[0] >= 0 && path[1] >= 0
                        ? nil : "is not a (section, item) pair of non-negative indexes"
                }
            }
            let deleted = try distinct(deletedItems, "deletion")
            let movedFrom = try distinct(movedItems.lazy.map(\.from), "move source")
            let inserted = try distinct(insertedItems, "insertion")
            let movedTo = try distinct(movedItems.lazy.map(\.to), "move destination")
            _ = try distinct(updatedItems, "reload")
            _ = try distinct(updatedItemsAfterMoves, "reload after moves")
            if let path = deleted.first(where: movedFrom.contains) { return "index path \(Array(path)) is both deleted and moved" }
            if let path = inserted.first(where: movedTo.contains) {
                return "index path \(Array(path)) is both inserted and the destination of a move"
            }
            return nil
        } catch {
            return error.problem
        }
    }

    /// Traps, naming the problem, when the update is not well formed.
    func _checkWellFormed(_ operation: String) {
        if let problem = _wellFormednessProblem {
            preconditionFailure("SectionedBatchUpdate.\(operation) of an update that no list can take (\(problem)); validate(oldItemCounts:newItemCounts:) says why with a typed error")
        }
    }
}
