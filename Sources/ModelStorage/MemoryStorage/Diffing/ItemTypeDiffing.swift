import FingerprintDiff

/// The items of one `Identifiable & Equatable` type met in one diff of untyped items, typed, in
/// two columns (the old list's and the new one's): each item is copied in as its type once,
/// when it is added, and its id is then compared and its content checked without a cast.
protocol ItemTypeColumn: AnyObject {
    /// The type of the column's items.
    var itemType: ObjectIdentifier { get }
    /// Adds `value`, an item of exactly this column's type (an opened existential), to the old
    /// or the new column and answers its key (fingerprint: the type's bits mixed with the id's;
    /// index in the column).
    func add<Value>(_ value: Value, isOld: Bool, columns: ItemColumns) -> TypedItemKey
    /// Adds `item`, whose dynamic type is this column's, cast to it (e.g. an instance boxed as
    /// its superclass, or a value the cast finds inside another, such as an `AnyHashable`), and
    /// answers its key.
    func add(casting item: any Sendable, isOld: Bool, columns: ItemColumns) -> TypedItemKey
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
    /// This column's index among the diff's columns: the `type` of its keys.
    private let type: UInt32
    /// `Item`'s bits, mixed into every fingerprint of its ids.
    private let typeBits = mixedBits(UInt64(UInt(bitPattern: ObjectIdentifier(Item.self).hashValue)))
    /// Whether `Item.ID` is a 64-bit integer: its fingerprint is then its bits mixed (no
    /// hashing), equal exactly when the ids are, so keys compare without reading the ids.
    private let idsAreBits: Bool

    /// Column `type` of a diff, for at most `oldCapacity` old and `newCapacity` new items (the
    /// lists' lengths: memory that is reserved, not touched, beyond the items added). With
    /// `hashedIDsOnly`, every id's fingerprint is hashed, a 64-bit integer's too (the same
    /// matching): for the tests that compare the two.
    init(type: UInt32, oldCapacity: Int, newCapacity: Int, hashedIDsOnly: Bool) {
        oldItems = .allocate(capacity: oldCapacity)
        newItems = .allocate(capacity: newCapacity)
        self.type = type
        let id = Item.ID.self
        idsAreBits = !hashedIDsOnly && (id == Int.self || id == Int64.self || id == UInt.self || id == UInt64.self)
    }

    deinit {
        oldItems.deinitialize(count: oldCount)
        oldItems.deallocate()
        newItems.deinitialize(count: newCount)
        newItems.deallocate()
    }

    var itemType: ObjectIdentifier { ObjectIdentifier(Item.self) }

    func add<Value>(_ value: Value, isOld: Bool, columns: ItemColumns) -> TypedItemKey {
        assert(Value.self == Item.self, "an item added to another type's column")
        // Copied in as what it is: no `Optional<Item>` is made (its metadata would be looked
        // up on every call in this unspecialized code), no cast.
        let slot = nextSlot(isOld: isOld)
        UnsafeMutableRawPointer(slot).assumingMemoryBound(to: Value.self).initialize(to: value)
        return key(of: slot, isOld: isOld, columns: columns)
    }

    func add(casting item: any Sendable, isOld: Bool, columns: ItemColumns) -> TypedItemKey {
        let slot = nextSlot(isOld: isOld)
        slot.initialize(to: item as! Item)
        return key(of: slot, isOld: isOld, columns: columns)
    }

    /// The next free place in the old or the new column, counted as used.
    private func nextSlot(isOld: Bool) -> UnsafeMutablePointer<Item> {
        if isOld {
            oldCount += 1
            return oldItems + (oldCount - 1)
        }
        newCount += 1
        return newItems + (newCount - 1)
    }

    /// The key of the item just added at `slot`.
    private func key(of slot: UnsafeMutablePointer<Item>, isOld: Bool, columns: ItemColumns) -> TypedItemKey {
        let (fingerprint, isID) = self.fingerprint(of: slot.pointee.id)
        let index = slot - (isOld ? oldItems : newItems)
        return TypedItemKey(fingerprint: fingerprint, type: type, isOld: isOld, fingerprintIsID: isID, index: index,
                            columns: columns)
    }

    /// The fingerprint of `id` mixed with the type's bits, and whether it stands for `id` alone.
    private func fingerprint(of id: Item.ID) -> (UInt64, isID: Bool) {
        guard idsAreBits else { return (Fingerprint(hashing: id).rawValue ^ typeBits, false) }
        // One of the 64-bit integers: its 8 bytes, mixed by a bijection.
        let bits = withUnsafeBytes(of: id) { $0.loadUnaligned(as: UInt64.self) }
        return (mixedBits(bits) ^ typeBits, true)
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
    /// How the items whose existential holds a given type (as stored: the type the existential
    /// is opened to) are keyed.
    private enum StoredKind {
        /// Into this column, copied in as it is: the stored type is the dynamic type and the
        /// column's.
        case column(Int)
        /// Never matched: not `Identifiable & Equatable`.
        case unidentified
        /// By the dynamic type of each item, cast: a class (an instance may be of a subclass),
        /// an existential boxed in this one, or a type whose column is another's (a value the
        /// cast finds inside it, such as an `AnyHashable`'s).
        case dynamic
    }

    @exclusivity(unchecked) private var columns: [any ItemTypeColumn] = []
    @exclusivity(unchecked) private var columnOfType = TypeCache<Int?>()
    @exclusivity(unchecked) private var kindOfStoredType = TypeCache<StoredKind>()
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
    /// O(n): one look-up of the type and one hash per item.
    func keys(of items: [any Sendable], isOld: Bool) -> (keys: [TypedItemKey], anyIdentified: Bool) {
        // Items are read in place (borrowed), not copied out of the array one by one.
        items.withUnsafeBufferPointer { items in
            keys(count: items.count, isOld: isOld) { each in
                for offset in items.indices { each(items.baseAddress! + offset) }
            }
        }
    }

    /// The keys of the items of `sections`, section after section, read in place in their trees.
    func keys(of sections: [StoredSection], isOld: Bool) -> (keys: [TypedItemKey], anyIdentified: Bool) {
        keys(count: sections.reduce(0) { $0 + $1.count }, isOld: isOld) { each in
            for section in sections { section.forEachModel(each) }
        }
    }

    /// The keys of the `count` items `items` gives one by one, in order.
    private func keys(count: Int, isOld: Bool, _ items: ((UnsafePointer<any Sendable>) -> Void) -> Void)
        -> (keys: [TypedItemKey], anyIdentified: Bool)
    {
        var anyIdentified = false
        let keys = [TypedItemKey](unsafeUninitializedCapacity: count) { keys, initialized in
            var offset = 0
            items { item in
                precondition(offset < count, "more items than counted")
                let key = self.key(of: item.pointee, offset: offset, isOld: isOld)
                anyIdentified = anyIdentified || key.type != TypedItemKey.unmatchedType
                (keys.baseAddress! + offset).initialize(to: key)
                offset += 1
            }
            initialized = offset
        }
        return (keys, anyIdentified)
    }

    /// The key of `item`, at `offset` in its list: its existential is opened once, and the type
    /// it holds looked up (a few recent types first); an item of a class is keyed by its dynamic
    /// type.
    private func key(of item: any Sendable, offset: Int, isOld: Bool) -> TypedItemKey {
        func opened<Stored>(_ value: Stored) -> TypedItemKey {
            let kind = kindOfStoredType.value(forType: ObjectIdentifier(Stored.self)) {
                // A class (an instance may be of a subclass) or an existential boxed in this one
                // (each holds its own type): the dynamic type, item by item.
                guard !(Stored.self is AnyObject.Type),
                      ObjectIdentifier(Swift.type(of: item)) == ObjectIdentifier(Stored.self) else { return .dynamic }
                // The dynamic type is the stored one, for every item that stores it.
                guard let index = column(of: item) else { return .unidentified }
                return columns[index].itemType == ObjectIdentifier(Stored.self) ? .column(index) : .dynamic
            }
            switch kind {
            case let .column(index): return columns[index].add(value, isOld: isOld, columns: self)
            case .dynamic:
                if let index = column(of: item) { return columns[index].add(casting: item, isOld: isOld, columns: self) }
            case .unidentified: break
            }
            let packed = UInt64(UInt(bitPattern: offset)) << 1 | (isOld ? 1 : 0)
            return TypedItemKey(fingerprint: mixedBits(packed), type: TypedItemKey.unmatchedType, isOld: isOld,
                                fingerprintIsID: false, index: offset, columns: self)
        }
        // Opened explicitly: `any Sendable`, like `Any`, is not opened implicitly (`Stored` would
        // be `any Sendable` itself).
        return _openExistential(item, do: opened)
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
            columns.append(makeColumn(identified, type: UInt32(columns.count), capacities: capacities,
                                      hashedIDsOnly: hashedIDsOnly))
            return columns.count - 1
        }
    }
}

/// The column of `Item` (opens an `any Identifiable & Equatable`).
private func makeColumn<Item: Identifiable & Equatable>(_: Item, type: UInt32, capacities: (old: Int, new: Int),
                                                        hashedIDsOnly: Bool) -> any ItemTypeColumn {
    IdentifiedItemColumn<Item>(type: type, oldCapacity: capacities.old, newCapacity: capacities.new,
                               hashedIDsOnly: hashedIDsOnly)
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
    withTypedItemMatching(oldCount: old.count, oldKeys: { $0.keys(of: old, isOld: true) }, new: new, moves: moves,
                          evenWithoutIdentities: evenWithoutIdentities, hashedIDsOnly: hashedIDsOnly, body)
}

/// ``withTypedItemMatching(old:new:moves:evenWithoutIdentities:hashedIDsOnly:_:)`` whose old
/// items are those of `old`, section after section, read in place in the sections' trees (not
/// gathered into an array first).
@discardableResult
func withTypedItemMatching<R>(old: [StoredSection], new: [any Sendable], moves: Bool, evenWithoutIdentities: Bool = false,
                              _ body: (_Matching) -> R) -> R? {
    withTypedItemMatching(oldCount: old.reduce(0) { $0 + $1.count }, oldKeys: { $0.keys(of: old, isOld: true) }, new: new,
                          moves: moves, evenWithoutIdentities: evenWithoutIdentities, hashedIDsOnly: false, body)
}

/// The matching of `oldCount` old items keyed by `oldKeys` with `new`.
private func withTypedItemMatching<R>(
    oldCount: Int, oldKeys: (ItemColumns) -> (keys: [TypedItemKey], anyIdentified: Bool), new: [any Sendable],
    moves: Bool, evenWithoutIdentities: Bool, hashedIDsOnly: Bool, _ body: (_Matching) -> R
) -> R? {
    let columns = ItemColumns(oldCount: oldCount, newCount: new.count, hashedIDsOnly: hashedIDsOnly)
    return withExtendedLifetime(columns) {
        let oldKeys = oldKeys(columns)
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
