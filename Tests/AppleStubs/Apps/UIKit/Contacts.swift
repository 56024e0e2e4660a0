// Contacts as a UIKit developer writes them with a table view controller over a MemoryStorage:
// a section per letter with titles, an Edit button that turns on multiple selection and drag to
// reorder, a trailing swipe with a custom action beside Delete, a context menu, a toolbar button
// that deletes the selected rows, and scrolling to a contact. Type-checked by make apple-check.
import UIKit
import ModelStorage
import ModelStorageViews

struct Contact: Identifiable, Hashable, Sendable {
    var id: Int
    var name: String
}

@MainActor
final class ContactsViewController: UITableViewController {
    let storage = MemoryStorage()
    private var dataSource: TableViewDataSource!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Contacts"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        tableView.allowsMultipleSelectionDuringEditing = true
        dataSource = TableViewDataSource(tableView: tableView, storage: storage)
        dataSource.register(Contact.self) { tableView, indexPath, contact in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = contact.name
            cell.contentConfiguration = content
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        var editing = EditingHandlers<Contact>(canDeleteItem: { _ in true }, canMoveItem: { _ in true })
        editing.didDeleteItem = { contact in print("deleted", contact.name) }
        dataSource.setEditingHandlers(editing)
        navigationItem.rightBarButtonItem = editButtonItem
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Delete", image: nil, primaryAction: UIAction { [weak self] _ in
            self?.deleteSelected()
        })
    }

    func show(_ contacts: [Contact]) {
        let letters = Dictionary(grouping: contacts) { String($0.name.prefix(1)) }.sorted { $0.key < $1.key }
        try? storage.setItemsForAllSections(letters.map(\.value))
        storage.setSectionHeaderModels(letters.map(\.key))
    }

    func scroll(to contact: Contact) {
        dataSource.updater.whenDisplayed { [weak self] in
            guard let self, let indexPath = self.storage.indexPath(forItem: contact) else { return }
            self.tableView.scrollToRow(at: indexPath, at: .middle, animated: true)
        }
    }

    private func deleteSelected() {
        let contacts = (tableView.indexPathsForSelectedRows ?? []).compactMap { dataSource.item(at: $0, as: Contact.self) }
        try? storage.removeItems(contacts)
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.setEditing(editing, animated: animated)
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard !tableView.isEditing, let contact = dataSource.item(at: indexPath, as: Contact.self) else { return }
        let detail = UIViewController()
        detail.title = contact.name
        navigationController?.pushViewController(detail, animated: true)
    }

    override func tableView(_ tableView: UITableView,
                            trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let contact = dataSource.item(at: indexPath, as: Contact.self) else { return nil }
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            self?.dataSource.deleteItem(at: indexPath)
            done(true)
        }
        let call = UIContextualAction(style: .normal, title: "Call") { _, _, done in
            print("calling", contact.name)
            done(true)
        }
        call.backgroundColor = .systemGreen
        return UISwipeActionsConfiguration(actions: [delete, call])
    }

    override func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                            point: CGPoint) -> UIContextMenuConfiguration? {
        guard let contact = dataSource.item(at: indexPath, as: Contact.self) else { return nil }
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
            UIMenu(title: contact.name, children: [
                UIAction(title: "Copy name") { _ in print(contact.name) },
            ])
        }
    }
}
