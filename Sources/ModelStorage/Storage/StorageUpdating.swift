/// The delegate of a storage: told about every change, after the data changed.
///
/// A storage holds its delegate weakly. Both methods are called on the thread (isolation)
/// that mutated the storage, after the mutation.
public protocol StorageUpdating: AnyObject {
    /// The storage changed as `update` describes; it is never empty.
    func storageDidPerformUpdate(_ update: StorageUpdate)
    /// The storage changed in a way that is not described (``MemoryStorage/updateWithoutAnimations(_:)``):
    /// reload everything.
    func storageNeedsReloading()
}
