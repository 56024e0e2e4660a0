#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A move between two index paths.
public struct IndexPathMove: Hashable, Sendable, CustomStringConvertible {
    /// Source, in the old index space.
    public var from: IndexPath
    /// Destination, in the new index space.
    public var to: IndexPath

    /// A move from `from` to `to`.
    public init(from: IndexPath, to: IndexPath) {
        self.from = from
        self.to = to
    }

    /// `[s, i]->[s, i]`.
    public var description: String { "\(from)->\(to)" }
}

/// An item whose identity matched and whose content changed: at `old` in the old sections, at
/// `new` in the new ones.
public struct IndexPathUpdate: Hashable, Sendable, CustomStringConvertible {
    /// Where the item was, in the old index space.
    public var old: IndexPath
    /// Where the item is, in the new index space.
    public var new: IndexPath

    /// An update of the item at `old`, now at `new`.
    public init(old: IndexPath, new: IndexPath) {
        self.old = old
        self.new = new
    }

    /// `[s, i]~[s, i]`.
    public var description: String { "\(old)~\(new)" }
}
