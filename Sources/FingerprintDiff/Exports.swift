// `IndexPath` is part of this module's API (SectionedBatchUpdate, IndexPathMove, ...): users get
// it with `import FingerprintDiff`, without importing Foundation themselves.
#if canImport(FoundationEssentials)
@_exported import struct FoundationEssentials.IndexPath
#else
@_exported import struct Foundation.IndexPath
#endif
