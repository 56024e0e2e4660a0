/// The items of one type in one section, by key, with where each one is: the index behind
/// ``MemoryStorage/indexPath(forItem:)-(T)`` and every call that finds an item by value.
///
/// **Keys.** The table is typed by the type looked for and by how that type is keyed (``Kind``):
/// an item of another type has no key and is never a candidate (the same rule as the
/// `Equatable` scan, which compares with `as? T`). Keys are `Int`s (a hash value), so the table
/// runs at full speed even though the storage's generic methods are not specialized for `T`; a
/// candidate is confirmed with `==` by the caller, so equal keys of different items never give
/// a wrong answer.
///
/// **Positions that survive changes.** Each entry holds the item's identity (its slot) and its
/// label (see ``Labels``): labels grow with the offsets in the section, so the section's tree
/// finds the item's offset from its label in O(log n), whatever was inserted, removed or moved
/// elsewhere since the entry was made; the slot confirms it. Nothing is ever rebuilt because
/// of edits: an entry changes only when its own item is inserted, removed, replaced or moved,
/// or when its label is spread again (``labelled(_:)``).
///
/// **Following changes.** An insertion, removal or replacement costs one dynamic cast and one
/// hash per item it touches, never a rebuild.
struct ItemLookup {
    /// How an item is keyed.
    enum Kind: Hashable {
        /// By the item's own hash value (`Hashable` items): equal items have equal keys.
        case hashValue
        /// By the hash value of the item's `id` (`Identifiable` items that are not `Hashable`):
        /// an item is found among those with its id (so an item that is `==` to the one looked
        /// for but has another id is not found: `==` is expected to compare ids too).
        case id
    }

    /// An indexed item: its identity and its label.
    struct Entry {
        var slot: UInt64
        var label: UInt64
    }

    /// The type the table indexes, and how.
    let type: ObjectIdentifier
    let kind: Kind
    /// The key of an item of that type, `nil` for an item of another type.
    private let key: (any Sendable) -> Int?
    /// Key to the items with that key.
    private var table: KeyedEntries

    /// The table of the items of type `T` in `section`, keyed by their hash values. O(items):
    /// one dynamic cast and one hash each.
    init<T: Hashable>(hashing _: T.Type, section: StoredSection) {
        self.init(type: ObjectIdentifier(T.self), kind: .hashValue, section: section) {
            cast($0, to: T.self) { $0.hashValue }
        }
    }

    /// The table of the items of type `T` in `section`, keyed by `idKey` (see ``IDKey``). O(items).
    init<T>(identifying _: T.Type, section: StoredSection, idKey: @escaping (any Sendable) -> Int?) {
        self.init(type: ObjectIdentifier(T.self), kind: .id, section: section, key: idKey)
    }

    private init(type: ObjectIdentifier, kind: Kind, section: StoredSection, key: @escaping (any Sendable) -> Int?) {
        self.type = type
        self.kind = kind
        self.key = key
        table = KeyedEntries(capacity: section.count)
        section.entries.forEachChunk { chunk in
            for item in chunk {
                if let key = key(item.model) { table.insert(Entry(slot: item.slot, label: item.label), key: key) }
            }
        }
    }

    /// Whether this table indexes `T` by `kind`.
    func indexes<T>(_: T.Type, by kind: Kind) -> Bool {
        self.kind == kind && type == ObjectIdentifier(T.self)
    }

    /// Calls `body` with the current offset of every item keyed `key` in `section` and with
    /// that item, read in place (valid only during `body`): one walk of the section's tree per
    /// item, no copy of one. O(log n) per item that shares the key. Returns `false` when an item
    /// is not where its entry says (never expected: the owner then builds the table again).
    func forEachCandidate(forKey key: Int, in section: StoredSection,
                          _ body: (_ offset: Int, _ item: UnsafePointer<StoredItem>) -> Void) -> Bool {
        var found = true
        table.forEach(key: key) { entry in
            guard section.withItem(labelled: entry.label, slot: entry.slot, body) != nil else {
                found = false
                return false
            }
            return true
        }
        return found
    }

    // MARK: Following the section's changes

    /// `items` were inserted, moved, or given new labels. O(items.count) on average.
    mutating func labelled(_ items: [StoredItem]) {
        for item in items {
            if let key = key(item.model) { table.upsert(Entry(slot: item.slot, label: item.label), key: key) }
        }
    }

    /// `item` with identity `slot` was removed. O(1) average, plus the items that share its key.
    mutating func removed(_ item: any Sendable, slot: UInt64) {
        if let key = key(item) { table.remove(slot: slot, key: key) }
    }

    /// `items` with identities `slots` were removed. O(items.count).
    mutating func removed(_ items: [any Sendable], slots: [UInt64]) {
        for (item, slot) in zip(items, slots) { removed(item, slot: slot) }
    }

    /// The item `old` (as stored before) was replaced in place by `new`, keeping its identity
    /// and label. O(1) average.
    mutating func replaced(_ old: StoredItem, with new: any Sendable) {
        let oldKey = key(old.model), newKey = key(new)
        // The same key (a new version of the same item, the usual replacement): its entry, the
        // identity and label it keeps, stays as it is.
        guard oldKey != newKey else { return }
        if let oldKey { table.remove(slot: old.slot, key: oldKey) }
        if let newKey { table.insert(Entry(slot: old.slot, label: old.label), key: newKey) }
    }

    /// With the trait `InternalChecks`, traps unless the table holds exactly the items of its
    /// type in `section`, each under its key and found where it is. O(items log n).
    func _checkInvariants(_ section: StoredSection) {
        #if InternalChecks
        var expected: [Int: [UInt64]] = [:]
        for item in section.entries {
            if let key = key(item.model) { expected[key, default: []].append(item.slot) }
        }
        var held: [Int: [UInt64]] = [:]
        for (key, entries) in table.allEntries {
            precondition(held[key] == nil && !entries.isEmpty, "ItemLookup: key \(key) held twice, or empty")
            held[key] = entries.map(\.slot)
            for entry in entries {
                precondition(section.offset(ofLabel: entry.label, slot: entry.slot) != nil,
                             "ItemLookup: slot \(entry.slot) not found by its label \(entry.label)")
            }
        }
        precondition(expected.mapValues { $0.sorted() } == held.mapValues { $0.sorted() },
                     "ItemLookup out of step with its section's items")
        #endif
    }
}


/// How an `Identifiable` type is keyed by id, decided at run time: every `Equatable` look-up of
/// an `Identifiable` type goes through the id index without a public overload of its own (which
/// `Identifiable & Hashable` types would find ambiguous with the `Hashable` one).
struct IDKey<T> {
    /// The key of a stored item: the hash value of its id when it is a `T`, else `nil`.
    let stored: (any Sendable) -> Int?
    /// The key of the value looked for.
    let own: (T) -> Int

    /// The keys of `T`, or `nil` when `T` is not `Identifiable`.
    init?() {
        guard let identifiable = T.self as? any Identifiable.Type else { return nil }
        func keys<I: Identifiable>(_: I.Type) -> (stored: (any Sendable) -> Int?, own: (T) -> Int) {
            // `I` is `T` itself (the metatype was only opened), so the casts below always succeed.
            ({ cast($0, to: I.self) { $0.id.hashValue } }, { ($0 as! I).id.hashValue })
        }
        (stored, own) = keys(identifiable)
    }
}

/// `body` of `item` as a `T` when `item` is one (`item as? T`), else `nil`. An item whose type is
/// exactly `T` (the usual case) is read as one without the dynamic cast, whose cost in
/// unspecialized code (the metadata of `Optional<T>`, looked up on every call) was most of the
/// time of building a look-up index; any other item goes through `as? T`, so the answer is the
/// cast's (subclasses, `AnyHashable`, optionals included).
/// (The dynamic cast is in a function of its own: in the same function, the unspecialized code
/// would look up `Optional<T>`'s metadata on entry, on the fast path too.)
@inline(__always)
func cast<T, Result>(_ item: any Sendable, to _: T.Type, _ body: (T) -> Result) -> Result? {
    func opened<U>(_ value: U) -> Result? {
        if U.self == T.self { return body(unsafeBitCast(value, to: T.self)) }
        return dynamicCast(value, to: T.self, body)
    }
    // Opened explicitly: `any Sendable`, like `Any`, is not opened implicitly (`U` would be
    // `any Sendable` itself, and every item would take the dynamic cast).
    return _openExistential(item, do: opened)
}

@inline(never)
private func dynamicCast<U, T, Result>(_ value: U, to _: T.Type, _ body: (T) -> Result) -> Result? {
    (value as? T).map(body)
}
