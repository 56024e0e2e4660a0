import FingerprintDiff

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
        /// By the dynamic type of each item, cast: a class (an instance may be of a subclass), an
        /// existential boxed in this one, or an `AnyHashable` (keyed by the type of the value
        /// the cast finds inside it: ``column(of:)``).
        case dynamic
    }

    /// A column, referenced without counting: ``columns`` keeps it alive, and calling it costs
    /// no retain and release per item.
    private struct UnownedColumn {
        let reference: Unmanaged<ItemTypeColumn>
        /// The column, borrowed for a call.
        @inline(__always)
        func with<R>(_ body: (ItemTypeColumn) -> R) -> R { reference._withUnsafeGuaranteedRef(body) }
    }

    /// A stored type and how its items are keyed.
    private struct RecentKind {
        var type: ObjectIdentifier?
        var kind: StoredKind = .unidentified
    }

    @exclusivity(unchecked) private var columns: [ItemTypeColumn] = []
    /// ``columns``, unowned: what the per-item paths read.
    @exclusivity(unchecked) private var unownedColumns: [UnownedColumn] = []
    @exclusivity(unchecked) private var columnOfType = TypeCache<Int?>()
    @exclusivity(unchecked) private var kindOfStoredType = TypeCache<StoredKind>()
    /// The two stored types met last, asked before ``kindOfStoredType``: lists of one or two
    /// alternating types cost two comparisons per item. (Not with `hashedIDsOnly`.)
    @exclusivity(unchecked) private var recentKinds = (RecentKind(), RecentKind())
    /// The lengths of the old and new lists: the most items of one type each column holds.
    private let capacities: (old: Int, new: Int)
    /// Whether every id is hashed (see ``IdentifiedItemColumn``) and every item copied, not read
    /// in place: the general path, for the tests that compare the two.
    private let hashedIDsOnly: Bool
    /// Whether items of exactly a column's type are read where their lists store them (when the
    /// existential layout is the one ``ExistentialValuePlacement`` expects), not copied.
    private let readsInPlace: Bool

    /// Columns for lists of `oldCount` and `newCount` items.
    init(oldCount: Int, newCount: Int, hashedIDsOnly: Bool = false) {
        capacities = (oldCount, newCount)
        self.hashedIDsOnly = hashedIDsOnly
        readsInPlace = !hashedIDsOnly && existentialLayoutHolds
    }

    /// The keys of `items`, the old list's or the new one's, and whether any is identified.
    /// O(n): one look-up of the type and one hash per item.
    func keys(of items: [any Sendable], isOld: Bool) -> (keys: [TypedItemKey], anyIdentified: Bool) {
        // Items are read in place (borrowed), not copied out of the array one by one.
        items.withUnsafeBufferPointer { items in
            keys(count: items.count, isOld: isOld) { run in run(ExistentialRun(items)) }
        }
    }

    /// The keys of the items of `sections`, section after section, read in place in their trees.
    func keys(of sections: [StoredSection], isOld: Bool) -> (keys: [TypedItemKey], anyIdentified: Bool) {
        keys(count: sections.reduce(0) { $0 + $1.count }, isOld: isOld) { run in
            for section in sections { section.forEachModelRun(run) }
        }
    }

    /// The keys of the `count` items `runs` gives a run at a time, in order: each item is added
    /// to its type's column (or keyed as never matching), then each column writes its items' keys.
    private func keys(count: Int, isOld: Bool, _ runs: ((ExistentialRun) -> Void) -> Void)
        -> (keys: [TypedItemKey], anyIdentified: Bool)
    {
        var unmatched = 0
        let keys = [TypedItemKey](unsafeUninitializedCapacity: count) { keys, initialized in
            var offset = 0
            runs { run in
                precondition(offset + run.count <= count, "more items than counted")
                for index in 0..<run.count where !self.add(run[index], offset: offset + index, isOld: isOld) {
                    let packed = UInt64(UInt(bitPattern: offset + index)) << 1 | (isOld ? 1 : 0)
                    (keys.baseAddress! + offset + index).initialize(to: TypedItemKey(
                        fingerprint: mixedBits(packed), type: TypedItemKey.unmatchedType, isOld: isOld, fingerprintIsID: false,
                        index: offset + index, columns: self))
                    unmatched += 1
                }
                offset += run.count
            }
            precondition(offset == count, "fewer items than counted")
            for column in unownedColumns { column.with { $0.writeKeys(isOld: isOld, into: keys.baseAddress!, columns: self) } }
            initialized = offset
        }
        return (keys, unmatched < count)
    }

    /// Adds the item at `item`, at `offset` in its list, to its type's column, and answers
    /// whether it has one (else it never matches): the type its existential holds is read from
    /// the container and looked up (the two last types first); an item of exactly a column's type
    /// is read in place, one of a class is cast to its dynamic type.
    private func add(_ item: UnsafePointer<any Sendable>, offset: Int, isOld: Bool) -> Bool {
        guard readsInPlace, let word = _containerTypeWord(item) else {
            return add(copying: item.pointee, offset: offset, isOld: isOld)
        }
        switch kind(ofStored: unsafeBitCast(word, to: Any.Type.self), item) {
        case let .column(index):
            unownedColumns[index].with { column in
                let address = column.placement.address(in: item)
                if isOld { column.old.add(address, offset: offset) } else { column.new.add(address, offset: offset) }
            }
            return true
        case .dynamic:
            return add(casting: item.pointee, offset: offset, isOld: isOld)
        case .unidentified:
            return false
        }
    }

    /// ``add(_:offset:isOld:)`` by copies: the existential is opened, and an item of exactly a
    /// column's type copied into the column. The path when items are not read in place.
    private func add(copying item: any Sendable, offset: Int, isOld: Bool) -> Bool {
        func opened<Stored>(_ value: Stored) -> Bool {
            switch withUnsafePointer(to: item, { kind(ofStored: Stored.self, $0) }) {
            case let .column(index):
                unownedColumns[index].with { $0.add(value, isOld: isOld, offset: offset) }
                return true
            case .dynamic:
                return add(casting: item, offset: offset, isOld: isOld)
            case .unidentified:
                return false
            }
        }
        // Opened explicitly: `any Sendable`, like `Any`, is not opened implicitly (`Stored` would
        // be `any Sendable` itself).
        return _openExistential(item, do: opened)
    }

    /// Adds `item`, of a class or an existential boxed in another, cast to its dynamic type.
    private func add(casting item: any Sendable, offset: Int, isOld: Bool) -> Bool {
        guard let index = column(of: item) else { return false }
        unownedColumns[index].with { $0.add(casting: item, isOld: isOld, offset: offset) }
        return true
    }

    /// How the items whose existential holds `storedType` are keyed (`item` is one of them):
    /// the two types met last first, then every type met, then, for a type first met, found out.
    private func kind(ofStored storedType: Any.Type, _ item: UnsafePointer<any Sendable>) -> StoredKind {
        let stored = ObjectIdentifier(storedType)
        if recentKinds.0.type == stored { return recentKinds.0.kind }
        if recentKinds.1.type == stored { return recentKinds.1.kind }
        let kind = kindOfStoredType.value(forType: stored) {
            let item = item.pointee
            // A class (an instance may be of a subclass) or an existential boxed in this one
            // (each holds its own type): the dynamic type, item by item.
            guard !(storedType is AnyObject.Type), ObjectIdentifier(Swift.type(of: item)) == stored else { return .dynamic }
            // The dynamic type is the stored one, for every item that stores it. Not identified
            // itself: an `AnyHashable` may still hold an identified value, of any type per item
            // (the cast looks inside it); anything else is never matched.
            guard storedType is any (Identifiable & Equatable).Type else {
                return storedType == AnyHashable.self ? .dynamic : .unidentified
            }
            guard let index = column(of: item) else { return .unidentified }
            return columns[index].itemType == stored ? .column(index) : .dynamic
        }
        if !hashedIDsOnly { recentKinds = (RecentKind(type: stored, kind: kind), recentKinds.0) }
        return kind
    }

    /// Whether the ids of two items of column `type` are `==`.
    func haveEqualIDs(type: Int, _ lhsIsOld: Bool, _ lhs: Int, _ rhsIsOld: Bool, _ rhs: Int) -> Bool {
        unownedColumns[type].with { $0.haveEqualIDs(lhsIsOld, lhs, rhsIsOld, rhs) }
    }

    /// Whether the old item keyed `old` and the new one keyed `new` (a confirmed pair: one
    /// type) are `==`.
    func areEqual(_ old: TypedItemKey, _ new: TypedItemKey) -> Bool {
        unownedColumns[Int(old.type)].with { $0.areEqual(old: old.index, new: new.index) }
    }

    /// The column of `item`'s dynamic type, made when the type is first met; `nil` when it is
    /// not `Identifiable & Equatable`. An `AnyHashable` is keyed by the type of the value the
    /// cast finds inside it (each may hold another type): one cast per item. O(1) average.
    private func column(of item: any Sendable) -> Int? {
        let dynamicType = Swift.type(of: item)
        guard dynamicType != AnyHashable.self else {
            guard let identified = item as? any Identifiable & Equatable else { return nil }
            return columnOfType.value(forType: ObjectIdentifier(Swift.type(of: identified))) { newColumn(identified) }
        }
        return columnOfType.value(forType: ObjectIdentifier(dynamicType)) {
            guard let identified = item as? any Identifiable & Equatable else { return nil }
            return newColumn(identified)
        }
    }

    /// A new column for the type of `identified`, or `nil` when there are as many as keys can
    /// tell apart.
    private func newColumn(_ identified: any Identifiable & Equatable) -> Int? {
        guard columns.count < Int(TypedItemKey.unmatchedType) else { return nil }
        columns.append(makeColumn(identified, type: UInt32(columns.count), capacities: capacities,
                                  hashedIDsOnly: hashedIDsOnly))
        unownedColumns.append(UnownedColumn(reference: .passUnretained(columns[columns.count - 1])))
        return columns.count - 1
    }
}

/// The column of `Item` (opens an `any Identifiable & Equatable`).
private func makeColumn<Item: Identifiable & Equatable>(_: Item, type: UInt32, capacities: (old: Int, new: Int),
                                                        hashedIDsOnly: Bool) -> ItemTypeColumn {
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
    // The columns keep the addresses of items in the old list and in `new` (in their arrays' and
    // trees' storage, which does not move while it is alive and unchanged): both outlive them.
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
