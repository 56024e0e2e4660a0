#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a table or collection view data source needs from a storage.
public protocol Storage: AnyObject {
    /// The number of sections.
    var numberOfSections: Int { get }
    /// The number of items in `section`; 0 for a section that does not exist.
    func numberOfItems(inSection section: Int) -> Int
    /// The item at `indexPath`, or `nil` when there is none.
    func item(at indexPath: IndexPath) -> (any Sendable)?
    /// The supplementary model of `kind` for section `section`, or `nil` when there is none.
    func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)?
}
