/*
 * shim.h - XXH3 from the system's libxxhash (Debian/Ubuntu: libxxhash-dev), for the package
 * trait SystemXXHash on Linux (on by default there).
 *
 * The same four fingerprint functions as fingerprint_diff.h, under the prefix
 * fd_system_fingerprint_: libxxhash's XXH3_64bits_withSeed, inlined from its header
 * (XXH_INLINE_ALL), so nothing is linked and a fingerprint of an Int or a UUID costs what the
 * package's own XXH3 costs. The values are the same as the package's own (fd_xxh3.h) bit for
 * bit; FingerprintDiff's Fingerprints/XXH3.swift decides which of the two a build uses.
 */
#ifndef MODELSTORAGE_CXXHASH_SHIM_H
#define MODELSTORAGE_CXXHASH_SHIM_H

#include <stddef.h>
#include <stdint.h>

#if !__has_include(<xxhash.h>)
#error "ModelStorage: the package trait SystemXXHash (on by default on Linux) takes XXH3 from libxxhash, whose header xxhash.h is not installed. Install it (Debian/Ubuntu: apt-get install libxxhash-dev), or depend on ModelStorage with traits: [] to use the package's own XXH3 (the same hash bit for bit, nothing to install)."
#else

#define XXH_INLINE_ALL
#include <xxhash.h>

#if !defined(XXH_VERSION_NUMBER) || XXH_VERSION_NUMBER < 800
#error "ModelStorage: the package trait SystemXXHash needs libxxhash 0.8.0 or later (XXH3's output is stable from 0.8.0 on). Upgrade libxxhash-dev, or depend on ModelStorage with traits: [] to use the package's own XXH3."
#endif

/** libxxhash's version, major * 10000 + minor * 100 + release (800 + ... for 0.8.x). */
static inline unsigned fd_system_xxhash_version(void) {
    return XXH_VERSION_NUMBER;
}

/** As fd_fingerprint_u64: XXH3-64, seed 0, of the value's 8 native-endian bytes. */
static inline uint64_t fd_system_fingerprint_u64(uint64_t value) {
    return XXH3_64bits(&value, sizeof value);
}

/** As fd_fingerprint_bytes: XXH3-64 of @p length bytes with @p seed (NULL when 0 bytes). */
static inline uint64_t fd_system_fingerprint_bytes(const void *bytes, size_t length, uint64_t seed) {
    return XXH3_64bits_withSeed(bytes, length, seed);
}

/** As fd_fingerprint_16_bytes: XXH3-64 of 16 bytes. */
static inline uint64_t fd_system_fingerprint_16_bytes(const void *bytes) {
    return XXH3_64bits(bytes, 16);
}

/** As fd_fingerprint_combine: XXH3-64 of @p next seeded with @p running. */
static inline uint64_t fd_system_fingerprint_combine(uint64_t running, uint64_t next) {
    return XXH3_64bits_withSeed(&next, sizeof next, running);
}

#endif /* __has_include(<xxhash.h>) */
#endif /* MODELSTORAGE_CXXHASH_SHIM_H */
