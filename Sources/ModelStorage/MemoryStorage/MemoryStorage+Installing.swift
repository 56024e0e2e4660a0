#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension MemoryStorage {
    /// Installs the new items of a diffing `setItems` of an existing section, giving the
    /// unmatched ones fresh identities and the new and changed ones a new revision, and reports
    /// the change. O(changes) beyond what the storage's primitive costs.
    @usableFromInline
    func _install(_ diffed: inout _DiffedSectionItems) {
        diffed.items.assign(fresh: makeIdentities(diffed.items.unmatched.count), revision: makeRevision())
        // Inside a batch the update is folded into the batch's net change: not needed.
        let update = isBatching ? StorageUpdate() : diffed.update
        let (models, slots, revisions, section) = (diffed.items.models, diffed.items.slots, diffed.items.revisions, diffed.section)
        diffed.items = _DiffedItems.empty
        commit { $0.installDiffedItems(models, slots: slots, revisions: revisions, inSection: section, update: update) }
    }

    /// Installs the new sections of ``setSections(_:)``: matched sections keep their identity and
    /// other supplementary models, matched items their identity; the rest get fresh ones. Reports
    /// the change. O(n + sections).
    @usableFromInline
    func _install(_ diffed: inout _DiffedSections) {
        diffed.items.assign(fresh: makeIdentities(diffed.items.unmatched.count), revision: makeRevision())
        let headerKind = supplementaryHeaderKind
        var changedSections = [Bool](repeating: false, count: diffed.headers.count)
        for index in diffed.updatedSections { changedSections[index] = true }
        let sectionRevision = diffed.updatedSections.isEmpty ? nil : makeRevision()
        var result: [StoredSection] = []
        result.reserveCapacity(diffed.headers.count)
        var start = 0
        for (index, header) in diffed.headers.enumerated() {
            let old = diffed.sectionOldOfNew[index]
            var stored = old >= 0 ? sections[old] : makeSection()
            let range = start..<start + diffed.itemCounts[index]
            stored.replaceAll(diffed.items.models[range], slots: diffed.items.slots[range],
                              revisions: diffed.items.revisions[range])
            stored.setSupplementaryModel(header, forKind: headerKind, revision: changedSections[index] ? sectionRevision : nil)
            result.append(stored)
            start = range.upperBound
        }
        // Inside a batch the update is folded into the batch's net change: not needed.
        let update = isBatching ? StorageUpdate() : diffed.update
        commit { $0.installDiffedSections(result, update: update) }
    }
}

extension _DiffedItems {
    /// No items: what an installed diff keeps, so that the storage holds its arrays alone.
    static var empty: _DiffedItems {
        _DiffedItems(models: [], slots: [], revisions: [], unmatched: [], updated: [])
    }
}
