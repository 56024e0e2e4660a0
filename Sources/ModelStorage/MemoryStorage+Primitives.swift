#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// The only code that changes ``MemoryStorage``'s sections. Each primitive makes one change
/// through `StoredSection`'s methods and returns it as a ``PrimitiveChange`` (`nil` when nothing
/// changed): the update it makes on its own, legal by itself, the new models of the items it
/// replaced, and the identities of the items and sections whose content it changed. Public
/// methods validate their input, then run one primitive through `commit(_:)`, or several inside
/// `batch(_:)` (see `MemoryStorage+Batching.swift`). Preconditions are the callers' validation:
/// a primitive is never called with an index the public method has not checked.
extension MemoryStorage {
    /// Appends `models` to section `section`, creating the sections up to it (reported as
    /// inserted sections, whose items are not listed). The section must be creatable.
    func appendItems(_ models: [any Sendable], toSection section: Int) -> PrimitiveChange? {
        let created = createSections(through: section)
        let start = sections[section].count
        sections[section].insert(models, slots: makeIdentities(models.count), at: start)
        if !created.isEmpty { return PrimitiveChange(update: SectionedBatchUpdate(insertedSections: Array(created))) }
        guard !models.isEmpty else { return nil }
        return PrimitiveChange(update: SectionedBatchUpdate(insertedItems: (start..<start + models.count).map { IndexPath(section, $0) }))
    }

    /// Inserts `model` at a valid index path (item 0 of a section past the end creates the
    /// sections up to it).
    func insertItem(_ model: any Sendable, at path: IndexPath) -> PrimitiveChange? {
        let created = createSections(through: path[0])
        sections[path[0]].insert([model], slots: makeIdentities(1), at: path[1])
        return PrimitiveChange(update: created.isEmpty ? SectionedBatchUpdate(insertedItems: [path])
                                                       : SectionedBatchUpdate(insertedSections: Array(created)))
    }

    /// Removes the items at valid, sorted, distinct index paths.
    func removeItems(sortedPaths paths: [IndexPath]) -> PrimitiveChange? {
        guard !paths.isEmpty else { return nil }
        var start = 0
        while start < paths.count {
            let section = paths[start][0]
            var end = start
            while end < paths.count && paths[end][0] == section { end += 1 }
            var removed = [Bool](repeating: false, count: sections[section].count)
            for path in paths[start..<end] { removed[path[1]] = true }
            sections[section].remove(where: removed)
            start = end
        }
        return PrimitiveChange(update: SectionedBatchUpdate(deletedItems: paths))
    }

    /// Sets the model at a valid index path, keeping the item's identity (an update).
    func replaceItem(at path: IndexPath, with model: any Sendable) -> PrimitiveChange? {
        sections[path[0]].replace(at: path[1], with: model)
        return PrimitiveChange(update: SectionedBatchUpdate(updatedItems: [path]), models: [path: model],
                               touchedItems: [sections[path[0]].slots[path[1]]])
    }

    /// Moves the item at `source` to `destination` (valid; item 0 of a section past the end
    /// creates the sections up to it: nothing moves into an inserted section, so that is the
    /// item deleted and the sections inserted). With `silently`, reports nothing: the move
    /// already happened on screen.
    func moveItem(from source: IndexPath, to destination: IndexPath, silently: Bool) -> PrimitiveChange? {
        let (model, slot) = sections[source[0]].remove(at: source[1])
        let created = createSections(through: destination[0])
        sections[destination[0]].insert([model], slots: [slot], at: destination[1])
        guard !silently else { return nil }
        guard created.isEmpty else {
            return PrimitiveChange(update: SectionedBatchUpdate(insertedSections: Array(created), deletedItems: [source]))
        }
        return PrimitiveChange(update: SectionedBatchUpdate(movedItems: [IndexPathMove(from: source, to: destination)]))
    }

    /// Replaces the items of `section` with fresh ones (reported deleted and inserted, or the
    /// sections up to it inserted when it did not exist).
    func replaceItems(inSection section: Int, with models: [any Sendable]) -> PrimitiveChange? {
        let created = createSections(through: section)
        let oldCount = sections[section].count
        sections[section].replaceAll(models, slots: makeIdentities(models.count))
        if !created.isEmpty { return PrimitiveChange(update: SectionedBatchUpdate(insertedSections: Array(created))) }
        guard oldCount > 0 || !models.isEmpty else { return nil }
        return PrimitiveChange(update: SectionedBatchUpdate(deletedItems: (0..<oldCount).map { IndexPath(section, $0) },
                                                            insertedItems: (0..<models.count).map { IndexPath(section, $0) }))
    }

    /// Deletes the sections at valid, sorted, distinct indexes.
    func deleteSections(sorted indexes: [Int]) -> PrimitiveChange? {
        guard !indexes.isEmpty else { return nil }
        var removed = [Bool](repeating: false, count: sections.count)
        for index in indexes { removed[index] = true }
        compact(&sections, removing: removed)
        return PrimitiveChange(update: SectionedBatchUpdate(deletedSections: indexes))
    }

    /// Inserts a section made of `model` at a valid index (`0...numberOfSections`).
    func insertSection(_ model: SectionModel, at index: Int) -> PrimitiveChange? {
        sections.insert(makeSection(model), at: index)
        return PrimitiveChange(update: SectionedBatchUpdate(insertedSections: [index]))
    }

    /// Moves section `source` to `destination` (both valid and different).
    func moveSection(from source: Int, to destination: Int) -> PrimitiveChange? {
        sections.insert(sections.remove(at: source), at: destination)
        return PrimitiveChange(update: SectionedBatchUpdate(movedSections: [Changeset.Move(from: source, to: destination)]))
    }

    /// Replaces section `index` with a section made of `model` (deleted and inserted), creating
    /// the sections up to it when it does not exist (inserted). The index must be creatable.
    func replaceSection(at index: Int, with model: SectionModel) -> PrimitiveChange? {
        if index < sections.count {
            sections[index] = makeSection(model)
            return PrimitiveChange(update: SectionedBatchUpdate(deletedSections: [index], insertedSections: [index]))
        }
        let created = createSections(through: index)
        sections[index] = makeSection(model)
        return PrimitiveChange(update: SectionedBatchUpdate(insertedSections: Array(created)))
    }

    /// Sets the supplementary model of `kind` of `section` (`nil` removes it), creating the
    /// sections up to it (inserted); an existing section is reloaded in stage 2.
    func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String, section: Int) -> PrimitiveChange? {
        let created = createSections(through: section)
        sections[section].setSupplementaryModel(model, forKind: kind)
        guard created.isEmpty else { return PrimitiveChange(update: SectionedBatchUpdate(insertedSections: Array(created))) }
        return PrimitiveChange(update: SectionedBatchUpdate(updatedSections: [section]), touchedSections: [sections[section].id])
    }

    /// Installs sections computed by a diff (`setSections`, diffing `setItems`): `update` takes
    /// the old sections to `newSections`; `items` and `touchedSections` are the identities whose
    /// content changed.
    func installDiffed(_ newSections: [StoredSection], update: StorageUpdate, items: [UInt64],
                       touchedSections: [UInt64]) -> PrimitiveChange? {
        sections = newSections
        return PrimitiveChange(update: update.changes, models: update.updatedModels, touchedItems: items,
                               touchedSections: touchedSections)
    }

    // MARK: The sections' identities

    /// `count` fresh identities.
    func makeIdentities(_ count: Int) -> [UInt64] {
        let first = nextIdentity
        nextIdentity += UInt64(count)
        return (0..<UInt64(count)).map { first + $0 }
    }

    /// A fresh section made of `model`.
    func makeSection(_ model: SectionModel = SectionModel()) -> StoredSection {
        StoredSection(id: makeIdentities(1)[0], model: model, slots: makeIdentities(model.items.count))
    }

    /// Appends empty sections until `section` exists; returns the indexes created. Callers
    /// validate `section` first (`checkCreatableSection`).
    func createSections(through section: Int) -> Range<Int> {
        let start = sections.count
        while sections.count <= section { sections.append(makeSection()) }
        return start..<sections.count
    }
}
