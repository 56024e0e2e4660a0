extension BaseStorage {
    /// Uses the header and footer kinds of a table view (``SupplementaryKind/tableHeader``,
    /// ``SupplementaryKind/tableFooter``), as DTTableViewManager expects. Models already set
    /// stay under the kinds they were set with. O(1).
    public func configureForTableViewUsage() {
        supplementaryHeaderKind = SupplementaryKind.tableHeader
        supplementaryFooterKind = SupplementaryKind.tableFooter
    }

    /// Uses the header and footer kinds of a collection view flow layout
    /// (``SupplementaryKind/header``, ``SupplementaryKind/footer``): the default. O(1).
    public func configureForCollectionViewFlowLayoutUsage() {
        supplementaryHeaderKind = SupplementaryKind.header
        supplementaryFooterKind = SupplementaryKind.footer
    }

    /// What the providers say for `kind` in `section`: ``headerModelProvider`` for the header
    /// kind when set, ``footerModelProvider`` for the footer kind when set, else
    /// ``supplementaryModelProvider``; `nil` when none applies. A model that is an optional is
    /// the model it holds (through nested optionals; `nil` when it holds nothing), as for models
    /// set on the storage. A storage asks this only for a section that exists and has no model
    /// of `kind` of its own.
    public func providedSupplementaryModel(ofKind kind: String, section: Int) -> (any Sendable)? {
        let provided: (any Sendable)?
        if kind == supplementaryHeaderKind, let headerModelProvider {
            provided = headerModelProvider(section)
        } else if kind == supplementaryFooterKind, let footerModelProvider {
            provided = footerModelProvider(section)
        } else {
            provided = supplementaryModelProvider?(kind, section)
        }
        return provided.flatMap(nonNilModel)
    }
}

extension Storage where Self: BaseStorage {
    /// The header model of `section` (kind ``BaseStorage/supplementaryHeaderKind``): the
    /// section's own, else what the providers say; `nil` for a section out of range. O(1).
    public func headerModel(forSection section: Int) -> (any Sendable)? {
        supplementaryModel(ofKind: supplementaryHeaderKind, forSectionAt: section)
    }

    /// The footer model of `section` (kind ``BaseStorage/supplementaryFooterKind``), as
    /// ``headerModel(forSection:)``. O(1).
    public func footerModel(forSection section: Int) -> (any Sendable)? {
        supplementaryModel(ofKind: supplementaryFooterKind, forSectionAt: section)
    }
}
