#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension MemoryStorage: ContentStorage {
    /// What a ``MemoryStorage`` holds at one moment, as a value: its sections, items and
    /// supplementary models, with the identities and revisions that let the storage tell what
    /// changed since (``MemoryStorage/update(since:)``). Copies are O(1) and share the storage's
    /// trees: a change of the storage afterwards copies only the chunks it touches.
    public struct Content: StorageContent, Sendable {
        /// The sections.
        var sections: [StoredSection]
        /// The storage's revision when the content was taken.
        let revision: UInt64
        /// The storage the content comes from (its ``MemoryStorage/origin``).
        let origin: UInt64
        /// The storage's mutation count when the content was taken; `nil` once the content was
        /// changed outside the storage (a user's move on screen).
        var mutationCount: UInt64?

        /// The number of sections.
        public var numberOfSections: Int { sections.count }

        /// The number of items in `section`; 0 for a section that does not exist.
        public func numberOfItems(inSection section: Int) -> Int { sections.numberOfItems(inSection: section) }

        /// The item at `indexPath`, or `nil` when there is none. O(log n).
        public func item(at indexPath: IndexPath) -> (any Sendable)? { sections.item(at: indexPath) }

        /// The items of `section`, or `nil` when the section does not exist. O(items in the
        /// section), read out of the storage's tree (see ``MemoryStorage/items(inSection:)``).
        public func items(inSection section: Int) -> [any Sendable]? { sections.items(inSection: section) }

        /// A copy of section `index`, or `nil` when it does not exist. O(items in the section).
        public func section(atIndex index: Int) -> SectionModel? { sections.section(atIndex: index) }

        /// The supplementary model of `kind` section `section` holds, or `nil`.
        public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
            sections.supplementaryModel(ofKind: kind, forSectionAt: section)
        }
    }

    /// The live content now, as a value (during a delivery that a change outran, the latest
    /// state, not the one the read accessors show: a content is for catching up). O(1).
    public var content: Content {
        Content(sections: core.sections, revision: core.revision, origin: origin, mutationCount: mutationCount)
    }

    /// The one update from `content` to the live content: sections and items matched by
    /// identity (an item that changed section is a move), items and sections changed in place
    /// since `content` reported as updates (in stage 2 when they moved too), legal for
    /// `StorageUpdate.validate(oldItemCounts:newItemCounts:)` with the two contents' counts.
    /// Empty when nothing changed; ``StorageUpdate/reload`` for a content of another storage.
    ///
    /// - Complexity: O(n + k log k) for n items and k that stay in their section, plus the diff
    ///   core's time on the identities; O(n) comparisons of revisions, without the diff, when
    ///   items were only replaced or reloaded since `content`; O(1) from the content just before
    ///   a change that replaced one item (that change's update is kept).
    public func update(since content: Content) -> StorageUpdate {
        update(since: content, reusingLastReplacement: true)
    }

    /// ``update(since:)``; with `reusingLastReplacement`, the update the last change delivered
    /// when it replaced one item and `content` is the state just before it (O(1)); without, from
    /// identities and revisions (for the tests that compare the two).
    func update(since content: Content, reusingLastReplacement: Bool) -> StorageUpdate {
        guard content.origin == origin else { return .reload }
        if reusingLastReplacement, let kept = lastReplacement?.update(from: content.mutationCount, to: mutationCount) {
            return kept
        }
        return netChange(from: content.sections, to: core.sections, since: content.revision)
    }
}
