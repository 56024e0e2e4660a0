#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// How a column of one `Identifiable & Equatable` type (``IdentifiedItemColumn``) fingerprints
/// its items' ids when the id type is one of the common concrete ones (the integers, `String`,
/// `UUID`): chosen once per column through a conditional conformance (``specialisedIDKeys(of:)``),
/// so that each id is read and fingerprinted by code compiled for its type. The column's own
/// code runs unspecialised (its item type is only known at run time): through it, every id
/// would cost an associated-type look-up, value witness calls and a hash through `Hashable`'s
/// witnesses.
///
/// The fingerprint only filters: equal ids always give equal fingerprints, and a pair is
/// confirmed with `==` on the ids unless the fingerprint stands for the id (an integer's bits,
/// mixed by a bijection: equal exactly when the ids are). So the matching is the one of hashed
/// ids.
protocol SpecialisedIDKeys {
    /// Writes the keys of the items at `indexes` of the column whose items (of the column's
    /// type) are at the addresses `items`, each at its offset (`offsets[index]`) in `keys`, from `template`.
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>)
}

/// The ``SpecialisedIDKeys`` of `Item` when its id type is one of those it covers, else `nil`:
/// one comparison of types, then one dynamic cast (a conditional conformance) per column.
func specialisedIDKeys<Item: Identifiable>(of _: Item.Type) -> (any SpecialisedIDKeys.Type)? {
    let id = Item.ID.self
    let keys: Any.Type
    if id == Int.self {
        keys = IntIDKeys<Item>.self
    } else if id == String.self {
        keys = StringIDKeys<Item>.self
    } else if id == UUID.self {
        keys = UUIDIDKeys<Item>.self
    } else if id == Int64.self {
        keys = Int64IDKeys<Item>.self
    } else if id == UInt64.self {
        keys = UInt64IDKeys<Item>.self
    } else if id == UInt.self {
        keys = UIntIDKeys<Item>.self
    } else if id == Int32.self {
        keys = Int32IDKeys<Item>.self
    } else if id == UInt32.self {
        keys = UInt32IDKeys<Item>.self
    } else {
        return nil
    }
    return keys as? any SpecialisedIDKeys.Type
}

/// Writes the keys of the items at `indexes` of the addresses `items` (of `Item`s), their ids
/// fingerprinted by `fingerprint`; inlined into each conformance, where `Item.ID` is concrete.
@inline(__always)
private func writeSpecialisedKeys<Item: Identifiable>(
    of items: UnsafePointer<UnsafeRawPointer>, _: Item.Type, indexes: Range<Int>, offsets: UnsafePointer<Int>, template: ColumnKeyTemplate,
    into keys: UnsafeMutablePointer<TypedItemKey>, isID: Bool, fingerprint: (Item.ID) -> UInt64
) {
    for index in indexes {
        let item = items[index].assumingMemoryBound(to: Item.self)
        (keys + offsets[index]).initialize(to: template.key(fingerprint(item.pointee.id), isID: isID, index: index))
    }
}

/// ``SpecialisedIDKeys`` of items whose ids are `Int`s.
enum IntIDKeys<Item> {}
extension IntIDKeys: SpecialisedIDKeys where Item: Identifiable, Item.ID == Int {
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>) {
        writeSpecialisedKeys(of: items, Item.self, indexes: indexes, offsets: offsets, template: template, into: keys,
                             isID: true) { mixedBits(UInt64(bitPattern: Int64($0))) }
    }
}

/// ``SpecialisedIDKeys`` of items whose ids are `Int64`s.
enum Int64IDKeys<Item> {}
extension Int64IDKeys: SpecialisedIDKeys where Item: Identifiable, Item.ID == Int64 {
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>) {
        writeSpecialisedKeys(of: items, Item.self, indexes: indexes, offsets: offsets, template: template, into: keys,
                             isID: true) { mixedBits(UInt64(bitPattern: $0)) }
    }
}

/// ``SpecialisedIDKeys`` of items whose ids are `UInt64`s.
enum UInt64IDKeys<Item> {}
extension UInt64IDKeys: SpecialisedIDKeys where Item: Identifiable, Item.ID == UInt64 {
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>) {
        writeSpecialisedKeys(of: items, Item.self, indexes: indexes, offsets: offsets, template: template, into: keys,
                             isID: true) { mixedBits($0) }
    }
}

/// ``SpecialisedIDKeys`` of items whose ids are `UInt`s.
enum UIntIDKeys<Item> {}
extension UIntIDKeys: SpecialisedIDKeys where Item: Identifiable, Item.ID == UInt {
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>) {
        writeSpecialisedKeys(of: items, Item.self, indexes: indexes, offsets: offsets, template: template, into: keys,
                             isID: true) { mixedBits(UInt64($0)) }
    }
}

/// ``SpecialisedIDKeys`` of items whose ids are `Int32`s (sign-extended: still a bijection).
enum Int32IDKeys<Item> {}
extension Int32IDKeys: SpecialisedIDKeys where Item: Identifiable, Item.ID == Int32 {
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>) {
        writeSpecialisedKeys(of: items, Item.self, indexes: indexes, offsets: offsets, template: template, into: keys,
                             isID: true) { mixedBits(UInt64(bitPattern: Int64($0))) }
    }
}

/// ``SpecialisedIDKeys`` of items whose ids are `UInt32`s.
enum UInt32IDKeys<Item> {}
extension UInt32IDKeys: SpecialisedIDKeys where Item: Identifiable, Item.ID == UInt32 {
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>) {
        writeSpecialisedKeys(of: items, Item.self, indexes: indexes, offsets: offsets, template: template, into: keys,
                             isID: true) { mixedBits(UInt64($0)) }
    }
}

/// ``SpecialisedIDKeys`` of items whose ids are `String`s: the diff core's key of the string
/// (its NFC form's UTF-8, so `==` strings share it), not its `Hashable` hash.
enum StringIDKeys<Item> {}
extension StringIDKeys: SpecialisedIDKeys where Item: Identifiable, Item.ID == String {
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>) {
        writeSpecialisedKeys(of: items, Item.self, indexes: indexes, offsets: offsets, template: template, into: keys,
                             isID: false) { Fingerprint(of: $0).rawValue }
    }
}

/// ``SpecialisedIDKeys`` of items whose ids are `UUID`s: the diff core's key of its 16 bytes.
enum UUIDIDKeys<Item> {}
extension UUIDIDKeys: SpecialisedIDKeys where Item: Identifiable, Item.ID == UUID {
    static func writeKeys(ofItemsAt items: UnsafePointer<UnsafeRawPointer>, indexes: Range<Int>, offsets: UnsafePointer<Int>,
                          template: ColumnKeyTemplate, into keys: UnsafeMutablePointer<TypedItemKey>) {
        writeSpecialisedKeys(of: items, Item.self, indexes: indexes, offsets: offsets, template: template, into: keys,
                             isID: false) { Fingerprint(of: $0).rawValue }
    }
}
