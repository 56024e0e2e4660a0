#if canImport(SwiftUI) && !os(watchOS)
import SwiftUI
import ModelStorage

/// A ``StorageList``'s content as an ``OutlineListHost`` takes it (the macOS form of an outline's
/// list): its modifiers as the host's handlers, its binding's ids as the outline's.
extension StorageListContent {
    /// The host's handlers from this content: `onDelete`, `onMove` (notices: the outline changed
    /// first), `onActionError` and the selection's binding.
    func outlineHandlers<Item: Identifiable & Sendable>(_ type: Item.Type) -> OutlineListHandlers<Item> {
        var handlers = OutlineListHandlers<Item>()
        handlers.canDelete = { [deletions] item in deletions.contains { $0.takes(item) } }
        handlers.canMove = { [moves] item in moves.contains { $0.takes(item) } }
        handlers.didDelete = { [deletions] item in try deletions.first { $0.takes(item) }?.run(item) }
        handlers.didMove = { [moves] item, path in try moves.first { $0.takes(item) }?.run(item, path) }
        handlers.didFail = { [didFail] error in didFail?(error) }
        handlers.selectionDidChange = { [selection] ids in selection?.write(Set(ids.compactMap { $0 as? ID })) }
        return handlers
    }

    /// The ids the binding holds, as the outline's ids; `nil` without a binding.
    func outlineSelection<ItemID: Hashable>(_ type: ItemID.Type) -> Set<ItemID>? {
        selection.map { Set($0.ids.compactMap { $0 as? ItemID }) }
    }

    /// The SwiftUI view of an outline's row: the list's outline row content, in its environment.
    func outlineRowView(_ item: any Sendable, _ state: OutlineRowState) -> AnyView {
        inEnvironment(outlineRow?(item, state) ?? AnyView(EmptyView()))
    }
}
#endif
