/// The end of an updater's work, for an owner that lets go of its view before the updater is
/// released (a SwiftUI representable's `dismantleUIView`, a list that shows another storage).
extension ViewUpdater {
    /// Stops observing the storage and sends nothing more to the view, whatever is pending: a
    /// scheduled flush finds nothing to do, the completion of a batch still animating sends no
    /// refresh stage, and ``whenDisplayed(_:)`` work still waiting never runs. The storage's
    /// observer is removed at once. ``content`` keeps what the view showed last. Calling it again
    /// does nothing.
    public func stopObserving() {
        guard stopState() else { return }
        if let token = registration?.token { storage.removeObserver(token) }
        registration = nil
    }

    /// Whether ``stopObserving()`` was called.
    public var hasStoppedObserving: Bool { isStopped }
}
