/* Whether any fingerprint repeats (fd_step_find_duplicates), exactly, without a table of every
 * element: the check that decides whether Heckel's walk may stand (see fd_heckel.c).
 *
 * The values checked are the old elements of the range and the new elements the walk and the
 * table left unmatched: every fingerprint occurs at most once among them exactly when it
 * occurs at most once on each side (a matched new element has its old partner's fingerprint;
 * an unmatched one must differ from every old one, or the table would have matched it).
 * On large ranges (the bitmap's) the table's step gathers the unmatched new ones'
 * fingerprints as it leaves them (fd_step_match_by_occurrence's fd_gathered), where this file
 * once found them again through the walk's lists: a scattered read of new_to_old and of
 * new_fp per listed element, and a branch on whether the table had matched it, in each of
 * passes 1 and 2. On mix-1M (20,000 such elements) the diff went from 15.4-15.9 to 14.7-14.9
 * ms (four alternated runs). Small ranges still read the lists (fd_duplicates_gather), which
 * are in the cache there.
 *
 * Small ranges (both sides together at most SMALL_ELEMENTS, every list up to mix-10k): one pass
 * through an exact set of 16-bit positions (`small_lists_repeat`), 4 bytes per value, on the
 * stack up to STACK_SLOTS slots. Each value is hashed once and found or placed in one or two
 * probes, where the bitmaps this file then had hashed every value twice and went through a
 * third set; measured (callgrind, one fd_diff call, Benchmarks/RepeatsProbe's mix and dk
 * shapes): the check went from about 36 to 20 instructions per value, and at 100 elements
 * its three allocations are gone; the whole call took 20-24% fewer instructions from 100 to
 * 10,000 elements.
 *
 * Larger ranges, three passes, the first two over one bitmap that stays in the cache: 2^k bits
 * (k at most 32), at least 16 per value up to 512 KiB (262,144 values), else at least 8,
 * a value's bit the top k bits of its mixed value:
 *  1. each value sets its bit; a value that finds it set already lists it (4 bytes per bit;
 *     about 1 value in 20 to 40 with no repeat, 1 in 10 to 20 above 262,144 values);
 *  2. the bitmap is cleared and the listed bits set again: the values whose bit is set are the
 *     candidates (each repeated value among them);
 *  3. the candidates go through a small open-addressing set, which is exact.
 * When more than a quarter of the values list their bit (a quarter of them repeats, or
 * fingerprints chosen to collide), every bit is set: every value is a candidate.
 * It replaces two bitmaps of 8 bits per value updated in pass 1 (`seen`, and `repeated` marked
 * where a bit was seen twice), indexed by a multiply-high: one read-modify-write per value
 * instead of two, a byte's instead of a word's, and a shift instead of a multiply-high took
 * passes 1 and 2 from 2.2 + 0.9 to 1.3 + 0.7 ns per value at 112,000 values and from 3.6 + 1.2
 * to 1.9 + 1.1 ns at 1,010,000 (random values, clang -O2, minimum of 25 runs); at 1,010,000 the
 * bitmap takes 1 MB instead of 2. In fd_diff (perf, DifferenceKit's shape at 100,000) the check
 * went from 1.23 to 0.88 times the time of fingerprinting both lists.
 * The set is not an instance of fd_occurrence_table, on purpose: its slots hold the values
 * themselves (a candidate is found or placed by reading one slot), where the occurrence
 * table's slots hold a tag and an index into `keys`, read in a second place. On the occurrence
 * table's type (tried, digests equal) this step executed 12-15% more instructions (dk100k,
 * feed-1k; `make instructions`, callgrind), 1-4% of a whole diff, for no change of result. */
#include "fd_internal.h"

/* The bitmap of passes 1 and 2: 2^(64 - shift) bits, a byte's eight at a time. */
typedef struct bitmap {
    uint8_t *bytes;
    unsigned shift; /* a value's bit: the top 64 - shift bits of its mixed value */
} bitmap;

/* The bitmap is passed by value, and the loops below read their arrays through local
 * pointers: a byte store may alias anything, so a field read through a pointer is read again
 * from memory after every update (perf, DifferenceKit's shape at 100,000: with pointers the
 * check took 1.09 times the time of fingerprinting both lists, 1.00 without). */
static inline uint64_t bit_of(bitmap map, uint64_t value) { return fd_mix(value) >> map.shift; }

/* Pass 1 for one value: sets its bit, and lists the bit when it was set already; returns the
 * list's new length. Without branches: whether a bit was set is a coin toss the processor
 * cannot predict, so every bit is written to the list and kept only then. */
static inline size_t see(bitmap map, uint64_t value, uint32_t *listed, size_t length) {
    uint64_t bit = bit_of(map, value);
    uint8_t mask = (uint8_t)(1u << (bit & 7)), *byte = map.bytes + (bit >> 3);
    size_t was = (*byte & mask) != 0;
    *byte |= mask;
    listed[length] = (uint32_t)bit;
    return length + was;
}

/* Pass 1 over `count` consecutive values, until `capacity` bits are listed; returns the list's
 * length. Out of its caller (FD_NEVER_INLINE), where its variables stay in registers (inlined,
 * three were read from the stack at every value; the check went from 1.00 to 0.92 times the
 * fingerprinting's time, measured as above). */
FD_NEVER_INLINE size_t see_values(bitmap map, const uint64_t *values, size_t count, uint32_t *listed, size_t length,
                                  size_t capacity) {
    for (size_t k = 0; k < count && length < capacity; k++) length = see(map, values[k], listed, length);
    return length;
}

static inline size_t is_candidate(bitmap map, uint64_t value) {
    uint64_t bit = bit_of(map, value);
    return (map.bytes[bit >> 3] >> (bit & 7)) & 1;
}

/* From this many slots (1 MB) pass 3 prefetches (see candidates_repeat); smaller sets stay in
 * the cache (DifferenceKit's shape at 100,000: about 8,000 slots). */
enum { PREFETCHED_SET_SLOTS = 1 << 17 };

/* Pass 3: whether two of the candidates are equal. From PREFETCHED_SET_SLOTS slots, the slot of
 * the candidate FD_PREFETCH_DISTANCE ahead is prefetched: at a million values the set (2 MB for
 * about 120,000 candidates) misses the cache at nearly every probe, and the loop, which stops
 * at the first repeat, does not run far enough ahead on its own. Measured on mix-1M's shape
 * (fd_diff alone, the median of eight alternated rounds of the fastest of 15 runs): 8.37 ->
 * 8.27 ms; in DiffBenchmarks, 15.45 -> 15.2 ms (twenty alternated runs, medians). Tried with
 * it and not kept: a set of 32-bit tags (half the bytes; 8.09 against 8.08 ms). */
static fd_status candidates_repeat(const uint64_t *candidates, size_t count, const fd_allocator *allocator, int *found) {
    size_t capacity = 16;
    while (capacity < 2 * count) capacity *= 2;
    uint64_t *set = fd_allocate_array(allocator, capacity, sizeof(uint64_t));
    if (set == NULL) return FD_ERR_NO_MEMORY;
    memset(set, 0, capacity * sizeof(uint64_t));
    size_t zeros = 0; /* 0 marks an empty slot, so the value 0 is counted aside */
    for (size_t k = 0; k < count && !*found; k++) {
        if (capacity >= PREFETCHED_SET_SLOTS && k + FD_PREFETCH_DISTANCE < count) {
            FD_PREFETCH(set + ((size_t)(fd_mix(candidates[k + FD_PREFETCH_DISTANCE]) >> 32) & (capacity - 1)));
        }
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

/* Passes 2 and 3: the values whose bit `map` has set (at most `capacity`) go through the
 * exact set. Branchless: each value is written at the end of the candidates and kept when it
 * is one. */
static fd_status check_candidates(const fd_context *c, fd_range range, const fd_values *unmatched_new, bitmap map,
                                  size_t capacity, int *found) {
    uint64_t *candidates = fd_allocate_array(c->allocator, capacity + 1, sizeof(uint64_t));
    if (candidates == NULL) return FD_ERR_NO_MEMORY;
    size_t count = 0;
    const uint64_t *old_fp = c->old_fp;
    for (size_t i = range.old_begin; i < range.old_end; i++) {
        uint64_t value = old_fp[i];
        candidates[count] = value;
        count += is_candidate(map, value);
    }
    for (size_t k = 0; k < unmatched_new->count; k++) {
        uint64_t value = unmatched_new->items[k];
        candidates[count] = value;
        count += is_candidate(map, value);
    }
    fd_status status = candidates_repeat(candidates, count, c->allocator, found);
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
 * (FD_NEVER_INLINE): inlined next to the passes of the bitmaps this file had before the one
 * bitmap, those took 0.1-0.2% more instructions on dk100k and mix-1M (registers spilled;
 * callgrind, SwiftPM's clang flags). */
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
        /* FD_FOR_EACH_LEFT's order, the unmatched ones only, in loops that stop at the first
         * repeat (through the macro, dk5k took 0.3% more instructions: callgrind). */
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

/* Bitmaps of up to 2^LARGE_BITMAP_LOG2 bits (512 KiB) get at least 16 bits per value: fewer
 * candidates for pass 3, whose set misses the cache (0.92 to 0.88 times the fingerprinting's
 * time, measured as above; up to 512 KiB the bitmap's passes cost the same). */
enum { LARGE_BITMAP_LOG2 = 22 };

/* Passes 1-3 of the bitmap, for `count` values (at least 2). */
static fd_status bitmap_repeats(const fd_context *c, fd_range range, const fd_values *unmatched_new, size_t count,
                                int *found) {
    unsigned bits_log2 = 6;
    while (bits_log2 < 32 && ((uint64_t)1 << bits_log2) < 8 * (uint64_t)count) bits_log2++;
    if (bits_log2 < LARGE_BITMAP_LOG2 && ((uint64_t)1 << bits_log2) < 16 * (uint64_t)count) bits_log2++;
    size_t bytes = (size_t)1 << (bits_log2 - 3), capacity = count / 4 + 64;
    /* The bitmap, then the list: 4-byte units, so that fd_allocate_array checks the size. */
    bitmap map = {fd_allocate_array(c->allocator, bytes / 4 + capacity, 4), 64 - bits_log2};
    if (map.bytes == NULL) return FD_ERR_NO_MEMORY;
    uint32_t *listed = (uint32_t *)(void *)(map.bytes + bytes);
    memset(map.bytes, 0, bytes);
    size_t length = 0; /* pass 1 stops with `capacity` bits listed */
    length = see_values(map, c->old_fp + range.old_begin, range.old_end - range.old_begin, listed, length, capacity);
    length = see_values(map, unmatched_new->items, unmatched_new->count, listed, length, capacity);
    fd_status status = FD_OK;
    if (length == capacity) { /* every bit set: every value is a candidate */
        memset(map.bytes, 0xFF, bytes);
        status = check_candidates(c, range, unmatched_new, map, count, found);
    } else if (length > 0) {
        memset(map.bytes, 0, bytes);
        for (size_t k = 0; k < length; k++) map.bytes[listed[k] >> 3] |= (uint8_t)(1u << (listed[k] & 7));
        /* A listed bit's values: the one that set it, and those that listed it. */
        status = check_candidates(c, range, unmatched_new, map, 2 * length, found);
    }
    fd_deallocate(c->allocator, map.bytes);
    return status;
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
    size_t count = range.old_end - range.old_begin + unmatched_new->count;
    return count < 2 ? FD_OK : bitmap_repeats(c, range, unmatched_new, count, found);
}
