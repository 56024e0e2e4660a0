/// Identifies a closure observer added with ``BaseStorage/addObserver(_:)``, to remove it with
/// ``BaseStorage/removeObserver(_:)``.
public struct ObserverToken: Hashable, Sendable {
    let value: UInt64

    /// The token of the `value`-th observer of a storage.
    package init(value: UInt64) {
        self.value = value
    }
}
