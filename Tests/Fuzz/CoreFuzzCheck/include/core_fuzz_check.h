/* Decodes a fuzzer input into two fingerprint arrays and checks every invariant of the C core
 * on them. Shared by the libFuzzer harness (Tests/Fuzz/core_harness.c) and the corpus replay of
 * the ordinary test run, so that a crasher found once stays caught.
 *
 * Input format (all bytes optional):
 *   byte 0: bits 0-1 alphabet (2, 8, 64, 256 values); bit 2 map values near UINT64_MAX;
 *           bits 3-5 Myers cost limit (0: default, k: 4^k steps);
 *           bit 6 inject an allocation failure at the allocation numbered by byte 2;
 *           bit 7 edit mode (below)
 *   byte 1: where old ends and new begins among the remaining bytes (x/255 of them)
 *   byte 2: allocation to fail (with bit 6)
 *   rest:   one element per byte: fingerprint = byte % alphabet; content = byte / alphabet % 2
 *
 * Edit mode (long aligned runs with local edits, what Heckel's walk is for): old is
 * 16 * (byte 1) + 1 distinct values (40,000 more when byte 2 is 255 without bit 6: both sides
 * then pass the duplicate check's small-range bound), or values from the alphabet when bits
 * 0-1 are 0; new is
 * built from old by one edit per remaining byte, on a cursor that walks old: the low 2 bits
 * choose copy (the next 1 + byte/4 old elements), delete (skip that many), insert (that many
 * new values) or move (the next old element goes 1 + byte/4 places further on).
 *
 * Every mode also checks that Heckel with the walk (fd_heckel, fd_diff) gives exactly what the
 * table-only path (fd_diff with FD_DIFF_TABLE_ONLY) gives: matching, moves, counts, flags;
 * and that FD_DIFF_UNIQUE_FINGERPRINTS gives that too when Heckel found no repeat (the
 * guarantee kept), a consistent matching otherwise (broken). And, reading the values as
 * identities and each value with its last bit dropped as its fingerprint, that
 * fd_first_old_occurrences gives exactly what it promises, and that when every pair Heckel makes
 * on those fingerprints joins equal values and every old element and every unpaired new element
 * has its first old element's value, Heckel's matching and moves are the values' own (what the
 * Swift layer's confirmation relies on).
 *
 * And every input, as raw bytes, is hashed with the package's XXH3 (fd_xxh3.h) at four
 * offsets and four seeds (0, 1, the input's first 8 bytes, and those with the high bit set):
 * it must equal the same code built with FD_XXH3_FORCE_PORTABLE (core_fuzz_xxh3_portable) and,
 * when this file is compiled with CORE_FUZZ_SYSTEM_XXHASH (Tests/Fuzz/run.sh does when
 * libxxhash-dev is installed), libxxhash's XXH3_64bits_withSeed.
 */
#ifndef CORE_FUZZ_CHECK_H
#define CORE_FUZZ_CHECK_H

#include <stddef.h>
#include <stdint.h>

/*! Returns 0 when every invariant holds, otherwise a non-zero code and a message describing
 *  the first violated invariant in `message` (always NUL-terminated). */
int core_fuzz_check(const uint8_t *data, size_t size, char *message, size_t message_capacity);

/*! fd_xxh3_64bits_with_seed built with FD_XXH3_FORCE_PORTABLE (xxh3_portable.c). */
uint64_t core_fuzz_xxh3_portable(const void *input, size_t length, uint64_t seed);

/*! 1 when xxh3_portable.c was indeed built without the 128-bit multiply and the native
 *  little-endian loads (the macro took effect), 0 otherwise. */
int core_fuzz_xxh3_portable_is_portable(void);

#endif
