import FingerprintDiff

/// The items of one `Identifiable & Equatable` type met in one diff of untyped items, typed, in
/// two columns (the old list's and the new one's): each item is copied in as its type once,
/// when it is added; the keys of a list's items are then written a column at a time (one call
/// per column and list, not per item), and ids are compared and contents checked without a
/// cast.
///
/// A class whose methods each type's subclass (``IdentifiedItemColumn``) overrides, rather than a
/// protocol: the diff calls them through an unretained reference (no reference counting per
/// item) and a class's table (no witness table to look up).
class ItemTypeColumn {
    /// The type of the column's items.
    var itemType: ObjectIdentifier { preconditionFailure("a column without a type") }
    /// Adds `value`, an item of exactly this column's type (an opened existential), to the old
    /// or the new column; its key goes to `offset` in its list's keys (see ``writeKeys(isOld:into:columns:)``).
    func add<Value>(_ value: Value, isOld: Bool, offset: Int) { preconditionFailure("a column without a type") }
    /// Adds `item`, whose dynamic type is this column's, cast to it (e.g. an instance boxed as
    /// its superclass, or a value the cast finds inside another, such as an `AnyHashable`).
    func add(casting item: any Sendable, isOld: Bool, offset: Int) { preconditionFailure("a column without a type") }
    /// Writes the key (fingerprint: the type's bits mixed with the id's; index in the column)
    /// of every item added to the old or the new column since the last call, at the offset it
    /// was added with, into `keys` (uninitialized memory there).
    func writeKeys(isOld: Bool, into keys: UnsafeMutablePointer<TypedItemKey>, columns: ItemColumns) {
        preconditionFailure("a column without a type")
    }
    /// Whether the ids at two indexes (each in the old or the new column) are `==`.
    func haveEqualIDs(_ lhsIsOld: Bool, _ lhs: Int, _ rhsIsOld: Bool, _ rhs: Int) -> Bool {
        preconditionFailure("a column without a type")
    }
    /// Whether old item `old` and new item `new` are `==`.
    func areEqual(old: Int, new: Int) -> Bool { preconditionFailure("a column without a type") }
}

/// What every key of one column's items of one list shares: all but the fingerprint and the
/// index.
struct ColumnKeyTemplate {
    /// The column's index among the diff's columns.
    let type: UInt32
    /// Whether the items are the old list's.
    let isOld: Bool
    /// The item type's bits, mixed into every fingerprint.
    let typeBits: UInt64
    /// The diff's columns.
    unowned(unsafe) let columns: ItemColumns

    /// The key of the item at `index` in the column whose id's fingerprint (unmixed) is
    /// `fingerprint`, which stands for the id alone when `isID`.
    @inline(__always)
    func key(_ fingerprint: UInt64, isID: Bool, index: Int) -> TypedItemKey {
        TypedItemKey(fingerprint: fingerprint ^ typeBits, type: type, isOld: isOld, fingerprintIsID: isID, index: index,
                     columns: columns)
    }
}

/// One list's side of a column: its items (untyped here: a generic struct's metadata would be
/// looked up at every use in the column's unspecialized code), and where each one's key goes.
struct ColumnSide {
    /// The items, `count` of them initialized.
    let items: UnsafeMutableRawPointer
    /// For each item, its offset in its list (where its key goes).
    let offsets: UnsafeMutablePointer<Int>
    /// The number of items added.
    var count = 0
    /// The number of items whose keys are written.
    var keyed = 0

    /// A side for at most `capacity` items of `Item`.
    init<Item>(capacity: Int, of _: Item.Type) {
        items = UnsafeMutableRawPointer(UnsafeMutablePointer<Item>.allocate(capacity: capacity))
        offsets = .allocate(capacity: capacity)
    }

    /// The items, typed.
    @inline(__always)
    func typed<Item>(_: Item.Type) -> UnsafeMutablePointer<Item> { items.assumingMemoryBound(to: Item.self) }

    /// The next free place, counted as used, for the item at `offset` in its list.
    @inline(__always)
    mutating func nextSlot<Item>(offset: Int, _: Item.Type) -> UnsafeMutablePointer<Item> {
        offsets[count] = offset
        count += 1
        return typed(Item.self) + (count - 1)
    }

    /// Frees the memory (and the items, of `Item`).
    func release<Item>(_: Item.Type) {
        typed(Item.self).deinitialize(count: count)
        typed(Item.self).deallocate()
        offsets.deallocate()
    }
}

/// ``ItemTypeColumn`` for `Item`. Its code runs unspecialized (the type is only known at run
/// time), so the columns are buffers, not arrays: an array of `Item` would look up its generic
/// metadata at every access, which cost more than the whole diff. Ids of the common concrete
/// types are fingerprinted by code compiled for them (``SpecialisedIDKeys``), a column's worth
/// at a time.
final class IdentifiedItemColumn<Item: Identifiable & Equatable>: ItemTypeColumn {
    @exclusivity(unchecked) private var old: ColumnSide
    @exclusivity(unchecked) private var new: ColumnSide
    /// This column's index among the diff's columns: the `type` of its keys.
    private let type: UInt32
    /// `Item`'s bits, mixed into every fingerprint of its ids.
    private let typeBits = mixedBits(UInt64(UInt(bitPattern: ObjectIdentifier(Item.self).hashValue)))
    /// How the ids are fingerprinted when `Item.ID` is a common concrete type (code compiled for
    /// it), else `nil`: the id is hashed through `Hashable`.
    private let specialised: (any SpecialisedIDKeys.Type)?

    /// Column `type` of a diff, for at most `oldCapacity` old and `newCapacity` new items (the
    /// lists' lengths: memory that is reserved, not touched, beyond the items added). With
    /// `hashedIDsOnly`, every id's fingerprint is hashed, an integer's too (the same matching):
    /// the general path, for the tests that compare the two.
    init(type: UInt32, oldCapacity: Int, newCapacity: Int, hashedIDsOnly: Bool) {
        old = ColumnSide(capacity: oldCapacity, of: Item.self)
        new = ColumnSide(capacity: newCapacity, of: Item.self)
        self.type = type
        specialised = hashedIDsOnly ? nil : specialisedIDKeys(of: Item.self)
        super.init()
    }

    deinit {
        old.release(Item.self)
        new.release(Item.self)
    }

    override var itemType: ObjectIdentifier { ObjectIdentifier(Item.self) }

    override func add<Value>(_ value: Value, isOld: Bool, offset: Int) {
        assert(Value.self == Item.self, "an item added to another type's column")
        // Copied in as what it is: no `Optional<Item>` is made (its metadata would be looked
        // up on every call in this unspecialized code), no cast.
        let slot = isOld ? old.nextSlot(offset: offset, Item.self) : new.nextSlot(offset: offset, Item.self)
        UnsafeMutableRawPointer(slot).assumingMemoryBound(to: Value.self).initialize(to: value)
    }

    override func add(casting item: any Sendable, isOld: Bool, offset: Int) {
        let slot = isOld ? old.nextSlot(offset: offset, Item.self) : new.nextSlot(offset: offset, Item.self)
        slot.initialize(to: item as! Item)
    }

    override func writeKeys(isOld: Bool, into keys: UnsafeMutablePointer<TypedItemKey>, columns: ItemColumns) {
        let side = isOld ? old : new
        let template = ColumnKeyTemplate(type: type, isOld: isOld, typeBits: typeBits, columns: columns)
        let indexes = side.keyed..<side.count
        if let specialised {
            specialised.writeKeys(ofItemsAt: UnsafeRawPointer(side.items), indexes: indexes, offsets: side.offsets,
                                  template: template, into: keys)
        } else {
            for index in indexes {
                let fingerprint = Fingerprint(hashing: side.typed(Item.self)[index].id).rawValue
                (keys + side.offsets[index]).initialize(to: template.key(fingerprint, isID: false, index: index))
            }
        }
        if isOld { old.keyed = side.count } else { new.keyed = side.count }
    }

    override func haveEqualIDs(_ lhsIsOld: Bool, _ lhs: Int, _ rhsIsOld: Bool, _ rhs: Int) -> Bool {
        (lhsIsOld ? old : new).typed(Item.self)[lhs].id == (rhsIsOld ? old : new).typed(Item.self)[rhs].id
    }

    override func areEqual(old: Int, new: Int) -> Bool { self.old.typed(Item.self)[old] == self.new.typed(Item.self)[new] }
}
