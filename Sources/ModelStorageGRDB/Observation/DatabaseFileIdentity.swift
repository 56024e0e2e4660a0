#if GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a database path names: its device and inode. A storage compares the identity of
/// its path with the one it saw when it was created, so that it notices the file deleted,
/// moved away or replaced by another (its connection would go on with the unlinked file while
/// the path holds other data).
struct DatabaseFileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path` now; `nil` when no file is there.
    static func current(at path: String) -> DatabaseFileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        // dev_t is signed on Darwin (Int32): convert bit for bit, never trap.
        return DatabaseFileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev),
                                    inode: UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// The size in bytes of the file at `path`; `nil` when no file is there.
    static func size(at path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(truncatingIfNeeded: info.st_size)
    }

    /// Whether `path` names a file on disk (not an in-memory or temporary database, not a URI).
    static func isFilePath(_ path: String) -> Bool {
        !path.isEmpty && path != ":memory:" && !path.hasPrefix("file:")
    }
}
#endif
