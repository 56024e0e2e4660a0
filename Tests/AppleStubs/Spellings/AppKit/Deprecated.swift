// The data sources' earlier spellings (an updater made by the app, an untyped cell
// provider): they keep compiling, deprecated. make apple-check type-checks this file without
// turning warnings into errors and requires the deprecation warnings.
// deprecated: init(updater:cellProvider:)
import AppKit
import ModelStorage
import ModelStorageViews

@MainActor
final class OldSpellingViewController: NSViewController {
    let storage = MemoryStorage()
    let tableView = NSTableView()
    private var dataSource: TableViewDataSource?

    override func viewDidLoad() {
        super.viewDidLoad()
        let updater = ViewUpdater(storage: storage, view: SingleSectionTableAdapter(tableView))
        dataSource = TableViewDataSource(updater: updater) { _, _, _, item in
            NSTextField(labelWithString: item as? String ?? "")
        }
        tableView.dataSource = dataSource
        tableView.delegate = dataSource
    }
}
