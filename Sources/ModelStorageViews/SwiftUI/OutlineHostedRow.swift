#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
import SwiftUI
import ModelStorage

/// An outline's row in a `StorageList` on macOS whose table shows the outline's flat rows (a list
/// of an outline made with `StorageList(_:)` and `row(_:content:)`; `StorageList(outline) { item,
/// state in … }` shows the tree in an `NSOutlineView`): the row's SwiftUI view after the level's
/// indentation and a disclosure button (a chevron, empty space of the same width for an item
/// without children, so that siblings line up).
struct OutlineHostedRow: View {
    /// The width of one level of indentation, and of the disclosure button, in points.
    static let indentationWidth = 16.0
    let state: OutlineRowState
    let row: AnyView
    let toggle: @MainActor () -> Void

    var body: some View {
        let appearance = OutlineRowAppearance(state)
        HStack(spacing: 4) {
            if let symbol = appearance.disclosureSymbolName, let label = appearance.disclosureAccessibilityLabel {
                Button(action: toggle) { Image(systemName: symbol) }
                    .buttonStyle(.borderless)
                    .accessibilityLabel(Text(label))
                    .frame(width: Self.indentationWidth)
            } else {
                EmptyView().frame(width: Self.indentationWidth)
            }
            row
        }
        .padding(.leading, appearance.leadingInset(indentationWidth: Self.indentationWidth))
    }
}
#endif
