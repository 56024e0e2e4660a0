extension MemoryStorage {
    /// Sets the header models of sections `0..<models.count` (kind
    /// ``BaseStorage/supplementaryHeaderKind``), creating missing sections; a `nil` model
    /// removes that header. Existing sections whose header changes are reported as updated
    /// sections (stage 2), created ones as inserted sections; a model equal to the one set (the
    /// same `Equatable` type, `==`) changes and reports nothing. O(models.count).
    public func setSectionHeaderModels<T: Sendable>(_ models: [T]) {
        setSupplementaries(models, forKind: supplementaryHeaderKind)
    }

    /// Sets the footer models of sections `0..<models.count`, like
    /// ``setSectionHeaderModels(_:)``.
    public func setSectionFooterModels<T: Sendable>(_ models: [T]) {
        setSupplementaries(models, forKind: supplementaryFooterKind)
    }

    /// Sets the supplementary models of `kind` of sections `0..<models.count`, like
    /// ``setSectionHeaderModels(_:)``.
    public func setSupplementaries<T: Sendable>(_ models: [T], forKind kind: String) {
        guard !models.isEmpty else { return }
        if models.count == 1 {
            commit { $0.setSupplementaryModel(models[0], forKind: kind, section: 0) }
        } else {
            batch { for (section, model) in models.enumerated() { commit { $0.setSupplementaryModel(model, forKind: kind, section: section) } } }
        }
    }

    /// Sets the supplementary model of `kind` of section `section` (`nil` removes it),
    /// creating the sections up to it when they do not exist; a model equal to the one set (the
    /// same `Equatable` type, `==`) changes and reports nothing. O(1) for an existing section.
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last.
    public func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String, atSectionIndex section: Int)
        throws(StorageError)
    {
        try checkCreatableSection(section)
        commit { $0.setSupplementaryModel(model, forKind: kind, section: section) }
    }
}
