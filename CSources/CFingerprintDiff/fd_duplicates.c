/* Whether any fingerprint repeats (fd_step_find_duplicates), exactly, without a table of every
 * element: the check that decides whether Heckel's walk may stand (see fd_heckel.c).
 *
 * The values checked are the old elements of the range and the new elements the walk and the
 * table left unmatched: every fingerprint occurs at most once among them exactly when it
 * occurs at most once on each side (a matched new element has its old partner's fingerprint;
 * an unmatched one must differ from every old one, or the table would have matched it).
 * On large ranges (the bitmap's) the table's step gathers the unmatched new ones'
 * fingerprints as it leaves them (fd_step_match_by_occurrence's fd_gathered), so that the
 * passes read them in a row rather than through the walk's lists (a scattered read of
 * new_to_old and new_fp per listed element: about 5% of DiffBenchmarks' mix-1M row). Small
 * ranges read the lists (fd_duplicates_gather), which are in the cache there.
 *
 * Small ranges (both sides together at most SMALL_ELEMENTS, every list up to mix-10k): one pass
 * through an exact set of 16-bit positions (`small_lists_repeat`), 4 bytes per value, on the
 * stack up to STACK_SLOTS slots. Each value is hashed once and found or placed in one or two
 * probes (about 20 instructions per value, no allocation at 100 elements: Benchmarks/repeats.sh
 * on its mix and dk shapes).
 *
 * Larger ranges go through the sieve of fd_duplicates_sieve.c (bitmaps that stay in the cache,
 * then an exact set of the few values they cannot tell apart). */
#include "fd_internal.h"

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
 * (FD_NEVER_INLINE), so that its registers do not spill into the sieve's passes (the dk100k and
 * mix-1M rows of `make instructions`). */
FD_NEVER_INLINE fd_status small_lists_repeat(const fd_context *c, fd_range range, const fd_left *new_side, size_t count,
                                    int *found) {
    uint16_t on_stack[STACK_SLOTS];
    const fd_set_size size = fd_set_size_for(count);
    const size_t capacity = size.capacity;
    const unsigned shift = size.shift;
    uint16_t *slots = capacity <= STACK_SLOTS ? on_stack : fd_allocate_array(c->allocator, capacity, sizeof(uint16_t));
    if (slots == NULL) return FD_ERR_NO_MEMORY;
    memset(slots, 0, capacity * sizeof(uint16_t));
    size_t n = range.old_end - range.old_begin;
    position_set set = {slots, shift, capacity - 1, n, c->old_fp + range.old_begin, c->new_fp + range.new_begin};
    int repeated = 0;
    for (size_t p = 0; p < n && !repeated; p++) repeated = place(&set, set.old_values[p], p, 1);
    if (!repeated) {
        const size_t base = n - range.new_begin; /* position of new element j: j + base (j >= new_begin) */
        /* FD_FOR_EACH_LEFT's order, the unmatched ones only, in loops that stop at the first
         * repeat (written out: the macro cannot stop early). */
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

int fd_duplicates_gather(fd_range range) {
    return (range.old_end - range.old_begin) + (range.new_end - range.new_begin) > SMALL_ELEMENTS;
}

fd_status fd_step_find_duplicates(const fd_context *c, fd_range range, const fd_left *new_left,
                                  const fd_values *unmatched_new, int *found) {
    *found = 0;
    if (!fd_duplicates_gather(range)) {
        size_t count = range.old_end - range.old_begin + fd_left_count(new_left);
        return count < 2 ? FD_OK : small_lists_repeat(c, range, new_left, count, found);
    }
    fd_value_lists values = {{c->old_fp + range.old_begin, unmatched_new->items},
                             {range.old_end - range.old_begin, unmatched_new->count}};
    return values.counts[0] + values.counts[1] < 2 ? FD_OK : fd_sieve_repeats(values, c->allocator, found);
}
