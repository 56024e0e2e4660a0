/* The occurrence table: the core's shared open-addressing table, for the steps that need to
 * find the elements with a given fingerprint (Heckel's table-only occurrence matching, Myers'
 * occurrence counts, the repeats' counts). Internal.
 *
 * The plain occurrence matching (after Heckel's walk, fd_match_remaining, the repeats' last
 * step) keeps a table of its own, fd_queue_table.h, at most a third full (up to 131,072 old
 * elements left), so that a miss stops early (it halves that step on DiffBenchmarks' dk100k
 * row). The table-only path keeps this one, whose slot positions number the fingerprints for
 * the repeats' pairing.
 *
 * Three steps keep small sets of their own instead, over other and much smaller sets than the
 * occurrences, whose slots hold the fingerprint itself: the walk's anchors (fd_walk.c: one old
 * element in 32, built only when the walk loses its place, before any occurrence table exists),
 * the duplicate check's candidates (fd_duplicates_sieve.c: the values its bitmaps could not
 * tell apart, about 1 in 12 to 15 at 100,000 values, 1 in 500 at a million after its second
 * sieve) and, on the stack, the at most 1,024 new fingerprints Heckel samples before its walk
 * (fd_heckel.c), before any table exists. The first two say why: on this table's type they
 * cost 1-4% more instructions per diff. Building the occurrence table over the whole range is
 * what the walk avoids: `make phases` measures Heckel with the walk against the table alone
 * (about 4 to 6 times faster with the walk at 100,000 and 1,000,000 mixed ids).
 *
 * A slot is 64 bits, so that the table of a million elements (11 MB) stays in the last-level
 * cache:
 *
 *     bits 44-63  tag: 20 bits of the mixed fingerprint (the full value is read from `keys`)
 *     bit  43     a flag the user of the table defines (Myers: "occurs in new")
 *     bits 32-42  a count the user defines, saturating at 2047 (Myers: occurrences in old)
 *     bits 0-31   1 + the index of the head element in `keys` (0: empty slot)
 *
 * Positions come from the mixed fingerprint by multiply-high ("fastrange"), so the capacity
 * is sized to the input (load factor at most 3/4), not rounded up to a power of two; probing
 * is linear. */
#ifndef FD_OCCURRENCE_TABLE_H
#define FD_OCCURRENCE_TABLE_H

#include "fd_internal.h"

typedef struct fd_occurrence_table {
    uint64_t *slots;
    uint64_t capacity;
    const uint64_t *keys; /* the fingerprints that slot heads index */
} fd_occurrence_table;

enum { FD_SLOT_COUNT_MAX = 2047 };

/* Creates an empty table for up to `entries` fingerprints whose heads index `keys`.
 * FD_ERR_TOO_LARGE when `entries` needs more than 32-bit heads. */
fd_status fd_occurrence_table_create(fd_occurrence_table *table, size_t entries, const uint64_t *keys,
                                     const fd_allocator *allocator);
void fd_occurrence_table_destroy(fd_occurrence_table *table, const fd_allocator *allocator);

static inline uint64_t fd_slot_tag(uint64_t key) { return (fd_mix(key) >> 20) & 0xFFFFF; }
static inline uint64_t fd_slot_make(uint64_t key, size_t head, uint32_t count, int flag) {
    return (fd_slot_tag(key) << 44) | ((uint64_t)(flag != 0) << 43) | ((uint64_t)count << 32) | (uint64_t)(head + 1);
}
/* The head's index in `keys`; the slot must not be empty. */
static inline size_t fd_slot_head(uint64_t slot) { return (size_t)(slot & 0xFFFFFFFFu) - 1; }
static inline uint32_t fd_slot_count(uint64_t slot) { return (uint32_t)(slot >> 32) & 0x7FF; }
static inline int fd_slot_flag(uint64_t slot) { return (int)((slot >> 43) & 1); }

static inline uint64_t fd_occurrence_position(const fd_occurrence_table *table, uint64_t key) {
    return fd_multiply_high(fd_mix(key), table->capacity);
}

/* The slot of `key`: the occupied slot whose head has that fingerprint, or the empty slot
 * where it goes. */
static inline uint64_t *fd_occurrence_find(const fd_occurrence_table *table, uint64_t key) {
    uint64_t position = fd_occurrence_position(table, key);
    const uint64_t tag = fd_slot_tag(key);
    for (;;) {
        uint64_t *slot = &table->slots[position];
        uint64_t value = *slot;
        if (value == 0) return slot;
        if ((value >> 44) == tag && table->keys[fd_slot_head(value)] == key) return slot;
        position = position + 1 == table->capacity ? 0 : position + 1;
    }
}

/* Starts loading the slot of `key` into the cache. */
static inline void fd_occurrence_prefetch(const fd_occurrence_table *table, uint64_t key) {
    FD_PREFETCH(&table->slots[fd_occurrence_position(table, key)]);
    (void)table;
    (void)key;
}

/* What the occurrence-order matching found for a new element (fd_step_match_by_occurrence_noting):
 * unpaired (its fingerprint's old occurrences were all taken), paired as an anchor (its
 * fingerprint occurs once among the old elements matched and once among the new ones), paired
 * otherwise, or absent (no old element matched has its fingerprint: it can never pair). */
enum fd_new_kind { FD_NEW_UNPAIRED = 0, FD_NEW_ANCHOR = 1, FD_NEW_OTHER_PAIR = 2, FD_NEW_ABSENT = 3 };

/* The number of no fingerprint: fd_occurrence_notes.new_number of one absent from old. */
#define FD_NO_NUMBER UINT32_MAX

/* What fd_step_match_by_occurrence_noting notes about the range `rest` it matches. */
typedef struct fd_occurrence_notes {
    fd_range rest;
    uint8_t *kind;               /* the caller's array: per new element j of rest, at
                                  * j - rest.new_begin, its fd_new_kind */
    uint32_t *old_number;        /* the caller's array: per old element of rest, its
                                  * fingerprint's number, the position of its slot in `table`
                                  * (32 bits of it: one number per fingerprint only when
                                  * fd_occurrence_numbers_fit(old elements of rest)) */
    uint32_t *new_number;        /* the caller's array: the same per new element, or
                                  * FD_NO_NUMBER when absent from old */
    fd_occurrence_table table;   /* the matching's table, kept (the caller destroys it; all zero
                                  * when there was nothing to match) */
} fd_occurrence_notes;

/* Whether the slots of a table for `entries` fingerprints can be numbered in 32 bits below
 * FD_NO_NUMBER (see fd_occurrence_table_create's capacity). */
static inline int fd_occurrence_numbers_fit(size_t entries) {
    return (uint64_t)entries + (uint64_t)entries / 3 + 8 < (uint64_t)FD_NO_NUMBER;
}

/* fd_step_match_by_occurrence on notes->rest, every element of which it takes as unmatched
 * whatever its entries hold (it writes them all: no need to clear them first), noting what it
 * finds there (every kind written when rest has an element on each side) and keeping its table.
 * fd_occurrence_noting.c. */
fd_status fd_step_match_by_occurrence_noting(fd_context *c, fd_occurrence_notes *notes);

/* Re-pairs the repeated fingerprints of notes->rest (matched by occurrence order, with the notes
 * of fd_step_match_by_occurrence_noting) so that what did not move stays in place, keeping the
 * result only when it has no more moves (fd_repeats.c). */
fd_status fd_step_pair_repeats(fd_context *c, const fd_occurrence_notes *notes);

#endif
