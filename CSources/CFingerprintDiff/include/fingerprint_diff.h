/*
 * fingerprint_diff.h - the C core of ModelStorage's diff engine.
 *
 * What it does
 * ============
 * Two lists are given as arrays of 64-bit fingerprints (one per element, derived from the
 * element's identity, normally with XXH3). The core computes a *matching* between them:
 *
 *     old_to_new[i] = index j in new that old element i is matched with, or -1
 *     new_to_old[j] = index i in old that new element j is matched with, or -1
 *
 * A matched pair always has equal fingerprints, and the two arrays are always exact inverses
 * of each other. From a matching (and optional content fingerprints) fd_changeset_make()
 * derives deletions, insertions, a minimal set of moves, and updates.
 *
 * Two algorithms produce matchings:
 *
 *   fd_heckel()  O(n + m) expected time.  The k-th occurrence of a fingerprint in old is
 *                matched with the k-th occurrence of the same fingerprint in new, so
 *                duplicates never crash and are never lost. With unique fingerprints every
 *                fingerprint present on both sides is matched.
 *
 *   fd_myers()   O((N + M) * D) time, O(N + M) space (linear-space "middle snake"), after
 *                stripping the common prefix and suffix and discarding elements that do not
 *                occur on the other side. The matching is monotone (a common subsequence);
 *                it is a *longest* common subsequence unless the work budget ran out, which
 *                is reported in fd_match_info.flags.
 *
 * Fingerprints are a fast filter, not the truth: two different identities may share a
 * fingerprint. Callers that hold the real identities (the Swift layer does) confirm every
 * matched pair and unmatch the pairs that differ; fd_match_remaining() can then match what is
 * left.
 *
 * Conventions
 * ===========
 *  - Indices are int64_t; counts are size_t. -1 means "no partner".
 *  - Every function that may allocate takes an optional fd_allocator (NULL: malloc/free) and
 *    returns FD_ERR_NO_MEMORY instead of aborting when an allocation fails. On any error the
 *    output arrays hold unspecified values and nothing is leaked.
 *  - No global state: any number of calls may run at the same time on different threads, as
 *    long as they do not share output arrays.
 *  - Input arrays may be NULL when their count is 0.
 */
#ifndef FINGERPRINT_DIFF_H
#define FINGERPRINT_DIFF_H

#include <stddef.h>
#include <stdint.h>

/* Inline XXH3 so that fingerprints of fixed-size values cost a few instructions from Swift. */
#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================================== */
/*  Fingerprints                                                                          */
/* ===================================================================================== */

/*! Fingerprint of one 64-bit value (XXH3-64, seed 0, over its 8 little/native-endian bytes).
 *  Inline; about 1.5 ns. */
static inline uint64_t fd_fingerprint_u64(uint64_t value) {
    return XXH3_64bits(&value, sizeof value);
}

/*! Fingerprint of `length` bytes (XXH3-64 with `seed`). `bytes` may be NULL when length is 0.
 *  Inline. */
static inline uint64_t fd_fingerprint_bytes(const void *bytes, size_t length, uint64_t seed) {
    return XXH3_64bits_withSeed(bytes, length, seed);
}

/*! Fingerprint of 16 bytes, e.g. a UUID. Inline. */
static inline uint64_t fd_fingerprint_16_bytes(const void *bytes) {
    return XXH3_64bits(bytes, 16);
}

/*! Combines a running fingerprint with the next 64-bit value, order-sensitively.
 *  Used to fingerprint composite values (arrays, optionals, tuples of fields). Inline. */
static inline uint64_t fd_fingerprint_combine(uint64_t running, uint64_t next) {
    return XXH3_64bits_withSeed(&next, sizeof next, running);
}

/* ===================================================================================== */
/*  Status codes and allocation                                                           */
/* ===================================================================================== */

/*! Result of every fallible function. */
typedef enum fd_status {
    FD_OK = 0,               /*!< success */
    FD_ERR_NO_MEMORY = 1,    /*!< an allocation failed; nothing was leaked */
    FD_ERR_TOO_LARGE = 2,    /*!< a size computation would overflow, or a count exceeds
                                  what the algorithm supports (see each function) */
    FD_ERR_INVALID_ARGUMENT = 3 /*!< a NULL array with a non-zero count, or an inconsistent
                                     matching */
} fd_status;

/*! Returns a static, human-readable description of a status code. */
const char *fd_status_description(fd_status status);

/*! Optional custom allocator. `allocate` returns NULL on failure; `deallocate` accepts NULL.
 *  `context` is passed through unchanged. Pass NULL wherever an allocator is accepted to use
 *  malloc and free. */
typedef struct fd_allocator {
    void *(*allocate)(void *context, size_t size);
    void (*deallocate)(void *context, void *pointer);
    void *context;
} fd_allocator;

/* ===================================================================================== */
/*  Matchings                                                                             */
/* ===================================================================================== */

/*! Flag in fd_match_info.flags: some fingerprint occurs more than once on one side among the
 *  elements the algorithm had to match (outside a common prefix). With duplicates, Heckel's
 *  occurrence-order matching may need more moves than the minimum. */
#define FD_MATCH_HAD_DUPLICATES ((uint32_t)1u)

/*! Flag in fd_match_info.flags: Myers' work budget ran out; the matching is a common
 *  subsequence, but maybe not a longest one. */
#define FD_MATCH_COST_LIMIT_REACHED ((uint32_t)2u)

/*! What a matching algorithm reports besides the matching itself. */
typedef struct fd_match_info {
    uint32_t flags;        /*!< FD_MATCH_* flags */
    uint64_t cost;         /*!< work done, in diagonal steps plus snake steps (Myers only) */
    size_t matched_count;  /*!< number of matched pairs */
} fd_match_info;

/*! Heckel-style matching by occurrence order.
 *
 *  The k-th occurrence of a fingerprint in `old_fp` is matched with the k-th occurrence of
 *  the same fingerprint in `new_fp`; unmatched elements get -1. The common prefix is matched
 *  position by position first (which is the same thing and costs no hashing), and so is a
 *  long common suffix once the table of the middle shows that none of its fingerprints occurs
 *  in the middle (otherwise the middle is matched again with the suffix included).
 *
 *  @param old_fp, old_count   fingerprints of the old list
 *  @param new_fp, new_count   fingerprints of the new list
 *  @param old_to_new          output, old_count entries
 *  @param new_to_old          output, new_count entries
 *  @param info                optional output (may be NULL)
 *  @param allocator           optional (NULL: malloc)
 *  @return FD_OK; FD_ERR_NO_MEMORY; FD_ERR_TOO_LARGE when old_count >= 2^32 - 1 (the symbol
 *          table packs indices into 32 bits); FD_ERR_INVALID_ARGUMENT for NULL arrays with
 *          non-zero counts.
 *
 *  Time O(n + m) expected; extra memory one 8-byte table slot per 3/4 old element outside
 *  the common prefix and suffix (per old and new element of the middle when a suffix is
 *  stripped): about 11 bytes per element, freed before returning. */
fd_status fd_heckel(const uint64_t *old_fp, size_t old_count,
                    const uint64_t *new_fp, size_t new_count,
                    int64_t *old_to_new, int64_t *new_to_old,
                    fd_match_info *info, const fd_allocator *allocator);

/*! Extends an existing matching by occurrence order among the elements still unmatched.
 *
 *  Pairs already present (entries >= 0) are kept. Among the unmatched elements, the k-th
 *  unmatched occurrence of a fingerprint in old is matched with the k-th unmatched occurrence
 *  in new. Used after fd_myers() to turn delete+insert pairs of the same identity into moves,
 *  and after a caller unmatched colliding pairs. The input matching must be consistent
 *  (see fd_matching_check), else FD_ERR_INVALID_ARGUMENT may be returned.
 *
 *  Same parameters, errors, time and memory as fd_heckel(); `info->matched_count` counts all
 *  pairs afterwards. */
fd_status fd_match_remaining(const uint64_t *old_fp, size_t old_count,
                             const uint64_t *new_fp, size_t new_count,
                             int64_t *old_to_new, int64_t *new_to_old,
                             fd_match_info *info, const fd_allocator *allocator);

/*! Default work budget of fd_myers(): 10^8 steps, a few hundred milliseconds at most.
 *  Two versions of a 10,000-element list with a few hundred changes need about 10^7. */
#define FD_MYERS_DEFAULT_COST_LIMIT ((uint64_t)100000000u)

/*! A longest common subsequence matching: Hunt-Szymanski for sparse inputs, Myers' O((N+M)D)
 *  in linear space for dense ones.
 *
 *  Strips the common prefix and suffix and counts r, the number of equal pairs (i, j) in the
 *  rest. When r is at most 4 per element (always true for unique fingerprints) the exact LCS
 *  comes from Hunt-Szymanski in O((r + n) log n). Otherwise elements whose fingerprint does
 *  not occur on the other side are discarded (they cannot be on any common subsequence) and
 *  the divide-and-conquer middle-snake search runs. The matching is monotone: i1 < i2
 *  implies old_to_new[i1] < old_to_new[i2] for matched elements.
 *
 *  @param cost_limit  work budget of the Myers search in steps; 0 selects
 *                     FD_MYERS_DEFAULT_COST_LIMIT. When it is exhausted the search finishes
 *                     greedily (linear time) and FD_MATCH_COST_LIMIT_REACHED is set: the
 *                     result is still a valid monotone matching, possibly not a longest one.
 *                     Hunt-Szymanski needs no budget.
 *  Other parameters and errors as fd_heckel() (no 2^32 limit). `info->cost` is r for
 *  Hunt-Szymanski, the steps taken for Myers.
 *
 *  Time O((r + N + M) log(N + M)) sparse; O((N + M) * D) bounded by the budget plus
 *  O(N + M) dense. Extra memory O(N + M) (up to 120 bytes per element), freed before
 *  returning. */
fd_status fd_myers(const uint64_t *old_fp, size_t old_count,
                   const uint64_t *new_fp, size_t new_count,
                   int64_t *old_to_new, int64_t *new_to_old,
                   uint64_t cost_limit,
                   fd_match_info *info, const fd_allocator *allocator);

/*! Checks that a matching is consistent: every entry is -1 or in range, the two arrays are
 *  inverse, and (when both fingerprint arrays are given) matched fingerprints are equal.
 *  @return FD_OK or FD_ERR_INVALID_ARGUMENT. Time O(n + m), no allocation. */
fd_status fd_matching_check(const uint64_t *old_fp, size_t old_count,
                            const uint64_t *new_fp, size_t new_count,
                            const int64_t *old_to_new, const int64_t *new_to_old);

/* ===================================================================================== */
/*  Changesets                                                                            */
/* ===================================================================================== */

/*! A move of a matched element: old offset `from`, new offset `to`. */
typedef struct fd_move {
    int64_t from;
    int64_t to;
} fd_move;

/*! A matched pair whose content fingerprints differ. */
typedef struct fd_update {
    int64_t old_index;
    int64_t new_index;
} fd_update;

/*! The changeset derived from a matching. Arrays are allocated by fd_changeset_make() with
 *  the given allocator (NULL when their count is 0) and released by fd_changeset_free(). */
typedef struct fd_changeset {
    int64_t *deletions;   size_t deletion_count;   /*!< unmatched old offsets, ascending */
    int64_t *insertions;  size_t insertion_count;  /*!< unmatched new offsets, ascending */
    fd_move *moves;       size_t move_count;       /*!< sorted by `from` */
    fd_update *updates;   size_t update_count;     /*!< sorted by `old_index` */
} fd_changeset;

/*! Derives deletions, insertions, moves and updates from a consistent matching.
 *
 *  Moves are the matched pairs outside one longest increasing subsequence of the matching
 *  (taken in new order), so no other choice of moves for this matching is smaller.
 *  Updates are matched pairs whose content fingerprints differ; pass NULL for both content
 *  arrays to compute no updates (the Swift layer compares content with ==).
 *
 *  Equivalent to fd_changeset_count(), allocating exact arrays, then fd_changeset_fill().
 *
 *  @return FD_OK, FD_ERR_NO_MEMORY, FD_ERR_INVALID_ARGUMENT (inconsistent matching; it is
 *          checked). On error `*out` is zeroed and nothing is leaked.
 *  Time O(n + m + k log k) for k matched pairs; O(n + m) when the matching is already in
 *  order. Temporary memory 9 bytes per new element (17 above 2^31 elements). */
fd_status fd_changeset_make(const int64_t *old_to_new, size_t old_count,
                            const int64_t *new_to_old, size_t new_count,
                            const uint64_t *old_content, const uint64_t *new_content,
                            fd_changeset *out, const fd_allocator *allocator);

/*! The sizes of the four arrays of a changeset. */
typedef struct fd_changeset_counts {
    size_t deletions, insertions, moves, updates;
} fd_changeset_counts;

/*! First half of fd_changeset_make() for callers that allocate the output themselves: checks
 *  the matching, marks one longest increasing subsequence in `in_lis` (new_count bytes,
 *  caller-provided; 1 = not a move) and counts each part.
 *  @return FD_OK, FD_ERR_NO_MEMORY, FD_ERR_INVALID_ARGUMENT. */
fd_status fd_changeset_count(const int64_t *old_to_new, size_t old_count,
                             const int64_t *new_to_old, size_t new_count,
                             const uint64_t *old_content, const uint64_t *new_content,
                             uint8_t *in_lis, fd_changeset_counts *counts,
                             const fd_allocator *allocator);

/*! Second half: writes the parts counted by fd_changeset_count() (same inputs and `in_lis`)
 *  into caller arrays of exactly those sizes. Any output may be NULL to skip it. O(n + m),
 *  no allocation. */
void fd_changeset_fill(const int64_t *old_to_new, size_t old_count,
                       const int64_t *new_to_old, size_t new_count,
                       const uint64_t *old_content, const uint64_t *new_content,
                       const uint8_t *in_lis,
                       int64_t *deletions, int64_t *insertions, fd_move *moves,
                       fd_update *updates);

/*! Releases the arrays of a changeset made by fd_changeset_make() with the same allocator and
 *  zeroes it. Accepts a zeroed changeset. */
void fd_changeset_free(fd_changeset *changeset, const fd_allocator *allocator);

/*! Computes the length of a longest increasing subsequence of the old offsets of the matched
 *  pairs taken in new order, and marks its members: `in_lis[j]` is set to 1 for new offsets
 *  j on it, 0 otherwise. `in_lis` has new_count entries.
 *  @return FD_OK, FD_ERR_NO_MEMORY. Time O(k log k); O(k) for already-increasing input.
 *  Temporary memory 8 bytes per new element (16 above 2^31 elements). */
fd_status fd_longest_increasing_matching(const int64_t *new_to_old, size_t new_count,
                                         uint8_t *in_lis, size_t *length,
                                         const fd_allocator *allocator);

#ifdef __cplusplus
}
#endif

#endif /* FINGERPRINT_DIFF_H */
