// An interface stub of the SwiftUI declarations ModelStorageViews' SwiftUI code, the README's
// SwiftUI example and the app in Apps/SwiftUI use, for `make apple-check` (check.sh), which
// type-checks them on Linux with `canImport(SwiftUI)` true, over the UIKit or the AppKit stub.
// Each declaration is written from Apple's documentation page named above it
// (https://developer.apple.com/documentation/swiftui/...): names, labels, types, generic
// constraints, isolation (`nonisolated` types and modifiers, `@MainActor` protocols), `Sendable`
// and `@isolated(any)` closures, and availability (`introduced` per platform, `unavailable` where
// the page lists no such platform) as the page declares them; nothing added to make code compile.
// Bodies are placeholders: this module is type-checked against, never run. The declarations of
// ordinary screens beyond these are in SwiftUI+*.swift beside this file, one file per group of
// pages.
//
// What Swift on Linux cannot spell as the SDK does: the SDK's views are opaque (`some View`
// results) over private types; the stubs return `some View` from a placeholder type, which
// gives the same type-checking at the call site.
#if canImport(UIKit)
@_exported import UIKit
#elseif canImport(AppKit)
@_exported import AppKit
#endif
// https://developer.apple.com/documentation/observation (SwiftUI re-exports Observation: an
// `import SwiftUI` file uses `@Observable`)
@_exported import Observation

// MARK: Views and builders

// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
    // https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    // https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/view-implementations (Never conforms)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2q5zz
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-2bj1g
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    where repeat each Content: View { fatalError("interface stub") }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
    where TrueContent: View, FalseContent: View { fatalError("interface stub") }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
    where TrueContent: View, FalseContent: View { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/emptyview
@frozen nonisolated public struct EmptyView: View {
    // https://developer.apple.com/documentation/swiftui/emptyview/init()
    @inlinable nonisolated public init() {}
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/tupleview
@frozen nonisolated public struct TupleView<T>: View {
    // https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
    public init(_ value: T) {}
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/_conditionalcontent
@frozen public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/optional (Optional conforms when Wrapped does)
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/anyview
@frozen nonisolated public struct AnyView: View {
    // https://developer.apple.com/documentation/swiftui/anyview/init(_:)
    public init<V>(_ view: V) where V: View {}
    public var body: Never { fatalError("interface stub") }
}

/// The placeholder of the SDK's opaque modifier results (`some View`).
nonisolated public struct _ModifiedView: View {
    public var body: Never { fatalError("interface stub") }
}

// MARK: State and bindings

// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/binding
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    // https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value,
                                set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
    // https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-6g3d5
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value,
                                set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void) {}
    // https://developer.apple.com/documentation/swiftui/binding/constant(_:)
    public static func constant(_ value: Value) -> Binding<Value> { fatalError("interface stub") }
    // https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    public var wrappedValue: Value { get { fatalError("interface stub") } nonmutating set {} }
    // https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    public var projectedValue: Binding<Value> { self }
    // https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("interface stub")
    }
}

// https://developer.apple.com/documentation/swiftui/binding (Sendable conformance)
extension Binding: @unchecked Sendable where Value: Sendable {}
extension Binding: DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/state
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) {}
    // https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) {}
    // https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value { get { fatalError("interface stub") } nonmutating set {} }
    // https://developer.apple.com/documentation/swiftui/state/projectedvalue
    public var projectedValue: Binding<Value> { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/state/init() (an optional state)
extension State where Value: ExpressibleByNilLiteral {
    @inlinable public init() { self.init(wrappedValue: nil) }
}

// MARK: Text, images, controls, stacks

// https://developer.apple.com/documentation/swiftui/localizedstringkey
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(_:)
    public init(_ value: String) {}
    // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
    public init(stringLiteral value: String) {}
    // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringinterpolation:)
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {}

    // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation
    public struct StringInterpolation: StringInterpolationProtocol {
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/init(literalcapacity:interpolationcount:)
        public init(literalCapacity: Int, interpolationCount: Int) {}
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendliteral(_:)
        public mutating func appendLiteral(_ literal: String) {}
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendinterpolation(_:)-3ymrp
        public mutating func appendInterpolation(_ string: String) {}
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendinterpolation(_:)-378v9
        public mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable {}
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendinterpolation(_:specifier:)
        public mutating func appendInterpolation<T>(_ value: T, specifier: String) where T: _FormatSpecifiable {}
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendinterpolation(_:format:)
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
        public mutating func appendInterpolation<F>(_ input: F.FormatInput, format: F)
        where F: FormatStyle, F.FormatInput: Equatable, F.FormatOutput == String {}
        // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendinterpolation(_:)-4qyfo
        @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
        public mutating func appendInterpolation(_ text: Text) {}
    }
}

// https://developer.apple.com/documentation/swiftui/_formatspecifiable (the values a localized
// string interpolates with a format specifier: integers and floating-point numbers)
public protocol _FormatSpecifiable: Equatable {
    associatedtype _Arg: CVarArg
    var _arg: Self._Arg { get }
    var _specifier: String { get }
}
extension Int: _FormatSpecifiable {
    public var _arg: Int { self }
    public var _specifier: String { "%lld" }
}
extension Int64: _FormatSpecifiable {
    public var _arg: Int64 { self }
    public var _specifier: String { "%lld" }
}
extension Double: _FormatSpecifiable {
    public var _arg: Double { self }
    public var _specifier: String { "%lf" }
}
extension Float: _FormatSpecifiable {
    public var _arg: Float { self }
    public var _specifier: String { "%f" }
}

// https://developer.apple.com/documentation/swiftui/text
@frozen public struct Text: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    public init<S>(_ content: S) where S: StringProtocol {}
    // https://developer.apple.com/documentation/swiftui/text/init(verbatim:)
    public init(verbatim content: String) {}
}

// https://developer.apple.com/documentation/swiftui/text (View conformance, declared apart from the
// type: Text itself carries no isolation)
extension Text: View {
    nonisolated public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/image
@frozen public struct Image: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/image/init(systemname:)
    @available(iOS 13.0, macOS 11.0, tvOS 13.0, watchOS 6.0, *)
    public init(systemName: String) {}
}

// https://developer.apple.com/documentation/swiftui/image (View conformance, declared apart from
// the type: Image itself carries no isolation)
extension Image: View {
    nonisolated public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/button
nonisolated public struct Button<Label>: View where Label: View {
    // https://developer.apple.com/documentation/swiftui/button/init(action:label:)
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError("interface stub") }
}

extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
    @preconcurrency public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    @preconcurrency public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol {}
}

// https://developer.apple.com/documentation/swiftui/verticalalignment
@frozen public struct VerticalAlignment: Equatable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
    public static let firstTextBaseline = VerticalAlignment()
}

// https://developer.apple.com/documentation/swiftui/horizontalalignment
@frozen public struct HorizontalAlignment: Equatable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

// https://developer.apple.com/documentation/swiftui/hstack
@frozen nonisolated public struct HStack<Content>: View where Content: View {
    // https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/vstack
@frozen nonisolated public struct VStack<Content>: View where Content: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/spacer
@frozen public struct Spacer {
    // https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    public init(minLength: CGFloat? = nil) {}
}

// https://developer.apple.com/documentation/swiftui/spacer (View conformance, declared apart from
// the type: Spacer itself carries no isolation)
extension Spacer: View {
    nonisolated public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/navigationstack
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
nonisolated public struct NavigationStack<Data, Root>: View where Root: View {
    public var body: Never { fatalError("interface stub") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationStack where Data == NavigationPath {
    // https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
    public init(@ViewBuilder root: () -> Root) {}
}

// https://developer.apple.com/documentation/swiftui/navigationpath
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {
    // https://developer.apple.com/documentation/swiftui/navigationpath/init()
    public init() {}
}

// MARK: Modifiers

extension View {
    // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-5di1u
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-43srq
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/foregroundstyle(_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { _ModifiedView() }
}

// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

// https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle
@frozen public struct HierarchicalShapeStyle: ShapeStyle {}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    // https://developer.apple.com/documentation/swiftui/shapestyle/secondary
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

// MARK: Hosting SwiftUI in UIKit and AppKit

#if canImport(UIKit)
// https://developer.apple.com/documentation/swiftui/uiviewrepresentable
@MainActor @preconcurrency public protocol UIViewRepresentable: View where Self.Body == Never {
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/uiviewtype
    associatedtype UIViewType: UIView
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/coordinator
    associatedtype Coordinator = Void
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/context
    typealias Context = UIViewRepresentableContext<Self>
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makeuiview(context:)
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/updateuiview(_:context:)
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/dismantleuiview(_:coordinator:)
    @MainActor @preconcurrency static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makecoordinator()
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension UIViewRepresentable {
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/dismantleuiview(_:coordinator:) (default: nothing)
    @MainActor @preconcurrency public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) {}
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/body
    public var body: Never { fatalError("interface stub") }
}

extension UIViewRepresentable where Self.Coordinator == Void {
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makecoordinator() (default)
    @MainActor @preconcurrency public func makeCoordinator() -> Self.Coordinator { () }
}

// https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext
@MainActor @preconcurrency public struct UIViewRepresentableContext<Representable> where Representable: UIViewRepresentable {
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/coordinator
    @MainActor @preconcurrency public let coordinator: Representable.Coordinator
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/environment
    @MainActor @preconcurrency public var environment: EnvironmentValues { fatalError("interface stub") }
    // https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/transaction
    @MainActor @preconcurrency public var transaction: Transaction { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/uihostingconfiguration
@available(iOS 16.0, tvOS 16.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
public struct UIHostingConfiguration<Content, Background>: UIContentConfiguration where Content: View, Background: View {
}

@available(iOS 16.0, tvOS 16.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension UIHostingConfiguration where Background == EmptyView {
    // https://developer.apple.com/documentation/swiftui/uihostingconfiguration/init(content:)
    // (the page spells the builder `@ContentBuilder`, a view builder of the cell's content)
    public init(@ViewBuilder content: () -> Content) {}
}
#elseif canImport(AppKit)
// https://developer.apple.com/documentation/swiftui/nsviewrepresentable
@MainActor @preconcurrency public protocol NSViewRepresentable: View where Self.Body == Never {
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/nsviewtype
    associatedtype NSViewType: NSView
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/coordinator
    associatedtype Coordinator = Void
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/context
    typealias Context = NSViewRepresentableContext<Self>
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/makensview(context:)
    @MainActor @preconcurrency func makeNSView(context: Self.Context) -> Self.NSViewType
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/updatensview(_:context:)
    @MainActor @preconcurrency func updateNSView(_ nsView: Self.NSViewType, context: Self.Context)
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/dismantlensview(_:coordinator:)
    @MainActor @preconcurrency static func dismantleNSView(_ nsView: Self.NSViewType, coordinator: Self.Coordinator)
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/makecoordinator()
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension NSViewRepresentable {
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/dismantlensview(_:coordinator:) (default: nothing)
    @MainActor @preconcurrency public static func dismantleNSView(_ nsView: Self.NSViewType, coordinator: Self.Coordinator) {}
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/body
    public var body: Never { fatalError("interface stub") }
}

extension NSViewRepresentable where Self.Coordinator == Void {
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentable/makecoordinator() (default)
    @MainActor @preconcurrency public func makeCoordinator() -> Self.Coordinator { () }
}

// https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext
@MainActor @preconcurrency public struct NSViewRepresentableContext<View> where View: NSViewRepresentable {
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext/coordinator
    @MainActor @preconcurrency public let coordinator: View.Coordinator
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext/environment
    @MainActor @preconcurrency public var environment: EnvironmentValues { fatalError("interface stub") }
    // https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext/transaction
    @MainActor @preconcurrency public var transaction: Transaction { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/nshostingview
@MainActor @preconcurrency open class NSHostingView<Content>: NSView where Content: View {
    // https://developer.apple.com/documentation/swiftui/nshostingview/init(rootview:)
    public required init(rootView: Content) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/swiftui/nshostingview/init(coder:)
    public required init?(coder aDecoder: NSCoder) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/swiftui/nshostingview/rootview
    public var rootView: Content { get { fatalError("interface stub") } set {} }
}
#endif
