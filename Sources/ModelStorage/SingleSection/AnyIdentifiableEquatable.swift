/// A type-erased `Identifiable & Equatable` value, so that one
/// ``SingleSectionEquatableStorage`` can hold models of several types.
///
/// Two erased values have the same ``id`` only when their types are the same and their ids
/// are equal, and they are equal only when their types are the same and the values are `==`:
/// a `Post` with id 1 and a `Comment` with id 1 are different items.
public struct AnyIdentifiableEquatable: Identifiable, Equatable, Sendable, CustomStringConvertible {
    /// The identity of an erased value: its type and its id.
    public struct ID: Hashable, Sendable {
        let type: ObjectIdentifier
        let base: any Hashable & Sendable

        /// Same type and equal ids.
        public static func == (lhs: ID, rhs: ID) -> Bool {
            lhs.type == rhs.type && areEqualModels(lhs.base, rhs.base)
        }

        /// Hashes the type and the id.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            hasher.combine(base)
        }
    }

    /// The wrapped value.
    public let base: any Sendable
    /// The wrapped value's type and id.
    public let id: ID
    private let isEqual: @Sendable (any Sendable) -> Bool

    /// Wraps `value`.
    public init<Value: Identifiable & Equatable & Sendable>(_ value: Value) where Value.ID: Sendable {
        base = value
        id = ID(type: ObjectIdentifier(Value.self), base: value.id)
        isEqual = { other in (other as? Value) == value }
    }

    /// The wrapped value as `Value`, or `nil` when it is another type.
    public func base<Value>(as type: Value.Type) -> Value? { base as? Value }

    /// Same type and `==` values.
    public static func == (lhs: AnyIdentifiableEquatable, rhs: AnyIdentifiableEquatable) -> Bool {
        lhs.id.type == rhs.id.type && lhs.isEqual(rhs.base)
    }

    /// The wrapped value's description.
    public var description: String { String(describing: base) }
}
