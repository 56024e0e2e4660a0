/// Releases `value` on the global concurrent executor, not on the caller's actor: what a
/// background call does with the large values its commit retired (a section's old tree of a
/// million existentials, the look-up index beside it, the previous update's models), so that
/// freeing them does not cost the caller's actor O(n). The caller must hold no other reference
/// to what should be freed there (a reference held elsewhere, a view's content, is only given
/// up). O(1) on the caller's actor.
func releaseOffTheCallersActor<Value: Sendable>(_ value: consuming Value) {
    let box = Released(value)
    Task.detached(priority: .utility) { box.empty() }
}

/// A value on its way to be released off the caller's actor: the box is the value's only owner,
/// emptied once by the task that releases it.
private final class Released<Value: Sendable>: @unchecked Sendable {
    /// The value until ``empty()``. Read and written by one task at a time: the caller before it
    /// hands the box over, the releasing task after.
    private var value: Value?

    init(_ value: consuming Value) {
        self.value = consume value
    }

    /// Releases the value.
    func empty() {
        value = nil
    }
}
