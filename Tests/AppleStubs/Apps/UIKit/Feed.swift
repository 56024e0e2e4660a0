// A feed as a UIKit developer writes it in code, type-checked by make apple-check against the
// stubs: a collection view with a list layout, two item types in one MemoryStorage (a cell
// registration each), section headers through a supplementary registration, pull to refresh, a
// bar button, swipe to delete, drag to reorder, selection.
import UIKit
import ModelStorage
import ModelStorageViews

struct Story: Identifiable, Hashable, Sendable {
    var id: Int
    var headline: String
}

struct Promotion: Identifiable, Hashable, Sendable {
    var id: String
    var sponsor: String
}

@MainActor
final class FeedViewController: UIViewController, UICollectionViewDelegate {
    let storage = MemoryStorage()
    private var collectionView: UICollectionView!
    private var dataSource: CollectionViewDataSource!
    var openStory: (Story) -> Void = { _ in }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feed"
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout())
        view.addSubview(collectionView)
        dataSource = CollectionViewDataSource(collectionView: collectionView, storage: storage)
        registerCells()
        registerHeaders()
        var stories = EditingHandlers<Story>(canDeleteItem: { _ in true }, canMoveItem: { _ in true })
        stories.didDeleteItem = { story in print("removed", story.headline) }
        dataSource.setEditingHandlers(stories)
        dataSource.didFailUserAction = { error in print("not applied:", error) }
        collectionView.delegate = self
        collectionView.refreshControl = UIRefreshControl()
        collectionView.refreshControl?.addAction(UIAction { [weak self] _ in self?.refresh() }, for: .valueChanged)
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in
            self?.addStory()
        })
        navigationItem.leftBarButtonItem = editButtonItem
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        collectionView.isEditing = editing
    }

    private func registerCells() {
        let storyCell = UICollectionView.CellRegistration<UICollectionViewListCell, Story> { cell, _, story in
            var content = cell.defaultContentConfiguration()
            content.text = story.headline
            cell.contentConfiguration = content
            cell.accessories = [.reorder()]
        }
        let promotionCell = UICollectionView.CellRegistration<UICollectionViewListCell, Promotion> { cell, _, promotion in
            var content = UIListContentConfiguration.subtitleCell()
            content.text = promotion.sponsor
            content.secondaryText = "Sponsored"
            cell.contentConfiguration = content
        }
        dataSource.register(storyCell)
        dataSource.register(promotionCell)
    }

    private func registerHeaders() {
        let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader
        ) { [unowned self] view, kind, indexPath in
            var content = view.defaultContentConfiguration()
            content.text = dataSource.supplementaryModel(ofKind: kind, inSection: indexPath.section, as: String.self)
            view.contentConfiguration = content
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath, _ in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
    }

    private func layout() -> UICollectionViewLayout {
        var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = .supplementary
        list.trailingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
            guard dataSource.canDeleteItem(at: indexPath) else { return nil }
            let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
                dataSource.deleteItem(at: indexPath)
                done(true)
            }
            return UISwipeActionsConfiguration(actions: [delete])
        }
        return UICollectionViewCompositionalLayout.list(using: list)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.deselectItem(at: indexPath, animated: true)
        if let story = dataSource.item(at: indexPath, as: Story.self) { openStory(story) }
    }

    func refresh() {
        storage.setSectionHeaderModels(["Today", "Sponsored"])
        try? storage.setItems([Story(id: 1, headline: "Rain tomorrow"), Story(id: 2, headline: "Trains on time")], forSection: 0)
        try? storage.setItems([Promotion(id: "tea", sponsor: "Tea & Co")], forSection: 1)
        collectionView.refreshControl?.endRefreshing()
    }

    private func addStory() {
        let count = storage.numberOfItems(inSection: 0)
        try? storage.insertItem(Story(id: 100 + count, headline: "Breaking"), to: IndexPath(item: 0, section: 0))
    }
}
