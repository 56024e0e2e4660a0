import Foundation
import ModelStorage
import ModelStorageTesting

/// A `SimulatedView` behind a view that forwards every call to it and adds up the time the
/// simulated view spends on its own (its checks, its cells and selection carried through each
/// batch), the updates block it runs for its caller excluded: so that a benchmark over UIKit's
/// rules can report its caller's time without the simulated view's.
@MainActor
final class TimedSimulatedView: BatchUpdatingView {
    let simulated: SimulatedView
    /// The simulated view's own time so far, in ns.
    private(set) var ownNanoseconds = 0.0

    init(_ simulated: SimulatedView) { self.simulated = simulated }

    private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) }

    /// Runs `call` on the simulated view, its time counted as the view's own.
    private func timed(_ call: () -> Void) {
        let start = now()
        call()
        ownNanoseconds += now() - start
    }

    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        var caller = 0.0
        let start = now()
        simulated.performBatchUpdates({ [self] in
            let began = now()
            updates?()
            caller += now() - began
        }, completion: completion)
        ownNanoseconds += now() - start - caller
    }
    func insertSections(_ sections: IndexSet) { timed { simulated.insertSections(sections) } }
    func deleteSections(_ sections: IndexSet) { timed { simulated.deleteSections(sections) } }
    func reloadSections(_ sections: IndexSet) { timed { simulated.reloadSections(sections) } }
    func moveSection(_ section: Int, toSection newSection: Int) { timed { simulated.moveSection(section, toSection: newSection) } }
    func insertItems(at indexPaths: [IndexPath]) { timed { simulated.insertItems(at: indexPaths) } }
    func deleteItems(at indexPaths: [IndexPath]) { timed { simulated.deleteItems(at: indexPaths) } }
    func reloadItems(at indexPaths: [IndexPath]) { timed { simulated.reloadItems(at: indexPaths) } }
    func reconfigureItems(at indexPaths: [IndexPath]) { timed { simulated.reconfigureItems(at: indexPaths) } }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { timed { simulated.moveItem(at: indexPath, to: newIndexPath) } }
    func reloadData() { timed { simulated.reloadData() } }
    var isInWindow: Bool { simulated.isInWindow }
}

/// Figures a benchmark body times itself (what is left of each run once a view's own time is
/// taken out), in ns by name, one per measured run; `BenchmarkPlan.run` reports their medians
/// with the others.
enum SelfTimedFigures {
    nonisolated(unsafe) private static var values: [String: [Double]] = [:]

    /// One run's figure of `name`.
    static func record(_ name: String, _ nanoseconds: Double) { values[name, default: []].append(nanoseconds) }

    /// The median of each name's figures and how many there are.
    static func medians() -> [String: (median: Double, iterations: Int)] {
        values.mapValues { figures in
            let sorted = figures.sorted(), middle = sorted.count / 2
            return (sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2, sorted.count)
        }
    }
}
