/// The order in which a storage's background calls (`setItemsInBackground`...) commit: each
/// takes a turn when it is called, and waits for the calls made before it to commit, be
/// cancelled or fail before it diffs, so that overlapping calls commit in call order and each
/// diffs from what the one before it left. Used from the storage's isolation only.
final class BackgroundTurns {
    /// The turn the next call takes.
    private var nextTurn: UInt64 = 0
    /// The turn that may run now.
    private var currentTurn: UInt64 = 0
    /// Calls waiting for their turn, by turn.
    private var waiting: [UInt64: CheckedContinuation<Void, Never>] = [:]

    /// A new turn, after every turn taken before. O(1).
    func take() -> UInt64 {
        defer { nextTurn += 1 }
        return nextTurn
    }

    /// Returns when `turn` may run: at once when the turns before it have finished, else when
    /// the last of them finishes. O(1).
    func wait(for turn: UInt64, isolation: isolated (any Actor)? = #isolation) async {
        guard turn != currentTurn else { return }
        await withCheckedContinuation(isolation: isolation) { waiting[turn] = $0 }
    }

    /// Ends `turn` (the one running) and lets the next one run. O(1).
    func finish(_ turn: UInt64) {
        precondition(turn == currentTurn, "BackgroundTurns: turn \(turn) finished during turn \(currentTurn)")
        currentTurn += 1
        waiting.removeValue(forKey: currentTurn)?.resume()
    }
}
