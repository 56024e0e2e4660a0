/* The queue table of the plain occurrence matching (fd_occurrence_matching.c): 8-byte slots,
 * one used per distinct fingerprint of the old elements left, holding the head of its queue and
 * 32 bits of the fingerprint to check before reading the whole one at the head's place; three
 * slots per old element left (24 bytes), four thirds above FD_QUEUE_SPARSE_ENTRIES_MAX of them.
 * Internal.
 *
 * The shared fd_occurrence_table (its bits for Myers and the repeats aside) is three quarters
 * full; this one at most a third up to FD_QUEUE_SPARSE_ENTRIES_MAX old elements, so that a look-up for a new element absent from old (on
 * DifferenceKit's shape, 10,000 of the 12,000 new elements Heckel's walk leaves at 100,000)
 * stops after about 1.6 slots instead of 8.5. The step there, thread CPU time (clang -O2,
 * 2-core VM under load), on 16-byte slots holding the whole fingerprint: 155-200 us a third
 * full, 250 half full, 300 two thirds full; 350 on the shared table. These 8-byte slots did as
 * well there and on mix-1M (where a hit reads the fingerprint at a scattered place: 0.65-0.9 ms
 * against 0.65-0.8), at half the memory. Beyond FD_QUEUE_SPARSE_ENTRIES_MAX old elements the
 * table is three quarters full, so that a large one (Myers' remainder, fd_match_remaining)
 * takes no more memory than the shared one would. Positions come from the mixed fingerprint by
 * multiply-high, probing is linear (as in fd_occurrence_table.h).
 *
 * From FD_QUEUE_FILTER_ENTRIES_MIN old elements (up to FD_QUEUE_SPARSE_ENTRIES_MAX, see
 * FD_QUEUE_FILTER_ENTRIES_MIN's note) the table has a filter after its slots, at
 * least 8 bits per fingerprint (16 KiB at 12,000): each fingerprint given a slot sets two bits
 * of one 64-bit word (a hash with a multiplier of its own), and a new element whose two bits
 * are not both set is absent from old without a look-up (about 3% of the absent ones pass, and
 * are looked up as before: a filter never turns a present fingerprint away). On
 * DifferenceKit's shape at 100,000 (10,000 of the 12,000 new elements left are absent), in
 * DiffBenchmarks (medians, one build switched by an environment variable since removed, three
 * alternated rounds, 2-core VM at load 2-4), the diff went from 1,070-1,090 to 1,010-1,040 us
 * (3.11 to 2.95-3.03 times its floor): before, the new side's middle (all absent) took about
 * half of the step's samples (perf), a third of them in the probe loop. At 50,000 (6,000 left): 487-512
 * against 482-493 us; at 20,000 (2,400 left) 155-156 against 158-159, and at 5,000 (611 left,
 * a 15 KiB table) 39 against 40: below 8,192 the filter costs more than the look-ups it saves.
 * mix-1M (20,000 left a side, half of the new ones absent) within the noise (15.3-16.3 ms
 * either way). Tried with the filter and not kept: a half-full table (1,070-1,080 us on
 * dk100k), two thirds full (1,100-1,300), four or six slots per element (1,010-1,040, as
 * three); 4 or 16 filter bits per fingerprint instead of 8 (the same); prefetching a new
 * element's slot only when the filter passes it (1,040-1,050 through a conditional move,
 * 1,040-1,100 through a branch). Against 56fda39 (its release
 * build, five alternated rounds): dk100k 1.06-1.08 ms (3.10-3.14 times its floor) against
 * 1.01-1.04 (2.96-3.03); dk5k, mix-10k, mix-1M the same within the noise. Instructions per diff
 * (callgrind): +1.8% on dk100k (the filter's bits), +0.4% on mix-1M, at most +0.34% below the
 * bound (dk5k: the test of whether there is a filter). */
#ifndef FD_QUEUE_TABLE_H
#define FD_QUEUE_TABLE_H

#include "fd_internal.h"

typedef struct fd_queue_slot {
    uint32_t check; /* the low 32 bits of the fingerprint */
    uint32_t head;  /* 1 + the index of the old element at the head of the queue; 0: empty */
} fd_queue_slot;
_Static_assert(sizeof(fd_queue_slot) == sizeof(uint64_t), "slots and filter share one block of 8-byte words");

/* Up to this many fingerprints (a table of at most 3 MiB, 24 bytes each) the table is at most
 * a third full, beyond it at most three quarters. */
enum { FD_QUEUE_SPARSE_ENTRIES_MAX = 1 << 17 };

typedef struct fd_queue_table {
    fd_queue_slot *slots;
    uint64_t capacity;
    uint64_t *filter;      /* after the slots: two bits of each fingerprint in the table */
    unsigned filter_shift; /* 64 - log2 of the filter's words */
} fd_queue_table;

/* From FD_QUEUE_FILTER_ENTRIES_MIN entries up to FD_QUEUE_SPARSE_ENTRIES_MAX the table has a
 * filter: at least FD_QUEUE_FILTER_BITS_MIN bits per entry (a power of two of 64-bit words).
 * Not above: there the table is a remainder of Myers or of the table-only path, whose new
 * elements are rarely absent, and the filter took 1 to 3.7 bytes per element more of a
 * million-element Myers diff's peak memory (`DiffBenchmarks --memory`: reversed 72.7 -> 76.4,
 * all-new 59.7 -> 60.7). */
enum { FD_QUEUE_FILTER_ENTRIES_MIN = 8192, FD_QUEUE_FILTER_BITS_MIN = 8, FD_QUEUE_FILTER_WORDS_MIN = 8 };

/* Creates an empty table for up to `entries` fingerprints, with its filter in the sizes that
 * have one (slots and filter in one block, zeroed by one memset).
 * FD_ERR_TOO_LARGE when `entries` needs more than 32-bit heads. */
static inline fd_status fd_queue_table_create(fd_queue_table *table, size_t entries, const fd_allocator *allocator) {
    memset(table, 0, sizeof *table);
    if (entries >= (size_t)UINT32_MAX - 1) return FD_ERR_TOO_LARGE;
    uint64_t capacity = entries <= FD_QUEUE_SPARSE_ENTRIES_MAX ? 3 * (uint64_t)entries + 8
                                                               : (uint64_t)entries + (uint64_t)entries / 3 + 8;
    uint64_t words = 0;
    unsigned shift = 64 - 3;
    if (entries >= FD_QUEUE_FILTER_ENTRIES_MIN && entries <= FD_QUEUE_SPARSE_ENTRIES_MAX) {
        words = FD_QUEUE_FILTER_WORDS_MIN;
        while (words * 64 < (uint64_t)entries * FD_QUEUE_FILTER_BITS_MIN) words *= 2, shift--;
    }
    if (capacity + words > SIZE_MAX / sizeof(uint64_t)) return FD_ERR_TOO_LARGE;
    uint64_t *block = fd_allocate_array(allocator, (size_t)(capacity + words), sizeof(uint64_t));
    if (block == NULL) return FD_ERR_NO_MEMORY;
    memset(block, 0, (size_t)(capacity + words) * sizeof(uint64_t));
    table->slots = (fd_queue_slot *)(void *)block;
    table->capacity = capacity;
    table->filter = words ? block + capacity : NULL;
    table->filter_shift = shift;
    return FD_OK;
}

static inline void fd_queue_table_destroy(fd_queue_table *table, const fd_allocator *allocator) {
    fd_deallocate(allocator, table->slots);
    memset(table, 0, sizeof *table);
}

static inline uint64_t fd_queue_position(const fd_queue_table *table, uint64_t fingerprint) {
    return fd_multiply_high(fd_mix(fingerprint), table->capacity);
}

/* The slot of `fingerprint`: the occupied slot whose head (in `keys`) has it, or the empty slot
 * where it goes. */
static inline fd_queue_slot *fd_queue_find(const fd_queue_table *table, uint64_t fingerprint, const uint64_t *keys) {
    uint64_t position = fd_queue_position(table, fingerprint);
    for (;;) {
        fd_queue_slot *slot = &table->slots[position];
        if (slot->head == 0) return slot;
        if (slot->check == (uint32_t)fingerprint && keys[slot->head - 1] == fingerprint) return slot;
        position = position + 1 == table->capacity ? 0 : position + 1;
    }
}

/* The filter's hash of a fingerprint (a multiplier other than fd_mix's, so that the filter's
 * word and the table's position are independent), its word, and its two bits in the word. */
static inline uint64_t fd_queue_filter_hash(uint64_t fingerprint) {
    return fd_mix_other(fingerprint);
}
static inline uint64_t fd_queue_filter_bits(uint64_t hash) {
    return (UINT64_C(1) << ((hash >> 20) & 63)) | (UINT64_C(1) << ((hash >> 26) & 63));
}

/* Notes `fingerprint` in the filter (when it takes a slot; the table has a filter). */
static inline void fd_queue_filter_add(fd_queue_table *table, uint64_t fingerprint) {
    uint64_t hash = fd_queue_filter_hash(fingerprint);
    table->filter[hash >> table->filter_shift] |= fd_queue_filter_bits(hash);
}

/* 0 when `fingerprint` has no slot for sure; 1 when it may have one (also about 3% of the
 * absent ones, at 8 filter bits per entry; the table has a filter). */
static inline int fd_queue_filter_may_hold(const fd_queue_table *table, uint64_t fingerprint) {
    uint64_t hash = fd_queue_filter_hash(fingerprint), bits = fd_queue_filter_bits(hash);
    return (table->filter[hash >> table->filter_shift] & bits) == bits;
}

/* Starts loading the slot of `fingerprint` into the cache. */
static inline void fd_queue_prefetch(const fd_queue_table *table, uint64_t fingerprint) {
    FD_PREFETCH(&table->slots[fd_queue_position(table, fingerprint)]);
    (void)table;
    (void)fingerprint;
}

#endif
