#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// ``MemoryStorage``'s live content and everything derived from it: the sections, the
/// identities of sections and items, a look-up index beside each section, and the batch in
/// progress. Its state is private, so the compiler holds its contract: the sections change only
/// through the primitives below.
///
/// **Primitives.** Each makes one change and returns it as a ``PrimitiveChange`` (`nil` when
/// nothing changed): outside a batch, the update it makes on its own, legal by itself, with the
/// new models of the items it replaced; inside a batch nothing more (no index path is built:
/// the batch's net change comes from identities and revisions at its end). Each gives a new
/// `revision` to what it changes in place, and keeps the section's `SectionIndex` in step with
/// the change, item by item.
/// Preconditions are the callers' validation: a primitive is never called with an index the
/// public method has not checked.
///
/// **Look-ups** find the first item equal to a value (the first section holding one, then the
/// first offset in it) through the sections' indexes: O(log n) per section once an index is
/// built (the item's label finds its offset in the section's tree, see `Labels`), and an index is
/// built once (O(items), one dynamic cast each) and then follows every change.
struct SectionStore {
    /// The live sections.
    private(set) var sections: [StoredSection] = []
    /// The look-up index of each section, parallel to `sections`.
    private var indexes: [SectionIndex] = []
    /// The next fresh identity of a section or item.
    private var nextIdentity: UInt64 = 0
    /// The revision of the content: raised by every change of an item's or a section's own
    /// content (see `StoredSection.revisions`), so that a content kept at revision r tells which
    /// items changed since (those whose revision is above r).
    private(set) var revision: UInt64 = 0
    /// The batch in progress, if any.
    private var batch: Batch?

    // MARK: Look-ups

    /// The index path of the first `T` equal to `item`, found by hash value. O(sections) on
    /// average (see the type's notes).
    mutating func firstIndexPath<T: Hashable>(of item: T) -> IndexPath? {
        firstIndexPath(of: item, key: item.hashValue, kind: .hashValue) { section in
            ItemLookup(hashing: T.self, section: section)
        }
    }

    /// The index path of the first `T` equal to `item`, found among the items with its id
    /// (`idKey`). O(sections × log n) on average, plus the items that
    /// share the id.
    mutating func firstIndexPath<T: Equatable>(of item: T, idKey: IDKey<T>) -> IndexPath? {
        firstIndexPath(of: item, key: idKey.own(item), kind: .id) { section in
            ItemLookup(identifying: T.self, section: section, idKey: idKey.stored)
        }
    }

    private mutating func firstIndexPath<T: Equatable>(of item: T, key: Int, kind: ItemLookup.Kind,
                                                        makeLookup: (StoredSection) -> ItemLookup) -> IndexPath? {
        for index in sections.indices {
            let section = sections[index]
            if let offset = indexes[index].firstIndex(of: item, key: key, kind: kind, in: section,
                                                       makeLookup: { makeLookup(section) }) {
                return IndexPath(index, offset)
            }
        }
        return nil
    }

    /// The index path of the first `T` equal to `item` in `sections`, by a scan. O(total items).
    static func scanForIndexPath<T: Equatable>(of item: T, in sections: [StoredSection]) -> IndexPath? {
        for (index, section) in sections.enumerated() {
            if let offset = section.firstIndex(of: item) { return IndexPath(index, offset) }
        }
        return nil
    }

    // MARK: Batches

    /// Whether changes are being folded into one update.
    var isBatching: Bool { batch != nil }

    /// Opens a batch, or one more level of the batch in progress. O(sections) for the outermost
    /// (its baseline shares the sections' trees: the first change of each copies the O(log n)
    /// chunks on its path).
    mutating func beginBatch() {
        if batch == nil {
            batch = Batch(baseline: sections, revision: revision)
        } else {
            batch!.depth += 1
        }
    }

    /// Makes the batch in progress end in a reload request instead of an update.
    mutating func requestReload() {
        batch?.reloadRequested = true
    }

    /// Whether the batch in progress ends in a reload request.
    var batchRequestsReload: Bool { batch?.reloadRequested ?? false }

    /// Notes that a primitive changed something in the batch in progress (what it changed is
    /// found from identities and revisions when the batch ends).
    mutating func noteChangeInBatch() {
        batch!.changed = true
    }

    /// Closes one level of the batch in progress; at the outermost, returns what it changed: the
    /// net change from its baseline (or a reload request), `nil` when nothing changed.
    ///
    /// - Complexity: O(n + k log k) for n items and k that stay in their section, plus the diff
    ///   core's time on the identities (see `netChange`).
    mutating func endBatch() -> StorageUpdate? {
        guard var state = batch else { return nil }
        state.depth -= 1
        guard state.depth == 0 else {
            batch = state
            return nil
        }
        batch = nil
        guard state.changed || state.reloadRequested else { return nil }
        if state.reloadRequested {
            return state.leavesUnchanged(sections) ? nil : .reload
        }
        return netChange(from: state.baseline, to: sections, since: state.revision)
    }

    // MARK: Primitives: items

    /// Appends `models` to section `section`, creating the sections up to it (reported as
    /// inserted sections, whose items are not listed). The section must be creatable.
    mutating func appendItems(_ models: [any Sendable], toSection section: Int) -> PrimitiveChange? {
        let end = section < sections.count ? sections[section].count : 0
        return insertItems(models, at: IndexPath(section, end))
    }

    /// Inserts `model` at a valid index path (item 0 of a section past the end creates the
    /// sections up to it).
    mutating func insertItem(_ model: any Sendable, at path: IndexPath) -> PrimitiveChange? {
        insertItems([model], at: path)
    }

    /// Inserts `models`, in order, from a valid index path on: one step for the run, O(k log n)
    /// for k models. Item 0 of a section past the end creates the sections up to it, reported as
    /// inserted sections (whose items are not listed); otherwise the items are reported
    /// inserted, and no models and no new section report nothing.
    mutating func insertItems(_ models: [any Sendable], at path: IndexPath) -> PrimitiveChange? {
        let (section, start) = (path[0], path[1])
        let created = createSections(through: section)
        insert(models, slots: makeIdentities(models.count), at: start, inSection: section)
        if !created.isEmpty { return change(SectionedBatchUpdate(insertedSections: Array(created))) }
        guard !models.isEmpty else { return nil }
        return change(SectionedBatchUpdate(insertedItems: (start..<start + models.count).map { IndexPath(section, $0) }))
    }

    /// Removes the items at valid, sorted, distinct index paths.
    mutating func removeItems(sortedPaths paths: [IndexPath]) -> PrimitiveChange? {
        guard !paths.isEmpty else { return nil }
        var start = 0
        while start < paths.count {
            let section = paths[start][0]
            var end = start
            while end < paths.count && paths[end][0] == section { end += 1 }
            if end - start == 1 {
                let offset = paths[start][1]
                let removed = sections[section].remove(at: offset)
                indexes[section].removed(removed.model, slot: removed.slot)
            } else {
                removeItems(atSortedOffsets: paths[start..<end].map { $0[1] }, inSection: section)
            }
            start = end
        }
        #if InternalChecks
        for section in Set(paths.lazy.map { $0[0] }) { checkIndex(section) }
        #endif
        return change(SectionedBatchUpdate(deletedItems: paths))
    }

    private mutating func removeItems(atSortedOffsets offsets: [Int], inSection section: Int) {
        let countBefore = sections[section].count
        let items = offsets.map { sections[section].item(at: $0) }, slots = offsets.map { sections[section].slot(at: $0) }
        sections[section].remove(atSortedOffsets: offsets)
        indexes[section].removed(items, slots: slots, countBefore: countBefore)
    }

    /// Sets the model at a valid index path, keeping the item's identity (an update).
    mutating func replaceItem(at path: IndexPath, with model: any Sendable) -> PrimitiveChange? {
        let old = sections[path[0]].replace(at: path[1], with: model, revision: nextRevision())
        indexes[path[0]].replaced(old, with: model)
        checkIndex(path[0])
        var replaced = change(SectionedBatchUpdate(updatedItems: [path]), models: .one(path, model))
        replaced.isOneReplacement = !isBatching
        return replaced
    }

    /// Moves the item at `source` to `destination` (valid; item 0 of a section past the end
    /// creates the sections up to it: nothing moves into an inserted section, so that is the
    /// item deleted and the sections inserted). With `silently`, reports nothing: the move
    /// already happened on screen.
    mutating func moveItem(from source: IndexPath, to destination: IndexPath, silently: Bool) -> PrimitiveChange? {
        if source[0] == destination[0] { return moveItem(inSection: source[0], from: source[1], to: destination[1], silently: silently) }
        let moved = sections[source[0]].remove(at: source[1])
        indexes[source[0]].removed(moved.model, slot: moved.slot)
        let created = createSections(through: destination[0])
        insert([moved.model], slots: [moved.slot], revisions: [moved.revision], at: destination[1], inSection: destination[0])
        guard !silently else { return nil }
        guard created.isEmpty else {
            return change(SectionedBatchUpdate(insertedSections: Array(created), deletedItems: [source]))
        }
        return change(SectionedBatchUpdate(movedItems: [IndexPathMove(from: source, to: destination)]))
    }

    /// Moves the item at `source` to `destination` within `section` (both valid), in O(log n);
    /// the index learns the item's new label (and those of the items spread again).
    private mutating func moveItem(inSection section: Int, from source: Int, to destination: Int,
                                   silently: Bool) -> PrimitiveChange? {
        indexes[section].labelled(sections[section].moveItem(from: source, to: destination))
        checkIndex(section)
        guard !silently else { return nil }
        let move = IndexPathMove(from: IndexPath(section, source), to: IndexPath(section, destination))
        return change(SectionedBatchUpdate(movedItems: [move]))
    }

    /// Replaces the items of `section` with fresh ones (reported deleted and inserted, or the
    /// sections up to it inserted when it did not exist).
    mutating func replaceItems(inSection section: Int, with models: [any Sendable]) -> PrimitiveChange? {
        let created = createSections(through: section)
        let oldCount = sections[section].count
        sections[section].replaceAll(models, slots: makeIdentities(models.count),
                                     revisions: Array(repeating: revision, count: models.count))
        indexes[section].reset()
        if !created.isEmpty { return change(SectionedBatchUpdate(insertedSections: Array(created))) }
        guard oldCount > 0 || !models.isEmpty else { return nil }
        return change(SectionedBatchUpdate(deletedItems: (0..<oldCount).map { IndexPath(section, $0) },
                                           insertedItems: (0..<models.count).map { IndexPath(section, $0) }))
    }

    /// Installs `built`, the new items of an existing section diffed and built into its tree off
    /// the storage's actor (a background `setItems`) from this store's ``freshCounters`` as they
    /// still are: consumes the fresh identities and the revision the tree was given, as
    /// `makeIdentities` and `nextRevision` before ``installDiffedItems(_:slots:revisions:inSection:update:)``
    /// do. O(1).
    mutating func installBuiltItems(_ built: _BuiltSectionItems) -> PrimitiveChange? {
        precondition(freshCounters == built.counters, "SectionStore: a tree built from other counters")
        nextIdentity += UInt64(built.freshCount)
        revision += 1
        sections[built.section].replaceEntries(with: built.entries)
        indexes[built.section].reset()
        return diffedChange(built.update)
    }

    /// Installs the items of an existing section computed by a diff (diffing `setItems`):
    /// `slots` and `revisions` are their identities and revisions, `update` takes the old items
    /// to them (empty inside a batch).
    mutating func installDiffedItems(_ models: [any Sendable], slots: [UInt64], revisions: [UInt64], inSection section: Int,
                                     update: StorageUpdate) -> PrimitiveChange? {
        sections[section].replaceAll(models, slots: slots, revisions: revisions)
        indexes[section].reset()
        return diffedChange(update)
    }

    // MARK: Primitives: sections

    /// Deletes the sections at valid, sorted, distinct indexes.
    mutating func deleteSections(sorted deleted: [Int]) -> PrimitiveChange? {
        guard !deleted.isEmpty else { return nil }
        var removed = [Bool](repeating: false, count: sections.count)
        for index in deleted { removed[index] = true }
        compact(&sections, removing: removed)
        compact(&indexes, removing: removed)
        return change(SectionedBatchUpdate(deletedSections: deleted))
    }

    /// Inserts a section made of `model` at a valid index (`0...numberOfSections`).
    mutating func insertSection(_ model: SectionModel, at index: Int) -> PrimitiveChange? {
        sections.insert(makeSection(model), at: index)
        indexes.insert(SectionIndex(), at: index)
        return change(SectionedBatchUpdate(insertedSections: [index]))
    }

    /// Moves section `source` to `destination` (both valid and different).
    mutating func moveSection(from source: Int, to destination: Int) -> PrimitiveChange? {
        sections.insert(sections.remove(at: source), at: destination)
        indexes.insert(indexes.remove(at: source), at: destination)
        return change(SectionedBatchUpdate(movedSections: [Changeset.Move(from: source, to: destination)]))
    }

    /// Replaces section `index` with a section made of `model` (deleted and inserted), creating
    /// the sections up to it when it does not exist (inserted). The index must be creatable.
    mutating func replaceSection(at index: Int, with model: SectionModel) -> PrimitiveChange? {
        if index < sections.count {
            sections[index] = makeSection(model)
            indexes[index] = SectionIndex()
            return change(SectionedBatchUpdate(deletedSections: [index], insertedSections: [index]))
        }
        let created = createSections(through: index)
        sections[index] = makeSection(model)
        return change(SectionedBatchUpdate(insertedSections: Array(created)))
    }

    /// Sets the supplementary model of `kind` of `section` (`nil` removes it), creating the
    /// sections up to it (inserted); an existing section is reloaded in stage 2, unless its model
    /// of `kind` is equal to `model` (see `areEqualModels`): then nothing changes, not even the
    /// revision.
    mutating func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String, section: Int) -> PrimitiveChange? {
        let model = model.flatMap(nonNilModel)
        if section < sections.count, areEqualModels(sections[section].supplementaryModel(ofKind: kind), model) {
            return nil
        }
        let created = createSections(through: section)
        sections[section].setSupplementaryModel(model, forKind: kind, revision: nextRevision())
        guard created.isEmpty else { return change(SectionedBatchUpdate(insertedSections: Array(created))) }
        return change(SectionedBatchUpdate(updatedSections: [section]))
    }

    /// Installs sections computed by a diff (`setSections`), their identities and revisions
    /// set by the caller: `update` takes the old sections to `newSections` (empty inside a
    /// batch).
    mutating func installDiffedSections(_ newSections: [StoredSection], update: StorageUpdate) -> PrimitiveChange? {
        sections = newSections
        indexes = Array(repeating: SectionIndex(), count: newSections.count)
        return diffedChange(update)
    }

    // MARK: Identities

    /// The next fresh identity and the current revision: with them, new items can be given their
    /// identities and revision off the storage's actor (see ``installBuiltItems(_:)``).
    var freshCounters: FreshCounters { FreshCounters(nextIdentity: nextIdentity, revision: revision) }

    /// The counters behind fresh identities and revisions at one moment.
    struct FreshCounters: Equatable, Sendable {
        /// The first identity ``makeIdentities(_:)`` will give.
        let nextIdentity: UInt64
        /// The current revision: ``nextRevision()`` gives the one after it.
        let revision: UInt64
    }

    /// `count` fresh identities.
    mutating func makeIdentities(_ count: Int) -> [UInt64] {
        let first = nextIdentity
        nextIdentity += UInt64(count)
        return (0..<UInt64(count)).map { first + $0 }
    }

    /// A fresh section made of `model`, with fresh identities, at the current revision.
    mutating func makeSection(_ model: SectionModel = SectionModel()) -> StoredSection {
        StoredSection(id: makeIdentities(1)[0], model: model, slots: makeIdentities(model.items.count), revision: revision)
    }

    /// A new revision, for a change of content about to be made.
    mutating func nextRevision() -> UInt64 {
        revision += 1
        return revision
    }

    // MARK: Helpers

    /// Inserts `models` with `slots` at `offset` of an existing section, and into its index;
    /// `revisions` are theirs (moved items keep theirs), the current revision by default.
    private mutating func insert(_ models: [any Sendable], slots: [UInt64], revisions: [UInt64]? = nil, at offset: Int,
                                 inSection section: Int) {
        let new = (0..<models.count).map {
            StoredItem(model: models[$0], slot: slots[$0], revision: revisions?[$0] ?? revision)
        }
        indexes[section].labelled(sections[section].insert(new, at: offset))
        checkIndex(section)
    }

    /// Appends empty sections until `section` exists; returns the indexes created. Callers
    /// validate `section` first (`MemoryStorage.checkCreatableSection`).
    private mutating func createSections(through section: Int) -> Range<Int> {
        let start = sections.count
        while sections.count <= section {
            sections.append(makeSection())
            indexes.append(SectionIndex())
        }
        return start..<sections.count
    }

    /// The change a primitive made: outside a batch, its own update and models; inside one,
    /// nothing more than that something changed (the batch computes its update at the end from
    /// identities and revisions).
    private func change(_ update: @autoclosure () -> SectionedBatchUpdate,
                        models: @autoclosure () -> UpdatedModels = .none) -> PrimitiveChange {
        guard !isBatching else { return PrimitiveChange() }
        return PrimitiveChange(update: update(), models: models())
    }

    /// `change` for a diffed update computed by the caller (an empty one inside a batch).
    private func diffedChange(_ update: StorageUpdate) -> PrimitiveChange {
        guard !isBatching else { return PrimitiveChange() }
        return PrimitiveChange(update: update.changes, models: update.models)
    }

    /// With the trait `InternalChecks`, traps when the index of `section` disagrees with it.
    private func checkIndex(_ section: Int) {
        #if InternalChecks
        precondition(indexes.count == sections.count, "SectionStore: \(indexes.count) indexes, \(sections.count) sections")
        indexes[section]._checkInvariants(sections[section])
        #endif
    }
}
