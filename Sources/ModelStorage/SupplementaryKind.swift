/// Names of the supplementary model kinds that headers and footers use by default: the values
/// of UIKit's `UICollectionView.elementKindSectionHeader` and `elementKindSectionFooter`.
public enum SupplementaryKind {
    /// The section header kind, `"UICollectionElementKindSectionHeader"`.
    public static let header = "UICollectionElementKindSectionHeader"
    /// The section footer kind, `"UICollectionElementKindSectionFooter"`.
    public static let footer = "UICollectionElementKindSectionFooter"
}
