// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
/// The closures of one batch, kept on the main actor so that the closures handed to UIKit and
/// AppKit capture only this (a `Sendable` reference) and compile whether the SDK imports them as
/// `@Sendable` or not; they run the work with `MainActor.assumeIsolated`, as those frameworks
/// call them on the main thread.
@MainActor
final class PendingBatch {
    private let updates: @MainActor () -> Void
    private let completion: @MainActor (Bool) -> Void

    init(updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void) {
        self.updates = updates
        self.completion = completion
    }

    /// Runs the updates.
    func runUpdates() { updates() }

    /// Runs the completion.
    func complete(_ finished: Bool) { completion(finished) }
}
#endif
