// Labels, buttons and their roles and styles, progress and empty states
// (https://developer.apple.com/documentation/swiftui/label, .../button, .../contentunavailableview
// and the pages named below). Part of the SwiftUI stub module (see SwiftUI.swift).

// https://developer.apple.com/documentation/swiftui/label
nonisolated public struct Label<Title, Icon>: View where Title: View, Icon: View {
    // https://developer.apple.com/documentation/swiftui/label/init(title:icon:)
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
    public var body: Never { fatalError("interface stub") }
}

extension Label where Title == Text, Icon == Image {
    // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-7bjl4
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-1ft8p
    public init<S>(_ title: S, systemImage name: String) where S: StringProtocol {}
}

// https://developer.apple.com/documentation/swiftui/buttonrole
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct ButtonRole: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/buttonrole/destructive
    public static let destructive = ButtonRole()
    // https://developer.apple.com/documentation/swiftui/buttonrole/cancel
    public static let cancel = ButtonRole()
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Button {
    // https://developer.apple.com/documentation/swiftui/button/init(role:action:label:)
    @preconcurrency public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)-93ek6
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
    // https://developer.apple.com/documentation/swiftui/button/init(_:role:action:)-8y5yk
    public init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) where S: StringProtocol {}
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Button where Label == SwiftUI.Label<Text, Image> {
    // https://developer.apple.com/documentation/swiftui/button/init(_:systemimage:action:) (emitted into
    // the client: available from iOS 14)
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {}
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Button where Label == SwiftUI.Label<Text, Image> {
    // https://developer.apple.com/documentation/swiftui/button/init(_:systemimage:action:)-9e9nr
    public init<S>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) where S: StringProtocol {}
}

// https://developer.apple.com/documentation/swiftui/editbutton
@available(iOS 13.0, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
nonisolated public struct EditButton: View {
    // https://developer.apple.com/documentation/swiftui/editbutton/init()
    public init() {}
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/primitivebuttonstyle
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

// https://developer.apple.com/documentation/swiftui/borderlessbuttonstyle
@available(iOS 13.0, macOS 10.15, tvOS 17.0, watchOS 8.0, *)
nonisolated public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    // https://developer.apple.com/documentation/swiftui/borderlessbuttonstyle/init()
    public init() {}
}

// https://developer.apple.com/documentation/swiftui/borderedbuttonstyle
@available(iOS 15.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
nonisolated public struct BorderedButtonStyle: PrimitiveButtonStyle {
    // https://developer.apple.com/documentation/swiftui/borderedbuttonstyle/init()
    public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 17.0, watchOS 8.0, *)
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/borderless
    nonisolated public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

@available(iOS 15.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    // https://developer.apple.com/documentation/swiftui/primitivebuttonstyle/bordered
    nonisolated public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/buttonstyle(_:)-66fbx
    nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/disabled(_:)
    nonisolated public func disabled(_ disabled: Bool) -> some View { _ModifiedView() }
}

// https://developer.apple.com/documentation/swiftui/progressview
nonisolated public struct ProgressView<Label, CurrentValueLabel>: View where Label: View, CurrentValueLabel: View {
    public var body: Never { fatalError("interface stub") }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    // https://developer.apple.com/documentation/swiftui/progressview/init()
    public init() where Label == EmptyView {}
    // https://developer.apple.com/documentation/swiftui/progressview/init(_:)-6k5se
    public init(_ titleKey: LocalizedStringKey) where Label == Text {}
}

// https://developer.apple.com/documentation/swiftui/contentunavailableview
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
nonisolated public struct ContentUnavailableView<Label, Description, Actions>: View
where Label: View, Description: View, Actions: View {
    // https://developer.apple.com/documentation/swiftui/contentunavailableview/init(label:description:actions:)
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
                @ViewBuilder actions: () -> Actions = { EmptyView() }) {}
    public var body: Never { fatalError("interface stub") }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    // https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)-4ds9y
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {}
    // https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)-7ml0r
    public init<S>(_ title: S, systemImage name: String, description: Text? = nil) where S: StringProtocol {}
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension ContentUnavailableView where Label == SearchUnavailableContent.Label, Description == SearchUnavailableContent.Description,
    Actions == SearchUnavailableContent.Actions {
    // https://developer.apple.com/documentation/swiftui/contentunavailableview/search
    public static var search: ContentUnavailableView<Label, Description, Actions> { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/searchunavailablecontent
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public struct SearchUnavailableContent {
    // https://developer.apple.com/documentation/swiftui/searchunavailablecontent/label
    nonisolated public struct Label: View { public var body: Never { fatalError("interface stub") } }
    // https://developer.apple.com/documentation/swiftui/searchunavailablecontent/description
    nonisolated public struct Description: View { public var body: Never { fatalError("interface stub") } }
    // https://developer.apple.com/documentation/swiftui/searchunavailablecontent/actions
    nonisolated public struct Actions: View { public var body: Never { fatalError("interface stub") } }
}
