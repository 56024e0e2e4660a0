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
        commit { $0.appendItems(models, toSection: section) }
    }

    /// Inserts `item` at `indexPath`. An index path one past the last item appends; in a
    /// section that does not exist yet, item 0 creates the sections up to it. O(log n) for n
    /// items in the section, plus O(sections).
    ///
    /// - Throws: ``StorageError/invalidIndexPath(_:)``, ``StorageError/itemOutOfRange(_:itemCount:)``,
    ///   ``StorageError/sectionOutOfRange(_:sectionCount:)`` (an item other than 0 in a section
    ///   that does not exist), ``StorageError/nilItem(at:)``.
    public func insertItem<T: Sendable>(_ item: T, to indexPath: IndexPath) throws(StorageError) {
        let model = try storedItem(item)
        try checkInsertion(at: indexPath, itemCounts: sections.map(\.count))
        commit { $0.insertItem(model, at: indexPath) }
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
        var counts = sections.map(\.count)
        for path in indexPaths {
            try checkInsertion(at: path, itemCounts: counts)
            while counts.count <= path[0] { counts.append(0) }
            counts[path[0]] += 1
        }
        if indexPaths.count == 1 {
            commit { $0.insertItem(models[0], at: indexPaths[0]) }
        } else if !indexPaths.isEmpty {
            batch { for (model, path) in zip(models, indexPaths) { commit { $0.insertItem(model, at: path) } } }
        }
    }

    /// Inserts `items`, in order, at `indexPath` and after it (DTModelStorage's
    /// `insertItems(_:at:)`), and reports one update: the same as ``insertItems(_:to:)`` with
    /// the consecutive index paths, in one step. Item 0 of the section after the last creates
    /// it. O(k log n) for k items into a section of n, plus O(sections).
    ///
    /// - Throws: what ``insertItem(_:to:)`` throws for `indexPath`, ``StorageError/nilItem(at:)``;
    ///   nothing is inserted then.
    public func insertItems<T: Sendable>(_ items: [T], at indexPath: IndexPath) throws(StorageError) {
        try checkInsertion(at: indexPath, itemCounts: sections.map(\.count))
        let models = try storedItems(items)
        guard !models.isEmpty else { return }
        commit { $0.insertItems(models, at: indexPath) }
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

    // MARK: Removing

    /// Removes the first item equal to `item` (for an `Identifiable` `T`, the first equal one
    /// among the items with its id: see `indexPath(forItem:)`).
    ///
    /// - Complexity: to find it, O(number of sections × log n) on average for an `Identifiable` `T`,
    ///   O(total items) otherwise (a scan); plus O(log n) to remove it from its section's tree.
    /// - Throws: ``StorageError/itemNotFound(_:)``.
    public func removeItem<T: Equatable>(_ item: T) throws(StorageError) {
        let path = try existingIndexPath(of: item)
        commit { $0.removeItems(sortedPaths: [path]) }
    }

    /// Removes the first item equal to `item`.
    ///
    /// - Complexity: O(number of sections × log n) on average to find it, through the per-section
    ///   index (see `indexPath(forItem:)`), plus O(log n) to remove it from its section's tree
    ///   (the index follows in O(1)).
    /// - Throws: ``StorageError/itemNotFound(_:)``.
    public func removeItem<T: Hashable>(_ item: T) throws(StorageError) {
        let path = try existingIndexPath(of: item)
        commit { $0.removeItems(sortedPaths: [path]) }
    }

    /// Removes, for each distinct item of `items`, the first item equal to it; an item listed
    /// twice is removed once.
    ///
    /// - Complexity: O(k) on average for k items of an `Identifiable` `T` (through the index by
    ///   id), O(n · k) otherwise for n items in the storage (a scan each); plus O(n) to remove.
    /// - Throws: ``StorageError/itemNotFound(_:)`` when one is missing; nothing is removed then.
    public func removeItems<T: Equatable>(_ items: [T]) throws(StorageError) {
        var paths: [IndexPath] = []
        for item in items { paths.append(try existingIndexPath(of: item)) }
        commit { $0.removeItems(sortedPaths: Array(Set(paths)).sorted()) }
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
        commit { $0.removeItems(sortedPaths: Array(Set(paths)).sorted()) }
    }

    /// Removes the items at `indexPaths` (all in the current index space); an index path listed
    /// twice is removed once.
    ///
    /// - Complexity: O(n + k log k) for n items in the affected sections and k index paths.
    /// - Throws: the first invalid index path's error; nothing is removed then.
    public func removeItems(at indexPaths: [IndexPath]) throws(StorageError) {
        for path in indexPaths { try checkItem(path) }
        commit { $0.removeItems(sortedPaths: Array(Set(indexPaths)).sorted()) }
    }

    /// Removes every item of `section`, keeping the section. O(items in the section).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)``.
    public func removeItems(fromSection section: Int) throws(StorageError) {
        try checkSection(section)
        let paths = (0..<sections[section].count).map { IndexPath(section, $0) }
        commit { $0.removeItems(sortedPaths: paths) }
    }

    /// Removes every item of every section, keeping the sections. O(total items).
    public func removeAllItems() {
        var paths: [IndexPath] = []
        for (section, stored) in sections.enumerated() {
            paths.append(contentsOf: (0..<stored.count).lazy.map { IndexPath(section, $0) })
        }
        commit { $0.removeItems(sortedPaths: paths) }
    }

    // MARK: Replacing and reloading

    /// Replaces the first item equal to `itemToReplace` with `replacingItem`, reported as an
    /// update of that index path carrying the new model.
    ///
    /// - Complexity: as `removeItem(_:)` to find it, then O(log n): nothing shifts, and the
    ///   index updates the one entry.
    /// - Throws: ``StorageError/itemNotFound(_:)``, ``StorageError/nilItem(at:)``.
    public func replaceItem<T: Equatable, U: Sendable>(_ itemToReplace: T, with replacingItem: U) throws(StorageError) {
        let model = try storedItem(replacingItem)
        let path = try existingIndexPath(of: itemToReplace)
        commit { $0.replaceItem(at: path, with: model) }
    }

    /// Replaces the first item equal to `itemToReplace` with `replacingItem`, reported as an
    /// update carrying the new model. O(number of sections × log n) on average, through the
    /// per-section index (see `indexPath(forItem:)`), which follows the change in O(1).
    ///
    /// - Throws: ``StorageError/itemNotFound(_:)``, ``StorageError/nilItem(at:)``.
    public func replaceItem<T: Hashable, U: Sendable>(_ itemToReplace: T, with replacingItem: U) throws(StorageError) {
        let model = try storedItem(replacingItem)
        let path = try existingIndexPath(of: itemToReplace)
        commit { $0.replaceItem(at: path, with: model) }
    }

    /// Reports the first item equal to `item` as updated (its cell should be configured
    /// again), with the item as its model. The data does not change.
    ///
    /// - Complexity: as `removeItem(_:)` to find it, then O(log n).
    /// - Throws: ``StorageError/itemNotFound(_:)``.
    public func reloadItem<T: Equatable>(_ item: T) throws(StorageError) {
        let path = try existingIndexPath(of: item)
        let model = sections[path[0]].item(at: path[1])
        commit { $0.replaceItem(at: path, with: model) }
    }

    /// Reports the first item equal to `item` as updated. O(number of sections × log n) on average,
    /// through the per-section index.
    ///
    /// - Throws: ``StorageError/itemNotFound(_:)``.
    public func reloadItem<T: Hashable>(_ item: T) throws(StorageError) {
        let path = try existingIndexPath(of: item)
        let model = sections[path[0]].item(at: path[1])
        commit { $0.replaceItem(at: path, with: model) }
    }

    // MARK: Moving

    /// Moves the item at `source` to `destination` (an index path in the list after the item
    /// left `source`, as UIKit's `moveRow(at:to:)` reads it), reported as one move. Item 0 of
    /// a section that does not exist creates the sections up to it (then reported as a
    /// deletion and an inserted section). O(log n) in the two sections, plus O(sections).
    ///
    /// - Throws: ``StorageError/invalidIndexPath(_:)``, ``StorageError/itemOutOfRange(_:itemCount:)``,
    ///   ``StorageError/sectionOutOfRange(_:sectionCount:)``.
    public func moveItem(at source: IndexPath, to destination: IndexPath) throws(StorageError) {
        try checkMove(from: source, to: destination)
        guard source != destination else { return }
        commit { $0.moveItem(from: source, to: destination, silently: false) }
    }

    /// Moves the item at `source` to `destination` like ``moveItem(at:to:)`` but reports
    /// nothing: for a view that applies updates itself and already shows the move. Both sections
    /// must exist: a move that reports nothing never changes the sections the view shows
    /// (DTModelStorage refuses it too).
    ///
    /// A view driven by a ``ViewUpdater`` takes the user's drag through
    /// ``ViewUpdater/userDidMoveItem(at:to:)`` instead: it reads the view's index paths (which
    /// differ from the storage's while changes are pending) and tells the updater, which this
    /// call does not (its next batch would send the user's move again: "Invalid update").
    ///
    /// - Throws: as ``moveItem(at:to:)``, ``StorageError/sectionOutOfRange(_:sectionCount:)``
    ///   for a destination section that does not exist, and
    ///   ``StorageError/moveWithoutAnimationInsideBatch`` inside ``performUpdates(_:)`` (inside
    ///   ``updateWithoutAnimations(_:)`` it is fine).
    public func moveItemWithoutAnimation(from source: IndexPath, to destination: IndexPath) throws(StorageError) {
        if isBatching && !batchRequestsReload { throw .moveWithoutAnimationInsideBatch }
        try checkMove(from: source, to: destination)
        try checkSection(destination[0])
        commit { $0.moveItem(from: source, to: destination, silently: true) }
    }

    func checkMove(from source: IndexPath, to destination: IndexPath) throws(StorageError) {
        try checkItem(source)
        var counts = sections.map(\.count)
        counts[source[0]] -= 1
        try checkInsertion(at: destination, itemCounts: counts)
    }
}
