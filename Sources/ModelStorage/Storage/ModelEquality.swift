/// Whether `lhs` and `rhs` are values of one `Equatable` type that are `==`: how a storage tells
/// that a model set again changes nothing. Models that are not `Equatable`, and values of two
/// different types, are never equal (a model set again is then taken as changed). O(1) plus the
/// type's `==`.
func areEqualModels(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
    guard type(of: lhs) == type(of: rhs), let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(toModel: rhs)
}

/// ``areEqualModels(_:_:)`` for models that may be absent: two absent models are equal, an
/// absent one never equals a present one.
func areEqualModels(_ lhs: (any Sendable)?, _ rhs: (any Sendable)?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): true
    case let (lhs?, rhs?): areEqualModels(lhs, rhs)
    default: false
    }
}

extension Equatable {
    /// Whether `other` is a `Self` equal to this value (opens an `any Equatable`).
    func isEqual(toModel other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return other == self
    }
}
