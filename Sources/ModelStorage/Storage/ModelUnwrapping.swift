/// An optional seen through a type-erased model, so that a storage can tell an optional that
/// holds nothing from a real model: `nil` always means "no model", never a boxed empty
/// optional. (An optional that holds a value is stored as it is: Swift's dynamic casts look
/// through it, so `item as? Model` finds the model either way.)
protocol OptionalModel {
    /// Whether this optional, or an optional it holds, is empty.
    var isNilModel: Bool { get }
}

extension Optional: OptionalModel {
    var isNilModel: Bool {
        switch self {
        case .some(let wrapped): return (wrapped as? any OptionalModel)?.isNilModel ?? false
        case .none: return true
        }
    }
}

/// `value`, or `nil` when it is an optional holding nothing.
func nonNilModel(_ value: any Sendable) -> (any Sendable)? {
    if let optional = value as? any OptionalModel, optional.isNilModel { return nil }
    return value
}

/// `models` as stored items, or the offset of the first `nil` one.
///
/// Only optionals and existentials can hold `nil`; for any other `T` this is one conversion
/// per element, without a dynamic cast.
func storedItems<T: Sendable>(_ models: [T]) throws(StorageError) -> [any Sendable] {
    if T.self == (any Sendable).self {
        // The same type: the cast is a no-op.
        return try storedItems(existentials: unsafeBitCast(models, to: [any Sendable].self))
    }
    if !(T.self is any OptionalModel.Type) && T.self != Any.self {
        return models.map { $0 as any Sendable }
    }
    var items: [any Sendable] = []
    items.reserveCapacity(models.count)
    for (offset, model) in models.enumerated() {
        guard let item = nonNilModel(model) else { throw .nilItem(at: offset) }
        items.append(item)
    }
    return items
}

/// ``storedItems(_:)`` for items of any types: one dynamic cast per type met (is it an
/// optional?), not per item. O(n).
private func storedItems(existentials models: [any Sendable]) throws(StorageError) -> [any Sendable] {
    var isOptional = TypeCache<Bool>()
    for (offset, model) in models.enumerated()
    where isOptional.value(for: model, make: { type(of: $0) is any OptionalModel.Type }) && nonNilModel(model) == nil {
        throw .nilItem(at: offset)
    }
    return models
}
