/// One item as ``MemoryStorage`` keeps it in a section's tree: the model, its identity (unique
/// within the storage, kept by moves and reloads, new for every inserted item) and the
/// storage's revision when it was inserted or its content last replaced (kept by moves).
/// Keeping the three in one element keeps them in step through every positional change.
struct StoredItem: Sendable {
    /// The model, as stored (optionals unwrapped).
    var model: any Sendable
    /// The item's identity.
    var slot: UInt64
    /// The revision of the item's content.
    var revision: UInt64
}
