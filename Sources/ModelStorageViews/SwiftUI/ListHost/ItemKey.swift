// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation

/// The identity of an item in a storage of several item types (a `MemoryStorage`): the item's
/// type and its id, the `Identifiable` id (else the item itself, for a `Hashable` item without
/// an id). It is what a `StorageList` of such a storage selects, so that a `Playlist` and a
/// `Track` with equal ids are two entries of the selection, as the storage tells them apart.
///
/// ```swift
/// @State private var selection: Set<ItemKey> = []
/// …
/// if selection.contains(ItemKey(track)) { … }
/// let trackIDs = selection.compactMap { $0.id(as: Track.self) }
/// ```
///
/// `Sendable` because what it holds is: its type's identifier and name, and an id whose type is
/// `Sendable` (the typed initializers require it; an item's id read by ``init(item:)`` is an id of
/// a `Sendable` item, which the storages hold). `AnyHashable` itself is not marked `Sendable`.
public struct ItemKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    private let type: ObjectIdentifier
    private let typeName: String
    /// The item's id (its `Identifiable` id, else the item), type-erased.
    public let id: AnyHashable

    private init(type: Any.Type, id: AnyHashable) {
        self.type = ObjectIdentifier(type)
        typeName = String(describing: type)
        self.id = id
    }

    /// The key of an item of type `Item` with id `id`.
    public init<Item: Identifiable>(_ type: Item.Type, id: Item.ID) where Item.ID: Sendable {
        self.init(type: type, id: AnyHashable(id))
    }

    /// The key of `item`: its type and its id.
    public init<Item: Identifiable>(_ item: Item) where Item.ID: Sendable {
        self.init(type: Item.self, id: AnyHashable(item.id))
    }

    /// The key of `item`, an item without an id: its type and its value.
    public init<Item: Hashable & Sendable>(value item: Item) {
        self.init(type: Item.self, id: AnyHashable(item))
    }

    /// The key of an item of any type: its dynamic type and its `Identifiable` id, else its value
    /// when it is `Hashable`; `nil` for an item that is neither (it cannot be selected).
    public init?(item: any Sendable) {
        if let identifiable = item as? any Identifiable {
            self = Self.key(of: identifiable)
        } else if let hashable = item as? any Hashable {
            self = Self.key(ofValue: hashable)
        } else {
            return nil
        }
    }

    private static func key<Item: Identifiable>(of item: Item) -> ItemKey {
        ItemKey(type: Item.self, id: AnyHashable(item.id))
    }
    private static func key<Item: Hashable>(ofValue item: Item) -> ItemKey {
        ItemKey(type: Item.self, id: AnyHashable(item))
    }

    /// Whether this is the key of an item of type `Item`.
    public func isKey<Item>(of type: Item.Type) -> Bool { self.type == ObjectIdentifier(type) }

    /// The id of the item, when it is an `Item`; `nil` for an item of another type.
    public func id<Item: Identifiable>(as type: Item.Type) -> Item.ID? {
        isKey(of: type) ? id.base as? Item.ID : nil
    }

    /// Whether both are keys of items of the same type with equal ids.
    public static func == (lhs: ItemKey, rhs: ItemKey) -> Bool { lhs.type == rhs.type && lhs.id == rhs.id }

    /// Hashes the type and the id.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(id)
    }

    /// The type's name and the id.
    public var description: String { "\(typeName)(\(id))" }
}
#endif
