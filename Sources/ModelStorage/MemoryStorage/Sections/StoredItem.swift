/// One item as ``MemoryStorage`` keeps it in a section's tree: the model, its identity (unique
/// within the storage, kept by moves and reloads, new for every inserted item), the storage's
/// revision when it was inserted or its content last replaced (kept by moves), and its label
/// (see ``Labels``). Keeping them in one element keeps them in step through every positional
/// change.
@usableFromInline
struct StoredItem: Sendable {
    /// The model, as stored (optionals unwrapped); read in place by the inlinable diffing code
    /// (one chunk of a tree at a time, see `MemoryStorage._forEachItemChunk`).
    @usableFromInline var model: any Sendable
    /// The item's identity.
    var slot: UInt64
    /// The revision of the item's content.
    var revision: UInt64
    /// Grows with the item's offset in its section: what finds the offset in O(log n).
    var label: UInt64 = 0
}
