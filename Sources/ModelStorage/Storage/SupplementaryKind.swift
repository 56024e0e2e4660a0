/// Names of the supplementary model kinds of headers and footers: by default the values of
/// UIKit's `UICollectionView.elementKindSectionHeader` and `elementKindSectionFooter`; for a
/// table view, DTTableViewManager's (see ``BaseStorage/configureForTableViewUsage()``).
public enum SupplementaryKind {
    /// The section header kind, `"UICollectionElementKindSectionHeader"`.
    public static let header = "UICollectionElementKindSectionHeader"
    /// The section footer kind, `"UICollectionElementKindSectionFooter"`.
    public static let footer = "UICollectionElementKindSectionFooter"
    /// The table view header kind DTTableViewManager uses, `"DTTableViewElementSectionHeader"`.
    public static let tableHeader = "DTTableViewElementSectionHeader"
    /// The table view footer kind DTTableViewManager uses, `"DTTableViewElementSectionFooter"`.
    public static let tableFooter = "DTTableViewElementSectionFooter"
}
