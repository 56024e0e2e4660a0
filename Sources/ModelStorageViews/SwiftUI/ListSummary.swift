// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS) && canImport(Observation)
import Foundation
import ModelStorage
import Observation

/// What a screen shows beside a list (a count, an empty state), observable (the Observation
/// framework: SwiftUI re-renders what reads it). It follows what the *view* shows: it changes
/// inside the batch that shows a change (an observation of the updater's content,
/// `ViewUpdater/addContentObserver(_:)`), never ahead of the list, and alongside the list's own
/// listeners (its selection). Attach it to a ``ListHost`` (``ListHost/attach(_:)``;
/// `StorageList`'s `summary(_:)` does) or follow an updater yourself with
/// ``follow(_:)``.
///
/// What a SwiftUI body reads from the package and when it changes: a `ListSummary`'s values
/// change with the list (never ahead of it); a storage's own values (`MemoryStorage` counts,
/// `DatabaseStorage` results) change when the storage does, before the list animates the change.
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

    /// The updater followed (``follow(_:)``) and the observation to end when following another.
    @ObservationIgnored private var following: (@MainActor () -> Void)?

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

    /// Follows `updater` from now on (one more listener of its content: the updater's other
    /// listeners, a list's selection among them, keep theirs) and reads it now; following another
    /// updater ends following this one.
    public func follow<Source: ContentStorage>(_ updater: ViewUpdater<Source>) {
        following?()
        read(updater)
        let token = updater.addContentObserver { [weak self, unowned updater] in self?.read(updater) }
        following = { [weak updater] in updater?.removeContentObserver(token) }
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
