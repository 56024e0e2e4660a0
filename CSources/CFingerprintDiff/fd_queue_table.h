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
 * multiply-high, probing is linear (as in fd_occurrence_table.h). */
#ifndef FD_QUEUE_TABLE_H
#define FD_QUEUE_TABLE_H

#include "fd_internal.h"

typedef struct fd_queue_slot {
    uint32_t check; /* the low 32 bits of the fingerprint */
    uint32_t head;  /* 1 + the index of the old element at the head of the queue; 0: empty */
} fd_queue_slot;

/* Up to this many fingerprints (a table of at most 3 MiB, 24 bytes each) the table is at most
 * a third full, beyond it at most three quarters. */
enum { FD_QUEUE_SPARSE_ENTRIES_MAX = 1 << 17 };

typedef struct fd_queue_table {
    fd_queue_slot *slots;
    uint64_t capacity;
} fd_queue_table;

/* Creates an empty table for up to `entries` fingerprints.
 * FD_ERR_TOO_LARGE when `entries` needs more than 32-bit heads. */
static inline fd_status fd_queue_table_create(fd_queue_table *table, size_t entries, const fd_allocator *allocator) {
    memset(table, 0, sizeof *table);
    if (entries >= (size_t)UINT32_MAX - 1) return FD_ERR_TOO_LARGE;
    uint64_t capacity = entries <= FD_QUEUE_SPARSE_ENTRIES_MAX ? 3 * (uint64_t)entries + 8
                                                               : (uint64_t)entries + (uint64_t)entries / 3 + 8;
    if (capacity > SIZE_MAX / sizeof(fd_queue_slot)) return FD_ERR_TOO_LARGE;
    table->slots = fd_allocate_array(allocator, (size_t)capacity, sizeof(fd_queue_slot));
    if (table->slots == NULL) return FD_ERR_NO_MEMORY;
    memset(table->slots, 0, (size_t)capacity * sizeof(fd_queue_slot));
    table->capacity = capacity;
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

/* Starts loading the slot of `fingerprint` into the cache. */
static inline void fd_queue_prefetch(const fd_queue_table *table, uint64_t fingerprint) {
    FD_PREFETCH(&table->slots[fd_queue_position(table, fingerprint)]);
    (void)table;
    (void)fingerprint;
}

#endif
