#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import SwiftUI
import UIKit
import ModelStorage

extension StorageList: UIViewRepresentable {
    /// The coordinator: the ``ListHost`` and the collection view's data source and delegate.
    public func makeCoordinator() -> StorageListCoordinator<Source, ID> {
        StorageListCoordinator()
    }

    /// A `UICollectionView` with a list layout showing the storage.
    public func makeUIView(context: Context) -> UICollectionView {
        context.coordinator.makeView(showing: storage, content(in: context.environment))
    }

    /// A re-render: O(1) with the same storage (see ``ListHost/update(storage:rowContent:contentVersion:)``).
    public func updateUIView(_ uiView: UICollectionView, context: Context) {
        context.coordinator.update(storage: storage, content(in: context.environment))
    }

    /// The list's content with SwiftUI's environment where the list is.
    private func content(in environment: EnvironmentValues) -> StorageListContent<ID> {
        var content = content
        content.environment = environment
        return content
    }

    /// Stops observing the storage.
    public static func dismantleUIView(_ uiView: UICollectionView, coordinator: StorageListCoordinator<Source, ID>) {
        coordinator.host?.dismantle()
    }
}

/// A ``StorageList``'s coordinator on UIKit: it owns the ``ListHost`` and is the collection
/// view's data source and delegate, answering from what the host shows. tvOS has no swipe
/// actions and no refresh control: there the list offers neither.
@MainActor
public final class StorageListCoordinator<Source: ContentStorage, ID: Hashable>: NSObject,
    UICollectionViewDataSource, UICollectionViewDelegate {
    /// The platform-independent coordinator (`nil` until the view is made).
    public private(set) var host: ListHost<Source, StorageListContent<ID>, ID>?
    private let cells = UICollectionView.CellRegistration<UICollectionViewListCell, AnyView> { cell, _, row in
        cell.contentConfiguration = UIHostingConfiguration { row }
    }
    private weak var collectionView: UICollectionView?
    private var headers: UICollectionView.SupplementaryRegistration<UICollectionViewListCell>?
    private var footers: UICollectionView.SupplementaryRegistration<UICollectionViewListCell>?

    override init() {
        super.init()
    }

    func makeView(showing storage: Source, _ content: StorageListContent<ID>) -> UICollectionView {
        var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = content.header == nil ? .none : .supplementary
        list.footerMode = content.footer == nil ? .none : .supplementary
        #if !os(tvOS)
        list.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in self?.swipeActions(at: indexPath) }
        #endif
        let view = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        headers = supplementaryRegistration(UICollectionView.elementKindSectionHeader)
        footers = supplementaryRegistration(UICollectionView.elementKindSectionFooter)
        let host = ListHost(storage: storage, view: CollectionViewAdapter(view), rowContent: content,
                            contentVersion: content.version, identify: content.identify,
                            visibleItems: { [weak view] in view?.indexPathsForVisibleItems ?? [] })
        self.host = host
        collectionView = view
        host.adopt(content)
        content.attach?(host)
        view.dataSource = self
        view.delegate = self
        update(storage: storage, content)
        return view
    }

    func update(storage: Source, _ content: StorageListContent<ID>) {
        guard let host, !host.isDismantled else { return }
        host.update(storage: storage, rowContent: content, contentVersion: content.version)
        host.adoptRender(content)
        guard let view = collectionView else { return }
        #if !os(tvOS)
        showRefreshControl(content.refresh != nil, in: view)
        #endif
        guard let selection = content.selection else { return }
        if host.setSelection(selection.ids) || view.allowsMultipleSelection != host.allowsMultipleSelection {
            showSelection(in: view)
        }
    }

    #if !os(tvOS)
    /// Adds a refresh control when the list has a refresh action, removes it when it has none.
    private func showRefreshControl(_ shows: Bool, in view: UICollectionView) {
        guard shows != (view.refreshControl != nil) else { return }
        guard shows else { view.refreshControl = nil; return }
        let control = UIRefreshControl()
        control.addAction(UIAction { [weak self, weak control] _ in
            Task { await self?.host?.refresh(); control?.endRefreshing() }
        }, for: .valueChanged)
        view.refreshControl = control
    }
    #endif

    /// Selects in the view the rows the host holds selected, and only them.
    private func showSelection(in view: UICollectionView) {
        guard let host else { return }
        view.allowsMultipleSelection = host.allowsMultipleSelection
        let selected = Set(host.selectedIndexPaths)
        for path in view.indexPathsForSelectedItems ?? [] where !selected.contains(path) {
            view.deselectItem(at: path, animated: false)
        }
        for path in selected { view.selectItem(at: path, animated: false, scrollPosition: []) }
    }

    private func supplementaryRegistration(_ kind: String) -> UICollectionView.SupplementaryRegistration<UICollectionViewListCell> {
        UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(elementKind: kind) { [weak self] view, kind, indexPath in
            view.contentConfiguration = UIHostingConfiguration { self?.supplementary(kind, section: indexPath[0]) ?? AnyView(EmptyView()) }
        }
    }

    private func supplementary(_ kind: String, section: Int) -> AnyView? {
        guard let host else { return nil }
        let header = kind == UICollectionView.elementKindSectionHeader
        let model = header ? host.updater.headerModel(forSection: section) : host.updater.footerModel(forSection: section)
        guard let model, let make = header ? host.rowContent.header : host.rowContent.footer else { return nil }
        return make(model).map(host.rowContent.inEnvironment)
    }

    #if !os(tvOS)
    private func swipeActions(at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let host, host.rowContent.canDelete(host.item(at: indexPath)) else { return nil }
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            // A failure (the item already left, the app's delete threw) keeps the row if the
            // storage still holds it: the list shows the storage.
            done(self?.host?.userDidSwipeToDelete(at: indexPath) ?? false)
        }
        return UISwipeActionsConfiguration(actions: [delete])
    }
    #endif

    // MARK: UICollectionViewDataSource

    /// The number of sections the host shows.
    public func numberOfSections(in collectionView: UICollectionView) -> Int {
        host?.numberOfSections ?? 0
    }

    /// The number of items the host shows in `section`.
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        host?.numberOfItems(inSection: section) ?? 0
    }

    /// A list cell hosting the item's SwiftUI row.
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let item = host?.item(at: indexPath)
        let row = host?.rowContent.row(for: item) ?? AnyView(EmptyView())
        let cell = collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: row)
        let accessories: [UICellAccessory] = host?.rowContent.canMove(item) == true ? [.reorder(displayed: .always)] : []
        // An outline's row: its level and disclosure, the tap applied to this item by identity.
        if let host, let item, let state = host.outlineRowState(ofItem: item) {
            cell.showOutlineRow(state, accessories: accessories) { [weak host] in host?.userDidTapDisclosure(ofItem: item) }
        } else {
            cell.indentationLevel = 0
            cell.accessories = accessories
        }
        return cell
    }

    /// A section header or footer hosting its SwiftUI view.
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        let registration = kind == UICollectionView.elementKindSectionHeader ? headers : footers
        guard let registration else { return UICollectionReusableView(frame: .zero) }
        return collectionView.dequeueConfiguredReusableSupplementary(using: registration, for: indexPath)
    }

    /// Whether the user may drag the item (an `onMove` of its type).
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        host?.rowContent.canMove(host?.item(at: indexPath)) ?? false
    }

    /// A drag to reorder, applied to the dragged item.
    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                               to destinationIndexPath: IndexPath) {
        host?.userDidDragItem(from: sourceIndexPath, to: destinationIndexPath)   // a failure: the list shows the storage
    }

    // MARK: UICollectionViewDelegate

    /// A tap selects the item (its id joins the selection's binding). On tvOS, which has no
    /// outline disclosure, selecting an outline's row whose item has children also expands or
    /// collapses it.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        host?.userDidSelectItem(at: indexPath, extending: collectionView.allowsMultipleSelection)
        #if os(tvOS)
        if let host, host.outlineRowState(at: indexPath)?.hasChildren == true {
            host.userDidTapDisclosure(at: indexPath)
        }
        #endif
    }

    /// A tap deselects the item.
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        host?.userDidDeselectItem(at: indexPath)
    }
}
#endif
