import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews

/// A track and a playlist whose ids overlap: a storage of several types tells them apart.
struct Track: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var description: String { "t\(id)" }
}

struct Playlist: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var description: String { "p\(id)" }
}

/// The error an app's handler throws (a database write that failed).
struct HandlerFailure: Error, Equatable {
    var item: String
}

/// A `StorageList`'s coordinator over a `MemoryStorage` of tracks and playlists, selecting
/// `ItemKey`s, with UIKit's rules: the host over a `SimulatedView` whose data source and user
/// actions are the host.
@MainActor
final class KeyedHostScreen {
    let scheduler = ManualScheduler()
    let view: SimulatedView
    let host: ListHost<MemoryStorage, String, ItemKey>
    var selectionReports: [Set<ItemKey>] = []
    var failures: [any Error] = []

    init(_ storage: MemoryStorage, visible: Int = 10) {
        let view = SimulatedView(animationDuration: .milliseconds(300), visibleItemCount: visible)
        self.view = view
        host = ListHost(storage: storage, view: view, rowContent: "rows", identify: { ItemKey(item: $0) },
                        visibleItems: { view.indexPathsForVisibleItems }, schedule: scheduler.schedule)
        view.dataSource = host
        host.selectionDidChange = { [unowned self] in selectionReports.append($0) }
        host.didFailAction = { [unowned self] in failures.append($0) }
        view.layoutIfNeeded()
    }

    /// Runs turns and animations until the view shows the storage.
    func settle() {
        for _ in 0..<100 where !host.updater.isIdle || view.batchesInFlight > 0 {
            scheduler.runUntilIdle()
            view.finishAnimations()
        }
        view.layoutIfNeeded()
    }

    /// The keys of the items `list` holds, section by section.
    func keys(of list: some Storage) -> [[ItemKey]] {
        (0..<list.numberOfSections).map { section in
            (0..<list.numberOfItems(inSection: section)).compactMap { list.item(at: path(section, $0)).flatMap(ItemKey.init(item:)) }
        }
    }

    /// What differs between the view and the storage (for failure messages).
    var mismatch: String {
        "shown \(keys(of: host)) stored \(keys(of: host.storage)) violations \(view.violations) stale \(view.staleCells) counts \(String(describing: view.cachedItemCounts))"
    }

    /// Whether the view shows what the storage holds, item by item, by a legal path.
    var showsStorage: Bool {
        keys(of: host) == keys(of: host.storage) && view.violations.isEmpty && view.staleCells.isEmpty
            && view.cachedItemCounts == (0..<host.storage.numberOfSections).map { host.storage.numberOfItems(inSection: $0) }
    }
}

/// Two sections of tracks and playlists whose ids overlap.
func mixedSections(_ ids: [[Int]]) -> [[any Sendable]] {
    ids.map { section in section.map { $0 % 2 == 0 ? Track(id: $0 / 2) as any Sendable : Playlist(id: $0 / 2) } }
}
