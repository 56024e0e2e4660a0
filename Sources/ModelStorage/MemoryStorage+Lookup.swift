#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension MemoryStorage {
    /// The index path of the first item equal to `item` (same type and `==`), or `nil` (during a
    /// delivery, in the state the reads show: see ``MemoryStorage``).
    ///
    /// - Complexity: O(total items): a linear scan, since `T` is only `Equatable`.
    public func indexPath<T: Equatable>(forItem item: T) -> IndexPath? {
        if readsShownSections, let found = delivery.withShownContent({ Self.firstIndexPath(of: item, in: &$0) }) {
            return found
        }
        return Self.firstIndexPath(of: item, in: &sections)
    }

    /// The index path of the first item equal to `item` (same type and `==`), or `nil` (during a
    /// delivery, in the state the reads show: see ``MemoryStorage``).
    ///
    /// - Complexity: O(number of sections) on average, through a per-section index of the
    ///   `Hashable` items; the index of a section is rebuilt (O(its items)) on the first
    ///   look-up after a mutation of that section other than an append.
    public func indexPath<T: Hashable>(forItem item: T) -> IndexPath? {
        if readsShownSections, let found = delivery.withShownContent({ Self.firstIndexPath(of: item, in: &$0) }) {
            return found
        }
        return Self.firstIndexPath(of: item, in: &sections)
    }

    private static func firstIndexPath<T: Equatable>(of item: T, in sections: inout [StoredSection]) -> IndexPath? {
        for (section, stored) in sections.enumerated() {
            if let index = stored.firstIndex(of: item) { return IndexPath(indexes: [section, index]) }
        }
        return nil
    }

    private static func firstIndexPath<T: Hashable>(of item: T, in sections: inout [StoredSection]) -> IndexPath? {
        for section in sections.indices {
            if let index = sections[section].firstIndex(of: item) { return IndexPath(indexes: [section, index]) }
        }
        return nil
    }

    /// The index path of `item`, or ``StorageError/itemNotFound(_:)``.
    func existingIndexPath<T: Equatable>(of item: T) throws(StorageError) -> IndexPath {
        guard let path = Self.firstIndexPath(of: item, in: &sections) else { throw .itemNotFound(String(describing: item)) }
        return path
    }

    /// The index path of `item`, or ``StorageError/itemNotFound(_:)``.
    func existingIndexPath<T: Hashable>(of item: T) throws(StorageError) -> IndexPath {
        guard let path = Self.firstIndexPath(of: item, in: &sections) else { throw .itemNotFound(String(describing: item)) }
        return path
    }
}
