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
@usableFromInline
func storedItems<T: Sendable>(_ models: [T]) throws(StorageError) -> [any Sendable] {
    if T.self == (any Sendable).self {
        // The same type: the cast is a no-op.
        return try storedItems(existentials: unsafeBitCast(models, to: [any Sendable].self))
    }
    if !_isOptionalModel(T.self) {
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

/// ``storedItems(_:)`` for the inlinable entry points (a typed `setItems` whose `T` is an
/// optional a user made `Identifiable` stores the wrapped models, as every other entry point does).
/// Inlinable so that the usual case, a `T` that holds no optional, is the caller's specialised
/// conversion of each element (out of line and unspecialised, it cost a quarter of a typed
/// `setItems` at a million items).
@inlinable
func _storedItems<T: Sendable>(_ models: [T]) throws(StorageError) -> [any Sendable] {
    if T.self != (any Sendable).self, !_isOptionalModel(T.self) {
        return models.map { $0 as any Sendable }
    }
    return try storedItems(models)
}

/// Whether `type` is an optional (of any nesting), the one kind of `T` whose elements
/// ``storedItems(_:)`` unwraps besides `any Sendable`. O(1).
@usableFromInline
func _isOptionalModel<T>(_ type: T.Type) -> Bool {
    type is any OptionalModel.Type
}

/// Whether `items` holds a `nil` optional (through nested optionals): O(1) unless `T` is an
/// optional, what a background call checks on the caller's actor before diffing off it.
@usableFromInline
func _hasNilModel<T: Sendable>(_ items: [T]) -> Bool {
    _isOptionalModel(T.self) && items.contains { nonNilModel($0) == nil }
}

/// `model` as a stored item: what ``storedItems(_:)`` gives for `[model]`, without the arrays
/// (one dynamic cast when `T` is an optional or an existential, none otherwise). O(1).
///
/// - Throws: ``StorageError/nilItem(at:)`` (at 0) for an optional that holds nothing.
func storedItem<T: Sendable>(_ model: T) throws(StorageError) -> any Sendable {
    guard T.self == (any Sendable).self || _isOptionalModel(T.self) else { return model }
    guard let item = nonNilModel(model) else { throw .nilItem(at: 0) }
    return item
}

/// ``storedItems(_:)`` for items of any types: one dynamic cast per type met (is it an
/// optional?), not per item; the array itself when none is an optional (no copy). O(n).
private func storedItems(existentials models: [any Sendable]) throws(StorageError) -> [any Sendable] {
    var optionals = OptionalTypes()
    // The first optional, looked for in place: iterating the array copies every existential out
    // of it (and destroys the copy), which cost more than the look at its type. An item whose
    // stored type is one of the last two found never to be an optional is passed by reading the
    // type from its container, without opening it.
    let firstOptional = models.withUnsafeBufferPointer { models in
        var plainTypes: (UnsafeRawPointer?, UnsafeRawPointer?) = (nil, nil)
        // Read once: a global's every read checks that it is initialized.
        let typeWordsHold = existentialLayoutHolds
        var offset = 0
        while offset < models.count {
            let item = models.baseAddress! + offset
            let word = typeWordsHold ? _containerTypeWord(item) : nil
            if word != nil, word == plainTypes.0 || word == plainTypes.1 {
                offset += 1
                continue
            }
            let look = optionals.look(at: item.pointee)
            if look.isOptional { break }
            if let plain = look.plainStoredType, word == plain { plainTypes = (plain, plainTypes.0) }
            offset += 1
        }
        return offset
    }
    guard firstOptional < models.count else { return models }
    var unwrapped: [any Sendable]?
    for (offset, model) in models.enumerated().dropFirst(firstOptional) {
        guard optionals.isOptional(model) else {
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

/// Which items of unknown types are optionals, found out once per type their existentials hold
/// (the type the existential is opened to): items of a class or of a plain value type never
/// need a look at their dynamic type; only those whose existential holds another existential
/// do. The two types met last are asked first, without hashing.
struct OptionalTypes {
    /// What the items of one stored type are.
    private enum Answer {
        case never, always
        /// It depends on each item's dynamic type (an existential boxed in this one).
        case dynamic
    }

    private var recent: (type: ObjectIdentifier?, answer: Answer, previousType: ObjectIdentifier?, previous: Answer) =
        (nil, .never, nil, .never)
    private var answers = TypeCache<Answer>()

    /// Whether `model` is an optional (of any nesting). O(1) average.
    mutating func isOptional(_ model: any Sendable) -> Bool {
        func opened<Stored>(_: Stored) -> Answer { answer(for: Stored.self, model) }
        // Opened explicitly: `any Sendable`, like `Any`, is not opened implicitly.
        switch _openExistential(model, do: opened) {
        case .never: return false
        case .always: return true
        case .dynamic: return type(of: model) is any OptionalModel.Type
        }
    }

    /// Whether `model` is an optional, and the type its existential holds (as
    /// ``storedTypeWord(of:)``) when no item storing that type is one. O(1) average.
    mutating func look(at model: any Sendable) -> (isOptional: Bool, plainStoredType: UnsafeRawPointer?) {
        func opened<Stored>(_: Stored) -> (Answer, Any.Type) { (answer(for: Stored.self, model), Stored.self) }
        // Opened explicitly: `any Sendable`, like `Any`, is not opened implicitly.
        let (found, stored) = _openExistential(model, do: opened)
        switch found {
        case .never: return (false, storedTypeWord(of: stored))
        case .always: return (true, nil)
        case .dynamic: return (type(of: model) is any OptionalModel.Type, nil)
        }
    }

    /// The answer for the items whose existential holds `stored` (`model` is one).
    private mutating func answer(for stored: Any.Type, _ model: any Sendable) -> Answer {
        let identifier = ObjectIdentifier(stored)
        if recent.type == identifier { return recent.answer }
        if recent.previousType == identifier { return recent.previous }
        let answer = answers.value(forType: identifier) {
            // A class instance is never an optional; a value whose dynamic type is the stored one
            // is one exactly when that type is; anything else holds its own dynamic type.
            if stored is AnyObject.Type { return .never }
            guard ObjectIdentifier(type(of: model)) == identifier else { return .dynamic }
            return stored is any OptionalModel.Type ? .always : .never
        }
        recent = (identifier, answer, recent.type, recent.answer)
        return answer
    }
}
