#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension MemoryStorage {
    /// The index path of the first item equal to `item` (same type and `==`), or `nil` (during a
    /// delivery, in the state the reads show: see ``MemoryStorage``).
    ///
    /// When `T` is `Identifiable`, the item is looked for among the items with its `id` (so
    /// `==` must compare ids too, as a synthesized `==` does), through a per-section index of
    /// ids that follows every change.
    ///
    /// - Complexity: O(number of sections × log n) on average for an `Identifiable` `T` (plus the items
    ///   that share its id), once the section's index is built (O(its items), on the first
    ///   look-up); otherwise O(total items), a linear scan. During a delivery that a change
    ///   outran, a scan of the state shown.
    public func indexPath<T: Equatable>(forItem item: T) -> IndexPath? {
        if readsShownSections { return SectionStore.scanForIndexPath(of: item, in: shown) }
        return liveIndexPath(of: item)
    }

    /// The index path of the first item equal to `item` (same type and `==`), or `nil` (during a
    /// delivery, in the state the reads show: see ``MemoryStorage``).
    ///
    /// - Complexity: O(number of sections × log n) on average, plus the items equal to `item` or with
    ///   its hash value, through a per-section index of hash values. A section's index is built
    ///   on its first look-up (O(its items)) and then follows every change: an insertion,
    ///   removal or replacement updates the entries it touches. During a delivery that a change
    ///   outran, a scan of the state shown.
    public func indexPath<T: Hashable>(forItem item: T) -> IndexPath? {
        if readsShownSections { return SectionStore.scanForIndexPath(of: item, in: shown) }
        return liveIndexPath(of: item)
    }

    /// The index path of `item` in the live content, or ``StorageError/itemNotFound(_:)``.
    func existingIndexPath<T: Equatable>(of item: T) throws(StorageError) -> IndexPath {
        guard let path = liveIndexPath(of: item) else { throw .itemNotFound(String(describing: item)) }
        return path
    }

    /// The index path of `item` in the live content, or ``StorageError/itemNotFound(_:)``.
    func existingIndexPath<T: Hashable>(of item: T) throws(StorageError) -> IndexPath {
        guard let path = liveIndexPath(of: item) else { throw .itemNotFound(String(describing: item)) }
        return path
    }
}
