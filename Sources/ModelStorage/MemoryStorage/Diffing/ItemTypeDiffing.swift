import FingerprintDiff

/// The items of one `Identifiable & Equatable` type met in one diff of untyped items, typed, in
/// two columns (the old list's and the new one's): each item is cast to its type once, when it
/// is added, and its id is then compared and its content checked without a cast.
protocol ItemTypeColumn: AnyObject {
    /// Adds every item of `items` whose column in `types` is `type` (this column) to the old
    /// or the new column, in order, and writes its key (fingerprint: the type's bits mixed with
    /// the id's; index in the column) at its offset in `keys`. One call per type, not per item.
    func add(_ items: UnsafeBufferPointer<any Sendable>, types: UnsafeBufferPointer<UInt32>, type: UInt32, isOld: Bool,
             columns: ItemColumns, keys: UnsafeMutablePointer<TypedItemKey>)
    /// Whether the ids at two indexes (each in the old or the new column) are `==`.
    func haveEqualIDs(_ lhsIsOld: Bool, _ lhs: Int, _ rhsIsOld: Bool, _ rhs: Int) -> Bool
    /// Whether old item `old` and new item `new` are `==`.
    func areEqual(old: Int, new: Int) -> Bool
}

/// ``ItemTypeColumn`` for `Item`. Its code runs unspecialized (the type is only known at run
/// time), so the columns are buffers, not arrays: an array of `Item` would look up its generic
/// metadata at every access, which cost more than the whole diff.
final class IdentifiedItemColumn<Item: Identifiable & Equatable>: ItemTypeColumn {
    private let oldItems: UnsafeMutablePointer<Item>
    private let newItems: UnsafeMutablePointer<Item>
    @exclusivity(unchecked) private var oldCount = 0
    @exclusivity(unchecked) private var newCount = 0
    /// `Item`'s bits, mixed into every fingerprint of its ids.
    private let typeBits = mixedBits(UInt64(UInt(bitPattern: ObjectIdentifier(Item.self).hashValue)))
    /// Whether `Item.ID` is a 64-bit integer: its fingerprint is then its bits mixed (no
    /// hashing), equal exactly when the ids are, so keys compare without reading the ids.
    private let idsAreBits: Bool
    /// Whether every id's fingerprint is hashed, a 64-bit integer's too (the same matching):
    /// for the tests that compare the two.
    private let hashedIDsOnly: Bool

    /// Columns for at most `oldCapacity` old and `newCapacity` new items (the lists' lengths:
    /// memory that is reserved, not touched, beyond the items added).
    init(oldCapacity: Int, newCapacity: Int, hashedIDsOnly: Bool) {
        oldItems = .allocate(capacity: oldCapacity)
        newItems = .allocate(capacity: newCapacity)
        self.hashedIDsOnly = hashedIDsOnly
        let id = Item.ID.self
        idsAreBits = !hashedIDsOnly && (id == Int.self || id == Int64.self || id == UInt.self || id == UInt64.self)
    }

    /// The fingerprint of `id` mixed with the type's bits, and whether it stands for `id` alone.
    private func fingerprint(of id: Item.ID) -> (UInt64, isID: Bool) {
        guard idsAreBits else { return (Fingerprint(hashing: id).rawValue ^ typeBits, false) }
        // One of the 64-bit integers: its 8 bytes, mixed by a bijection.
        let bits = withUnsafeBytes(of: id) { $0.loadUnaligned(as: UInt64.self) }
        return (mixedBits(bits) ^ typeBits, true)
    }

    deinit {
        oldItems.deinitialize(count: oldCount)
        oldItems.deallocate()
        newItems.deinitialize(count: newCount)
        newItems.deallocate()
    }

    func add(_ items: UnsafeBufferPointer<any Sendable>, types: UnsafeBufferPointer<UInt32>, type: UInt32, isOld: Bool,
             columns: ItemColumns, keys: UnsafeMutablePointer<TypedItemKey>) {
        let column = isOld ? oldItems : newItems
        var count = isOld ? oldCount : newCount
        for offset in items.indices where types[offset] == type {
            // The column of an item is the one of its dynamic type: copied in as one, without a
            // dynamic cast, when the existential holds exactly an `Item`.
            let slot = column + count
            /// Initializes `slot` with `value` (the opened existential) when it is exactly an
            /// `Item`. No `Optional<Item>` is made: its metadata would be looked up on every
            /// call in this unspecialized code.
            func initializeIfExactlyItem<Value>(_ value: Value) -> Bool {
                guard Value.self == Item.self else { return false }
                UnsafeMutableRawPointer(slot).assumingMemoryBound(to: Value.self).initialize(to: value)
                return true
            }
            // (`any Sendable`, like `Any`, is not opened implicitly: a generic parameter would
            // be `any Sendable` itself.) Otherwise, e.g. an instance boxed as its superclass, cast.
            if !_openExistential(items[offset], do: initializeIfExactlyItem) { slot.initialize(to: items[offset] as! Item) }
            let (fingerprint, isID) = self.fingerprint(of: slot.pointee.id)
            keys[offset] = TypedItemKey(fingerprint: fingerprint, type: type, isOld: isOld, fingerprintIsID: isID,
                                        index: count, columns: columns)
            count += 1
        }
        if isOld { oldCount = count } else { newCount = count }
    }

    func haveEqualIDs(_ lhsIsOld: Bool, _ lhs: Int, _ rhsIsOld: Bool, _ rhs: Int) -> Bool {
        (lhsIsOld ? oldItems : newItems)[lhs].id == (rhsIsOld ? oldItems : newItems)[rhs].id
    }

    func areEqual(old: Int, new: Int) -> Bool { oldItems[old] == newItems[new] }
}

/// The columns of every `Identifiable & Equatable` type met in one diff of untyped items, and
/// which type each dynamic type is (one dynamic cast to the existential per type, see
/// ``TypeCache``). The keys of the diff read it (``TypedItemKey``).
final class ItemColumns {
    @exclusivity(unchecked) private var columns: [any ItemTypeColumn] = []
    @exclusivity(unchecked) private var columnOfType = TypeCache<Int?>()
    /// The lengths of the old and new lists: the most items of one type each column holds.
    private let capacities: (old: Int, new: Int)
    /// Whether every id is hashed (see ``IdentifiedItemColumn``).
    private let hashedIDsOnly: Bool

    /// Columns for lists of `oldCount` and `newCount` items.
    init(oldCount: Int, newCount: Int, hashedIDsOnly: Bool = false) {
        capacities = (oldCount, newCount)
        self.hashedIDsOnly = hashedIDsOnly
    }

    /// The keys of `items`, the old list's or the new one's, and whether any is identified.
    /// O(n): one type look-up, one cast to its own type and one hash per item; each type's
    /// items are added to its column in one call.
    func keys(of items: [any Sendable], isOld: Bool) -> (keys: [TypedItemKey], anyIdentified: Bool) {
        // Items are read in place (borrowed), not copied out of the array one by one.
        items.withUnsafeBufferPointer { items in
            let types = [UInt32](unsafeUninitializedCapacity: items.count) { types, count in
                for offset in items.indices {
                    types[offset] = column(of: items[offset]).map(UInt32.init) ?? TypedItemKey.unmatchedType
                }
                count = items.count
            }
            let keys = [TypedItemKey](unsafeUninitializedCapacity: items.count) { keys, count in
                for offset in items.indices where types[offset] == TypedItemKey.unmatchedType {
                    let packed = UInt64(UInt(bitPattern: offset)) << 1 | (isOld ? 1 : 0)
                    (keys.baseAddress! + offset).initialize(to: TypedItemKey(
                        fingerprint: mixedBits(packed), type: TypedItemKey.unmatchedType, isOld: isOld, fingerprintIsID: false,
                        index: offset, columns: self))
                }
                // Every other key is written by its type's column (a trivial value: no deinitialization).
                types.withUnsafeBufferPointer { types in
                    for (type, column) in columns.enumerated() {
                        column.add(items, types: types, type: UInt32(type), isOld: isOld, columns: self, keys: keys.baseAddress!)
                    }
                }
                count = items.count
            }
            return (keys, types.contains { $0 != TypedItemKey.unmatchedType })
        }
    }

    /// Whether the ids of two items of column `type` are `==`.
    func haveEqualIDs(type: Int, _ lhsIsOld: Bool, _ lhs: Int, _ rhsIsOld: Bool, _ rhs: Int) -> Bool {
        columns[type].haveEqualIDs(lhsIsOld, lhs, rhsIsOld, rhs)
    }

    /// Whether the old item keyed `old` and the new one keyed `new` (a confirmed pair: one
    /// type) are `==`.
    func areEqual(_ old: TypedItemKey, _ new: TypedItemKey) -> Bool {
        columns[Int(old.type)].areEqual(old: old.index, new: new.index)
    }

    /// The column of `item`'s dynamic type, made when the type is first met; `nil` when it is
    /// not `Identifiable & Equatable`. O(1) average.
    private func column(of item: any Sendable) -> Int? {
        columnOfType.value(for: item) { item in
            guard let identified = item as? any Identifiable & Equatable,
                  columns.count < Int(TypedItemKey.unmatchedType) else { return nil }
            columns.append(makeColumn(identified, capacities: capacities, hashedIDsOnly: hashedIDsOnly))
            return columns.count - 1
        }
    }
}

/// The column of `Item` (opens an `any Identifiable & Equatable`).
private func makeColumn<Item: Identifiable & Equatable>(_: Item, capacities: (old: Int, new: Int), hashedIDsOnly: Bool)
    -> any ItemTypeColumn
{
    IdentifiedItemColumn<Item>(oldCapacity: capacities.old, newCapacity: capacities.new, hashedIDsOnly: hashedIDsOnly)
}

/// Runs `body` with the confirmed matching of untyped items, `old` with `new`: by dynamic type
/// and id for `Identifiable & Equatable` items (see ``TypedItemKey``), every pair confirmed with
/// `==` on the ids; its updates are the matched pairs that are not `==`. Items of other types
/// never match. Unless `evenWithoutIdentities`, `nil` without calling `body` when nothing can
/// match (a side has no identified item): the caller then replaces everything, as it does for
/// items without identity, without a diff. `hashedIDsOnly` fingerprints every id by hashing it
/// (the same matching), for the tests that compare the two.
///
/// - Complexity: O(n + m) expected (one cast and one hash per item, one `==` per matched pair),
///   plus O(k log k) with `moves`, plus the diff core's time.
@discardableResult
func withTypedItemMatching<R>(old: [any Sendable], new: [any Sendable], moves: Bool, evenWithoutIdentities: Bool = false,
                              hashedIDsOnly: Bool = false, _ body: (_Matching) -> R) -> R? {
    let columns = ItemColumns(oldCount: old.count, newCount: new.count, hashedIDsOnly: hashedIDsOnly)
    return withExtendedLifetime(columns) {
        let oldKeys = columns.keys(of: old, isOld: true)
        guard oldKeys.anyIdentified || evenWithoutIdentities else { return nil }
        let newKeys = columns.keys(of: new, isOld: false)
        guard newKeys.anyIdentified || evenWithoutIdentities else { return nil }
        return oldKeys.keys.withUnsafeBufferPointer { oldKeys in
            newKeys.keys.withUnsafeBufferPointer { newKeys in
                _withMatching(oldKeys, newKeys, .heckel, identity: TypedItemKeyIdentity(), moves: moves,
                              isChanged: { old, new in old.type != TypedItemKey.unmatchedType && !columns.areEqual(old, new) },
                              body)
            }
        }
    }
}
