/* Whether any fingerprint repeats (fd_step_find_duplicates), exactly, without a table of every
 * element: the check that decides whether Heckel's walk may stand (see fd_heckel.c).
 *
 * The values checked are the old elements of the range and the new elements the walk and the
 * table left unmatched: every fingerprint occurs at most once among them exactly when it
 * occurs at most once on each side (a matched new element has its old partner's fingerprint;
 * an unmatched one must differ from every old one, or the table would have matched it).
 *
 * Small ranges (both sides together at most SMALL_ELEMENTS, every list up to mix-10k): one pass
 * through an exact set of 16-bit positions (`small_lists_repeat`), 4 bytes per value, on the
 * stack up to STACK_SLOTS slots. Each value is hashed once and found or placed in one or two
 * probes, where the bitmaps below hash every value twice and go through a third set; measured
 * (callgrind, one fd_diff call, Benchmarks/RepeatsProbe's mix and dk shapes): the check went
 * from about 36 to 20 instructions per value, and at 100 elements its three allocations are
 * gone; the whole call took 20-24% fewer instructions from 100 to 10,000 elements.
 *
 * Larger ranges, three passes, the first two over bitmaps that stay in the cache (2 bytes per
 * value, where the exact set would take 8 and miss the cache on every probe):
 *  1. each value sets its bit in `seen` (8 bits per value, the bit chosen by multiply-high of
 *     the mixed value); a bit already set marks the same bit in `repeated`;
 *  2. the values whose bit is in `repeated` are the candidates (about 1 in 8);
 *  3. the candidates go through a small open-addressing set, which is exact.
 * The set is not an instance of fd_occurrence_table, on purpose: its slots hold the values
 * themselves (a candidate is found or placed by reading one slot), where the occurrence
 * table's slots hold a tag and an index into `keys`, read in a second place. On the occurrence
 * table's type (tried, digests equal) this step executed 12-15% more instructions (dk100k,
 * feed-1k; `make instructions`, callgrind), 1-4% of a whole diff, for no change of result. */
#include "fd_internal.h"

/* The two bitmaps of passes 1 and 2. */
typedef struct bitmaps {
    uint64_t *seen, *repeated;
    uint64_t bits;
} bitmaps;

static inline uint64_t bit_of(const bitmaps *maps, uint64_t value) { return fd_multiply_high(fd_mix(value), maps->bits); }

/* Pass 1 for one value; returns 1 when its bit was already set (the value is a candidate).
 * Without branches: whether a bit was set is a coin toss the processor cannot predict, and
 * consecutive values' updates overlap when nothing waits for a comparison. */
static inline size_t see(bitmaps *maps, uint64_t value) {
    uint64_t bit = bit_of(maps, value), mask = (uint64_t)1 << (bit & 63);
    size_t index = (size_t)(bit >> 6);
    uint64_t was = maps->seen[index] & mask;
    maps->seen[index] |= mask;
    maps->repeated[index] |= was;
    return was != 0;
}

static inline int is_candidate(const bitmaps *maps, uint64_t value) {
    uint64_t bit = bit_of(maps, value);
    return (maps->repeated[bit >> 6] >> (bit & 63)) & 1;
}

/* Calls `body` with `value` bound to each new fingerprint of `side` that is still unmatched. */
#define FOR_EACH_UNMATCHED_NEW(c, side, value, body)                                            \
    do {                                                                                        \
        for (size_t k_ = 0; k_ < (side)->forward.count; k_++) {                                 \
            size_t j_ = (side)->forward.items[k_];                                              \
            if ((c)->new_to_old[j_] < 0) { uint64_t value = (c)->new_fp[j_]; body; }            \
        }                                                                                       \
        for (size_t j_ = (side)->middle_begin; j_ < (side)->middle_end; j_++) {                 \
            if ((c)->new_to_old[j_] < 0) { uint64_t value = (c)->new_fp[j_]; body; }            \
        }                                                                                       \
        for (size_t k_ = 0; k_ < (side)->backward.count; k_++) {                                \
            size_t j_ = (side)->backward.items[k_];                                             \
            if ((c)->new_to_old[j_] < 0) { uint64_t value = (c)->new_fp[j_]; body; }            \
        }                                                                                       \
    } while (0)

/* Pass 3: whether two of the candidates are equal. */
static fd_status candidates_repeat(const uint64_t *candidates, size_t count, const fd_allocator *allocator, int *found) {
    size_t capacity = 16;
    while (capacity < 2 * count) capacity *= 2;
    uint64_t *set = fd_allocate_array(allocator, capacity, sizeof(uint64_t));
    if (set == NULL) return FD_ERR_NO_MEMORY;
    memset(set, 0, capacity * sizeof(uint64_t));
    size_t zeros = 0; /* 0 marks an empty slot, so the value 0 is counted aside */
    for (size_t k = 0; k < count && !*found; k++) {
        uint64_t value = candidates[k];
        if (value == 0) {
            *found = ++zeros > 1;
            continue;
        }
        size_t position = (size_t)(fd_mix(value) >> 32) & (capacity - 1);
        while (set[position] != 0 && set[position] != value) position = (position + 1) & (capacity - 1);
        *found = set[position] == value;
        set[position] = value;
    }
    fd_deallocate(allocator, set);
    return FD_OK;
}

/* Passes 2 and 3, once pass 1 found `repeats` values whose bit was already set. */
static fd_status check_candidates(const fd_context *c, fd_range range, const fd_left *new_side, const bitmaps *maps,
                                  size_t repeats, int *found) {
    /* `repeats` counts the values that found their bit set: each repeated bit has one more
     * value than that, and at most as many bits repeat as values found them set. */
    size_t capacity = 2 * repeats + 64, count = 0;
    uint64_t *candidates = fd_allocate_array(c->allocator, capacity, sizeof(uint64_t));
    if (candidates == NULL) return FD_ERR_NO_MEMORY;
    int overflow = 0;
    /* Branchless over the old values: each is written at the end, kept when it is a candidate
     * (the last slot absorbs the writes once the buffer is full; then it is collected again). */
    for (size_t i = range.old_begin; i < range.old_end; i++) {
        uint64_t value = c->old_fp[i];
        candidates[count < capacity ? count : capacity - 1] = value;
        count += (size_t)is_candidate(maps, value);
    }
    FOR_EACH_UNMATCHED_NEW(c, new_side, value, {
        if (is_candidate(maps, value)) {
            if (count < capacity) candidates[count] = value;
            count++;
        }
    });
    if (count >= capacity) overflow = 1; /* cannot happen (see capacity): collect again exactly */
    fd_status status = FD_OK;
    if (overflow) {
        fd_deallocate(c->allocator, candidates);
        candidates = fd_allocate_array(c->allocator, count, sizeof(uint64_t));
        if (candidates == NULL) return FD_ERR_NO_MEMORY;
        count = 0;
        for (size_t i = range.old_begin; i < range.old_end; i++) {
            if (is_candidate(maps, c->old_fp[i])) candidates[count++] = c->old_fp[i];
        }
        FOR_EACH_UNMATCHED_NEW(c, new_side, value, { if (is_candidate(maps, value)) candidates[count++] = value; });
    }
    status = candidates_repeat(candidates, count, c->allocator, found);
    fd_deallocate(c->allocator, candidates);
    return status;
}

/* Ranges whose two sides together hold at most this many elements take the exact set of
 * 16-bit positions; sets of at most STACK_SLOTS slots live on the stack (4 KiB). */
enum { SMALL_ELEMENTS = 65535, STACK_SLOTS = 2048 };

/* The exact set of `small_lists_repeat`: each slot 0 (empty) or 1 + a position, old elements
 * of the range first (position i - old_begin), then its new ones (n + j - new_begin). */
typedef struct position_set {
    uint16_t *slots;
    unsigned shift;              /* 64 - log2(capacity): a slot is the mixed value's top bits */
    size_t mask;                 /* capacity - 1 */
    size_t old_count;            /* n: positions below it are old elements */
    const uint64_t *old_values;  /* old_fp + old_begin */
    const uint64_t *new_values;  /* new_fp + new_begin: position p >= n reads [p - n] */
} position_set;

/* Places `value`, at `position`; returns 1 when an equal value is there already. With
 * `only_old` (a constant: the old elements go first) every position held is an old one. */
FD_ALWAYS_INLINE int place(position_set *set, uint64_t value, size_t position, int only_old) {
    for (size_t slot = (size_t)(fd_mix(value) >> set->shift);; slot = (slot + 1) & set->mask) {
        size_t held = set->slots[slot];
        if (held == 0) {
            set->slots[slot] = (uint16_t)(position + 1);
            return 0;
        }
        uint64_t there = only_old || held - 1 < set->old_count ? set->old_values[held - 1]
                                                                : set->new_values[held - 1 - set->old_count];
        if (there == value) return 1;
    }
}

/* The whole check in one pass, for a range of at most SMALL_ELEMENTS elements (both sides):
 * `count` values at most, in a set of 2 to 4 slots per value. Kept out of its caller
 * (FD_NEVER_INLINE): inlined next to the bitmaps' passes, those took 0.1-0.2% more
 * instructions on dk100k and mix-1M (registers spilled; callgrind, SwiftPM's clang flags). */
FD_NEVER_INLINE fd_status small_lists_repeat(const fd_context *c, fd_range range, const fd_left *new_side, size_t count,
                                    int *found) {
    uint16_t on_stack[STACK_SLOTS];
    size_t capacity = 16;
    unsigned shift = 60;
    while (capacity < 2 * count) capacity *= 2, shift--;
    uint16_t *slots = capacity <= STACK_SLOTS ? on_stack : fd_allocate_array(c->allocator, capacity, sizeof(uint16_t));
    if (slots == NULL) return FD_ERR_NO_MEMORY;
    memset(slots, 0, capacity * sizeof(uint16_t));
    size_t n = range.old_end - range.old_begin;
    position_set set = {slots, shift, capacity - 1, n, c->old_fp + range.old_begin, c->new_fp + range.new_begin};
    int repeated = 0;
    for (size_t p = 0; p < n && !repeated; p++) repeated = place(&set, set.old_values[p], p, 1);
    if (!repeated) {
        const size_t base = n - range.new_begin; /* position of new element j: j + base (j >= new_begin) */
        for (size_t k = 0; k < new_side->forward.count && !repeated; k++) {
            size_t j = new_side->forward.items[k];
            if (c->new_to_old[j] < 0) repeated = place(&set, c->new_fp[j], j + base, 0);
        }
        for (size_t j = new_side->middle_begin; j < new_side->middle_end && !repeated; j++) {
            if (c->new_to_old[j] < 0) repeated = place(&set, c->new_fp[j], j + base, 0);
        }
        for (size_t k = 0; k < new_side->backward.count && !repeated; k++) {
            size_t j = new_side->backward.items[k];
            if (c->new_to_old[j] < 0) repeated = place(&set, c->new_fp[j], j + base, 0);
        }
    }
    if (slots != on_stack) fd_deallocate(c->allocator, slots);
    *found = repeated;
    return FD_OK;
}

/* Passes 1-3 of the bitmaps, for `count` values (at least 2). */
static fd_status bitmaps_repeat(const fd_context *c, fd_range range, const fd_left *new_side, size_t count,
                                         int *found) {
    bitmaps maps;
    maps.bits = 8 * (uint64_t)count;
    size_t words = (size_t)((maps.bits + 63) / 64);
    maps.seen = fd_allocate_array(c->allocator, 2 * words, sizeof(uint64_t));
    if (maps.seen == NULL) return FD_ERR_NO_MEMORY;
    maps.repeated = maps.seen + words;
    memset(maps.seen, 0, 2 * words * sizeof(uint64_t));
    size_t repeats = 0;
    for (size_t i = range.old_begin; i < range.old_end; i++) repeats += see(&maps, c->old_fp[i]);
    FOR_EACH_UNMATCHED_NEW(c, new_side, value, { repeats += see(&maps, value); });
    fd_status status = repeats > 0 ? check_candidates(c, range, new_side, &maps, repeats, found) : FD_OK;
    fd_deallocate(c->allocator, maps.seen);
    return status;
}

fd_status fd_step_find_duplicates(const fd_context *c, fd_range range, const fd_remainder *left, int *found) {
    *found = 0;
    size_t count = range.old_end - range.old_begin + fd_left_count(&left->new_side);
    if (count < 2) return FD_OK;
    if ((range.old_end - range.old_begin) + (range.new_end - range.new_begin) <= SMALL_ELEMENTS) {
        return small_lists_repeat(c, range, &left->new_side, count, found);
    }
    return bitmaps_repeat(c, range, &left->new_side, count, found);
}
