#if GRDB
/// For the benchmark: where a pool's refresh spends its time. When ``record`` is set, a refresh
/// calls it at each step with the step's name; `nil` (always, outside the benchmark) costs one
/// load per step.
@_spi(Benchmarking)
public enum RefreshProbe {
    /// Called at each step of a refresh on a `DatabasePool`, on the thread of the step.
    public nonisolated(unsafe) static var record: (@Sendable (String) -> Void)?
}
#endif
