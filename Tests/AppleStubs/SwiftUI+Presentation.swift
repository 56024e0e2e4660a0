// Alerts, dialogs, context menus, search, navigation destinations, tasks and value changes
// (https://developer.apple.com/documentation/swiftui/view and the pages named below). Part of the
// SwiftUI stub module.

// https://developer.apple.com/documentation/swiftui/visibility
@frozen public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

// https://developer.apple.com/documentation/swiftui/searchfieldplacement
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct SearchFieldPlacement: Sendable {
    // https://developer.apple.com/documentation/swiftui/searchfieldplacement/automatic
    public static let automatic = SearchFieldPlacement()
    // https://developer.apple.com/documentation/swiftui/searchfieldplacement/toolbar
    public static let toolbar = SearchFieldPlacement()
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:actions:message:)-8dvt8
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func alert<A, M>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View where A: View, M: View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:actions:)-3200l
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func alert<A>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                     @ViewBuilder actions: () -> A) -> some View where A: View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/confirmationdialog(_:ispresented:titlevisibility:actions:)-46zbb
    // (the string title's overload)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func confirmationDialog<S, A>(_ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
                                                     @ViewBuilder actions: () -> A) -> some View
    where S: StringProtocol, A: View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/contextmenu(menuitems:)
    @available(iOS 13.0, macOS 10.15, tvOS 14.0, *)
    @available(watchOS, unavailable)
    nonisolated public func contextMenu<MenuItems>(@ViewBuilder menuItems: () -> MenuItems) -> some View where MenuItems: View {
        _ModifiedView()
    }
    // https://developer.apple.com/documentation/swiftui/view/searchable(text:placement:prompt:)-18a8f
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic,
                                       prompt: Text? = nil) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/searchable(text:placement:prompt:)-1bjj3
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic,
                                       prompt: LocalizedStringKey) -> some View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/navigationdestination(ispresented:destination:)
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public func navigationDestination<V>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View
    where V: View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/navigationdestination(item:destination:)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func navigationDestination<D, C>(item: Binding<Optional<D>>, @ViewBuilder destination: @escaping (D) -> C)
    -> some View where D: Hashable, C: View { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/task(name:priority:file:line:_:) (which
    // replaced task(priority:_:): `name`, `file` and `line` have defaults, so `.task { }` and
    // `.task(priority:) { }` call it; the page hides the SDK interface's underscored
    // `@_inheritActorContext`: the closure runs where the view's body does, on the main actor)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func task(name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
                                 line: Int = #line,
                                 @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void) -> some View {
        _ModifiedView()
    }
    // https://developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func task<T>(id value: T, priority: TaskPriority = .userInitiated,
                                    @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void) -> some View
    where T: Equatable {
        _ModifiedView()
    }
    // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
    where V: Equatable { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-8wgw9
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void)
    -> some View where V: Equatable { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { _ModifiedView() }
}

// MARK: Toolbars

// https://developer.apple.com/documentation/swiftui/toolbarcontent
@MainActor @preconcurrency public protocol ToolbarContent {
    // https://developer.apple.com/documentation/swiftui/toolbarcontent/body-swift.associatedtype
    associatedtype Body: ToolbarContent
    // https://developer.apple.com/documentation/swiftui/toolbarcontent/body-swift.property
    @ToolbarContentBuilder var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder
@resultBuilder public struct ToolbarContentBuilder {
    // https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: ToolbarContent { content }
    // https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder/buildblock(_:)-6klcj
    public static func buildBlock<Content>(_ content: Content) -> some ToolbarContent where Content: ToolbarContent { content }
    // https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder/buildblock(_:)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> _ToolbarContentTuple
    where repeat each Content: ToolbarContent { _ToolbarContentTuple() }
}

/// The placeholder of the SDK's toolbar content tuples (`TupleToolbarContent`).
nonisolated public struct _ToolbarContentTuple: ToolbarContent {
    public var body: Never { return fatalError("interface stub") }
}

extension Never: ToolbarContent {}

// https://developer.apple.com/documentation/swiftui/toolbaritemplacement
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct ToolbarItemPlacement: Sendable {
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/automatic
    public static let automatic = ToolbarItemPlacement()
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/primaryaction
    public static let primaryAction = ToolbarItemPlacement()
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/confirmationaction
    public static let confirmationAction = ToolbarItemPlacement()
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/cancellationaction
    public static let cancellationAction = ToolbarItemPlacement()
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/destructiveaction
    public static let destructiveAction = ToolbarItemPlacement()
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/status
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public static let status = ToolbarItemPlacement()
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/topbarleading (the page
    // declares it `@backDeployed(before: iOS 17.0, tvOS 17.0)`, so it is available from iOS 14)
    @available(iOS 14.0, tvOS 14.0, watchOS 10.0, *)
    @available(macOS, unavailable)
    public static var topBarLeading: ToolbarItemPlacement { ToolbarItemPlacement() }
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/topbartrailing (as
    // topBarLeading)
    @available(iOS 14.0, tvOS 14.0, watchOS 10.0, *)
    @available(macOS, unavailable)
    public static var topBarTrailing: ToolbarItemPlacement { ToolbarItemPlacement() }
    // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/bottombar
    @available(iOS 14.0, tvOS 18.0, watchOS 10.0, *)
    @available(macOS, unavailable)
    public static let bottomBar = ToolbarItemPlacement()
}

// https://developer.apple.com/documentation/swiftui/toolbaritem
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct ToolbarItem<ID, Content>: ToolbarContent where Content: View {
    public var body: Never { return fatalError("interface stub") }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ToolbarItem where ID == () {
    // https://developer.apple.com/documentation/swiftui/toolbaritem/init(placement:content:)
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/toolbar(content:) (the ToolbarContent
    // overload; the page spells the builder `@ContentBuilder`, the toolbar content builder here)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func toolbar<Content>(@ToolbarContentBuilder content: () -> Content) -> some View
    where Content: ToolbarContent { _ModifiedView() }
}
