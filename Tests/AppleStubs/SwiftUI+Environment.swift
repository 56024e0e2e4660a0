// SwiftUI's environment, transactions and refresh actions: what a view reads from where it is
// (https://developer.apple.com/documentation/swiftui/environmentvalues and the pages named below).
// Part of the SwiftUI stub module (see SwiftUI.swift).

// https://developer.apple.com/documentation/swiftui/environmentkey
public protocol EnvironmentKey {
    // https://developer.apple.com/documentation/swiftui/environmentkey/value
    associatedtype Value
    // https://developer.apple.com/documentation/swiftui/environmentkey/defaultvalue
    static var defaultValue: Self.Value { get }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues: CustomStringConvertible {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/init()
    public init() {}
    // https://developer.apple.com/documentation/swiftui/environmentvalues/subscript(_:)
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { fatalError("interface stub") } set {}
    }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/description
    public var description: String { "" }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/refresh
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public var refresh: RefreshAction? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/swiftui/environmentvalues/isenabled
    public var isEnabled: Bool { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/swiftui/environment
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    // https://developer.apple.com/documentation/swiftui/environment/init(_:)
    @inlinable public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    // https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    @inlinable public var wrappedValue: Value { fatalError("interface stub") }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Environment where Value: AnyObject, Value: Observable {
    // https://developer.apple.com/documentation/swiftui/environment/init(_:)-4l5hg
    public init(_ objectType: Value.Type) {}
}

// https://developer.apple.com/documentation/swiftui/refreshaction
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct RefreshAction: Sendable {
    // https://developer.apple.com/documentation/swiftui/refreshaction/callasfunction()
    public func callAsFunction() async {}
}

// https://developer.apple.com/documentation/swiftui/transaction
@frozen public struct Transaction {
    // https://developer.apple.com/documentation/swiftui/transaction/init()
    @inlinable public init() {}
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        _ModifiedView()
    }
    // https://developer.apple.com/documentation/swiftui/view/environment(_:)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func environment<T>(_ object: T?) -> some View where T: AnyObject, T: Observable { _ModifiedView() }
    // https://developer.apple.com/documentation/swiftui/view/refreshable(action:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { _ModifiedView() }
}
