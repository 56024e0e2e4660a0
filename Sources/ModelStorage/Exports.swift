// The diff types this module's API shows (Changeset, ArraySection, SectionedBatchUpdate,
// IndexPath, Fingerprintable...) come with `import ModelStorage`.
@_exported import FingerprintDiff
