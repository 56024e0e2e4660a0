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
/// *recorded* position: exact when recorded, and stale afterwards by at most `drift`, the number
/// of items inserted or removed before the end of the section since the table was built (each
/// shifts an item by one place at most). So an item is at its recorded position plus or minus
/// `drift`, and ``forEachCandidate(forKey:in:_:)`` finds it by looking outward from there,
/// comparing 64-bit identities (unique in a storage): exact, and O(distance actually moved).
/// Appending and removing at the end move nothing and add no drift. When `drift` passes
/// ``isStale(count:)``'s bound (a sixteenth of the section, and never below 64), the owner builds the table again,
/// so a run of k single changes costs O(k) here on average, whatever the section's size.
///
/// **Following changes.** An insertion, removal or replacement costs one dynamic cast and one
/// hash per item it touches (``inserted(_:slots:at:countBefore:)``, ``removed(_:slot:at:countBefore:)``,
/// ``replaced(_:with:slot:at:)``), never a rebuild.
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

    /// An indexed item: its identity and its position when recorded.
    struct Entry {
        var slot: UInt64
        var position: Int
    }

    /// The type the table indexes, and how.
    let type: ObjectIdentifier
    let kind: Kind
    /// The key of an item of that type, `nil` for an item of another type.
    private let key: (any Sendable) -> Int?
    /// Key to the items with that key.
    private var table: KeyedEntries
    /// The most any item has moved since its position was recorded.
    private var drift = 0

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
        var position = 0
        section.entries.forEachChunk { chunk in
            for entry in chunk {
                if let key = key(entry.model) { add(Entry(slot: entry.slot, position: position), key: key) }
                position += 1
            }
        }
    }

    /// Whether this table indexes `T` by `kind`.
    func indexes<T>(_: T.Type, by kind: Kind) -> Bool {
        self.kind == kind && type == ObjectIdentifier(T.self)
    }

    /// Whether the recorded positions have drifted so far that building the table again is
    /// cheaper than looking around them, for a section of `count` items: more than a sixteenth
    /// of them, and more than 64 (below that, looking around is cheap whatever the section).
    func isStale(count: Int) -> Bool { drift > max(64, count / 16) }

    /// Calls `body` with the current position of every item keyed `key` in `section`. O(log n)
    /// average times the distance each moved, plus the items that share the key. Returns `false`
    /// when an item is not where its entry allows (never expected: the owner then builds the
    /// table again).
    func forEachCandidate(forKey key: Int, in section: StoredSection, _ body: (Int) -> Void) -> Bool {
        var found = true
        table.forEach(key: key) { entry in
            guard let position = Self.search(entry.slot, from: entry.position, within: drift, in: section) else {
                found = false
                return false
            }
            body(position)
            return true
        }
        return found
    }

    /// Looks for `slot` at `start`, then one further on each side at a time, up to `radius`.
    private static func search(_ slot: UInt64, from start: Int, within radius: Int, in section: StoredSection) -> Int? {
        var distance = 0
        let count = section.count
        while distance <= radius {
            let after = start + distance, before = start - distance
            if after >= 0 && after < count && section.slot(at: after) == slot { return after }
            if before >= 0 && before < count && section.slot(at: before) == slot { return before }
            if after >= count && before < 0 { return nil }
            distance += 1
        }
        return nil
    }

    // MARK: Following the section's changes

    /// `items` with identities `slots` were inserted at `index` into a section that held
    /// `countBefore` items. O(items.count).
    mutating func inserted(_ items: [any Sendable], slots: [UInt64], at index: Int, countBefore: Int) {
        if index < countBefore { drift += items.count }
        for (offset, item) in items.enumerated() {
            if let key = key(item) { add(Entry(slot: slots[offset], position: index + offset), key: key) }
        }
    }

    /// `item` with identity `slot` was removed from `index` of a section that held `countBefore`
    /// items. O(1) average, plus the items that share its key.
    mutating func removed(_ item: any Sendable, slot: UInt64, at index: Int, countBefore: Int) {
        if index < countBefore - 1 { drift += 1 }
        if let key = key(item) { remove(slot, key: key) }
    }

    /// `items` with identities `slots` were removed from anywhere in the section. O(items.count).
    mutating func removed(_ items: [any Sendable], slots: [UInt64]) {
        drift += items.count
        for (item, slot) in zip(items, slots) {
            if let key = key(item) { remove(slot, key: key) }
        }
    }

    /// The item with identity `slot` at `index` was `old` and is now `new`. O(1) average.
    mutating func replaced(_ old: any Sendable, with new: any Sendable, slot: UInt64, at index: Int) {
        if let key = key(old) { remove(slot, key: key) }
        if let key = key(new) { add(Entry(slot: slot, position: index), key: key) }
    }

    private mutating func add(_ entry: Entry, key: Int) {
        table.insert(entry, key: key)
    }

    private mutating func remove(_ slot: UInt64, key: Int) {
        table.remove(slot: slot, key: key)
    }

    /// With the trait `InternalChecks`, traps unless the table holds exactly the items of its
    /// type in `section`, each under its key and found where it is. O(items × drift × log n).
    func _checkInvariants(_ section: StoredSection) {
        #if InternalChecks
        var expected: [Int: [UInt64]] = [:]
        for entry in section.entries {
            if let key = key(entry.model) { expected[key, default: []].append(entry.slot) }
        }
        var held: [Int: [UInt64]] = [:]
        for (key, entries) in table.allEntries {
            precondition(held[key] == nil && !entries.isEmpty, "ItemLookup: key \(key) held twice, or empty")
            held[key] = entries.map(\.slot)
            for entry in entries {
                let found = Self.search(entry.slot, from: entry.position, within: drift, in: section)
                precondition(found.map { section.slot(at: $0) } == entry.slot, "ItemLookup: slot \(entry.slot) not within \(drift) of \(entry.position)")
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
    return opened(item)
}

@inline(never)
private func dynamicCast<U, T, Result>(_ value: U, to _: T.Type, _ body: (T) -> Result) -> Result? {
    (value as? T).map(body)
}
