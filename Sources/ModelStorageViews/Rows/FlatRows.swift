// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import FingerprintDiff
import Foundation
import ModelStorage

/// Sections laid out as the rows of a table that has none (`NSTableView`): each section is its
/// header row (when the table shows headers), its items' rows, then its footer row (when it
/// shows footers), sections in order. Headers and footers are shown for every section or for
/// none, as a list layout's header and footer modes are.
///
/// ```swift
/// let rows = FlatRows(itemCounts: [2, 0, 1], headers: true, footers: false)
/// rows.numberOfRows                        // 6: header, 2 items, header, header, 1 item
/// rows.row(of: IndexPath(indexes: [2, 0])) // 5
/// rows[3]                                  // .header(section: 1)
/// ```
///
/// - Complexity: O(sections) to make; O(1) from an index path to its row, O(log sections) from
///   a row to what it shows.
public struct FlatRows: Equatable, Sendable {
    /// What a row shows.
    public enum Row: Hashable, Sendable {
        /// The header of a section.
        case header(section: Int)
        /// An item (its displayed index path).
        case item(IndexPath)
        /// The footer of a section.
        case footer(section: Int)
    }

    /// Whether each section has a header row (its first).
    public let hasHeaders: Bool
    /// Whether each section has a footer row (its last).
    public let hasFooters: Bool
    /// The first row of each section, then the number of rows.
    private let starts: [Int]

    /// The rows of sections of `itemCounts` items each.
    public init(itemCounts: [Int], headers: Bool, footers: Bool) {
        hasHeaders = headers
        hasFooters = footers
        let extra = (headers ? 1 : 0) + (footers ? 1 : 0)
        var starts = [0]
        starts.reserveCapacity(itemCounts.count + 1)
        for count in itemCounts { starts.append(starts[starts.count - 1] + count + extra) }
        self.starts = starts
    }

    /// The rows of what `content` shows (a `ViewUpdater`, a ``ListHost``).
    public init(showing content: some Storage, headers: Bool, footers: Bool) {
        self.init(itemCounts: (0..<content.numberOfSections).map(content.numberOfItems(inSection:)),
                  headers: headers, footers: footers)
    }

    /// The number of rows.
    public var numberOfRows: Int { starts[starts.count - 1] }
    /// The number of sections.
    public var numberOfSections: Int { starts.count - 1 }

    /// The number of items of `section`.
    public func numberOfItems(inSection section: Int) -> Int {
        starts[section + 1] - starts[section] - (hasHeaders ? 1 : 0) - (hasFooters ? 1 : 0)
    }

    /// The rows of `section`: its header, items and footer.
    public func rows(ofSection section: Int) -> Range<Int> { starts[section]..<starts[section + 1] }

    /// The row of the header of `section`, `nil` without headers.
    public func row(ofHeader section: Int) -> Int? { hasHeaders ? starts[section] : nil }

    /// The row of the footer of `section`, `nil` without footers.
    public func row(ofFooter section: Int) -> Int? { hasFooters ? starts[section + 1] - 1 : nil }

    /// The row of the item at `indexPath` (a valid displayed index path).
    public func row(of indexPath: IndexPath) -> Int {
        starts[indexPath[0]] + (hasHeaders ? 1 : 0) + indexPath[1]
    }

    /// What `row` shows; `nil` for a row out of range.
    public func content(ofRow row: Int) -> Row? {
        guard row >= 0, row < numberOfRows else { return nil }
        let section = _sortedCount(starts, below: row + 1) - 1   // the last section starting at or before `row`
        let offset = row - starts[section]
        if hasHeaders && offset == 0 { return .header(section: section) }
        if hasFooters && row == starts[section + 1] - 1 { return .footer(section: section) }
        return .item(IndexPath(indexes: [section, offset - (hasHeaders ? 1 : 0)]))
    }

    /// What `row` shows (a row in range).
    public subscript(row: Int) -> Row {
        guard let content = content(ofRow: row) else { preconditionFailure("row \(row) of \(numberOfRows)") }
        return content
    }

    /// The displayed index path of the item `row` shows; `nil` for a header, a footer or a row out
    /// of range.
    public func indexPath(ofRow row: Int) -> IndexPath? {
        if case .item(let indexPath)? = content(ofRow: row) { return indexPath }
        return nil
    }
}
#endif
