#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension MemoryStorage {
    // MARK: Adding and inserting

    /// Appends `item` to `section`, creating the sections up to it when they do not exist (they
    /// are reported as inserted sections). O(1) amortized.
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last,
    ///   ``StorageError/nilItem(at:)`` for an optional that holds nothing.
    public func addItem<T: Sendable>(_ item: T, toSection section: Int = 0) throws(StorageError) {
        try addItems([item], toSection: section)
    }

    /// Appends `items` to `section`, creating the sections up to it when they do not exist.
    /// O(items.count) amortized.
    ///
    /// - Throws: as ``addItem(_:toSection:)``; nothing is added when one item is `nil`.
    public func addItems<T: Sendable>(_ items: [T], toSection section: Int = 0) throws(StorageError) {
        try checkCreatableSection(section)
        let models = try storedItems(items)
        let created = createSections(through: section)
        let start = sections[section].slots.count
        sections[section].append(models, slots: makeIdentities(models.count))
        if !created.isEmpty {
            report(SectionedBatchUpdate(insertedSections: Array(created)))
        } else if !models.isEmpty {
            report(SectionedBatchUpdate(insertedItems: (start..<start + models.count).map {
                IndexPath(indexes: [section, $0])
            }))
        }
    }

    /// Inserts `item` at `indexPath`. An index path one past the last item appends; in a
    /// section that does not exist yet, item 0 creates the sections up to it. O(items in the
    /// section).
    ///
    /// - Throws: ``StorageError/invalidIndexPath(_:)``, ``StorageError/itemOutOfRange(_:itemCount:)``,
    ///   ``StorageError/sectionOutOfRange(_:sectionCount:)`` (an item other than 0 in a section
    ///   that does not exist), ``StorageError/nilItem(at:)``.
    public func insertItem<T: Sendable>(_ item: T, to indexPath: IndexPath) throws(StorageError) {
        let model = try storedItems([item])[0]
        try checkInsertion(at: indexPath, itemCounts: sections.map(\.slots.count))
        insertUnchecked(model, at: indexPath)
    }

    /// Inserts `items[k]` at `indexPaths[k]`, one after the other (each index path counts the
    /// items inserted before it), and reports one update for all of them.
    /// O(total items + k) for k items.
    ///
    /// - Throws: ``StorageError/countMismatch(items:indexPaths:)``, or the first error
    ///   ``insertItem(_:to:)`` would throw; nothing is inserted then.
    public func insertItems<T: Sendable>(_ items: [T], to indexPaths: [IndexPath]) throws(StorageError) {
        guard items.count == indexPaths.count else {
            throw .countMismatch(items: items.count, indexPaths: indexPaths.count)
        }
        let models = try storedItems(items)
        var counts = sections.map(\.slots.count)
        for path in indexPaths {
            try checkInsertion(at: path, itemCounts: counts)
            while counts.count <= path[0] { counts.append(0) }
            counts[path[0]] += 1
        }
        withBatch {
            for (model, path) in zip(models, indexPaths) { insertUnchecked(model, at: path) }
        }
    }

    /// Validates an insertion at `path` into sections holding `itemCounts` items (the storage's
    /// sections, plus those earlier insertions of the same call create). Item 0 of a section
    /// past the end creates the sections up to it, within ``maximumSectionsCreatedPerCall`` of
    /// the storage's last section.
    func checkInsertion(at path: IndexPath, itemCounts: [Int]) throws(StorageError) {
        guard path.count == 2, path[0] >= 0, path[1] >= 0 else { throw .invalidIndexPath(path) }
        if path[0] < itemCounts.count {
            guard path[1] <= itemCounts[path[0]] else {
                throw .itemOutOfRange(path, itemCount: itemCounts[path[0]])
            }
        } else {
            guard path[1] == 0 else { throw .sectionOutOfRange(path[0], sectionCount: itemCounts.count) }
            try checkCreatableSection(path[0])
        }
    }

    /// Inserts a validated model at a validated index path and reports it.
    func insertUnchecked(_ model: any Sendable, at path: IndexPath) {
        let (section, index) = (path[0], path[1])
        let created = createSections(through: section)
        if index == sections[section].slots.count {
            sections[section].append([model], slots: makeIdentities(1))
        } else {
            sections[section].model.items.insert(model, at: index)
            sections[section].slots.insert(makeIdentities(1)[0], at: index)
            sections[section].invalidateLookup()
        }
        report(created.isEmpty
            ? SectionedBatchUpdate(insertedItems: [path])
            : SectionedBatchUpdate(insertedSections: Array(created)))
    }

    // MARK: Removing

    /// Removes the first item equal to `item`.
    ///
    /// - Complexity: O(total items) to find it (a scan) plus O(items in its section).
    /// - Throws: ``StorageError/itemNotFound(_:)``.
    public func removeItem<T: Equatable>(_ item: T) throws(StorageError) {
        removeUnchecked([try existingIndexPath(of: item)])
    }

    /// Removes the first item equal to `item`.
    ///
    /// - Complexity: O(1) average to find it (see ``indexPath(forItem:)-(T)``) plus
    ///   O(items in its section) to close the gap.
    /// - Throws: ``StorageError/itemNotFound(_:)``.
    public func removeItem<T: Hashable>(_ item: T) throws(StorageError) {
        removeUnchecked([try existingIndexPath(of: item)])
    }

    /// Removes, for each distinct item of `items`, the first item equal to it; an item listed
    /// twice is removed once.
    ///
    /// - Complexity: O(n · k) for n items in the storage and k in `items` (a scan each).
    /// - Throws: ``StorageError/itemNotFound(_:)`` when one is missing; nothing is removed then.
    public func removeItems<T: Equatable>(_ items: [T]) throws(StorageError) {
        var paths: [IndexPath] = []
        for item in items { paths.append(try existingIndexPath(of: item)) }
        removeUnchecked(paths)
    }

    /// Removes, for each distinct item of `items`, the first item equal to it; an item listed
    /// twice is removed once.
    ///
    /// - Complexity: O(n + k) for n items in the storage and k in `items`.
    /// - Throws: ``StorageError/itemNotFound(_:)`` when one is missing; nothing is removed then.
    public func removeItems<T: Hashable>(_ items: [T]) throws(StorageError) {
        var paths: [IndexPath] = []
        paths.reserveCapacity(items.count)
        for item in items { paths.append(try existingIndexPath(of: item)) }
        removeUnchecked(paths)
    }

    /// Removes the items at `indexPaths` (all in the current index space); an index path listed
    /// twice is removed once.
    ///
    /// - Complexity: O(n + k log k) for n items in the affected sections and k index paths.
    /// - Throws: the first invalid index path's error; nothing is removed then.
    public func removeItems(at indexPaths: [IndexPath]) throws(StorageError) {
        for path in indexPaths { try checkItem(path) }
        removeUnchecked(indexPaths)
    }

    /// Removes every item of `section`, keeping the section. O(items in the section).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)``.
    public func removeItems(fromSection section: Int) throws(StorageError) {
        try checkSection(section)
        removeUnchecked((0..<sections[section].slots.count).map { IndexPath(indexes: [section, $0]) })
    }

    /// Removes every item of every section, keeping the sections. O(total items).
    public func removeAllItems() {
        var paths: [IndexPath] = []
        for (section, stored) in sections.enumerated() {
            paths.append(contentsOf: stored.slots.indices.lazy.map { IndexPath(indexes: [section, $0]) })
        }
        removeUnchecked(paths)
    }

    /// Removes the items at valid index paths (duplicates once) and reports them.
    func removeUnchecked(_ paths: [IndexPath]) {
        let unique = Array(Set(paths)).sorted()
        guard !unique.isEmpty else { return }
        var start = 0
        while start < unique.count {
            let section = unique[start][0]
            var end = start
            while end < unique.count && unique[end][0] == section { end += 1 }
            var removed = [Bool](repeating: false, count: sections[section].slots.count)
            for path in unique[start..<end] { removed[path[1]] = true }
            compact(&sections[section].model.items, removing: removed)
            compact(&sections[section].slots, removing: removed)
            sections[section].invalidateLookup()
            start = end
        }
        report(SectionedBatchUpdate(deletedItems: unique))
    }

    // MARK: Replacing and reloading

    /// Replaces the first item equal to `itemToReplace` with `replacingItem`, reported as an
    /// update of that index path carrying the new model.
    ///
    /// - Complexity: as ``removeItem(_:)-(T)``, without closing a gap.
    /// - Throws: ``StorageError/itemNotFound(_:)``, ``StorageError/nilItem(at:)``.
    public func replaceItem<T: Equatable, U: Sendable>(_ itemToReplace: T, with replacingItem: U) throws(StorageError) {
        let model = try storedItems([replacingItem])[0]
        replaceUnchecked(at: try existingIndexPath(of: itemToReplace), with: model)
    }

    /// Replaces the first item equal to `itemToReplace` with `replacingItem` (O(1) average to
    /// find it), reported as an update carrying the new model.
    ///
    /// - Throws: ``StorageError/itemNotFound(_:)``, ``StorageError/nilItem(at:)``.
    public func replaceItem<T: Hashable, U: Sendable>(_ itemToReplace: T, with replacingItem: U) throws(StorageError) {
        let model = try storedItems([replacingItem])[0]
        replaceUnchecked(at: try existingIndexPath(of: itemToReplace), with: model)
    }

    /// Reports the first item equal to `item` as updated (its cell should be configured
    /// again), with the item as its model. The data does not change.
    ///
    /// - Throws: ``StorageError/itemNotFound(_:)``.
    public func reloadItem<T: Equatable>(_ item: T) throws(StorageError) {
        let path = try existingIndexPath(of: item)
        replaceUnchecked(at: path, with: sections[path[0]].model.items[path[1]])
    }

    /// Reports the first item equal to `item` as updated (O(1) average to find it).
    ///
    /// - Throws: ``StorageError/itemNotFound(_:)``.
    public func reloadItem<T: Hashable>(_ item: T) throws(StorageError) {
        let path = try existingIndexPath(of: item)
        replaceUnchecked(at: path, with: sections[path[0]].model.items[path[1]])
    }

    /// Sets the model at a valid index path, keeping the item's identity, and reports it.
    func replaceUnchecked(at path: IndexPath, with model: any Sendable) {
        sections[path[0]].model.items[path[1]] = model
        sections[path[0]].invalidateLookup()
        touchItem(sections[path[0]].slots[path[1]])
        report(SectionedBatchUpdate(updatedItems: [path]), models: [path: model])
    }

    // MARK: Moving

    /// Moves the item at `source` to `destination` (an index path in the list after the item
    /// left `source`, as UIKit's `moveRow(at:to:)` reads it), reported as one move. Item 0 of
    /// a section that does not exist creates the sections up to it (then reported as a
    /// deletion and an inserted section). O(items in the two sections).
    ///
    /// - Throws: ``StorageError/invalidIndexPath(_:)``, ``StorageError/itemOutOfRange(_:itemCount:)``,
    ///   ``StorageError/sectionOutOfRange(_:sectionCount:)``.
    public func moveItem(at source: IndexPath, to destination: IndexPath) throws(StorageError) {
        try checkMove(from: source, to: destination)
        guard source != destination else { return }
        if destination[0] >= sections.count {
            withBatch { moveUnchecked(from: source, to: destination) }
        } else {
            moveUnchecked(from: source, to: destination)
            report(SectionedBatchUpdate(movedItems: [IndexPathMove(from: source, to: destination)]))
        }
    }

    /// Moves the item at `source` to `destination` like ``moveItem(at:to:)`` but reports
    /// nothing: for a move the user already made on screen (`tableView(_:moveRowAt:to:)`).
    /// Both sections must exist: a move that reports nothing never changes the sections the
    /// view shows (DTModelStorage refuses it too).
    ///
    /// - Throws: as ``moveItem(at:to:)``, ``StorageError/sectionOutOfRange(_:sectionCount:)``
    ///   for a destination section that does not exist, and
    ///   ``StorageError/moveWithoutAnimationInsideBatch`` inside ``performUpdates(_:)`` (inside
    ///   ``updateWithoutAnimations(_:)`` it is fine).
    public func moveItemWithoutAnimation(from source: IndexPath, to destination: IndexPath) throws(StorageError) {
        if let batch, !batch.reloadRequested { throw .moveWithoutAnimationInsideBatch }
        try checkMove(from: source, to: destination)
        try checkSection(destination[0])
        moveUnchecked(from: source, to: destination)
    }

    func checkMove(from source: IndexPath, to destination: IndexPath) throws(StorageError) {
        try checkItem(source)
        var counts = sections.map(\.slots.count)
        counts[source[0]] -= 1
        try checkInsertion(at: destination, itemCounts: counts)
    }

    func moveUnchecked(from source: IndexPath, to destination: IndexPath) {
        let model = sections[source[0]].model.items.remove(at: source[1])
        let slot = sections[source[0]].slots.remove(at: source[1])
        sections[source[0]].invalidateLookup()
        _ = createSections(through: destination[0])
        sections[destination[0]].model.items.insert(model, at: destination[1])
        sections[destination[0]].slots.insert(slot, at: destination[1])
        sections[destination[0]].invalidateLookup()
    }
}

/// Removes the elements whose flag in `removed` is set, keeping the order of the others. O(n).
func compact<Element>(_ array: inout [Element], removing removed: [Bool]) {
    var kept = 0
    for index in array.indices where !removed[index] {
        if kept != index { array.swapAt(kept, index) }
        kept += 1
    }
    array.removeLast(array.count - kept)
}
