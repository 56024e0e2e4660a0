#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over the platform's `pthread_mutex_t`, the one lock of the package's
/// classes that guard state shared between threads: the scratch pool here, a stream's mailbox
/// (ModelStorage), the change journal and change signal (ModelStorageGRDB). It lives in
/// FingerprintDiff, the lowest Swift module, so that each of them can use it; no Foundation.
/// Not recursive.
package final class PlatformLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `body`'s result, computed while holding the lock.
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
