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
    /// - Complexity: O(n log n) for n operations.
    public var withoutMoves: SectionedBatchUpdate {
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
    /// For an update that `validate` refuses, the result is some update (never a trap), which
    /// `validate` may refuse too.
    ///
    /// - Complexity: O(n log n + n · a) for n operations and at most a arrivals in one section.
    public var inverted: SectionedBatchUpdate {
        // Meaningful for a legal update; an index path that is not [section, item] (which
        // `validate` refuses) is left out rather than read.
        let deletedItems = deletedItems.filter(\.isSectionItem), insertedItems = insertedItems.filter(\.isSectionItem)
        let movedItems = movedItems.filter { $0.from.isSectionItem && $0.to.isSectionItem }
        let updatedItems = updatedItems.filter(\.isSectionItem)
        let updatedItemsAfterMoves = updatedItemsAfterMoves.filter(\.isSectionItem)
        let sectionsLeaving = (deletedSections + movedSections.map(\.from)).sorted()
        let sectionsArriving = (insertedSections + movedSections.map(\.to)).sorted()
        let insertedSectionSet = Set(insertedSections)
        let sourceOfSection = Dictionary(movedSections.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        /// The old index of new section `section`, which is not inserted.
        func oldSection(of section: Int) -> Int {
            sourceOfSection[section] ?? _stayingIndex(of: section, leaving: sectionsArriving, arriving: sectionsLeaving)
        }
        // Stage-2 section reloads are in new space: back to old space.
        let oldUpdatedSections = updatedSections.filter { !insertedSectionSet.contains($0) }.map(oldSection).sorted()
        // Item arrivals and departures per section (old sections for departures, new for arrivals).
        var itemsLeaving: [Int: [Int]] = [:], itemsArriving: [Int: [Int]] = [:]
        for path in deletedItems { itemsLeaving[path[0], default: []].append(path[1]) }
        for move in movedItems {
            itemsLeaving[move.from[0], default: []].append(move.from[1])
            itemsArriving[move.to[0], default: []].append(move.to[1])
        }
        for path in insertedItems { itemsArriving[path[0], default: []].append(path[1]) }
        for key in itemsLeaving.keys { itemsLeaving[key]!.sort() }
        for key in itemsArriving.keys { itemsArriving[key]!.sort() }
        // Stage-1 item reloads stay in a section that stays: their new index paths.
        let newUpdatedItems = updatedItems.map { path -> IndexPath in
            let section = _stayingIndex(of: path[0], leaving: sectionsLeaving, arriving: sectionsArriving)
            let item = _stayingIndex(of: path[1], leaving: itemsLeaving[path[0]] ?? [], arriving: itemsArriving[section] ?? [])
            return IndexPath(indexes: [section, item])
        }.sorted()
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
