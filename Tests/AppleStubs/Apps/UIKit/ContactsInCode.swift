// An app's view controllers as a UIKit developer writes them without a storyboard, type-checked
// by make apple-check against the stubs: a table view made in code with a delegate, a
// collection view list with a compositional layout, a controller made with init().
import UIKit
import ModelStorage
import ModelStorageViews

struct Contact: Identifiable, Hashable, Sendable {
    var id: Int
    var name: String
    var phone: String
}

@MainActor
final class ContactsViewController: UIViewController, UITableViewDelegate {
    let storage = MemoryStorage()
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private var updater: ViewUpdater<MemoryStorage>?
    private var dataSource: TableViewDataSource?
    var onSelect: ((Contact) -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Contacts"
        tableView.frame = view.bounds
        view.addSubview(tableView)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        let updater = ViewUpdater(storage: storage, view: TableViewAdapter(tableView, animations: TableRowAnimations(all: .fade)))
        let dataSource = TableViewDataSource(updater: updater) { tableView, indexPath, item in
            let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            var content = UIListContentConfiguration.subtitleCell()
            content.text = (item as? Contact)?.name
            content.secondaryText = (item as? Contact)?.phone
            cell.contentConfiguration = content
            return cell
        }
        dataSource.footerTitleProvider = { section, _ in section == 0 ? "Favourites" : nil }
        tableView.dataSource = dataSource
        tableView.delegate = self
        self.updater = updater
        self.dataSource = dataSource
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        if let contact = updater?.item(at: indexPath) as? Contact { onSelect?(contact) }
    }

    func add(_ contact: Contact) throws {
        try storage.addItem(contact, toSection: 0)
    }
}

@MainActor
final class ContactGridViewController: UICollectionViewController {
    let storage = SingleSectionHashableStorage<Contact>()
    private var dataSource: CollectionViewDataSource?

    init() {
        super.init(collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "contact")
        let updater = ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView))
        dataSource = CollectionViewDataSource(updater: updater) { collectionView, indexPath, item in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "contact", for: indexPath)
            var content = UIListContentConfiguration.cell()
            content.text = (item as? Contact)?.name
            cell.contentConfiguration = content
            return cell
        }
        collectionView.dataSource = dataSource
    }
}

@MainActor
func showContacts() -> UIViewController {
    let contacts = ContactsViewController()
    try? contacts.add(Contact(id: 1, name: "Ada", phone: "555 0100"))
    return contacts
}
