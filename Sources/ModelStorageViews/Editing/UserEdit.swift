// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// Who takes a user's deletion or move, decided here for the data sources (``ItemEditing``) and
/// for `StorageList`'s host (``ListHost``) alike: the storage, through the updater, when the
/// updater can edit it; else the app's handler, as a request to make the change at the source (a
/// `DatabaseStorage`'s database); else nobody, and the action fails with
/// `UserActionError/notEditable`. A drop where the item was is no change at all: neither the
/// storage nor any handler hears of it (a request for it would make the app write an order that
/// did not change).
@MainActor
package enum UserEdit {
    /// Who took a user's action.
    package enum Outcome: Equatable, Sendable {
        /// The storage took it; the app's handlers are told afterwards (a notice).
        case applied
        /// The storage cannot be edited: the app's handler makes the change at the source.
        case requested
        /// Nothing to do: a drop where the item was.
        case unchanged
    }

    /// Applies a user's action through `apply` (the updater's user-action call); when the storage
    /// is not editable, the app takes it as a request if `appTakesRequests`.
    ///
    /// - Throws: what `apply` throws, except `UserActionError/notEditable` when the app takes
    ///   requests.
    package static func perform(appTakesRequests: Bool,
                                _ apply: () throws(UserActionError) -> Void) throws(UserActionError) -> Outcome {
        do {
            try apply()
            return .applied
        } catch .notEditable where appTakesRequests {
            return .requested
        }
    }

    /// A user's move of the item the view shows at `source` to `destination` (displayed index
    /// paths): ``Outcome/unchanged`` for a drop where it was, without calling `apply`; else as
    /// ``perform(appTakesRequests:_:)``.
    package static func move(from source: IndexPath, to destination: IndexPath, appTakesRequests: Bool,
                             _ apply: () throws(UserActionError) -> Void) throws(UserActionError) -> Outcome {
        guard source != destination else { return .unchanged }
        return try perform(appTakesRequests: appTakesRequests, apply)
    }
}
#endif
