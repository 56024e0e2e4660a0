// UIKit declarations StorageList uses that UIKit.swift does not have, each from its documentation
// page, in the UIKit stub module (check.sh compiles this file with UIKit.swift).

extension UICollectionLayoutListConfiguration {
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/footermode-swift.enum
    public enum FooterMode: Hashable {
        case none, supplementary
    }
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/footermode-swift.property
    public var footerMode: UICollectionLayoutListConfiguration.FooterMode { get { .none } set {} }
}
