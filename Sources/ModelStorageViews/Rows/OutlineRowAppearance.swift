// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a list row shows of an outline row besides its item, from its `OutlineRowState`: how far
/// it is indented and which disclosure control it has. `StorageList` and
/// `UICollectionViewListCell/showOutlineRow(_:accessories:toggle:)` show rows this way; a cell
/// of your own can read the same values.
///
/// ```swift
/// let appearance = OutlineRowAppearance(state)          // level 2, collapsed, with children
/// appearance.indentationLevel                           // 2: a list cell's indentationLevel
/// appearance.leadingInset(indentationWidth: 16)         // 32 points before a hosted row
/// appearance.disclosure                                 // .collapsed: a chevron pointing right
/// ```
public struct OutlineRowAppearance: Hashable, Sendable {
    /// The disclosure control a row shows.
    public enum Disclosure: Hashable, Sendable {
        /// None: the item has no children (nothing to expand or collapse).
        case none
        /// The item has children that are hidden: a tap expands it.
        case collapsed
        /// The item's children are shown: a tap collapses it.
        case expanded
    }

    /// How many levels the row is indented: the item's depth (0 for a root), never negative.
    public let indentationLevel: Int
    /// The disclosure control the row shows.
    public let disclosure: Disclosure

    /// What a row in `state` shows: indented by its level, with a disclosure control when its
    /// item has children (expanded or collapsed as the item is).
    public init(_ state: OutlineRowState) {
        indentationLevel = max(0, state.level)
        disclosure = !state.hasChildren ? .none : state.isExpanded ? .expanded : .collapsed
    }

    /// Whether the row shows a disclosure control.
    public var showsDisclosure: Bool { disclosure != .none }

    /// The space before the row's content when each level is `indentationWidth` points wide (a
    /// row that indents itself, such as a hosted SwiftUI row in a flat table).
    public func leadingInset(indentationWidth: Double) -> Double {
        Double(indentationLevel) * indentationWidth
    }

    /// The SF Symbol of the disclosure control, `nil` when there is none: a chevron pointing
    /// right for a collapsed item, down for an expanded one, as outlines show them.
    public var disclosureSymbolName: String? {
        switch disclosure {
        case .none: nil
        case .collapsed: "chevron.right"
        case .expanded: "chevron.down"
        }
    }

    /// What the disclosure control does, for VoiceOver ("Expand", "Collapse"), `nil` when there
    /// is none.
    public var disclosureAccessibilityLabel: String? {
        switch disclosure {
        case .none: nil
        case .collapsed: "Expand"
        case .expanded: "Collapse"
        }
    }
}
#endif
