/// Runs `work` off the caller's actor, on the global concurrent executor, and returns its
/// result: the diffs of the background calls (`setItemsInBackground`...). A nonisolated
/// `async` function leaves the caller's actor for its whole body (`@concurrent` says so where
/// the compiler knows the attribute; in Swift 6 mode it is also the default).
#if compiler(>=6.2)
@concurrent
func offTheCallersActor<Result: Sendable>(_ work: @Sendable () -> Result) async -> Result {
    work()
}
#else
func offTheCallersActor<Result: Sendable>(_ work: @Sendable () -> Result) async -> Result {
    work()
}
#endif
