// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a data source reads: the content a `ViewUpdater` shows, whatever its storage's type.
///
/// The data sources hold this rather than the updater's generic type so that they are not
/// generic classes: an Objective-C protocol's conformance (`UITableViewDataSource`...) can then
/// be declared in an extension, where a misspelled optional method is reported, which Swift
/// does not allow for a generic class.
@MainActor
package struct DisplayedContent {
    /// The number of sections shown.
    package let numberOfSections: @MainActor () -> Int
    /// The number of items shown in a section (0 for one that does not exist).
    package let numberOfItems: @MainActor (_ section: Int) -> Int
    /// The item shown at an index path, or `nil`.
    package let item: @MainActor (_ indexPath: IndexPath) -> (any Sendable)?
    /// The supplementary model of a kind shown for a section, or `nil`.
    package let supplementaryModel: @MainActor (_ kind: String, _ section: Int) -> (any Sendable)?
    /// The header model shown for a section, or `nil`.
    package let headerModel: @MainActor (_ section: Int) -> (any Sendable)?
    /// The footer model shown for a section, or `nil`.
    package let footerModel: @MainActor (_ section: Int) -> (any Sendable)?
    /// The updater, kept alive as long as the reader.
    package let updater: AnyObject

    /// What `updater` shows.
    package init<Source: ContentStorage>(_ updater: ViewUpdater<Source>) {
        self.updater = updater
        numberOfSections = { updater.numberOfSections }
        numberOfItems = { updater.numberOfItems(inSection: $0) }
        item = { updater.item(at: $0) }
        supplementaryModel = { updater.supplementaryModel(ofKind: $0, forSectionAt: $1) }
        headerModel = { updater.headerModel(forSection: $0) }
        footerModel = { updater.footerModel(forSection: $0) }
    }

    /// The item shown at `indexPath`, or a ``MissingItem`` for an index path the updater does
    /// not show (what a cell provider receives).
    package func itemOrMissing(at indexPath: IndexPath) -> any Sendable {
        item(indexPath) ?? MissingItem(indexPath: indexPath)
    }
}
#endif
