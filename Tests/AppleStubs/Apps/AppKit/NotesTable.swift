// A Mac table as an AppKit developer writes it in code, type-checked by make apple-check against
// the stubs: an NSTableView in a scroll view, a column, labels for cells, selection, drag to
// reorder; and a collection view of the same notes.
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
    var onSelect: ([Note]) -> Void = { _ in }

    override func loadView() {
        let scrollView = NSScrollView(frame: NSRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.documentView = tableView
        scrollView.hasVerticalScroller = true
        view = scrollView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("text")))
        tableView.headerView = nil
        tableView.allowsMultipleSelection = true
        let dataSource = TableViewDataSource(tableView: tableView, storage: storage) { tableView, column, _, note in
            let cell = tableView.makeView(withIdentifier: column?.identifier ?? NSUserInterfaceItemIdentifier("text"), owner: nil)
            if let cell = cell as? NSTableCellView {
                cell.textField?.stringValue = note.text
                return cell
            }
            return NSTextField(labelWithString: note.text)
        }
        dataSource.setSelectionHandler { [weak self] (notes: [Note]) in self?.onSelect(notes) }
        dataSource.setEditingHandlers(EditingHandlers<Note>(canMoveItem: { _ in true }))
        self.dataSource = dataSource
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
        let dataSource = CollectionViewDataSource(collectionView: collectionView, storage: storage)
        dataSource.register(Note.self) { collectionView, indexPath, note in
            let item = collectionView.makeItem(withIdentifier: NSUserInterfaceItemIdentifier("note"), for: indexPath)
            item.textField?.stringValue = note.text
            return item
        }
        dataSource.supplementaryViewProvider = { _, _, _, header in
            NSTextField(labelWithString: header as? String ?? "")
        }
        self.dataSource = dataSource
    }
}
