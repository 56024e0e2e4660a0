// A Mac app's view controllers as an AppKit developer writes them in code, type-checked by
// make apple-check against the stubs: a table view with a column, a collection view.
import AppKit
import ModelStorage
import ModelStorageViews

struct Note: Identifiable, Hashable, Sendable {
    var id: Int
    var text: String
}

@MainActor
final class NotesViewController: NSViewController {
    let storage = SingleSectionHashableStorage<Note>()
    private let tableView = NSTableView(frame: .zero)
    private var dataSource: TableViewDataSource?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("text")))
        view.addSubview(tableView)
        let adapter = SingleSectionTableAdapter(tableView, insertAnimation: [.effectFade, .slideDown], removeAnimation: .slideUp)
        let updater = ViewUpdater(storage: storage, view: adapter)
        dataSource = TableViewDataSource(updater: updater) { tableView, column, _, item in
            guard let column else { return nil }
            let cell = tableView.makeView(withIdentifier: column.identifier, owner: nil) as? NSTableCellView
            cell?.textField?.stringValue = (item as? Note)?.text ?? ""
            return cell
        }
        tableView.dataSource = dataSource
        tableView.delegate = dataSource
    }

    func replaceNotes(_ notes: [Note]) {
        storage.setItems(notes)
    }
}

@MainActor
final class BoardViewController: NSViewController {
    let storage = MemoryStorage()
    private let collectionView = NSCollectionView(frame: .zero)
    private var dataSource: CollectionViewDataSource?

    override func viewDidLoad() {
        super.viewDidLoad()
        let updater = ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView))
        let dataSource = CollectionViewDataSource(updater: updater) { collectionView, indexPath, item in
            let cell = collectionView.makeItem(withIdentifier: NSUserInterfaceItemIdentifier("note"), for: indexPath)
            cell.textField?.stringValue = (item as? Note)?.text ?? ""
            return cell
        }
        dataSource.supplementaryViewProvider = { _, _, _, header in
            let label = NSTextField(frame: .zero)
            label.stringValue = header as? String ?? ""
            return label
        }
        collectionView.dataSource = dataSource
        self.dataSource = dataSource
    }
}
