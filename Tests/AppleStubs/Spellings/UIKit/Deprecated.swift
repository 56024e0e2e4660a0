// The data sources' earlier spellings (an updater made by the app, an untyped cell
// provider): they keep compiling, deprecated. make apple-check type-checks this file without
// turning warnings into errors and requires the deprecation warnings.
// deprecated: init(updater:cellProvider:)
import UIKit
import ModelStorage
import ModelStorageViews

@MainActor
final class OldSpellingViewController: UITableViewController {
    let storage = MemoryStorage()
    private var dataSource: TableViewDataSource?
    private var gridDataSource: CollectionViewDataSource?

    override func viewDidLoad() {
        super.viewDidLoad()
        let updater = ViewUpdater(storage: storage, view: TableViewAdapter(tableView))
        dataSource = TableViewDataSource(updater: updater) { tableView, indexPath, item in
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = item as? String
            cell.contentConfiguration = content
            return cell
        }
        tableView.dataSource = dataSource
        let grid = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        gridDataSource = CollectionViewDataSource(updater: ViewUpdater(storage: storage, view: CollectionViewAdapter(grid))) {
            collectionView, indexPath, _ in collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        grid.dataSource = gridDataSource
    }
}
