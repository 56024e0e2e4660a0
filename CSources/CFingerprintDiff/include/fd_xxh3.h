/*
 * fd_xxh3.h - ModelStorage's own XXH3-64, header only.
 *
 * What it is
 * ==========
 * XXH3 is the 64-bit hash of xxHash (Yann Collet). This file is an independent implementation
 * of its 64-bit variant, written from the published algorithm description ("XXH3 Algorithm
 * Description" in doc/xxhash_spec.md of the xxHash repository), so that the package needs no
 * system library on any platform. It computes exactly what libxxhash's XXH3_64bits() and
 * XXH3_64bits_withSeed() compute, bit for bit, on every input: the package's tests compare the
 * two on every length 0-4,096, random lengths up to 1 MiB, seeds 0, 1, random and with the high
 * bits set, and unaligned start addresses; the core fuzz harness compares them on its inputs.
 *
 *     fd_xxh3_64bits(input, length)                  XXH3_64bits
 *     fd_xxh3_64bits_with_seed(input, length, seed)  XXH3_64bits_withSeed
 *
 * Portable C11: no SIMD intrinsics, no unaligned loads (memcpy or bytes), the same result on
 * little- and big-endian machines (input and secret are read as little-endian words, as the
 * specification says), a 64x64->128-bit multiply through unsigned __int128 where the compiler
 * has it and through four 32-bit products where it does not (32-bit watchOS).
 *
 * Cost
 * ====
 * Everything is static inline, so a call with a constant length (an 8-byte integer, a 16-byte
 * UUID) reduces to a few multiplications with the secret folded into constants. By length:
 *   0-16 bytes     one or two 64-bit reads, one 128-bit multiply, inline
 *   17-128 bytes   one 128-bit multiply per 16 bytes, inline
 *   129-240 bytes  the same, out of line (as libxxhash does)
 *   241+ bytes     8 lanes of 32x32->64 multiplies per 64-byte stripe, a scramble per
 *                  1,024-byte block; out of line. Written so that the compiler vectorises
 *                  it (2 lanes of SSE2 or NEON): on x86_64 as fast as libxxhash's SSE2 path
 *                  (libxxhash's AVX2 and AVX-512 paths, chosen at build time, are faster)
 * No allocation, no global state; reads exactly @p length bytes of @p input.
 *
 * FD_XXH3_FORCE_PORTABLE, defined before including this header, takes the paths a compiler
 * without unsigned __int128 or a big-endian machine takes (byte-by-byte reads, 32-bit
 * products), so that they are tested on this machine too (Tests/Fuzz/CoreFuzzCheck).
 */
#ifndef FD_XXH3_H
#define FD_XXH3_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/** XXH3-64 of @p length bytes at @p input with seed 0, equal to libxxhash's XXH3_64bits().
 *  @param input the bytes; may be NULL when @p length is 0. @param length how many.
 *  @return the hash. Time O(length). */
static inline uint64_t fd_xxh3_64bits(const void *input, size_t length);

/** XXH3-64 of @p length bytes at @p input with @p seed, equal to libxxhash's
 *  XXH3_64bits_withSeed(). Seed 0 gives fd_xxh3_64bits(). Above 240 bytes a non-zero seed
 *  derives its own 192-byte secret from the default one (on the stack).
 *  @param input the bytes; may be NULL when @p length is 0. @param length how many.
 *  @param seed any 64-bit value. @return the hash. Time O(length). */
static inline uint64_t fd_xxh3_64bits_with_seed(const void *input, size_t length, uint64_t seed);

/* ------------------------------------------------------------------------------------------
 * Implementation. Names below are internal (fd_xxh3_i_*); they may change at any release.
 * ------------------------------------------------------------------------------------------ */

#if defined(__GNUC__) || defined(__clang__)
#  define FD_XXH3_I_NOINLINE __attribute__((noinline))
#else
#  define FD_XXH3_I_NOINLINE
#endif

#if defined(__SIZEOF_INT128__) && !defined(FD_XXH3_FORCE_PORTABLE)
#  define FD_XXH3_I_HAS_INT128 1
#endif
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) \
    && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(FD_XXH3_FORCE_PORTABLE)
#  define FD_XXH3_I_LITTLE_ENDIAN 1
#endif

/* The specification's constants. */
#define FD_XXH3_I_PRIME32_1 UINT64_C(0x9E3779B1)
#define FD_XXH3_I_PRIME32_2 UINT64_C(0x85EBCA77)
#define FD_XXH3_I_PRIME32_3 UINT64_C(0xC2B2AE3D)
#define FD_XXH3_I_PRIME64_1 UINT64_C(0x9E3779B185EBCA87)
#define FD_XXH3_I_PRIME64_2 UINT64_C(0xC2B2AE3D27D4EB4F)
#define FD_XXH3_I_PRIME64_3 UINT64_C(0x165667B19E3779F9)
#define FD_XXH3_I_PRIME64_4 UINT64_C(0x85EBCA77C2B2AE63)
#define FD_XXH3_I_PRIME64_5 UINT64_C(0x27D4EB2F165667C5)
#define FD_XXH3_I_PRIME_MX1 UINT64_C(0x165667919E3779F9)
#define FD_XXH3_I_PRIME_MX2 UINT64_C(0x9FB21C651E98DF25)

/* Sizes of the large-input algorithm with the default 192-byte secret. */
#define FD_XXH3_I_SECRET_SIZE 192
#define FD_XXH3_I_STRIPE 64
#define FD_XXH3_I_STRIPES_PER_BLOCK ((FD_XXH3_I_SECRET_SIZE - FD_XXH3_I_STRIPE) / 8)
#define FD_XXH3_I_BLOCK (FD_XXH3_I_STRIPE * FD_XXH3_I_STRIPES_PER_BLOCK)

/* The default secret, from the specification. */
static const uint8_t fd_xxh3_i_default_secret[FD_XXH3_I_SECRET_SIZE] = {
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
};

/* Little-endian reads, byte by byte: correct on any machine. */
static inline uint32_t fd_xxh3_i_read32_bytes(const uint8_t *p) {
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline uint64_t fd_xxh3_i_read64_bytes(const uint8_t *p) {
    return (uint64_t)fd_xxh3_i_read32_bytes(p) | ((uint64_t)fd_xxh3_i_read32_bytes(p + 4) << 32);
}

/* Little-endian reads: one load on a little-endian machine. */
static inline uint32_t fd_xxh3_i_read32(const uint8_t *p) {
#ifdef FD_XXH3_I_LITTLE_ENDIAN
    uint32_t value;
    memcpy(&value, p, sizeof value);
    return value;
#else
    return fd_xxh3_i_read32_bytes(p);
#endif
}

static inline uint64_t fd_xxh3_i_read64(const uint8_t *p) {
#ifdef FD_XXH3_I_LITTLE_ENDIAN
    uint64_t value;
    memcpy(&value, p, sizeof value);
    return value;
#else
    return fd_xxh3_i_read64_bytes(p);
#endif
}

/* Stores @p value little-endian (the derived secret). */
static inline void fd_xxh3_i_write64(uint8_t *p, uint64_t value) {
    for (int k = 0; k < 8; k++) p[k] = (uint8_t)(value >> (8 * k));
}

static inline uint32_t fd_xxh3_i_bswap32(uint32_t x) {
    return (x >> 24) | ((x >> 8) & 0x0000FF00u) | ((x << 8) & 0x00FF0000u) | (x << 24);
}

static inline uint64_t fd_xxh3_i_bswap64(uint64_t x) {
    return ((uint64_t)fd_xxh3_i_bswap32((uint32_t)x) << 32) | fd_xxh3_i_bswap32((uint32_t)(x >> 32));
}

static inline uint64_t fd_xxh3_i_rotl64(uint64_t x, unsigned r) {
    return (x << r) | (x >> (64 - r));
}

/* The full 128-bit product of a and b, folded: low half xor high half. Four 32-bit products,
 * for compilers without a 128-bit type. */
static inline uint64_t fd_xxh3_i_mul128_fold64_portable(uint64_t a, uint64_t b) {
    uint64_t lo_lo = (a & 0xFFFFFFFFu) * (b & 0xFFFFFFFFu);
    uint64_t hi_lo = (a >> 32) * (b & 0xFFFFFFFFu);
    uint64_t lo_hi = (a & 0xFFFFFFFFu) * (b >> 32);
    uint64_t hi_hi = (a >> 32) * (b >> 32);
    uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
    uint64_t high = (hi_lo >> 32) + (cross >> 32) + hi_hi;
    uint64_t low = (cross << 32) | (lo_lo & 0xFFFFFFFFu);
    return low ^ high;
}

static inline uint64_t fd_xxh3_i_mul128_fold64(uint64_t a, uint64_t b) {
#ifdef FD_XXH3_I_HAS_INT128
    __uint128_t product = (__uint128_t)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
#else
    return fd_xxh3_i_mul128_fold64_portable(a, b);
#endif
}

/* avalanche_XXH64 of the specification. */
static inline uint64_t fd_xxh3_i_avalanche_xxh64(uint64_t x) {
    x ^= x >> 33;
    x *= FD_XXH3_I_PRIME64_2;
    x ^= x >> 29;
    x *= FD_XXH3_I_PRIME64_3;
    x ^= x >> 32;
    return x;
}

/* avalanche of the specification (XXH3's own). */
static inline uint64_t fd_xxh3_i_avalanche(uint64_t x) {
    x ^= x >> 37;
    x *= FD_XXH3_I_PRIME_MX1;
    x ^= x >> 32;
    return x;
}

/* 0 bytes. */
static inline uint64_t fd_xxh3_i_empty(uint64_t seed) {
    const uint8_t *secret = fd_xxh3_i_default_secret;
    return fd_xxh3_i_avalanche_xxh64(seed ^ fd_xxh3_i_read64(secret + 56) ^ fd_xxh3_i_read64(secret + 64));
}

/* 1-3 bytes: last byte, length, first byte and middle byte in one 32-bit word. */
static inline uint64_t fd_xxh3_i_1to3(const uint8_t *input, size_t length, uint64_t seed) {
    const uint8_t *secret = fd_xxh3_i_default_secret;
    uint32_t combined = (uint32_t)input[length - 1] | ((uint32_t)length << 8)
                      | ((uint32_t)input[0] << 16) | ((uint32_t)input[length >> 1] << 24);
    uint64_t flip = (uint64_t)(fd_xxh3_i_read32(secret) ^ fd_xxh3_i_read32(secret + 4)) + seed;
    return fd_xxh3_i_avalanche_xxh64(flip ^ (uint64_t)combined);
}

/* 4-8 bytes: the first and last four bytes. */
static inline uint64_t fd_xxh3_i_4to8(const uint8_t *input, size_t length, uint64_t seed) {
    const uint8_t *secret = fd_xxh3_i_default_secret;
    uint64_t first = fd_xxh3_i_read32(input);
    uint64_t last = fd_xxh3_i_read32(input + length - 4);
    uint64_t modified_seed = seed ^ ((uint64_t)fd_xxh3_i_bswap32((uint32_t)seed) << 32);
    uint64_t flip = (fd_xxh3_i_read64(secret + 8) ^ fd_xxh3_i_read64(secret + 16)) - modified_seed;
    uint64_t value = (last | (first << 32)) ^ flip;
    value ^= fd_xxh3_i_rotl64(value, 49) ^ fd_xxh3_i_rotl64(value, 24);
    value *= FD_XXH3_I_PRIME_MX2;
    value ^= (value >> 35) + (uint64_t)length;
    value *= FD_XXH3_I_PRIME_MX2;
    return value ^ (value >> 28);
}

/* 9-16 bytes before the final avalanche: the first and last eight bytes. The avalanche is a
 * bijection of the 64-bit values (two xorshifts and an odd multiplier), so two inputs give
 * equal values here exactly when their hashes are equal (fd_diff_key_16_bytes). */
static inline uint64_t fd_xxh3_i_9to16_unavalanched(const uint8_t *input, size_t length, uint64_t seed) {
    const uint8_t *secret = fd_xxh3_i_default_secret;
    uint64_t low = ((fd_xxh3_i_read64(secret + 24) ^ fd_xxh3_i_read64(secret + 32)) + seed)
                 ^ fd_xxh3_i_read64(input);
    uint64_t high = ((fd_xxh3_i_read64(secret + 40) ^ fd_xxh3_i_read64(secret + 48)) - seed)
                  ^ fd_xxh3_i_read64(input + length - 8);
    return (uint64_t)length + fd_xxh3_i_bswap64(low) + high + fd_xxh3_i_mul128_fold64(low, high);
}

/* 9-16 bytes. */
static inline uint64_t fd_xxh3_i_9to16(const uint8_t *input, size_t length, uint64_t seed) {
    return fd_xxh3_i_avalanche(fd_xxh3_i_9to16_unavalanched(input, length, seed));
}

static inline uint64_t fd_xxh3_i_0to16(const uint8_t *input, size_t length, uint64_t seed) {
    if (length > 8) return fd_xxh3_i_9to16(input, length, seed);
    if (length >= 4) return fd_xxh3_i_4to8(input, length, seed);
    if (length > 0) return fd_xxh3_i_1to3(input, length, seed);
    return fd_xxh3_i_empty(seed);
}

/* mixStep of the specification: 16 bytes of input against 16 bytes of secret and the seed. */
static inline uint64_t fd_xxh3_i_mix16(const uint8_t *input, const uint8_t *secret, uint64_t seed) {
    return fd_xxh3_i_mul128_fold64(fd_xxh3_i_read64(input) ^ (fd_xxh3_i_read64(secret) + seed),
                                   fd_xxh3_i_read64(input + 8) ^ (fd_xxh3_i_read64(secret + 8) - seed));
}

/* 17-128 bytes: pairs of 16-byte chunks, from the front and from the back. */
static inline uint64_t fd_xxh3_i_17to128(const uint8_t *input, size_t length, uint64_t seed) {
    const uint8_t *secret = fd_xxh3_i_default_secret;
    uint64_t acc = (uint64_t)length * FD_XXH3_I_PRIME64_1;
    size_t rounds = ((length - 1) >> 5) + 1;
    for (size_t i = 0; i < rounds; i++) {
        acc += fd_xxh3_i_mix16(input + 16 * i, secret + 32 * i, seed);
        acc += fd_xxh3_i_mix16(input + length - 16 * i - 16, secret + 32 * i + 16, seed);
    }
    return fd_xxh3_i_avalanche(acc);
}

/* 129-240 bytes: eight chunks, an avalanche, the remaining chunks against the secret shifted
 * by 3, and the last 16 bytes against the secret at 119. */
static FD_XXH3_I_NOINLINE uint64_t fd_xxh3_i_129to240(const uint8_t *input, size_t length, uint64_t seed) {
    const uint8_t *secret = fd_xxh3_i_default_secret;
    uint64_t acc = (uint64_t)length * FD_XXH3_I_PRIME64_1;
    size_t chunks = length >> 4;
    for (size_t i = 0; i < 8; i++) acc += fd_xxh3_i_mix16(input + 16 * i, secret + 16 * i, seed);
    acc = fd_xxh3_i_avalanche(acc);
    for (size_t i = 8; i < chunks; i++) acc += fd_xxh3_i_mix16(input + 16 * i, secret + 16 * (i - 8) + 3, seed);
    acc += fd_xxh3_i_mix16(input + length - 16, secret + 119, seed);
    return fd_xxh3_i_avalanche(acc);
}

/* One 64-byte stripe into the eight accumulators, against 64 bytes of secret: each lane adds
 * its neighbour's data (lane ^ 1) and the product of the halves of its own data xor secret.
 * Written two lanes at a time, the form compilers turn into 2-lane vector code by themselves
 * (SSE2, NEON): as fast as libxxhash's SSE2 path here, with no intrinsics. */
static inline void fd_xxh3_i_accumulate(uint64_t acc[8], const uint8_t *stripe, const uint8_t *secret) {
    for (size_t lane = 0; lane < 8; lane += 2) {
        uint64_t data0 = fd_xxh3_i_read64(stripe + 8 * lane);
        uint64_t data1 = fd_xxh3_i_read64(stripe + 8 * lane + 8);
        uint64_t keyed0 = data0 ^ fd_xxh3_i_read64(secret + 8 * lane);
        uint64_t keyed1 = data1 ^ fd_xxh3_i_read64(secret + 8 * lane + 8);
        acc[lane] += data1 + (keyed0 & 0xFFFFFFFFu) * (keyed0 >> 32);
        acc[lane + 1] += data0 + (keyed1 & 0xFFFFFFFFu) * (keyed1 >> 32);
    }
}

/* The scramble after each full block, with the last 64 bytes of the secret. */
static inline void fd_xxh3_i_scramble(uint64_t acc[8], const uint8_t *secret) {
    for (size_t lane = 0; lane < 8; lane++) {
        uint64_t value = acc[lane];
        value ^= value >> 47;
        value ^= fd_xxh3_i_read64(secret + 8 * lane);
        acc[lane] = value * FD_XXH3_I_PRIME32_1;
    }
}

/* 241 bytes and more, with a 192-byte secret: full blocks (each ended by a scramble), the
 * stripes of the last block but its last, the last 64 bytes of input, then the final merge. */
static inline uint64_t fd_xxh3_i_long(const uint8_t *input, size_t length, const uint8_t *secret) {
    uint64_t acc[8] = {
        FD_XXH3_I_PRIME32_3, FD_XXH3_I_PRIME64_1, FD_XXH3_I_PRIME64_2, FD_XXH3_I_PRIME64_3,
        FD_XXH3_I_PRIME64_4, FD_XXH3_I_PRIME32_2, FD_XXH3_I_PRIME64_5, FD_XXH3_I_PRIME32_1,
    };
    size_t blocks = (length - 1) / FD_XXH3_I_BLOCK;
    for (size_t block = 0; block < blocks; block++) {
        const uint8_t *start = input + block * FD_XXH3_I_BLOCK;
        for (size_t stripe = 0; stripe < FD_XXH3_I_STRIPES_PER_BLOCK; stripe++) {
            fd_xxh3_i_accumulate(acc, start + stripe * FD_XXH3_I_STRIPE, secret + stripe * 8);
        }
        fd_xxh3_i_scramble(acc, secret + FD_XXH3_I_SECRET_SIZE - FD_XXH3_I_STRIPE);
    }
    const uint8_t *last_block = input + blocks * FD_XXH3_I_BLOCK;
    size_t stripes = ((length - 1) - blocks * FD_XXH3_I_BLOCK) / FD_XXH3_I_STRIPE;
    for (size_t stripe = 0; stripe < stripes; stripe++) {
        fd_xxh3_i_accumulate(acc, last_block + stripe * FD_XXH3_I_STRIPE, secret + stripe * 8);
    }
    fd_xxh3_i_accumulate(acc, input + length - FD_XXH3_I_STRIPE, secret + FD_XXH3_I_SECRET_SIZE - FD_XXH3_I_STRIPE - 7);
    uint64_t result = (uint64_t)length * FD_XXH3_I_PRIME64_1;
    for (size_t i = 0; i < 4; i++) {
        result += fd_xxh3_i_mul128_fold64(acc[2 * i] ^ fd_xxh3_i_read64(secret + 11 + 16 * i),
                                          acc[2 * i + 1] ^ fd_xxh3_i_read64(secret + 11 + 16 * i + 8));
    }
    return fd_xxh3_i_avalanche(result);
}

/* The long path with a seed: seed 0 uses the default secret; any other derives one, adding
 * the seed to the even 64-bit words of the default secret and subtracting it from the odd. */
static FD_XXH3_I_NOINLINE uint64_t fd_xxh3_i_long_seeded(const uint8_t *input, size_t length, uint64_t seed) {
    if (seed == 0) return fd_xxh3_i_long(input, length, fd_xxh3_i_default_secret);
    uint8_t secret[FD_XXH3_I_SECRET_SIZE];
    for (size_t i = 0; i < FD_XXH3_I_SECRET_SIZE / 16; i++) {
        fd_xxh3_i_write64(secret + 16 * i, fd_xxh3_i_read64(fd_xxh3_i_default_secret + 16 * i) + seed);
        fd_xxh3_i_write64(secret + 16 * i + 8, fd_xxh3_i_read64(fd_xxh3_i_default_secret + 16 * i + 8) - seed);
    }
    return fd_xxh3_i_long(input, length, secret);
}

static inline uint64_t fd_xxh3_64bits_with_seed(const void *input, size_t length, uint64_t seed) {
    const uint8_t *bytes = (const uint8_t *)input;
    if (length <= 16) return fd_xxh3_i_0to16(bytes, length, seed);
    if (length <= 128) return fd_xxh3_i_17to128(bytes, length, seed);
    if (length <= 240) return fd_xxh3_i_129to240(bytes, length, seed);
    return fd_xxh3_i_long_seeded(bytes, length, seed);
}

static inline uint64_t fd_xxh3_64bits(const void *input, size_t length) {
    return fd_xxh3_64bits_with_seed(input, length, 0);
}

#ifdef __cplusplus
}
#endif

#endif /* FD_XXH3_H */
