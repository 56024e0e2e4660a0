/*
 * fingerprint_diff.h - the C core of ModelStorage's diff engine.
 *
 * What it does
 * ============
 * Two lists are given as arrays of 64-bit fingerprints (one per element, derived from the
 * element's identity, normally with XXH3: fd_fingerprint_u64() and its siblings below). The
 * core computes a *matching* between them:
 *
 *     old_to_new[i] = index j in new that old element i is matched with, or -1
 *     new_to_old[j] = index i in old that new element j is matched with, or -1
 *
 * A matched pair always has equal fingerprints, and the two arrays are always exact inverses
 * of each other. From a matching (and optional content fingerprints) the changeset functions
 * derive deletions, insertions, a minimal set of moves, and updates.
 *
 * Two algorithms produce matchings:
 *
 *   fd_heckel()  O(n + m) expected time. With unique fingerprints every fingerprint present
 *                on both sides is matched. Repeated fingerprints are each matched
 *                min(old, new) times, paired so that what did not move stays in place
 *                (anchored on the unique pairs, in order between them, as patience diff
 *                does), never with more moves than occurrence order; they never crash and
 *                are never lost.
 *
 *   fd_myers()   A longest common subsequence (Hunt-Szymanski when matches are sparse, Myers'
 *                O((N + M) * D) search in linear space when they are dense), within a work
 *                budget; the matching is monotone.
 *
 * fd_diff() runs either, then marks the moves, in one call: what a language binding calls.
 *
 * Fingerprints are a fast filter, not the truth: two different identities may share a
 * fingerprint. Callers that hold the real identities (the Swift layer does) confirm every
 * matched pair and unmatch the pairs that differ; fd_match_remaining() can then match what is
 * left. Heckel's pairing of repeated fingerprints also relies on elements that share a
 * fingerprint sharing an identity where no pair shows it: fd_first_old_occurrences() gives the
 * elements a caller compares to confirm that too.
 *
 * Conventions
 * ===========
 *  - Indices are int64_t; counts are size_t. -1 means "no partner".
 *  - Every function that may allocate takes an optional fd_allocator (NULL: malloc/free) and
 *    returns FD_ERR_NO_MEMORY instead of aborting when an allocation fails. On any error the
 *    output arrays hold unspecified values and nothing is leaked.
 *  - No global state: any number of calls may run at the same time on different threads, as
 *    long as they do not share output arrays or an fd_arena.
 *  - Input arrays may be NULL when their count is 0.
 *
 * How the code is organised (one step per file, as in git's xdiff)
 * =================================================================
 *   fd_heckel.c              Heckel: common prefix, then the walk, then the table
 *   fd_walk.c                the sequential walk over aligned runs (Heckel's first pass)
 *   fd_occurrence_matching.c k-th occurrence with k-th, through its queue table
 *   fd_occurrence_noting.c   the same on a fresh range, noting what the repeats' pairing reads
 *   fd_repeats.c             repeated fingerprints paired so that what did not move stays
 *   fd_first_occurrences.c   the first old element of each fingerprint, for a caller's
 *                            confirmation by identity
 *   fd_occurrence_table.c    the occurrence table of the noting pass, Myers' counts and the
 *                            repeats' counts (the plain matching, the walk's anchors and the
 *                            duplicate check keep tables of their own: their files say why)
 *   fd_duplicates.c          whether any fingerprint repeats (decides if the walk may stand)
 *   fd_duplicates_sieve.c    the same on large ranges: bitmaps, then an exact set
 *   fd_common_ends.c         the common prefix and suffix, matched in place
 *   fd_myers.c               Myers: ends, occurrence counts, then sparse or dense search
 *   fd_hunt_szymanski.c      the sparse search, on the shared LIS
 *   fd_myers_search.c        the dense search: middle snakes in linear space
 *   fd_lis.c                 one longest increasing subsequence for every caller
 *   fd_walk_lis.c            the moves where the walk stands, from its runs and the table's
 *                            pairs (lists of 1,024 to 2^19 elements)
 *   fd_matching.c            the consistency check of a matching, fd_match_remaining
 *   fd_changeset.c           matching to deletions, insertions, moves, updates
 *   fd_diff.c                fd_diff: matching and moves in one call
 *   fd_arena.c               a caller-provided workspace as an fd_allocator
 *   fd_remainder.c           the lists of what the walk leaves to the table
 *   fd_status.c              fd_status_description
 *   fd_internal.h            the state of one diff, the steps' declarations, helpers
 *   fd_occurrence_table.h    the occurrence table and the notes the repeats' pairing reads
 *   fd_queue_table.h         the plain occurrence matching's table (32 bits of the
 *                            fingerprint and the queue's head in each slot)
 *   include/fd_xxh3.h        XXH3-64 from its specification, for the fingerprints
 */
#ifndef FINGERPRINT_DIFF_H
#define FINGERPRINT_DIFF_H

#include <stddef.h>
#include <stdint.h>

/* The package's own XXH3-64 (header only, inline): fingerprints of fixed-size values cost a
 * few instructions from Swift, and no system library is needed on any platform. */
#include "fd_xxh3.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup fingerprints Fingerprints
 * XXH3-64 fingerprints of identities, inline so that Swift calls cost a few instructions.
 * They use the package's own XXH3 (fd_xxh3.h), equal bit for bit to libxxhash's. The Swift
 * layer takes the same four functions from libxxhash instead on Linux with the package trait
 * SystemXXHash (CSources/CXXHash: fd_system_fingerprint_*); the values are the same.
 * @{
 */

/** Fingerprint of one 64-bit value (XXH3-64, seed 0, over its 8 native-endian bytes).
 *  @param value the value. @return its fingerprint. Inline; about 1.5 ns. */
static inline uint64_t fd_fingerprint_u64(uint64_t value) {
    return fd_xxh3_64bits(&value, sizeof value);
}

/** Fingerprint of a run of bytes (XXH3-64 with a seed).
 *  @param bytes the bytes; may be NULL when @p length is 0 (the fingerprint of no bytes).
 *  @param length how many bytes.
 *  @param seed XXH3's seed (0 for a plain fingerprint).
 *  @return the fingerprint. Inline. */
static inline uint64_t fd_fingerprint_bytes(const void *bytes, size_t length, uint64_t seed) {
    return fd_xxh3_64bits_with_seed(bytes, length, seed);
}

/** Fingerprint of 16 bytes, e.g. a UUID.
 *  @param bytes 16 readable bytes. @return XXH3-64 of them. Inline. */
static inline uint64_t fd_fingerprint_16_bytes(const void *bytes) {
    return fd_xxh3_64bits(bytes, 16);
}

/** The key a diff matches 16 bytes (a UUID) by: XXH3-64 of them before its final avalanche,
 *  which is a bijection of the 64-bit values (x ^= x >> 37; x *= an odd constant;
 *  x ^= x >> 32). Two keys are equal exactly when the two fingerprints
 *  (fd_fingerprint_16_bytes) are, so a diff that decides by equality alone matches the same
 *  elements by either, and the key costs the avalanche's five operations fewer (seven
 *  instructions in a loop, with clang -O2).
 *  @param bytes 16 readable bytes. @return the key. Inline. */
static inline uint64_t fd_diff_key_16_bytes(const void *bytes) {
    return fd_xxh3_i_9to16_unavalanched((const uint8_t *)bytes, 16, 0);
}

/** Combines a running fingerprint with the next 64-bit value, order-sensitively: how
 *  composite values (arrays, optionals, fields of a struct) are fingerprinted.
 *  @param running the fingerprint so far. @param next the next value.
 *  @return XXH3-64 of @p next seeded with @p running. Inline. */
static inline uint64_t fd_fingerprint_combine(uint64_t running, uint64_t next) {
    return fd_xxh3_64bits_with_seed(&next, sizeof next, running);
}

/** @} */

/**
 * @defgroup status Status codes and allocation
 * @{
 */

/** Result of every fallible function. */
typedef enum fd_status {
    FD_OK = 0,               /**< success */
    FD_ERR_NO_MEMORY = 1,    /**< an allocation failed; nothing was leaked */
    FD_ERR_TOO_LARGE = 2,    /**< a size computation would overflow, or a count exceeds
                                  what the function supports (see each function) */
    FD_ERR_INVALID_ARGUMENT = 3 /**< a NULL array with a non-zero count, or an inconsistent
                                     matching */
} fd_status;

/** A static, human-readable description of a status code.
 *  @param status any value. @return a sentence; "unknown status" for other values. */
const char *fd_status_description(fd_status status);

/** Optional custom allocator, passed wherever a function may allocate (NULL: malloc/free).
 *  `allocate` returns NULL on failure; `deallocate` accepts NULL. `context` is passed through
 *  unchanged. Blocks must be aligned for any type (16 bytes). */
typedef struct fd_allocator {
    void *(*allocate)(void *context, size_t size); /**< a block of at least @p size bytes */
    void (*deallocate)(void *context, void *pointer); /**< returns a block (or ignores NULL) */
    void *context;                                 /**< the allocator's own state */
} fd_allocator;

/** A workspace the caller provides (stack, a kept block): blocks are carved from it in order
 *  and given back last-in first-out; when it is full, the fallback allocator serves. A diff
 *  whose temporary memory fits the buffer then allocates nothing. Not thread-safe: one arena
 *  per diff in progress. */
typedef struct fd_arena {
    unsigned char *buffer;          /**< start of the workspace (16-byte aligned) */
    size_t capacity;                /**< its size in bytes */
    size_t used;                    /**< bytes in use, from the start (0 once every block
                                         was freed, in any order) */
    size_t top;                     /**< offset of the most recent block's header, or
                                         SIZE_MAX when there is none */
    const fd_allocator *fallback;   /**< for what does not fit (NULL: malloc/free) */
} fd_arena;

/** Prepares @p arena over @p buffer.
 *  @param arena the arena to initialise.
 *  @param buffer the workspace; it is aligned up to 16 bytes, which may cost up to 15 bytes.
 *  @param capacity its size in bytes.
 *  @param fallback serves what does not fit (NULL: malloc/free); must outlive the arena. */
void fd_arena_init(fd_arena *arena, void *buffer, size_t capacity, const fd_allocator *fallback);

/** The allocator that serves blocks from @p arena (which must outlive every use of it).
 *  Blocks cost their size rounded up to 16 bytes plus a 16-byte header. Freeing the most
 *  recent block gives its room back, together with the room of the blocks below it that were
 *  freed before; so once every block is freed, in any order, the arena is empty again.
 *  @param arena an initialised arena. @return the allocator. O(1). */
fd_allocator fd_arena_allocator(fd_arena *arena);

/** @} */

/**
 * @defgroup matching Matchings
 * Algorithms that pair old elements with new ones by fingerprint.
 * @{
 */

/** Flag in fd_match_info.flags: some fingerprint occurs more than once on one side among the
 *  elements the algorithm had to match (outside the common prefix). With duplicates, Heckel's
 *  matching may need more moves than the minimum (the matching is then not known minimal). */
#define FD_MATCH_HAD_DUPLICATES ((uint32_t)1u)

/** Flag in fd_match_info.flags: Myers' work budget ran out; the matching is a common
 *  subsequence, but maybe not a longest one. */
#define FD_MATCH_COST_LIMIT_REACHED ((uint32_t)2u)

/** What a matching algorithm reports besides the matching itself. */
typedef struct fd_match_info {
    uint32_t flags;        /**< FD_MATCH_* flags */
    uint64_t cost;         /**< work done: Myers' search steps; r, the equal pairs, for
                                Hunt-Szymanski; 0 for Heckel */
    size_t matched_count;  /**< number of matched pairs */
} fd_match_info;

/** Heckel-style matching: every fingerprint present on both sides is matched min(old, new)
 *  times; unmatched elements get -1. Steps:
 *   1. the common prefix is matched in place (it is what occurrence order matches there);
 *   2. a sequential walk matches aligned runs in place: equal fingerprints at the current
 *      positions, and at a mismatch a bounded look-ahead (64 elements on either side) finds
 *      where the lists agree again; after 16 mismatches in a row it looks up the new elements
 *      ahead (up to 8,192) among anchors, every 32nd old element, and jumps to the first
 *      anchor that starts 4 aligned elements (a shuffled top, a moved or replaced block), or
 *      gives up;
 *   3. what is left goes through a table of its fingerprints (k-th with k-th);
 *   4. the walk stands only when no fingerprint occurs twice outside the prefix (then the
 *      matching is unique, so the walk found it); otherwise the whole rest is matched again
 *      by the table alone (at once, without steps 2-4, when a sample of 32 old fingerprints,
 *      or on 16,384 new elements or more one new fingerprint in 32, up to 1,024, already
 *      holds a repeat; fd_diff() with FD_DIFF_UNIQUE_FINGERPRINTS skips that proof). Up to
 *      here the result is the occurrence-order matching (the k-th old occurrence of a
 *      fingerprint with the k-th new one), the same as fd_diff() with FD_DIFF_TABLE_ONLY
 *      computes;
 *   5. only when some fingerprint repeats: the repeats are paired again so that what did not
 *      move stays in place (fd_repeats.c): the pairs unique in both are anchors, their longest
 *      increasing subsequence the frame; between consecutive frame anchors the unpaired
 *      elements are paired in order (common ends, then a longest common subsequence within a
 *      budget of 16 steps per element); the rest by occurrence order. This matching replaces
 *      occurrence order only when it keeps at least as many pairs in place, so it never has
 *      more moves, and it has the same pairs per fingerprint. Removing the first of 100
 *      separators that share a fingerprint is then one deletion and no move (occurrence order:
 *      99 moves). With no anchor (a few values repeated everywhere) occurrence order stays.
 *  Lists with no repeated fingerprint never reach step 5: their matching is the only one.
 *
 *  @param old_fp, old_count   fingerprints of the old list
 *  @param new_fp, new_count   fingerprints of the new list
 *  @param old_to_new          output, @p old_count entries
 *  @param new_to_old          output, @p new_count entries
 *  @param info                optional output (may be NULL)
 *  @param allocator           optional (NULL: malloc)
 *  @return FD_OK; FD_ERR_NO_MEMORY; FD_ERR_TOO_LARGE when @p old_count or @p new_count is
 *          2^32 - 1 or more (the table packs indices into 32 bits); FD_ERR_INVALID_ARGUMENT
 *          for NULL arrays with non-zero counts.
 *  @pre the arrays do not overlap.
 *
 *  Time O(n + m) expected: O(n + m) sequential work for aligned runs, one table operation per
 *  element the walk leaves; with repeats, step 5 reads its anchors, and a number per
 *  fingerprint, from what the table of step 4 noted, searches the gaps (linear in their sizes,
 *  in one workspace, counting by those numbers), matches what they left through a table of
 *  its own, and computes two longest increasing subsequences, O(k log k) for k elements out of
 *  order, the second of which is the moves fd_diff() reports (the occurrence-order matching's
 *  own is computed only when three bounds leave the choice open). Allocations: a constant
 *  number (at most 33 per fd_diff() call, whatever the number of gaps). Extra memory: about 2
 *  bytes per element for the duplicate check, up to 1.5 bytes per old element for the anchors
 *  (when the walk needs them), 24 bytes per old element left to the table (11 above 131,072), 5
 *  bytes per new and 4 per old element for the notes of step 4 when the table matches the
 *  whole rest; with repeats, 43 bytes per new and about 23 per old element for step 5, and the gaps' workspace (at most 112 bytes per element
 *  of the largest gap); freed before returning.
 *  @see fd_diff, fd_match_remaining */
fd_status fd_heckel(const uint64_t *old_fp, size_t old_count,
                    const uint64_t *new_fp, size_t new_count,
                    int64_t *old_to_new, int64_t *new_to_old,
                    fd_match_info *info, const fd_allocator *allocator);

/** Extends an existing matching by occurrence order among the elements still unmatched.
 *
 *  Pairs already present (entries >= 0) are kept. Among the unmatched elements, the k-th
 *  unmatched occurrence of a fingerprint in old is matched with the k-th unmatched occurrence
 *  in new. Used after fd_myers() to turn delete+insert pairs of the same identity into moves,
 *  and after a caller unmatched colliding pairs.
 *
 *  @param old_fp, old_count, new_fp, new_count   the fingerprints, as for fd_heckel()
 *  @param old_to_new, new_to_old                 the matching, extended in place
 *  @param info        optional; `matched_count` counts all pairs afterwards
 *  @param allocator   optional (NULL: malloc)
 *  @return as fd_heckel(), and FD_ERR_INVALID_ARGUMENT when the input matching is not
 *          consistent (see fd_matching_check()).
 *  Time O(n + m) expected; memory 24 bytes per unmatched old element, about 11 above 131,072
 *  of them (fd_queue_table.h). */
fd_status fd_match_remaining(const uint64_t *old_fp, size_t old_count,
                             const uint64_t *new_fp, size_t new_count,
                             int64_t *old_to_new, int64_t *new_to_old,
                             fd_match_info *info, const fd_allocator *allocator);

/** For every element, the first old element with its fingerprint: what a caller that holds the
 *  identities compares to confirm what a Heckel matching relied on, beyond the pairs it made.
 *
 *  Heckel's pairing of repeated fingerprints (fd_heckel() step 5) reads fingerprints alone: its
 *  anchors are the fingerprints that occur once on each side, and it keeps its pairing only
 *  against occurrence order by fingerprint. When two identities share a fingerprint, every
 *  pair it makes may still join equal identities, yet be another matching than the
 *  identities' own, with more moves than their occurrence order. The matching is the
 *  identities' own when every element of each fingerprint has one identity, and a caller
 *  that confirms every pair learns that from the fewest comparisons: each old element with the
 *  first old element of its fingerprint, and each unpaired new element with it (a paired new
 *  element has its old partner's identity, and the partner is compared).
 *
 *  @param old_fp, old_count, new_fp, new_count   the fingerprints, as for fd_heckel()
 *  @param old_first   output, @p old_count entries: for each old element, the index of the
 *                     first old element with its fingerprint (its own index for that one)
 *  @param new_first   output, @p new_count entries: for each new element, the index of the
 *                     first old element with its fingerprint, or -1 when none has it
 *  @param allocator   optional (NULL: malloc)
 *  @return FD_OK; FD_ERR_NO_MEMORY; FD_ERR_TOO_LARGE when @p old_count is 2^32 - 1 or more;
 *          FD_ERR_INVALID_ARGUMENT for NULL arrays with non-zero counts.
 *  Time O(n + m) expected, one table look-up per element; memory 8 bytes per 3/4 old element
 *  (fd_occurrence_table.h), freed before returning. */
fd_status fd_first_old_occurrences(const uint64_t *old_fp, size_t old_count,
                                   const uint64_t *new_fp, size_t new_count,
                                   int64_t *old_first, int64_t *new_first, const fd_allocator *allocator);

/** Default work budget of fd_myers(): 10^8 steps, a few hundred milliseconds at most.
 *  Two versions of a 10,000-element list with a few hundred changes need about 10^7. */
#define FD_MYERS_DEFAULT_COST_LIMIT ((uint64_t)100000000u)

/** A longest common subsequence matching: Hunt-Szymanski for sparse inputs, Myers'
 *  O((N+M)D) in linear space for dense ones.
 *
 *  Steps: strip the common prefix and suffix; count, per fingerprint, its occurrences on each
 *  side and r, the number of equal pairs (i, j) in the rest. When r is at most 4 per element
 *  (always for unique fingerprints) the exact LCS comes from Hunt-Szymanski in
 *  O((r + n) log n). Otherwise the elements whose fingerprint does not occur on the other
 *  side are discarded (they cannot be on any common subsequence) and the divide-and-conquer
 *  middle-snake search runs. The matching is monotone: i1 < i2 implies
 *  old_to_new[i1] < old_to_new[i2] for matched elements.
 *
 *  @param old_fp, old_count, new_fp, new_count, old_to_new, new_to_old, info, allocator
 *                     as for fd_heckel()
 *  @param cost_limit  work budget of the Myers search in steps; 0 selects
 *                     FD_MYERS_DEFAULT_COST_LIMIT. When it is exhausted the search finishes
 *                     greedily (linear time) and FD_MATCH_COST_LIMIT_REACHED is set: the
 *                     result is still a valid monotone matching, possibly not a longest one.
 *                     Hunt-Szymanski needs no budget.
 *  @return as fd_heckel(), but FD_ERR_TOO_LARGE only beyond 2^61 elements.
 *
 *  Time O((r + N + M) log(N + M)) sparse; O((N + M) * D) bounded by the budget plus
 *  O(N + M) dense. Extra memory O(N + M) (up to 120 bytes per element), freed before
 *  returning. */
fd_status fd_myers(const uint64_t *old_fp, size_t old_count,
                   const uint64_t *new_fp, size_t new_count,
                   int64_t *old_to_new, int64_t *new_to_old,
                   uint64_t cost_limit,
                   fd_match_info *info, const fd_allocator *allocator);

/** Checks that a matching is consistent: every entry is -1 or in range, the two arrays are
 *  inverse, and (when both fingerprint arrays are given) matched fingerprints are equal.
 *  Sequential: no random access to either array beyond one read per matched pair.
 *  @param old_fp, new_fp       fingerprints, or both NULL to skip that comparison
 *  @param old_count, new_count the array lengths
 *  @param old_to_new, new_to_old the matching
 *  @return FD_OK or FD_ERR_INVALID_ARGUMENT. Time O(n + m), no allocation. */
fd_status fd_matching_check(const uint64_t *old_fp, size_t old_count,
                            const uint64_t *new_fp, size_t new_count,
                            const int64_t *old_to_new, const int64_t *new_to_old);

/** @} */

/**
 * @defgroup lis Longest increasing subsequence
 * The patience sorting behind minimal moves, shared by the changeset, Hunt-Szymanski and the
 * Swift layer's sectioned diffs.
 * @{
 */

/** Marks one longest strictly increasing subsequence of @p values, skipping negative entries:
 *  `in_lis[k]` becomes 1 for the members, 0 for every other entry.
 *
 *  Patience sorting with back links: each value goes onto the first pile whose top is not
 *  smaller; the subsequence is read back from the top of the last pile. Runs of consecutive
 *  values at consecutive positions (v, v+1, v+2, ...) are placed in one step, since each of
 *  them lands on the pile after the previous one: on mostly ordered input (a list where a few
 *  elements moved) the work is proportional to the number of runs plus O(k log k) for the k
 *  elements out of order, not to n log n. The subsequence chosen is the same as
 *  element-by-element patience sorting chooses.
 *
 *  @param values     the sequence (for a matching: new_to_old, old offsets in new order)
 *  @param count      its length; below 2^32 - 1
 *  @param in_lis     output, @p count entries
 *  @param length     optional output: the length of the subsequence
 *  @param allocator  optional (NULL: malloc)
 *  @return FD_OK, FD_ERR_NO_MEMORY, FD_ERR_TOO_LARGE (count), FD_ERR_INVALID_ARGUMENT (NULL
 *          arrays with a non-zero count).
 *  Time O(n + k log k); temporary memory 12 bytes per entry. */
fd_status fd_longest_increasing_subsequence(const int64_t *values, size_t count, uint8_t *in_lis,
                                            size_t *length, const fd_allocator *allocator);

/** @} */

/**
 * @defgroup changeset Changesets
 * From a matching to deletions, insertions, moves and updates.
 * @{
 */

/** A move of a matched element: old offset `from`, new offset `to`. */
typedef struct fd_move {
    int64_t from; /**< old offset */
    int64_t to;   /**< new offset */
} fd_move;

/** A matched pair whose content fingerprints differ. */
typedef struct fd_update {
    int64_t old_index; /**< old offset */
    int64_t new_index; /**< new offset */
} fd_update;

/** The changeset derived from a matching. Arrays are allocated by fd_changeset_make() with
 *  the given allocator (NULL when their count is 0) and released by fd_changeset_free(). */
typedef struct fd_changeset {
    int64_t *deletions;   size_t deletion_count;   /**< unmatched old offsets, ascending */
    int64_t *insertions;  size_t insertion_count;  /**< unmatched new offsets, ascending */
    fd_move *moves;       size_t move_count;       /**< sorted by `from` */
    fd_update *updates;   size_t update_count;     /**< sorted by `old_index` */
} fd_changeset;

/** The sizes of the four arrays of a changeset. */
typedef struct fd_changeset_counts {
    size_t deletions;  /**< unmatched old elements */
    size_t insertions; /**< unmatched new elements */
    size_t moves;      /**< matched pairs outside the longest increasing subsequence */
    size_t updates;    /**< matched pairs whose content differs */
} fd_changeset_counts;

/** Derives deletions, insertions, moves and updates from a consistent matching.
 *
 *  Moves are the matched pairs outside one longest increasing subsequence of the matching
 *  (taken in new order), so no other choice of moves for this matching is smaller.
 *  Updates are matched pairs whose content fingerprints differ.
 *  Equivalent to fd_changeset_count(), allocating exact arrays, then fd_changeset_fill().
 *
 *  @param old_to_new, old_count, new_to_old, new_count   the matching (it is checked)
 *  @param old_content, new_content   content fingerprints, or both NULL for no updates
 *  @param out         output; zeroed on error
 *  @param allocator   optional (NULL: malloc); also releases the arrays later
 *  @return FD_OK, FD_ERR_NO_MEMORY, FD_ERR_INVALID_ARGUMENT (inconsistent matching, one
 *          content array NULL and not the other), FD_ERR_TOO_LARGE (2^32 - 1 new elements).
 *  Time O(n + m + k log k) for k elements out of order; temporary memory 13 bytes per new
 *  element. */
fd_status fd_changeset_make(const int64_t *old_to_new, size_t old_count,
                            const int64_t *new_to_old, size_t new_count,
                            const uint64_t *old_content, const uint64_t *new_content,
                            fd_changeset *out, const fd_allocator *allocator);

/** First half of fd_changeset_make() for callers that allocate the output themselves: checks
 *  the matching, marks one longest increasing subsequence and counts each part.
 *  @param old_to_new, old_count, new_to_old, new_count, old_content, new_content, allocator
 *                as for fd_changeset_make()
 *  @param in_lis  output, @p new_count bytes: 1 for new elements that stay (not moves)
 *  @param counts  output
 *  @return as fd_changeset_make(). */
fd_status fd_changeset_count(const int64_t *old_to_new, size_t old_count,
                             const int64_t *new_to_old, size_t new_count,
                             const uint64_t *old_content, const uint64_t *new_content,
                             uint8_t *in_lis, fd_changeset_counts *counts,
                             const fd_allocator *allocator);

/** Second half: writes the parts counted by fd_changeset_count() (same inputs and
 *  @p in_lis) into caller arrays of exactly those sizes.
 *  @param deletions, insertions, moves, updates  outputs; any may be NULL to skip it
 *  (the other parameters as for fd_changeset_count()). O(n + m), no allocation. */
void fd_changeset_fill(const int64_t *old_to_new, size_t old_count,
                       const int64_t *new_to_old, size_t new_count,
                       const uint64_t *old_content, const uint64_t *new_content,
                       const uint8_t *in_lis,
                       int64_t *deletions, int64_t *insertions, fd_move *moves,
                       fd_update *updates);

/** Releases the arrays of a changeset made by fd_changeset_make() and zeroes it.
 *  @param changeset a changeset from fd_changeset_make(), or a zeroed one.
 *  @param allocator the allocator it was made with. */
void fd_changeset_free(fd_changeset *changeset, const fd_allocator *allocator);

/** @} */

/**
 * @defgroup diff One call
 * Matching and moves together: what a language binding calls once per diff.
 * @{
 */

/** The matching algorithm of fd_diff(). */
typedef enum fd_algorithm {
    FD_ALGORITHM_HECKEL = 0, /**< fd_heckel() */
    FD_ALGORITHM_MYERS = 1   /**< fd_myers(), then fd_match_remaining() */
} fd_algorithm;

/** fd_diff_options.flags: Heckel matches everything after the common prefix through the
 *  occurrence table, without the walk. The result is the same; this is the reference path
 *  that tests compare the walk with. */
#define FD_DIFF_TABLE_ONLY ((uint32_t)1u)

/** fd_diff_options.flags: compute the matching only, not the moves: `in_lis` may be NULL and
 *  is not written, fd_diff_result.counts.moves is 0. For callers that place the pairs
 *  themselves (a sectioned diff keeps one increasing subsequence per section). */
#define FD_DIFF_MATCHING_ONLY ((uint32_t)2u)

/** fd_diff_options.flags: the caller guarantees that no fingerprint occurs twice among the old
 *  fingerprints, nor twice among the new ones (e.g. identities it assigned itself, counted up).
 *  Heckel then skips what only proves that (the sample and duplicate check that decide whether
 *  the walk stands, about a fifth
 *  to a third of a diff that the walk mostly matched): the walk stands as soon as the table has
 *  matched what it left without meeting a repeat. With the guarantee kept, the result is the
 *  one without the flag. Broken, it is still a matching of equal fingerprints, one to one, but
 *  maybe not occurrence order, and FD_MATCH_HAD_DUPLICATES may be clear. Myers ignores it. */
#define FD_DIFF_UNIQUE_FINGERPRINTS ((uint32_t)4u)

/** How fd_diff() runs. A zeroed value is Heckel with the walk. */
typedef struct fd_diff_options {
    fd_algorithm algorithm; /**< which matching */
    uint32_t flags;         /**< FD_DIFF_* flags */
    uint64_t cost_limit;    /**< Myers' work budget in steps (0: FD_MYERS_DEFAULT_COST_LIMIT) */
} fd_diff_options;

/** What fd_diff() found. */
typedef struct fd_diff_result {
    fd_match_info match;          /**< the matching algorithm's report (Myers' flags and
                                       cost, then all pairs in matched_count) */
    fd_changeset_counts counts;   /**< deletions, insertions, moves; updates is 0 (content is
                                       the caller's to compare) */
} fd_diff_result;

/** The matching of two lists and its moves, in one call: fd_heckel() (or fd_myers() then
 *  fd_match_remaining()), then fd_longest_increasing_subsequence() on the matching.
 *
 *  @param old_fp, old_count, new_fp, new_count   the fingerprints
 *  @param options     NULL for Heckel with the walk
 *  @param old_to_new, new_to_old   outputs: the matching
 *  @param in_lis      output, @p new_count bytes: 1 for a matched new element that stays in
 *                     place, 0 for a move destination or an insertion (not written, and may
 *                     be NULL, with FD_DIFF_MATCHING_ONLY)
 *  @param result      output
 *  @param allocator   optional (NULL: malloc); an fd_arena's allocator makes a small diff
 *                     allocate nothing
 *  @return as the matching algorithm; on error @p result is zeroed.
 *  Time and memory: the algorithm's, plus O(n + k log k) and 12 bytes per new element for the
 *  moves. */
fd_status fd_diff(const uint64_t *old_fp, size_t old_count,
                  const uint64_t *new_fp, size_t new_count,
                  const fd_diff_options *options,
                  int64_t *old_to_new, int64_t *new_to_old, uint8_t *in_lis,
                  fd_diff_result *result, const fd_allocator *allocator);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* FINGERPRINT_DIFF_H */
