// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation

/// What a data source hands its cell provider when its view asks for an index path the updater
/// does not show: a view that reads its counts from the same data source never does, so this is
/// a view's own inconsistency (as UIKit reports it), made visible to the cell provider rather
/// than a crash.
public struct MissingItem: Sendable, Hashable, CustomStringConvertible {
    /// The index path the view asked for.
    public var indexPath: IndexPath

    /// The item missing at `indexPath`.
    public init(indexPath: IndexPath) {
        self.indexPath = indexPath
    }

    /// "no item at [section, item]".
    public var description: String { "no item at \(Array(indexPath))" }
}
#endif
