// An inbox as a UIKit developer writes it in code: a collection view list over a typed storage,
// leading and trailing custom swipe actions (read, flag, delete), a context menu, grouped section
// headers, pull to refresh made with a primary action, a search controller, a push to a detail
// screen, and scrolling to a message once the view shows it. Type-checked by make apple-check.
import UIKit
import ModelStorage
import ModelStorageViews

struct Message: Identifiable, Hashable, Sendable {
    var id: Int
    var sender: String
    var subject: String
    var isRead = false
}

@MainActor
final class InboxViewController: UIViewController, UICollectionViewDelegate, UISearchResultsUpdating {
    let messages = SingleSectionHashableStorage<Message>()
    private var collectionView: UICollectionView!
    private var dataSource: CollectionViewDataSource!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        var list = UICollectionLayoutListConfiguration(appearance: .plain)
        list.headerMode = .supplementary
        list.leadingSwipeActionsConfigurationProvider = { [weak self] indexPath in self?.leadingActions(at: indexPath) }
        list.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in self?.trailingActions(at: indexPath) }
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        let cells = UICollectionView.CellRegistration<UICollectionViewListCell, Message> { cell, _, message in
            var content = cell.defaultContentConfiguration()
            content.text = message.sender
            content.secondaryText = message.subject
            content.image = UIImage(systemName: message.isRead ? "envelope.open" : "envelope.badge")
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        dataSource = CollectionViewDataSource(collectionView: collectionView, storage: messages) { collectionView, indexPath, message in
            collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: message)
        }
        let headers = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader) { header, _, _ in
            var content = UIListContentConfiguration.groupedHeader()
            content.text = "Today"
            header.contentConfiguration = content
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath, _ in
            collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
        }
        collectionView.delegate = self
        collectionView.refreshControl = UIRefreshControl(frame: .zero, primaryAction: UIAction { [weak self] _ in
            self?.reload()
            self?.collectionView.refreshControl?.endRefreshing()
        })
        let search = UISearchController(searchResultsController: nil)
        search.searchResultsUpdater = self
        navigationItem.searchController = search
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .compose, primaryAction: UIAction { [weak self] _ in
            self?.show(Message(id: 0, sender: "Me", subject: "Draft"))
        })
    }

    func reload() {
        messages.setItems([Message(id: 1, sender: "Ana", subject: "Lunch?"), Message(id: 2, sender: "Bo", subject: "Notes")])
    }

    /// Scrolls to `id` once the view shows the storage's latest change (displayed index paths then
    /// equal the storage's).
    func scroll(to id: Message.ID) {
        dataSource.updater.whenDisplayed { [weak self] in
            guard let self, let indexPath = self.messages.indexPath(forItemWithID: id) else { return }
            self.collectionView.scrollToItem(at: indexPath, at: .centeredVertically, animated: true)
        }
    }

    func updateSearchResults(for searchController: UISearchController) {
        let text = searchController.searchBar.text ?? ""
        messages.setItems(messages.items.filter { text.isEmpty || $0.subject.contains(text) })
    }

    private func leadingActions(at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let message = dataSource.item(at: indexPath, as: Message.self) else { return nil }
        let read = UIContextualAction(style: .normal, title: message.isRead ? "Unread" : "Read") { [weak self] _, _, done in
            self?.toggleRead(message)
            done(true)
        }
        read.backgroundColor = .systemBlue
        read.image = UIImage(systemName: "envelope.open")
        return UISwipeActionsConfiguration(actions: [read])
    }

    private func trailingActions(at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let message = dataSource.item(at: indexPath, as: Message.self) else { return nil }
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            guard let self else { return done(false) }
            self.messages.setItems(self.messages.items.filter { $0.id != message.id })
            done(true)
        }
        let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, done in done(true) }
        flag.backgroundColor = .systemOrange
        let configuration = UISwipeActionsConfiguration(actions: [delete, flag])
        configuration.performsFirstActionWithFullSwipe = true
        return configuration
    }

    private func toggleRead(_ message: Message) {
        messages.setItems(messages.items.map { $0.id == message.id ? Message(id: $0.id, sender: $0.sender, subject: $0.subject, isRead: !$0.isRead) : $0 })
    }

    private func show(_ message: Message) {
        let detail = UIViewController()
        detail.title = message.subject
        navigationController?.pushViewController(detail, animated: true)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
        if let message = dataSource.item(at: indexPath, as: Message.self) { show(message) }
    }

    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: CGPoint) -> UIContextMenuConfiguration? {
        guard let indexPath = indexPaths.first, let message = dataSource.item(at: indexPath, as: Message.self) else { return nil }
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
            UIMenu(title: message.subject, children: [
                UIAction(title: "Reply", image: UIImage(systemName: "arrowshape.turn.up.left")) { _ in print("reply") },
                UIAction(title: "Delete", image: UIImage(systemName: "trash"), attributes: .destructive) { [weak self] _ in
                    guard let self else { return }
                    self.messages.setItems(self.messages.items.filter { $0.id != message.id })
                },
            ])
        }
    }
}
