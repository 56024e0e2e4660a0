// A table with editing as a UIKit developer writes it, type-checked by make apple-check against
// the stubs: swipe to delete, reordering in edit mode (the controller's Edit button), a footer
// title, selection through the table's delegate; and a data source subclass that keeps the
// first row in place.
import UIKit
import ModelStorage
import ModelStorageViews

struct Chore: Identifiable, Hashable, Sendable {
    var id: Int
    var title: String
    var isPinned = false
}

/// A data source whose pinned chores can be neither deleted nor moved.
final class ChoresDataSource: TableViewDataSource {
    override func canEditItem(at indexPath: IndexPath) -> Bool {
        item(at: indexPath, as: Chore.self)?.isPinned == false
    }
}

@MainActor
final class ChoresViewController: UIViewController, UITableViewDelegate {
    let storage = SingleSectionEquatableStorage<Chore>()
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private var dataSource: ChoresDataSource?
    var onSelect: (Chore) -> Void = { _ in }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Chores"
        tableView.frame = view.bounds
        view.addSubview(tableView)
        navigationItem.rightBarButtonItem = editButtonItem
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "chore")
        tableView.allowsSelectionDuringEditing = false
        let dataSource = ChoresDataSource(tableView: tableView, storage: storage) { tableView, indexPath, chore in
            let cell = tableView.dequeueReusableCell(withIdentifier: "chore", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = chore.title
            cell.contentConfiguration = content
            cell.showsReorderControl = !chore.isPinned
            return cell
        }
        dataSource.setEditingHandlers(EditingHandlers<Chore>(canDeleteItem: { !$0.isPinned }, canMoveItem: { !$0.isPinned }))
        dataSource.footerTitleProvider = { _, _ in "Swipe a chore to delete it" }
        tableView.delegate = self
        self.dataSource = dataSource
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        if let chore = dataSource?.item(at: indexPath, as: Chore.self) { onSelect(chore) }
    }

    func load(_ chores: [Chore]) {
        storage.setItems(chores)
    }
}
