/// Identifies a closure observer added with ``BaseStorage/addObserver(_:)``, to remove it with
/// ``BaseStorage/removeObserver(_:)``.
public struct ObserverToken: Hashable, Sendable {
    let value: UInt64
}
