/* The queue table of the plain occurrence matching (fd_occurrence_matching.c): 8-byte slots,
 * one used per distinct fingerprint of the old elements left, holding the head of its queue and
 * 32 bits of the fingerprint to check before reading the whole one at the head's place.
 * Internal.
 *
 * Up to FD_QUEUE_SPARSE_ENTRIES_MAX old elements the table is at most a third full (three slots,
 * 24 bytes, per old element left), where the shared fd_occurrence_table is three quarters full:
 * a look-up for a new element absent from old, most of what Heckel's walk leaves on
 * DifferenceKit's shape, then stops after about 1.6 slots instead of 8.5 (DiffBenchmarks' dk100k
 * row). Beyond it the table is three quarters full (four thirds of a slot per element), so that a
 * large one (Myers' remainder, fd_match_remaining) takes no more memory than the shared table
 * would. Positions come from the mixed fingerprint by multiply-high; probing is linear (as in
 * fd_occurrence_table.h).
 *
 * From FD_QUEUE_FILTER_ENTRIES_MIN old elements up to FD_QUEUE_SPARSE_ENTRIES_MAX the table has
 * a filter after its slots, at least FD_QUEUE_FILTER_BITS_MIN bits per fingerprint: each
 * fingerprint given a slot sets two bits of one 64-bit word (a hash with a multiplier of its
 * own), and a new element whose two bits are not both set is absent from old without a look-up
 * (about 3% of the absent ones pass and are looked up as before: the filter never turns a
 * present fingerprint away): it takes DiffBenchmarks' dk100k row from about 3.1 to 3.0 times
 * its floor. */
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
 * Not below: under 8,192 entries the filter costs more than the look-ups it saves (DiffBenchmarks'
 * dk5k row, and DifferenceKit's shape at 20,000). Not above: there the table is a
 * remainder of Myers or of the table-only path, whose new elements are rarely absent, and the
 * filter would add 1 to 3.7 bytes per element to a million-element Myers diff's peak memory
 * (the reversed-1M and all-new-1M rows of `DiffBenchmarks --memory`). */
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
