// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// An `OutlineStorage` whatever its item type: the row state and the disclosure tap of an item a
/// view shows, for the hosts and data sources, which hold their storage as a generic parameter or
/// an existential.
protocol OutlineRowReading: AnyObject {
    /// The row state of `item` (an item the view shows) in the tree now, `nil` when it is not an
    /// item of this outline or no longer in its tree.
    func rowState(ofItem item: any Sendable) -> OutlineRowState?
    /// Expands `item` when it is collapsed, collapses it when it is expanded, by its id.
    ///
    /// - Throws: `OutlineError/itemNotFound(_:)` when it is not in the tree (any more).
    func toggleExpansion(ofItem item: any Sendable) throws(OutlineError)
}

extension OutlineStorage: OutlineRowReading {
    func rowState(ofItem item: any Sendable) -> OutlineRowState? {
        (item as? Item).flatMap { rowState(forItemWithID: $0.id) }
    }

    func toggleExpansion(ofItem item: any Sendable) throws(OutlineError) {
        guard let item = item as? Item else { throw .itemNotFound(String(describing: item)) }
        try toggleExpansion(of: item.id)
    }
}
#endif
