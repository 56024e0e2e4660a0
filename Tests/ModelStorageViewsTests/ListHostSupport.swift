import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews

/// A storage of rows, as a SwiftUI screen holds it.
typealias RowStorage = SingleSectionHashableStorage<Row>

/// What a `StorageList`'s coordinator is, with UIKit's rules: a host over a `SimulatedView` whose
/// data source and user actions are the host, the row content a string ("the closure"), and each
/// cell's text recorded as a cell provider renders it.
@MainActor
final class HostScreen {
    let scheduler = ManualScheduler()
    let view: SimulatedView
    let host: ListHost<RowStorage, String, Int>
    /// What each cell shows, by cell (a moved cell keeps it): the row content and the row.
    var rendered: [Int: String] = [:]
    var configurations = 0
    var selectionReports: [Set<Int>] = []

    init(_ storage: RowStorage, rowContent: String = "v0", visible: Int = 10) {
        let view = SimulatedView(animationDuration: .milliseconds(300), visibleItemCount: visible)
        self.view = view
        host = ListHost(storage: storage, view: view, rowContent: rowContent,
                        identify: { ($0 as? Row)?.id }, visibleItems: { view.indexPathsForVisibleItems },
                        schedule: scheduler.schedule)
        view.dataSource = host
        view.onConfigureCell = { [unowned self, unowned view] path, item in   // the view keeps this closure
            configurations += 1
            guard let cell = view.cellID(at: path) else { return }
            rendered[cell] = "\(host.rowContent):\(item.map { "\($0)" } ?? "-")"
        }
        host.selectionDidChange = { [unowned self] in selectionReports.append($0) }
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

    /// What the visible cells show, in order, as rendered.
    var visibleTexts: [String] {
        view.indexPathsForVisibleItems.map { view.cellID(at: $0).flatMap { rendered[$0] } ?? "?" }
    }

    /// What the visible cells must show: the host's row content and the storage's rows.
    var expectedTexts: [String] {
        let items = host.storage.items
        return view.indexPathsForVisibleItems.map { "\(host.rowContent):\(items[$0[1]])" }
    }
}

func rows(_ ids: ClosedRange<Int>) -> [Row] { ids.map { Row(id: $0) } }
