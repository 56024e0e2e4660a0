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
