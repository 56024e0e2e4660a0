// Fonts and text modifiers (https://developer.apple.com/documentation/swiftui/font and the pages
// named below). Part of the SwiftUI stub module (see SwiftUI.swift).

// https://developer.apple.com/documentation/swiftui/font
@frozen public struct Font: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/font/largetitle
    public static let largeTitle = Font()
    // https://developer.apple.com/documentation/swiftui/font/title
    public static let title = Font()
    // https://developer.apple.com/documentation/swiftui/font/title2
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let title2 = Font()
    // https://developer.apple.com/documentation/swiftui/font/title3
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let title3 = Font()
    // https://developer.apple.com/documentation/swiftui/font/headline
    public static let headline = Font()
    // https://developer.apple.com/documentation/swiftui/font/subheadline
    public static let subheadline = Font()
    // https://developer.apple.com/documentation/swiftui/font/body
    public static let body = Font()
    // https://developer.apple.com/documentation/swiftui/font/callout
    public static let callout = Font()
    // https://developer.apple.com/documentation/swiftui/font/footnote
    public static let footnote = Font()
    // https://developer.apple.com/documentation/swiftui/font/caption
    public static let caption = Font()
    // https://developer.apple.com/documentation/swiftui/font/caption2
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let caption2 = Font()
    // https://developer.apple.com/documentation/swiftui/font/bold()
    public func bold() -> Font { self }
}

extension Text {
    // https://developer.apple.com/documentation/swiftui/text/font(_:)
    nonisolated public func font(_ font: Font?) -> Text { self }
    // https://developer.apple.com/documentation/swiftui/text/bold()
    nonisolated public func bold() -> Text { self }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/font(_:)
    nonisolated public func font(_ font: Font?) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/linelimit(_:)-513mb
    nonisolated public func lineLimit(_ number: Int?) -> some View { _ModifiedView() }
}
