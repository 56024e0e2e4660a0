// A list built in code in a plain view controller, as a UIKit developer writes it, type-checked by
// make apple-check against the stubs: a collection view sized by its autoresizing mask, posts and
// ads in a MemoryStorage (a cell registration each, the ads' text in the secondary label color),
// section headers from the storage's header models through the data source's
// supplementaryViewProvider, a swipe action offered only where canDeleteItem(at:) allows, and pull
// to refresh ended when the updater has displayed the reload.
import UIKit
import ModelStorage
import ModelStorageViews

struct Post: Identifiable, Hashable, Sendable {
    var id: UUID
    var author: String
    var text: String
}

struct Ad: Identifiable, Hashable, Sendable {
    var id: UUID
    var advertiser: String
}

/// A feed: posts with ads between them, in two sections ("Pinned", "Latest").
final class FeedViewController: UIViewController {
    let storage = MemoryStorage()
    private var collectionView: UICollectionView!
    private var dataSource: CollectionViewDataSource?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feed"

        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
            // Delete only where the editing handlers allow it (posts; the ads stay).
            guard let dataSource = self?.dataSource, dataSource.canDeleteItem(at: indexPath) else { return nil }
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                dataSource.deleteItem(at: indexPath)
                completion(true)
            }
            return UISwipeActionsConfiguration(actions: [delete])
        }
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)

        let postCell = UICollectionView.CellRegistration<UICollectionViewListCell, Post> { cell, _, post in
            var content = cell.defaultContentConfiguration()
            content.text = post.author
            content.secondaryText = post.text
            cell.contentConfiguration = content
            cell.accessories = [.reorder(displayed: .always)]
        }
        let adCell = UICollectionView.CellRegistration<UICollectionViewListCell, Ad> { cell, _, ad in
            var content = cell.defaultContentConfiguration()
            content.text = "Sponsored"
            content.secondaryText = ad.advertiser
            content.textProperties.color = .secondaryLabel
            cell.contentConfiguration = content
        }
        let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader
        ) { [weak self] header, _, indexPath in
            var content = header.defaultContentConfiguration()
            content.text = self?.dataSource?.supplementaryModel(
                ofKind: UICollectionView.elementKindSectionHeader, inSection: indexPath.section, as: String.self)
            header.contentConfiguration = content
        }

        let dataSource = CollectionViewDataSource(collectionView: collectionView, storage: storage)
        dataSource.register(postCell)
        dataSource.register(adCell)
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath, _ in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        dataSource.setEditingHandlers(EditingHandlers<Post>(canDeleteItem: { _ in true }, canMoveItem: { _ in true }))
        self.dataSource = dataSource

        let refreshControl = UIRefreshControl()
        refreshControl.addAction(UIAction { [weak self, weak refreshControl] _ in
            guard let self, let refreshControl else { return }
            self.refresh(refreshControl)
        }, for: .valueChanged)
        collectionView.refreshControl = refreshControl

        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in
            self?.addPost()
        })

        storage.setSectionHeaderModels(["Pinned", "Latest"])
        reload()
    }

    private func addPost() {
        let post = Post(id: UUID(), author: "Me", text: "Hello")
        try? storage.insertItem(post, to: IndexPath(item: 0, section: 1))
    }

    private func refresh(_ sender: UIRefreshControl) {
        reload()
        dataSource?.updater.whenDisplayed { sender.endRefreshing() }
    }

    private func reload() {
        let pinned = [Post(id: UUID(), author: "Team", text: "Welcome")]
        var latest: [any Hashable & Sendable] = []
        for index in 0..<20 {
            latest.append(Post(id: UUID(), author: "User \(index)", text: "Post \(index)"))
            if index % 5 == 4 { latest.append(Ad(id: UUID(), advertiser: "Acme")) }
        }
        do {
            try storage.setItems(pinned, forSection: 0)
            try storage.setItems(latest, forSection: 1)
        } catch {
            assertionFailure("\(error)")
        }
    }
}
