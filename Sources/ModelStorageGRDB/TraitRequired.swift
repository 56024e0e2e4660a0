#if !GRDB
// Built without the package trait "GRDB": GRDB is not resolved, and the names of this module
// tell the user how to turn it on instead of being missing.

/// Unavailable: ModelStorage was added without its "GRDB" trait.
@available(*, unavailable, message: """
    DatabaseStorage needs ModelStorage's package trait "GRDB": \
    .package(path: "../ModelStorage", traits: [.defaults, "GRDB"]) \
    (or `swift build --traits GRDB` in ModelStorage itself)
    """)
public final class DatabaseStorage<Record> {}

/// Unavailable: ModelStorage was added without its "GRDB" trait.
@available(*, unavailable, message: """
    DatabaseStorageError needs ModelStorage's package trait "GRDB": \
    .package(path: "../ModelStorage", traits: [.defaults, "GRDB"])
    """)
public enum DatabaseStorageError {}
#endif
