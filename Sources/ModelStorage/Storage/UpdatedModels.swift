#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The new models of the items a ``StorageUpdate`` lists as updated, keyed by new index path,
/// as the update keeps them: what ``StorageUpdate/updatedModels`` reads as a dictionary.
///
/// The most frequent update, one item replaced, carries one model: it is kept as it is (one
/// small box), without building, hashing into and later freeing a dictionary that the
/// update's usual consumer (a ``ViewUpdater``, which reads the storage's content) never reads.
/// The dictionary is built when ``StorageUpdate/updatedModels`` is read.
enum UpdatedModels: Sendable {
    /// No model.
    case none
    /// The model of one item, at its new index path.
    indirect case one(IndexPath, any Sendable)
    /// Models by new index path (any number of them).
    case many([IndexPath: any Sendable])

    /// The models of `dictionary`. O(1).
    init(_ dictionary: [IndexPath: any Sendable]) {
        self = dictionary.isEmpty ? .none : .many(dictionary)
    }

    /// The models as a dictionary keyed by new index path. O(1) (one model: a dictionary of one
    /// entry is built).
    var dictionary: [IndexPath: any Sendable] {
        switch self {
        case .none: return [:]
        case let .one(path, model): return [path: model]
        case let .many(dictionary): return dictionary
        }
    }
}
