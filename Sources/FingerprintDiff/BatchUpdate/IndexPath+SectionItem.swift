#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension IndexPath {
    /// The index path `[section, item]`, built without the temporary array that
    /// `IndexPath(section, item)` allocates (about 4x faster; sectioned diffs build
    /// one per listed operation).
    @inline(__always)
    package init(_ section: Int, _ item: Int) {
        self.init(index: section)
        append(item)
    }
}

#if !canImport(UIKit) && !canImport(AppKit)
extension IndexPath {
    /// The index path of `item` in `section`, as UIKit spells it (defined here only where
    /// UIKit and AppKit are absent).
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index.
    public var section: Int { self[0] }

    /// The item: the second index.
    public var item: Int { self[1] }
}
#endif

extension IndexPath {
    /// Whether this index path has exactly two indexes, a section and an item.
    var isSectionItem: Bool { count == 2 }
}
