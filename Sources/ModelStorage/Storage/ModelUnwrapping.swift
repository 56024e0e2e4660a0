/// An optional seen through a type-erased model, so that a storage stores the model an optional
/// holds, never the optional: `nil` always means "no model" (never a boxed empty optional), and
/// a `Song?` holding a song is stored as the `Song`, so that type-and-id matching, a view
/// updater's `cellKind` and per-type cell registrations see `Song`, not `Optional<Song>`.
/// Optionals of optionals are looked through to the innermost value.
protocol OptionalModel {
    /// The value this optional holds (one level), or `nil` when it holds nothing.
    var wrappedModel: Any? { get }
}

extension Optional: OptionalModel {
    var wrappedModel: Any? {
        switch self {
        case .some(let wrapped): return wrapped
        case .none: return nil
        }
    }
}

/// `value`, unwrapped when it is an optional (through nested optionals), or `nil` when it is an
/// optional holding nothing. O(nesting depth): one dynamic cast per level.
func nonNilModel(_ value: any Sendable) -> (any Sendable)? {
    var model = value
    while let optional = model as? any OptionalModel {
        guard let wrapped = optional.wrappedModel else { return nil }
        // What a `Sendable` optional holds is `Sendable` (an optional is `Sendable` exactly when
        // what it wraps is), and `Any` and `any Sendable` have one representation (`Sendable` is
        // a marker protocol): the cast only restores what the type system lost. (Through an
        // array: a single existential passed to `unsafeBitCast` would be opened.)
        model = unsafeBitCast([wrapped], to: [any Sendable].self)[0]
    }
    return model
}

/// `models` as stored items (optionals unwrapped, see ``OptionalModel``), or the offset of the
/// first `nil` one.
///
/// Only optionals and existentials can hold an optional; for any other `T` this is one
/// conversion per element, without a dynamic cast. O(n).
func storedItems<T: Sendable>(_ models: [T]) throws(StorageError) -> [any Sendable] {
    if T.self == (any Sendable).self {
        // The same type: the cast is a no-op.
        return try storedItems(existentials: unsafeBitCast(models, to: [any Sendable].self))
    }
    if !(T.self is any OptionalModel.Type) {
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
/// optional?), not per item; the array itself when none is an optional (no copy). O(n).
private func storedItems(existentials models: [any Sendable]) throws(StorageError) -> [any Sendable] {
    var isOptional = TypeCache<Bool>()
    var unwrapped: [any Sendable]?
    for (offset, model) in models.enumerated() {
        guard isOptional.value(for: model, make: { type(of: $0) is any OptionalModel.Type }) else {
            unwrapped?.append(model)
            continue
        }
        guard let item = nonNilModel(model) else { throw .nilItem(at: offset) }
        if unwrapped == nil {
            unwrapped = []
            unwrapped!.reserveCapacity(models.count)
            unwrapped!.append(contentsOf: models[..<offset])
        }
        unwrapped!.append(item)
    }
    return unwrapped ?? models
}
