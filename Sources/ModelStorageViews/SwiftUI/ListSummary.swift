// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS) && canImport(Observation)
import Foundation
import ModelStorage
import Observation

/// What a screen shows beside a list (a count, an empty state), observable (the Observation
/// framework: SwiftUI re-renders what reads it). It follows what the *view* shows: it changes
/// inside the batch that shows a change (the updater's `ViewUpdater/didChangeContent`), never
/// ahead of the list. Attach it to a ``ListHost`` (``ListHost/attach(_:)``; `StorageList`'s
/// `summary` parameter does) or follow an updater yourself with ``follow(_:)``.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@Observable
@MainActor
public final class ListSummary {
    /// The number of sections the list shows.
    public private(set) var numberOfSections = 0
    /// The number of items the list shows, all sections together.
    public private(set) var numberOfItems = 0
    /// Whether the list shows no item.
    public var isEmpty: Bool { numberOfItems == 0 }

    /// A summary of an empty list, until it reads one.
    public init() {}

    /// Reads the counts `list` shows (a `ViewUpdater`, a ``ListHost``). Observers are told only
    /// of the values that changed.
    ///
    /// - Complexity: O(sections).
    public func read(_ list: some Storage) {
        let sections = list.numberOfSections
        let items = (0..<sections).reduce(0) { $0 + list.numberOfItems(inSection: $1) }
        if sections != numberOfSections { numberOfSections = sections }
        if items != numberOfItems { numberOfItems = items }
    }

    /// Follows `updater` (its one `ViewUpdater/didChangeContent` listener) and reads it now.
    public func follow<Source: ContentStorage>(_ updater: ViewUpdater<Source>) {
        read(updater)
        updater.didChangeContent = { [weak self, unowned updater] in self?.read(updater) }
    }
}

extension ListHost {
    /// Keeps `summary` equal to what the view shows, from now on (through storage swaps).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    public func attach(_ summary: ListSummary) {
        summary.read(self)
        observeDisplayedContent { [weak self, weak summary] in
            if let self { summary?.read(self) }
        }
    }
}
#endif
