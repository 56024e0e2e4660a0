/// `item as? T`, read without the dynamic cast when `item` holds exactly a `T` (the usual case
/// when a storage's items are matched against new items of one type): the dynamic cast costs
/// more than the rest of the diff per item. Any other item goes through `as? T`, so the answer
/// is always the cast's (subclasses, existentials and the like included).
@inlinable @inline(__always)
func _exactCast<T>(_ item: any Sendable, to _: T.Type) -> T? {
    func opened<U>(_ value: U) -> T? {
        if U.self == T.self { return unsafeBitCast(value, to: T.self) }
        return _dynamicCast(value, to: T.self)
    }
    // Opened explicitly: `any Sendable`, like `Any`, is not opened implicitly (`U` would be
    // `any Sendable` itself).
    return _openExistential(item, do: opened)
}

/// `value as? T`, out of line: in the caller, the unspecialized code of the cast would look up
/// `Optional<T>`'s metadata on entry, on the fast path too.
@inlinable @inline(never)
func _dynamicCast<U, T>(_ value: U, to _: T.Type) -> T? {
    value as? T
}
