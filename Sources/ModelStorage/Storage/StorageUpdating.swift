/// The delegate of a storage: told about every change, after the data changed.
///
/// A storage holds its delegate weakly. Both methods are called on the thread (isolation)
/// that mutated the storage, after the mutation.
///
/// A `@MainActor` class (every view controller) adopts it with an isolated conformance, in
/// Swift 6 (a plain `: StorageUpdating` crosses into main-actor code and does not compile):
///
/// ```swift
/// @MainActor
/// final class ListController: @MainActor StorageUpdating { ... }
/// ```
///
/// To show a storage in a table or collection view, do not apply the updates to the view from
/// here while its data source reads the storage: the view can meet counts that already moved on.
/// Let a ``ViewUpdater`` do it.
public protocol StorageUpdating: AnyObject {
    /// The storage changed as `update` describes; it is never empty.
    func storageDidPerformUpdate(_ update: StorageUpdate)
    /// The storage changed in a way that is not described (``MemoryStorage/updateWithoutAnimations(_:)``):
    /// reload everything.
    func storageNeedsReloading()
}
