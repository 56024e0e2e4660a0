/// Something known about each dynamic type met in one pass over items of unknown types (a
/// conformance found by a dynamic cast, which costs a look-up in the runtime's conformance
/// cache): asked once per type. The last few types are kept in a short list searched first, so
/// that lists that alternate between a few types cost no hashing per item.
struct TypeCache<Value> {
    private var recent: [(type: ObjectIdentifier, value: Value)] = []
    private var all: [ObjectIdentifier: Value] = [:]
    /// How many types the short list holds.
    private static var recentCapacity: Int { 4 }

    /// The value for `item`'s dynamic type, computed by `make` the first time that type is met.
    /// O(1) average.
    mutating func value(for item: any Sendable, make: (any Sendable) -> Value) -> Value {
        value(forType: ObjectIdentifier(Swift.type(of: item))) { make(item) }
    }

    /// The value for the type `type` identifies, computed by `make` the first time it is met.
    /// O(1) average.
    mutating func value(forType type: ObjectIdentifier, make: () -> Value) -> Value {
        for entry in recent where entry.type == type { return entry.value }
        let value: Value
        if let known = all[type] {
            value = known
        } else {
            value = make()
            all[type] = value
        }
        if recent.count == Self.recentCapacity { recent.removeFirst() }
        recent.append((type, value))
        return value
    }
}
