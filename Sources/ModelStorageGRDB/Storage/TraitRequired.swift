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

// GRDB's names that a database storage's code writes first (a record type, a database), so
// that the first error a user meets without the trait is the one that says how to turn it on,
// not "cannot find type 'FetchableRecord' in scope". With the trait, GRDB's own come through
// `import ModelStorageGRDB`.

/// Unavailable: GRDB's `FetchableRecord` comes with ModelStorage's "GRDB" trait.
@available(*, unavailable, message: """
    FetchableRecord is GRDB's: turn on ModelStorage's package trait "GRDB": \
    .package(path: "../ModelStorage", traits: [.defaults, "GRDB"])
    """)
public protocol FetchableRecord {}

/// Unavailable: GRDB's `PersistableRecord` comes with ModelStorage's "GRDB" trait.
@available(*, unavailable, message: """
    PersistableRecord is GRDB's: turn on ModelStorage's package trait "GRDB": \
    .package(path: "../ModelStorage", traits: [.defaults, "GRDB"])
    """)
public protocol PersistableRecord {}

/// Unavailable: GRDB's `DatabaseWriter` comes with ModelStorage's "GRDB" trait.
@available(*, unavailable, message: """
    DatabaseWriter is GRDB's: turn on ModelStorage's package trait "GRDB": \
    .package(path: "../ModelStorage", traits: [.defaults, "GRDB"])
    """)
public protocol DatabaseWriter {}

/// Unavailable: GRDB's `DatabaseQueue` comes with ModelStorage's "GRDB" trait.
@available(*, unavailable, message: """
    DatabaseQueue is GRDB's: turn on ModelStorage's package trait "GRDB": \
    .package(path: "../ModelStorage", traits: [.defaults, "GRDB"])
    """)
public final class DatabaseQueue {}

/// Unavailable: GRDB's `DatabasePool` comes with ModelStorage's "GRDB" trait.
@available(*, unavailable, message: """
    DatabasePool is GRDB's: turn on ModelStorage's package trait "GRDB": \
    .package(path: "../ModelStorage", traits: [.defaults, "GRDB"])
    """)
public final class DatabasePool {}

/// Unavailable: GRDB's `Column` comes with ModelStorage's "GRDB" trait.
@available(*, unavailable, message: """
    Column is GRDB's: turn on ModelStorage's package trait "GRDB": \
    .package(path: "../ModelStorage", traits: [.defaults, "GRDB"])
    """)
public struct Column {}
#endif
