/* Internal helpers shared by the C core: allocation through an optional fd_allocator with
 * overflow-checked sizes. Not part of the public API. */
#ifndef FD_INTERNAL_H
#define FD_INTERNAL_H

#include "fingerprint_diff.h"
#include <stdlib.h>
#include <string.h>

/* Allocates count * size bytes, or returns NULL on overflow or allocation failure. */
static inline void *fd_allocate_array(const fd_allocator *allocator, size_t count, size_t size) {
    if (count == 0) count = 1; /* a valid pointer even for empty inputs */
    if (count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    return allocator ? allocator->allocate(allocator->context, bytes) : malloc(bytes);
}

static inline void fd_deallocate(const fd_allocator *allocator, void *pointer) {
    if (pointer == NULL) return;
    if (allocator) allocator->deallocate(allocator->context, pointer);
    else free(pointer);
}

/* Mixes a fingerprint into a table position. Fingerprints from XXH3 are already uniform, but
 * C callers may pass small integers; a multiply by the golden ratio spreads them. */
static inline uint64_t fd_mix(uint64_t fingerprint) {
    return fingerprint * UINT64_C(0x9E3779B97F4A7C15);
}

/* The high 64 bits of a * b: maps a uniform 64-bit value into [0, b) without a division. */
static inline uint64_t fd_multiply_high(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__)
    return (uint64_t)(((__uint128_t)a * b) >> 64);
#else
    uint64_t a_low = (uint32_t)a, a_high = a >> 32, b_low = (uint32_t)b, b_high = b >> 32;
    uint64_t low_low = a_low * b_low, high_low = a_high * b_low, low_high = a_low * b_high;
    uint64_t middle = (low_low >> 32) + (uint32_t)high_low + (uint32_t)low_high;
    return a_high * b_high + (high_low >> 32) + (low_high >> 32) + (middle >> 32);
#endif
}

/* Validates the (pointer, count) pairs of an input. */
static inline int fd_arrays_valid(const void *a, size_t a_count, const void *b, size_t b_count) {
    return (a != NULL || a_count == 0) && (b != NULL || b_count == 0);
}

#endif
