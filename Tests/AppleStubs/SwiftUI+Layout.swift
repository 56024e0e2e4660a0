// Layout and decoration modifiers: padding, frames, overlays, backgrounds, safe-area insets,
// tints, accessibility labels (https://developer.apple.com/documentation/swiftui/view and the
// pages named below). Part of the SwiftUI stub module.

// https://developer.apple.com/documentation/swiftui/edge
@frozen public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    // https://developer.apple.com/documentation/swiftui/edge/set
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/swiftui/edge/set/top
        public static let top = Set(rawValue: 1 << 0)
        // https://developer.apple.com/documentation/swiftui/edge/set/leading
        public static let leading = Set(rawValue: 1 << 1)
        // https://developer.apple.com/documentation/swiftui/edge/set/bottom
        public static let bottom = Set(rawValue: 1 << 2)
        // https://developer.apple.com/documentation/swiftui/edge/set/trailing
        public static let trailing = Set(rawValue: 1 << 3)
        // https://developer.apple.com/documentation/swiftui/edge/set/all
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        // https://developer.apple.com/documentation/swiftui/edge/set/horizontal
        public static let horizontal: Set = [.leading, .trailing]
        // https://developer.apple.com/documentation/swiftui/edge/set/vertical
        public static let vertical: Set = [.top, .bottom]
    }
}

// https://developer.apple.com/documentation/swiftui/verticaledge
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen public enum VerticalEdge: Int8, CaseIterable, Sendable {
    case top, bottom
}

// https://developer.apple.com/documentation/swiftui/alignment
@frozen public struct Alignment: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/alignment/init(horizontal:vertical:)
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {}
    // https://developer.apple.com/documentation/swiftui/alignment/center
    public static let center = Alignment(horizontal: .center, vertical: .center)
    // https://developer.apple.com/documentation/swiftui/alignment/leading
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    // https://developer.apple.com/documentation/swiftui/alignment/trailing
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    // https://developer.apple.com/documentation/swiftui/alignment/top
    public static let top = Alignment(horizontal: .center, vertical: .top)
    // https://developer.apple.com/documentation/swiftui/alignment/bottom
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/padding(_:)-68shk
    nonisolated public func padding(_ length: CGFloat) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _ModifiedView()
    }
    // https://developer.apple.com/documentation/swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View {
        _ModifiedView()
    }
    // https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View {
        _ModifiedView()
    }
    // https://developer.apple.com/documentation/swiftui/view/background(_:ignoressafeareaedges:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View where S: ShapeStyle {
        _ModifiedView()
    }
    // https://developer.apple.com/documentation/swiftui/view/background(_:in:fillstyle:)-89n7j
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func background<S, T>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View
    where S: ShapeStyle, T: Shape { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/safeareainset(edge:alignment:spacing:content:)-4s51l
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func safeAreaInset<V>(edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                                             @ViewBuilder content: () -> V) -> some View where V: View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/tint(_:)-23xyq
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func tint(_ tint: Color?) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)-1d7jv
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func accessibilityLabel(_ label: Text) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/accessibilitylabel(_:)-5f0zj
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/opacity(_:)
    nonisolated public func opacity(_ opacity: Double) -> some View { _ModifiedView() }
}
