#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// The only code that changes ``MemoryStorage``'s sections. Each primitive makes its change
/// through `StoredSection`'s methods and records it once, with `record(_:models:items:sections:)`:
/// the update it makes on its own, the new models of the items it replaced, and the identities of
/// the items and sections whose content it changed. Public methods validate their input, then
/// call primitives inside `transaction(_:)`, which turns what was recorded into one update.
extension MemoryStorage {
    /// Appends `models` to section `section`, creating the sections up to it (reported as
    /// inserted sections, whose items are not listed). The section must be creatable.
    func appendItems(_ models: [any Sendable], toSection section: Int) {
        let created = createSections(through: section)
        let start = sections[section].count
        sections[section].insert(models, slots: makeIdentities(models.count), at: start)
        if !created.isEmpty {
            record(SectionedBatchUpdate(insertedSections: Array(created)))
        } else if !models.isEmpty {
            record(SectionedBatchUpdate(insertedItems: (start..<start + models.count).map { IndexPath(section, $0) }))
        }
    }

    /// Inserts `model` at a valid index path (item 0 of a section past the end creates the
    /// sections up to it).
    func insertItem(_ model: any Sendable, at path: IndexPath) {
        let created = createSections(through: path[0])
        sections[path[0]].insert([model], slots: makeIdentities(1), at: path[1])
        record(created.isEmpty ? SectionedBatchUpdate(insertedItems: [path])
                               : SectionedBatchUpdate(insertedSections: Array(created)))
    }

    /// Removes the items at valid, sorted, distinct index paths.
    func removeItems(sortedPaths paths: [IndexPath]) {
        guard !paths.isEmpty else { return }
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
        record(SectionedBatchUpdate(deletedItems: paths))
    }

    /// Sets the model at a valid index path, keeping the item's identity (an update).
    func replaceItem(at path: IndexPath, with model: any Sendable) {
        sections[path[0]].replace(at: path[1], with: model)
        record(SectionedBatchUpdate(updatedItems: [path]), models: [path: model], items: [sections[path[0]].slots[path[1]]])
    }

    /// Moves the item at `source` to `destination` (valid; item 0 of a section past the end
    /// creates the sections up to it). With `silently`, records nothing: the move already
    /// happened on screen.
    func moveItem(from source: IndexPath, to destination: IndexPath, silently: Bool) {
        let (model, slot) = sections[source[0]].remove(at: source[1])
        let created = createSections(through: destination[0])
        sections[destination[0]].insert([model], slots: [slot], at: destination[1])
        guard !silently else { return }
        if !created.isEmpty { record(SectionedBatchUpdate(insertedSections: Array(created))) }
        record(SectionedBatchUpdate(movedItems: [IndexPathMove(from: source, to: destination)]))
    }

    /// Replaces the items of `section` with fresh ones (reported deleted and inserted, or the
    /// sections up to it inserted when it did not exist).
    func replaceItems(inSection section: Int, with models: [any Sendable]) {
        let created = createSections(through: section)
        let oldCount = sections[section].count
        sections[section].replaceAll(models, slots: makeIdentities(models.count))
        if !created.isEmpty {
            record(SectionedBatchUpdate(insertedSections: Array(created)))
        } else if oldCount > 0 || !models.isEmpty {
            record(SectionedBatchUpdate(deletedItems: (0..<oldCount).map { IndexPath(section, $0) },
                                        insertedItems: (0..<models.count).map { IndexPath(section, $0) }))
        }
    }

    /// Deletes the sections at valid, sorted, distinct indexes.
    func deleteSections(sorted indexes: [Int]) {
        guard !indexes.isEmpty else { return }
        var removed = [Bool](repeating: false, count: sections.count)
        for index in indexes { removed[index] = true }
        compact(&sections, removing: removed)
        record(SectionedBatchUpdate(deletedSections: indexes))
    }

    /// Inserts a section made of `model` at a valid index (`0...numberOfSections`).
    func insertSection(_ model: SectionModel, at index: Int) {
        sections.insert(makeSection(model), at: index)
        record(SectionedBatchUpdate(insertedSections: [index]))
    }

    /// Moves section `source` to `destination` (both valid and different).
    func moveSection(from source: Int, to destination: Int) {
        sections.insert(sections.remove(at: source), at: destination)
        record(SectionedBatchUpdate(movedSections: [Changeset.Move(from: source, to: destination)]))
    }

    /// Replaces section `index` with a section made of `model` (deleted and inserted), creating
    /// the sections up to it when it does not exist (inserted). The index must be creatable.
    func replaceSection(at index: Int, with model: SectionModel) {
        if index < sections.count {
            sections[index] = makeSection(model)
            record(SectionedBatchUpdate(deletedSections: [index], insertedSections: [index]))
        } else {
            let created = createSections(through: index)
            sections[index] = makeSection(model)
            record(SectionedBatchUpdate(insertedSections: Array(created)))
        }
    }

    /// Sets the supplementary model of `kind` of `section` (`nil` removes it), creating the
    /// sections up to it (inserted); an existing section is reloaded in stage 2.
    func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String, section: Int) {
        let created = createSections(through: section)
        sections[section].setSupplementaryModel(model, forKind: kind)
        if created.isEmpty {
            record(SectionedBatchUpdate(updatedSections: [section]), sections: [sections[section].id])
        } else {
            record(SectionedBatchUpdate(insertedSections: Array(created)))
        }
    }

    /// Installs sections computed by a diff (`setSections`, diffing `setItems`): `update` takes
    /// the old sections to `newSections`; `items` and `touchedSections` are the identities whose
    /// content changed.
    func installDiffed(_ newSections: [StoredSection], update: StorageUpdate, items: [UInt64], touchedSections: [UInt64]) {
        sections = newSections
        record(update.changes, models: update.updatedModels, items: items, sections: touchedSections)
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
