#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import ModelStorageTesting
import Testing

/// The set-up of the tests that drive a view over a `DatabaseStorage`: books in sections by
/// genre (`Book.ordered`), behind a `ViewUpdater`, a `SimulatedView` laid out once and a
/// `ManualScheduler`; the storage polls for other connections' commits every 10 ms and counts
/// the updates it delivers.
@MainActor
final class BookScreen {
    let storage: DatabaseStorage<Book>
    let scheduler = ManualScheduler()
    let view: SimulatedView
    let updater: ViewUpdater<DatabaseStorage<Book>>
    /// How many updates the storage delivered.
    private(set) var reads = 0
    private var observation: Task<Void, any Error>?

    init(writer: any DatabaseWriter, cacheCapacity: Int = 256, animationDuration: Duration = .milliseconds(300),
         visibleItemCount: Int) throws {
        storage = try DatabaseStorage(writer: writer, request: Book.ordered, sectionColumn: "genre", cacheCapacity: cacheCapacity)
        storage.externalChangePollInterval = .milliseconds(10)
        view = SimulatedView(animationDuration: animationDuration, visibleItemCount: visibleItemCount)
        updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        storage.addObserver { [weak self] _ in self?.reads += 1 }
    }

    /// Starts observing; returns once the storage observes (``stop()`` or deinit ends it).
    func observe() async throws {
        observation = Task { [storage] in try await storage.observe() }
        while !storage.isObserving { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// Ends observation.
    func stop() { observation?.cancel() }

    /// Waits until the storage has delivered more than `count` updates.
    func waitForReads(after count: Int) async throws {
        while reads <= count { try await Task.sleep(for: .milliseconds(2)) }
    }

    /// Runs the scheduler and the animations until the updater is idle, in a window.
    func settle() {
        view.isInWindow = true
        while !(updater.isIdle && scheduler.pendingCount == 0 && view.batchesInFlight == 0) {
            scheduler.runUntilIdle()
            view.finishAnimations()
        }
    }

    /// The records the updater shows, per section.
    var shownRecords: [[Book?]] {
        (0..<updater.numberOfSections).map { section in
            (0..<updater.numberOfItems(inSection: section)).map { updater.item(at: IndexPath(item: $0, section: section)) as? Book }
        }
    }

    deinit { observation?.cancel() }
}
#endif
