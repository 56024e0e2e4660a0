#if GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How long the WAL of a database is, from its wal-index (the `-shm` file, whose header SQLite
/// documents in "WAL-mode File Format": `iVersion` 3007000 at byte 0, `mxFrame`, the number of
/// frames in the WAL, at byte 16, both in the machine's byte order). The WAL file itself does
/// not say: SQLite writes it over from the start without shrinking it.
enum WALIndex {
    /// The number of frames in the WAL of the database at `path`; from the WAL file's size (of
    /// 4 KiB pages) when the wal-index cannot be read (exclusive locking mode: no `-shm` file).
    static func frameCount(of path: String) -> Int {
        if let header = header(of: path + "-shm"), header.version == 3_007_000 { return Int(header.frames) }
        let size = DatabaseFileIdentity.size(at: path + "-wal") ?? 0
        return max(0, size - 32) / (4_096 + 24)
    }

    /// The version and frame count of the wal-index at `path`, or `nil` when it cannot be read.
    private static func header(of path: String) -> (version: UInt32, frames: UInt32)? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var words = (UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0))
        let count = withUnsafeMutableBytes(of: &words) { pread(descriptor, $0.baseAddress, 20, 0) }
        return count == 20 ? (words.0, words.4) : nil
    }
}
#endif
