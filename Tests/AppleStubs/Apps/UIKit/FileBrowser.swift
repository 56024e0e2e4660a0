// A file browser as a UIKit developer writes it over an OutlineStorage, type-checked by make
// apple-check against the stubs: a collection view list whose cells show each row's level and an
// outline disclosure (showOutlineRow), the disclosure expanding or collapsing the folder through
// the storage by its id, and a folder read again from disk with setChildren (its expansion kept);
// then the same tree in a table view, indented by the delegate's indentationLevelForRowAt, where
// selecting a folder's row expands or collapses it through the updater (the displayed row's item).
import UIKit
import ModelStorage
import ModelStorageViews

struct FileNode: Identifiable, Equatable, Sendable {
    let id: String
    var name: String
    var children: [FileNode]? = nil
}

final class FileBrowserViewController: UIViewController {
    let outline = OutlineStorage<FileNode>()
    private var collectionView: UICollectionView!
    private var dataSource: CollectionViewDataSource?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Files"
        let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .sidebarPlain))
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)

        let fileCell = UICollectionView.CellRegistration<UICollectionViewListCell, FileNode> { [outline] cell, _, file in
            var content = cell.defaultContentConfiguration()
            content.text = file.name
            content.image = UIImage(systemName: file.children == nil ? "doc" : "folder")
            cell.contentConfiguration = content
            guard let state = outline.rowState(forItemWithID: file.id) else { return }
            // Indented by its level; a folder with children gets the disclosure, toggled by id.
            cell.showOutlineRow(state) { try? outline.toggleExpansion(of: file.id) }
        }
        dataSource = CollectionViewDataSource(collectionView: collectionView, storage: outline) { collectionView, indexPath, file in
            collectionView.dequeueConfiguredReusableCell(using: fileCell, for: indexPath, item: file)
        }

        do {
            try outline.append([FileNode(id: "/docs", name: "Documents"), FileNode(id: "/pics", name: "Pictures")], to: nil)
            try outline.append([FileNode(id: "/docs/cv.pdf", name: "CV.pdf")], to: "/docs")
            try outline.expand(["/docs"])
        } catch {
            print("the tree refused the files:", error)
        }
    }

    /// The documents folder as read again from disk: matched by id, still expanded.
    func documentsDidChange(_ files: [FileNode]) {
        try? outline.setChildren(files, of: "/docs")
    }
}

final class FileTableViewController: UITableViewController {
    let outline: OutlineStorage<FileNode>
    private var dataSource: TableViewDataSource?

    init(outline: OutlineStorage<FileNode>) {
        self.outline = outline
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "file")
        dataSource = TableViewDataSource(tableView: tableView, storage: outline) { [outline] tableView, indexPath, file in
            let cell = tableView.dequeueReusableCell(withIdentifier: "file", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.text = file.name
            let expanded = outline.isExpanded(file.id)
            content.secondaryText = file.children == nil ? nil : expanded ? "open" : "closed"
            cell.contentConfiguration = content
            return cell
        }
    }

    // The level of the row the table shows there (its displayed item, not the storage's row).
    override func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int {
        dataSource?.outlineRowState(at: indexPath).map { OutlineRowAppearance($0).indentationLevel } ?? 0
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard let dataSource, dataSource.outlineRowState(at: indexPath)?.hasChildren == true else { return }
        // The row as displayed: the updater finds its folder by identity; its next batch shows the rows.
        do {
            try dataSource.updater.userDidToggleExpansion(at: indexPath)
        } catch {
            print("not toggled:", error)
        }
    }
}
