// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// A `ViewUpdater` whatever its storage's type: what a data source made from a view and a
/// storage exposes as its `updater` (the data sources are not generic classes, so that UIKit's
/// and AppKit's Objective-C protocols can be adopted in extensions).
///
/// Cast it to `ViewUpdater<YourStorage>` for what depends on the storage's type (its `content`,
/// `displayedItem(at:)`).
@MainActor
public protocol ViewUpdating: UserActionHandling {
    /// Whether the view shows the storage's content, with no batch in flight and nothing
    /// scheduled.
    var isIdle: Bool { get }
    /// Runs `body` once the view shows every change the storage made before this call.
    func whenDisplayed(_ body: @escaping @MainActor () -> Void)
    /// Sends now what changed since the displayed content, unless a batch is in flight.
    func flush()
    /// Over this many operations, an update is a `reloadData()` instead of a batch.
    var reloadThreshold: Int? { get set }
    /// What decides the kind of cell an item needs (an item changed into one of another kind is
    /// reloaded, not reconfigured).
    var cellKind: (@MainActor (any Sendable) -> AnyHashable)? { get set }
    /// The number of sections the view shows.
    var numberOfSections: Int { get }
    /// The number of items the view shows in `section`.
    func numberOfItems(inSection section: Int) -> Int
    /// The item the view shows at `indexPath` (displayed index space), or `nil`.
    func item(at indexPath: IndexPath) -> (any Sendable)?
}

extension ViewUpdater: ViewUpdating {}
#endif
