#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension MemoryStorage {
    /// Replaces all sections with `newSections`, whose items may be of any types, and reports the
    /// difference: sections as `setSections(_:)` of `ArraySection`s matches them (by `model.id`,
    /// the model becoming the header), items across all sections as `setItems(_:forSection:)`
    /// matches untyped items: `Identifiable & Equatable` items by their dynamic type and id (a
    /// matched item that is not `==` is updated, one that changed section moves), items of other
    /// types never.
    ///
    /// ```swift
    /// let todaysItems: [any Sendable] = [post, ad, comment]
    /// try storage.setHeterogeneousSections([(model: today, items: todaysItems)])
    /// ```
    ///
    /// - Throws: ``StorageError/nilItem(at:)`` for a `nil` item (its offset within its
    ///   section); nothing changes then.
    /// - Complexity: O(n + m + k log k) for n old and m new items (k matched), one dynamic cast
    ///   and one hash per item, plus the diff core's time for the section and item identities.
    public func setHeterogeneousSections<Model: Identifiable & Equatable & Sendable>(
        _ newSections: [(model: Model, items: [any Sendable])]
    ) throws(StorageError) {
        var items: [[any Sendable]] = []
        for section in newSections { items.append(try storedItems(section.items)) }
        let sections = _sectionChanges(to: newSections.map(\.model))
        let models = items.flatMap { $0 }
        withTypedItemMatching(old: self.sections, new: models, moves: false, evenWithoutIdentities: true) { match in
            _replaceSections(headers: newSections.map { $0.model as any Sendable }, models: models, itemCounts: items.map(\.count),
                             sectionChanges: sections.changes, sectionNewOfOld: sections.newOfOld, items: match)
        }
    }
}
