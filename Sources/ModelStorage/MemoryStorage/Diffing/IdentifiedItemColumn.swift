import FingerprintDiff

/// The items of one `Identifiable & Equatable` type met in one diff of untyped items, in two
/// columns (the old list's and the new one's) of addresses: an item is read where it is stored
/// (in its list's existential, see ``ExistentialValuePlacement``), or, when it can only be reached
/// by a cast, copied in as its type once. The keys of a list's items are then written a column at
/// a time (one call per column and list, not per item), and ids are compared and contents
/// checked without a cast.
///
/// A class whose methods each type's subclass (``IdentifiedItemColumn``) overrides, rather than a
/// protocol: the diff calls them through an unretained reference (no reference counting per
/// item) and a class's table (no witness table to look up).
class ItemTypeColumn {
    /// The old list's items: an item of exactly this column's type is added by its address in
    /// its existential (``placement``), read in place (its list must outlive the column,
    /// unchanged); its key goes to its offset in its list's keys (see
    /// ``writeKeys(isOld:into:columns:)``).
    @exclusivity(unchecked) final var old: ColumnSide
    /// The new list's items, as ``old``.
    @exclusivity(unchecked) final var new: ColumnSide
    /// Where an existential holding exactly this column's type keeps it.
    final let placement: ExistentialValuePlacement

    /// A column for at most `capacities` items of a type placed by `placement`.
    init(capacities: (old: Int, new: Int), placement: ExistentialValuePlacement) {
        old = ColumnSide(capacity: capacities.old)
        new = ColumnSide(capacity: capacities.new)
        self.placement = placement
    }

    /// The type of the column's items.
    var itemType: ObjectIdentifier { preconditionFailure("a column without a type") }
    /// Adds a copy of `value`, an item of exactly this column's type (an opened existential).
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

/// One list's side of a column: where each of its items lies (untyped here: a generic struct's
/// metadata would be looked up at every use in the column's unspecialized code), and where each
/// one's key goes.
struct ColumnSide {
    /// The address of each item's value, `count` of them: in its list, or in ``copies``.
    let addresses: UnsafeMutablePointer<UnsafeRawPointer>
    /// For each item, its offset in its list (where its key goes).
    let offsets: UnsafeMutablePointer<Int>
    /// The most items the side holds.
    let capacity: Int
    /// The number of items added.
    var count = 0
    /// The number of items whose keys are written.
    var keyed = 0
    /// The items that are copied in (cast, or opened when items cannot be read in place),
    /// ``copyCount`` of them initialized; allocated for ``capacity`` items when the first comes.
    var copies: UnsafeMutableRawPointer?
    /// The number of items in ``copies``.
    var copyCount = 0

    /// A side for at most `capacity` items.
    init(capacity: Int) {
        self.capacity = capacity
        addresses = .allocate(capacity: capacity)
        offsets = .allocate(capacity: capacity)
    }

    /// The item at `index`, typed.
    @inline(__always)
    func item<Item>(_ index: Int, _: Item.Type) -> UnsafePointer<Item> {
        UnsafePointer(addresses[index].assumingMemoryBound(to: Item.self))
    }

    /// Counts the item at `offset` in its list, whose value is at `address`.
    @inline(__always)
    mutating func add(_ address: UnsafeRawPointer, offset: Int) {
        addresses[count] = address
        offsets[count] = offset
        count += 1
    }

    /// A free place in ``copies`` for an item of `Item`, counted as used.
    mutating func nextCopy<Item>(_: Item.Type) -> UnsafeMutablePointer<Item> {
        let copies = self.copies ?? UnsafeMutableRawPointer(UnsafeMutablePointer<Item>.allocate(capacity: capacity))
        self.copies = copies
        copyCount += 1
        return copies.assumingMemoryBound(to: Item.self) + (copyCount - 1)
    }

    /// Frees the memory (and the copies, of `Item`).
    func release<Item>(_: Item.Type) {
        if let copies {
            copies.assumingMemoryBound(to: Item.self).deinitialize(count: copyCount)
            copies.deallocate()
        }
        addresses.deallocate()
        offsets.deallocate()
    }
}

/// ``ItemTypeColumn`` for `Item`. Its code runs unspecialized (the type is only known at run
/// time), so the columns are buffers of addresses, not arrays: an array of `Item` would look up
/// its generic metadata at every access, which cost more than the whole diff. Ids of the common
/// concrete types are fingerprinted by code compiled for them (``SpecialisedIDKeys``), a column's
/// worth at a time.
final class IdentifiedItemColumn<Item: Identifiable & Equatable>: ItemTypeColumn {
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
        self.type = type
        specialised = hashedIDsOnly ? nil : specialisedIDKeys(of: Item.self)
        super.init(capacities: (oldCapacity, newCapacity), placement: ExistentialValuePlacement(of: Item.self))
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
        let copy = isOld ? old.nextCopy(Item.self) : new.nextCopy(Item.self)
        UnsafeMutableRawPointer(copy).assumingMemoryBound(to: Value.self).initialize(to: value)
        if isOld { old.add(UnsafeRawPointer(copy), offset: offset) } else { new.add(UnsafeRawPointer(copy), offset: offset) }
    }

    override func add(casting item: any Sendable, isOld: Bool, offset: Int) {
        let copy = isOld ? old.nextCopy(Item.self) : new.nextCopy(Item.self)
        copy.initialize(to: item as! Item)
        if isOld { old.add(UnsafeRawPointer(copy), offset: offset) } else { new.add(UnsafeRawPointer(copy), offset: offset) }
    }

    override func writeKeys(isOld: Bool, into keys: UnsafeMutablePointer<TypedItemKey>, columns: ItemColumns) {
        let side = isOld ? old : new
        let template = ColumnKeyTemplate(type: type, isOld: isOld, typeBits: typeBits, columns: columns)
        let indexes = side.keyed..<side.count
        if let specialised {
            specialised.writeKeys(ofItemsAt: UnsafePointer(side.addresses), indexes: indexes, offsets: side.offsets,
                                  template: template, into: keys)
        } else {
            for index in indexes {
                let fingerprint = Fingerprint(hashing: side.item(index, Item.self).pointee.id).rawValue
                (keys + side.offsets[index]).initialize(to: template.key(fingerprint, isID: false, index: index))
            }
        }
        if isOld { old.keyed = side.count } else { new.keyed = side.count }
    }

    override func haveEqualIDs(_ lhsIsOld: Bool, _ lhs: Int, _ rhsIsOld: Bool, _ rhs: Int) -> Bool {
        (lhsIsOld ? old : new).item(lhs, Item.self).pointee.id == (rhsIsOld ? old : new).item(rhs, Item.self).pointee.id
    }

    override func areEqual(old: Int, new: Int) -> Bool {
        self.old.item(old, Item.self).pointee == self.new.item(new, Item.self).pointee
    }
}
