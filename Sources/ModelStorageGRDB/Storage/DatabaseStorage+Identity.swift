#if GRDB
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ModelStorage

/// A `DatabaseStorage`'s identity look-ups: a row is its id, a section its column value, so a
/// row a content shows is found in the rows the storage shows now whatever was committed since.
///
/// The user's moves: the rows' order is the request's, so the storage does not take a move (it is
/// not an `EditableStorage`). A content takes the move the user made on screen, and a view updater
/// then animates the row back to the request's order at its next batch, unless the app wrote the
/// new order to the database (a position column the request orders by) before that batch reads it.
extension DatabaseStorage: TypedItemStorage {
    /// Every item is a `Record`.
    public typealias Item = Record

    /// Where the row `content` shows at `indexPath` is in the rows shown now, by its id; `nil`
    /// when it is gone, `content` shows nothing there, or comes from another storage.
    ///
    /// - Complexity: O(1) when the row did not move, O(rows) at worst; nothing is read from the
    ///   database.
    public func indexPath(ofItemAt indexPath: IndexPath, in content: Content) -> IndexPath? {
        guard content.origin == origin, indexPath.count == 2, content.index.sections.indices.contains(indexPath[0]),
              content.index.sections[indexPath[0]].items.indices.contains(indexPath[1]) else { return nil }
        let shownSection = content.index.sections[indexPath[0]]
        let id = shownSection.items[indexPath[1]].id
        let home = index.sections.firstIndex { $0.model.id == shownSection.model.id }
        if let home, let item = index.sections[home].items.firstIndex(where: { $0.id == id }) {
            return IndexPath(indexes: [home, item])
        }
        for section in index.sections.indices where section != home {
            if let item = index.sections[section].items.firstIndex(where: { $0.id == id }) {
                return IndexPath(indexes: [section, item])
            }
        }
        return nil
    }

    /// Where section `section` of `content` is now, by its column value; `nil` when it is gone.
    /// O(sections).
    public func sectionIndex(ofSection section: Int, in content: Content) -> Int? {
        guard content.origin == origin, content.index.sections.indices.contains(section) else { return nil }
        let key = content.index.sections[section].model.id
        return index.sections.firstIndex { $0.model.id == key }
    }

    /// Moves the row of `content` at `source` to `destination` (UIKit's `moveRow(at:to:)`
    /// reading), as the view shows it after the user's move; `false`, changing nothing, for a
    /// content of another storage or index paths it does not hold. In place: O(rows after the
    /// two places in their sections).
    public func moveItem(in content: inout Content, at source: IndexPath, to destination: IndexPath) -> Bool {
        guard content.origin == origin, content.holdsItem(at: source),
              content.isMoveDestination(destination, forItemAt: source) else { return false }
        let row = content.index.sections[source[0]].items.remove(at: source[1])
        content.index.sections[destination[0]].items.insert(row, at: destination[1])
        return true
    }
}
#endif
