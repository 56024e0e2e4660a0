// A table view controller subclass as a UIKit developer writes it in code, type-checked by make
// apple-check against the stubs: UITableViewController (the protocols it adopts, so the delegate
// method is an override), cells with a disclosure indicator, swipe to delete and reordering, and
// selection that reads the tapped contact with dataSource.item(at:as:) and pushes a detail screen
// laid out with anchors.
import UIKit
import ModelStorage
import ModelStorageViews

struct Contact: Identifiable, Hashable, Sendable {
    var id: Int
    var name: String
    var phone: String
}

final class ContactsViewController: UITableViewController {
    let storage = SingleSectionHashableStorage<Contact>()
    private var dataSource: TableViewDataSource?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Contacts"
        navigationItem.rightBarButtonItem = editButtonItem
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")

        let dataSource = TableViewDataSource(tableView: tableView, storage: storage) { tableView, indexPath, contact in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = contact.name
            content.secondaryText = contact.phone
            cell.contentConfiguration = content
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        var editing = EditingHandlers<Contact>(canDeleteItem: { _ in true }, canMoveItem: { _ in true })
        editing.didDeleteItem = { contact in print("deleted", contact.name) }
        dataSource.setEditingHandlers(editing)
        self.dataSource = dataSource

        storage.setItems((1...30).map { Contact(id: $0, name: "Contact \($0)", phone: "555-01\($0)") })
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        // indexPath is the row as displayed: ask the updater, not the storage.
        guard let contact = dataSource?.item(at: indexPath, as: Contact.self) else { return }
        navigationController?.pushViewController(ContactDetailViewController(contact: contact), animated: true)
    }
}

final class ContactDetailViewController: UIViewController {
    let contact: Contact

    init(contact: Contact) {
        self.contact = contact
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = contact.name
        let label = UILabel()
        label.text = contact.phone
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}
