// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import ModelStorage

/// How an outline view's saved expansion names its items: a string per id and back.
///
/// `NSOutlineView` saves the items a user expanded (`autosaveExpandedItems`, with an
/// `autosaveName`) as archivable objects and finds them again at the next launch, when the
/// objects it showed are gone: the `OutlineViewDataSource` of the `ModelStorageViews` product
/// gives it ``string`` of each item's id, and reads the id back with ``id``, then the item's
/// stable object. A string that names an id not in the outline yet (its items load later) is
/// recorded expanded in the storage, so that the item shows expanded once it is added.
@MainActor
public struct OutlinePersistentIDs<ID: Hashable> {
    /// The string saved for `id`; equal ids give equal strings, different ids different strings.
    public let string: @MainActor (ID) -> String
    /// The id a saved string names, or `nil` for a string that names none.
    public let id: @MainActor (String) -> ID?

    /// Ids saved as `string` and read back with `id`.
    public init(string: @escaping @MainActor (ID) -> String, id: @escaping @MainActor (String) -> ID?) {
        self.string = string
        self.id = id
    }
}

extension OutlinePersistentIDs where ID: LosslessStringConvertible {
    /// Ids saved as their `description` and read back with `init?(_:)` (`String` and `Int` are
    /// such ids; for `UUID` ids, write
    /// `OutlinePersistentIDs(string: { $0.uuidString }, id: UUID.init(uuidString:))`).
    public static var losslessString: OutlinePersistentIDs<ID> {
        OutlinePersistentIDs(string: { $0.description }, id: { ID($0) })
    }
}
#endif
