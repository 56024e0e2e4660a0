/* Internal to the C core: the state of one diff (fd_context), the rectangle a step works on
 * (fd_range), the steps every algorithm is made of, and small helpers (allocation with
 * overflow-checked sizes, hashing of fingerprints into table positions). Not public API.
 *
 * A step reads the fingerprints of its range and writes the matching there. The convention
 * between steps: entries >= 0 are pairs, -1 is "unmatched" (a later step may still match
 * it); steps that first clear a range say so. */
#ifndef FD_INTERNAL_H
#define FD_INTERNAL_H

#include "fingerprint_diff.h"
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define FD_PREFETCH(address) __builtin_prefetch(address)
/* A static function inlined into each caller, so that a caller passing a constant gets its
 * own copy without the branches that constant decides. */
#define FD_ALWAYS_INLINE static inline __attribute__((always_inline))
/* A static function kept out of its callers, where inlining it was measured to cost more
 * instructions in the caller's loops (registers spilled around them). */
#define FD_NEVER_INLINE static __attribute__((noinline))
#else
#define FD_PREFETCH(address) ((void)0)
#define FD_ALWAYS_INLINE static inline
#define FD_NEVER_INLINE static
#endif

/* How far ahead (in elements) table slots are prefetched. */
enum { FD_PREFETCH_DISTANCE = 16 };

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

/* fd_mix with another multiplier, for a position independent of fd_mix's: the queue table's
 * filter, and the sieve's exact set, whose candidates are values whose fd_mix top bits met. */
static inline uint64_t fd_mix_other(uint64_t fingerprint) {
    return fingerprint * UINT64_C(0xC2B2AE3D27D4EB4F);
}

/* The size of an open-addressing set for `count` values: `capacity` slots, the smallest power
 * of two that is at least 16 and at least 2 * count, and `shift`, 64 - log2(capacity), so that
 * a value's slot is the top bits of its mixed value (`mixed >> shift`). */
typedef struct fd_set_size {
    size_t capacity;
    unsigned shift;
} fd_set_size;

static inline fd_set_size fd_set_size_for(size_t count) {
    fd_set_size size = {16, 60};
    while (size.capacity < 2 * count) size.capacity *= 2, size.shift--;
    return size;
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

/* The state of one diff, shared by its steps (git's xdfenv_t plays this part in xdiff). */
typedef struct fd_context {
    const uint64_t *old_fp;
    size_t old_count;
    const uint64_t *new_fp;
    size_t new_count;
    int64_t *old_to_new;
    int64_t *new_to_old;
    const fd_allocator *allocator;
    uint32_t flags;  /* FD_MATCH_* found so far */
    uint64_t cost;   /* work done, for fd_match_info.cost */
    /* fd_diff's in_lis, when it wants the moves: a step that computes one longest increasing
     * subsequence of the final matching of everything after the common prefix writes it there
     * and sets lis_ready, so that fd_diff does not compute it again (see fd_diff.c). */
    uint8_t *in_lis;
    int lis_ready;
    size_t lis_length;  /* with lis_ready: the subsequence's length, the prefix included */
    size_t pair_count;  /* when nonzero with lis_ready: the matching's pairs (not counted again) */
    /* fd_diff's FD_DIFF_UNIQUE_FINGERPRINTS: the caller guarantees that no fingerprint repeats
     * on either side, so Heckel's walk stands without its duplicate check (see fd_heckel.c). */
    int fingerprints_unique;
} fd_context;

/* The part of the two lists a step works on: old [old_begin, old_end), new [new_begin, new_end). */
typedef struct fd_range {
    size_t old_begin, old_end;
    size_t new_begin, new_end;
} fd_range;

static inline fd_context fd_context_make(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp,
                                         size_t new_count, int64_t *old_to_new, int64_t *new_to_old,
                                         const fd_allocator *allocator) {
    fd_context context = {old_fp, old_count, new_fp, new_count, old_to_new, new_to_old, allocator,
                          0, 0, NULL, 0, 0, 0, 0};
    return context;
}

static inline fd_range fd_whole_range(const fd_context *c) {
    fd_range range = {0, c->old_count, 0, c->new_count};
    return range;
}

static inline void fd_pair(fd_context *c, size_t i, size_t j) {
    c->old_to_new[i] = (int64_t)j;
    c->new_to_old[j] = (int64_t)i;
}

/* Matches in place the run of equal fingerprints, at most `limit` long, that starts at old[i]
 * and new[j] going forwards, or ends just before them going backwards; returns its length. A
 * block of FD_ALIGNED_BLOCK at a time while whole blocks agree (compared and paired without a
 * branch inside, which clang vectorises: SSE2, NEON), then one at a time. The walk's aligned
 * runs and the common prefix and suffix. */
enum { FD_ALIGNED_BLOCK = 8 };
FD_ALWAYS_INLINE int fd_match_aligned_block(fd_context *c, size_t i, size_t j) {
    const uint64_t *a = c->old_fp + i, *b = c->new_fp + j;
    int equal = 1;
    for (size_t k = 0; k < FD_ALIGNED_BLOCK; k++) equal &= a[k] == b[k];
    if (!equal) return 0;
    for (size_t k = 0; k < FD_ALIGNED_BLOCK; k++) {
        c->old_to_new[i + k] = (int64_t)(j + k);
        c->new_to_old[j + k] = (int64_t)(i + k);
    }
    return 1;
}

FD_ALWAYS_INLINE size_t fd_match_aligned(fd_context *c, size_t i, size_t j, size_t limit, int forwards) {
    const uint64_t *a = c->old_fp, *b = c->new_fp;
    int64_t *old_to_new = c->old_to_new, *new_to_old = c->new_to_old;
    size_t k = 0;
    if (forwards) {
        while (limit - k >= FD_ALIGNED_BLOCK && fd_match_aligned_block(c, i + k, j + k)) k += FD_ALIGNED_BLOCK;
        for (; k < limit && a[i + k] == b[j + k]; k++) {
            old_to_new[i + k] = (int64_t)(j + k);
            new_to_old[j + k] = (int64_t)(i + k);
        }
    } else {
        while (limit - k >= FD_ALIGNED_BLOCK &&
               fd_match_aligned_block(c, i - k - FD_ALIGNED_BLOCK, j - k - FD_ALIGNED_BLOCK)) {
            k += FD_ALIGNED_BLOCK;
        }
        for (; k < limit && a[i - 1 - k] == b[j - 1 - k]; k++) {
            old_to_new[i - 1 - k] = (int64_t)(j - 1 - k);
            new_to_old[j - 1 - k] = (int64_t)(i - 1 - k);
        }
    }
    return k;
}

/* A growable list of element indices (below 2^32: fd_heckel refuses larger inputs). */
typedef struct fd_indices {
    uint32_t *items;
    size_t count, capacity;
} fd_indices;

/* Appends `index`; returns 0 when memory is exhausted. Amortised O(1). */
int fd_indices_grow(fd_indices *list, const fd_allocator *allocator);
static inline int fd_indices_push(fd_indices *list, size_t index, const fd_allocator *allocator) {
    if (list->count == list->capacity && !fd_indices_grow(list, allocator)) return 0;
    list->items[list->count++] = (uint32_t)index;
    return 1;
}
void fd_indices_free(fd_indices *list, const fd_allocator *allocator);

/* A stretch of pairs in new order: new elements from `position` on are paired with old ones
 * from `value` on, `length` of them (an aligned run of the walk, or one pair). */
typedef struct fd_segment {
    uint32_t position, value, length;
} fd_segment;

/* A growable list of segments. */
typedef struct fd_segments {
    fd_segment *items;
    size_t count, capacity;
} fd_segments;

int fd_segments_grow(fd_segments *list, const fd_allocator *allocator);
/* Appends a segment; returns 0 when memory is exhausted. Amortised O(1). */
static inline int fd_segments_push(fd_segments *list, size_t position, size_t value, size_t length,
                                   const fd_allocator *allocator) {
    if (list->count == list->capacity && !fd_segments_grow(list, allocator)) return 0;
    list->items[list->count++] = (fd_segment){(uint32_t)position, (uint32_t)value, (uint32_t)length};
    return 1;
}
void fd_segments_free(fd_segments *list, const fd_allocator *allocator);

/* The unmatched elements of one side after the walk: those the forward walk stepped over
 * (ascending, all before the middle), the middle neither walk reached, those the backward
 * walk stepped over (descending, all after the middle). Every one of them is -1. A plain range
 * is a `fd_left` with empty lists (its entries may then also hold pairs, which are skipped). */
typedef struct fd_left {
    fd_indices forward;
    size_t middle_begin, middle_end;
    fd_indices backward;
} fd_left;

/* What the walk left to the table, on both sides. */
typedef struct fd_remainder {
    fd_left old_side, new_side;
    /* The aligned runs each walk paired, in its walking order (the backward walk's descending). */
    fd_segments forward_runs, backward_runs;
} fd_remainder;

static inline fd_remainder fd_remainder_of_range(fd_range range) {
    fd_remainder remainder;
    memset(&remainder, 0, sizeof remainder);
    remainder.old_side.middle_begin = range.old_begin;
    remainder.old_side.middle_end = range.old_end;
    remainder.new_side.middle_begin = range.new_begin;
    remainder.new_side.middle_end = range.new_end;
    return remainder;
}

/* How many elements of a side are left (an upper bound on the unmatched ones). */
static inline size_t fd_left_count(const fd_left *left) {
    return left->forward.count + (left->middle_end - left->middle_begin) + left->backward.count;
}

/* Runs the statement(s) after `index` with `index` bound to each element of the side `left`
 * (a const fd_left *) in turn: its forward list, its middle, its backward list. */
#define FD_FOR_EACH_LEFT(left, index, ...)                                                      \
    do {                                                                                        \
        for (size_t k_ = 0; k_ < (left)->forward.count; k_++) {                                 \
            size_t index = (left)->forward.items[k_];                                           \
            __VA_ARGS__;                                                                        \
        }                                                                                       \
        for (size_t index = (left)->middle_begin; index < (left)->middle_end; index++) {        \
            __VA_ARGS__;                                                                        \
        }                                                                                       \
        for (size_t k_ = 0; k_ < (left)->backward.count; k_++) {                                \
            size_t index = (left)->backward.items[k_];                                          \
            __VA_ARGS__;                                                                        \
        }                                                                                       \
    } while (0)

void fd_remainder_free(fd_remainder *remainder, const fd_allocator *allocator);

/* ---- Steps (each in its own file) ---------------------------------------------------- */

/* fd_common_ends.c: marks every element of the range unmatched. */
void fd_step_unmatch(fd_context *c, fd_range range);
/* fd_common_ends.c: matches the common prefix of the range in place; returns the rest. */
fd_range fd_step_match_common_prefix(fd_context *c, fd_range range);
/* fd_common_ends.c: matches the common suffix of the range in place; returns the rest. */
fd_range fd_step_match_common_suffix(fd_context *c, fd_range range);

/* fd_walk.c: walks the range forwards from its start and backwards from its end, matching
 * aligned runs and writing -1 into every entry it steps over; fills *left with what it left
 * (the middle neither walk reached is untouched; with `record_runs`, also the runs it paired)
 * and returns the pairs it made. */
fd_status fd_step_walk(fd_context *c, fd_range range, fd_remainder *left, size_t *walked, int record_runs);

/* Fingerprints one step gathers for a later one: what fd_step_match_by_occurrence left
 * unmatched on the new side, for fd_step_find_duplicates. */
typedef struct fd_values {
    uint64_t *items;
    size_t count;
} fd_values;

/* What fd_step_match_by_occurrence gathers, when asked, for the steps after Heckel's walk: the
 * fingerprints of the new elements of `left` it leaves unmatched (for the duplicate check, in
 * no particular order) and the pairs it makes (for the moves, one segment each, in increasing
 * new positions). One allocation, at `unmatched.items`: free it with fd_deallocate, also
 * after an error. */
typedef struct fd_gathered {
    fd_values unmatched;
    fd_segment *pairs; /* NULL unless `with_pairs` */
    size_t pair_count;
    int with_pairs;    /* set by the caller: whether the pairs are wanted */
} fd_gathered;

/* fd_occurrence_matching.c: matches, by occurrence order, the unmatched (-1) old and new
 * elements of `left`; sets FD_MATCH_HAD_DUPLICATES when a fingerprint repeats among them.
 * With `gathered` (optional), also gathers what fd_gathered holds. */
fd_status fd_step_match_by_occurrence(fd_context *c, const fd_remainder *left, fd_gathered *gathered);

/* fd_walk_lis.c: with the matching final after the walk stood (`walked` the range it walked,
 * `rest` everything after the prefix), writes its longest increasing subsequence into
 * c->in_lis from the walk's runs and sets lis_ready, lis_length and pair_count. */
fd_status fd_step_lis_of_walk(fd_context *c, fd_range rest, fd_range walked, const fd_remainder *left,
                              const fd_gathered *table);
/* Whether fd_step_lis_of_walk is the way to the moves of c (see fd_walk_lis.c); otherwise
 * fd_diff reads them from new_to_old (fd_lis_of_matching). */
int fd_walk_lis_applies(const fd_context *c);

/* fd_duplicates.c: sets *found when a fingerprint occurs twice among the old elements of
 * `range` and `unmatched_new` (the new elements still unmatched, gathered by
 * fd_step_match_by_occurrence) (exact). */
fd_status fd_step_find_duplicates(const fd_context *c, fd_range range, const fd_left *new_left,
                                  const fd_values *unmatched_new, int *found);
/* Whether fd_step_find_duplicates on `range` reads the unmatched new elements from
 * `unmatched_new` (large ranges, where finding them again through the walk's lists costs a
 * scattered read each); otherwise from `new_left`, and `unmatched_new` is not read. */
int fd_duplicates_gather(fd_range range);

/* The values the sieve of a large duplicate check goes through: two arrays, one after the
 * other (a range's old fingerprints and the unmatched new ones). */
typedef struct fd_value_lists {
    const uint64_t *items[2];
    size_t counts[2];
} fd_value_lists;

/* fd_duplicates_sieve.c: sets *found when a value occurs twice in `values` (at least two of
 * them; exact). For fd_step_find_duplicates on large ranges. */
fd_status fd_sieve_repeats(fd_value_lists values, const fd_allocator *allocator, int *found);

/* fd_hunt_szymanski.c: the LCS of a sparse middle from its occurrence chains (fd_myers.c).
 * Sparse: at most FD_HUNT_SZYMANSKI_PAIRS_PER_ELEMENT equal pairs per element of the middle
 * (always so for unique ids); denser middles go to Myers' search. */
enum { FD_HUNT_SZYMANSKI_PAIRS_PER_ELEMENT = 4 };

/* The most equal pairs a middle of `elements` elements (both sides) may hold to be sparse. */
static inline uint64_t fd_sparse_pairs_max(uint64_t elements) {
    return FD_HUNT_SZYMANSKI_PAIRS_PER_ELEMENT * elements;
}

/* The choice between the searches, made here only (fd_step_myers_middle, and the repeats'
 * gaps, which count their pairs themselves): whether `pairs` equal pairs among `elements`
 * elements are sparse, so Hunt-Szymanski's, whose pair lists are indexed in 32 bits. */
static inline int fd_pairs_sparse(uint64_t pairs, uint64_t elements) {
    return pairs <= fd_sparse_pairs_max(elements) && pairs < (uint64_t)UINT32_MAX - 1;
}
fd_status fd_step_hunt_szymanski(fd_context *c, fd_range middle, const int64_t *new_head,
                                 const int64_t *next_old, uint64_t pairs);

/* fd_myers_search.c: Myers' middle-snake search over reduced sequences a (old) and b (new),
 * whose elements came from the original indices a_origin and b_origin. */
typedef struct fd_reduced {
    const uint64_t *a, *b;
    const int64_t *a_origin, *b_origin;
    size_t a_count, b_count;
} fd_reduced;
fd_status fd_step_myers_search(fd_context *c, const fd_reduced *reduced, uint64_t budget);

/* fd_myers' steps 2-4 on `middle`, whose matching is clear and whose common ends are matched
 * already: a longest common subsequence within `budget` (Hunt-Szymanski when equal pairs are
 * sparse, else Myers' search on the elements that occur on both sides). fd_myers.c. */
fd_status fd_step_myers_middle(fd_context *c, fd_range middle, uint64_t budget);

/* fd_matching.c: checks a matching (see fd_matching_check) and counts its pairs and, with
 * content, the pairs whose content differs. */
fd_status fd_matching_validate(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp,
                               size_t new_count, const int64_t *old_to_new, const int64_t *new_to_old,
                               const uint64_t *old_content, const uint64_t *new_content,
                               size_t *matched, size_t *updated);
size_t fd_count_pairs(const int64_t *new_to_old, size_t new_count);
/* fd_lis_of_matching of the matching whose `pairs` pairs are `segments` (ascending positions,
 * the new elements between them unmatched), without reading new_to_old: the same marks and
 * length (fd_lis.c). */
fd_status fd_lis_of_segments(const fd_segment *segments, size_t segment_count, size_t pairs, size_t new_count,
                             const int64_t *old_to_new, uint8_t *in_lis, size_t *length,
                             const fd_allocator *allocator);
/* fd_longest_increasing_subsequence of a valid matching's new_to_old (old_to_new its inverse),
 * the same subsequence, with its piles holding values (see fd_lis.c); also counts the pairs
 * into *pairs (optional), so that fd_diff does not count them in a pass of its own. */
fd_status fd_lis_of_matching(const int64_t *new_to_old, size_t new_count, const int64_t *old_to_new,
                             size_t old_count, uint8_t *in_lis, size_t *length, size_t *pairs,
                             const fd_allocator *allocator);

/* fd_heckel.c: the Heckel matching of the whole context, with or without the walk. */
fd_status fd_heckel_match(fd_context *c, int use_walk);


#endif
