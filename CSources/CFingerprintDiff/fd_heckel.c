/* Heckel-style matching by occurrence order (fd_heckel, fd_match_remaining).
 *
 * Symbol table: open addressing with linear probing over 64-bit slots. A slot packs the low
 * 32 bits of a fingerprint (a tag that rejects most foreign probes without touching memory
 * elsewhere) with 1 + the index of the old element at the head of that fingerprint's queue.
 * The queue itself is threaded through old_to_new: while an old element waits to be matched,
 * old_to_new[i] holds -(next + 2) for the next old element with the same fingerprint, or -1
 * at the end of the queue. Matching new element j pops the head. An exhausted queue keeps its
 * last (now matched) head in the slot, so the slot still knows its fingerprint.
 *
 * Memory: one 8-byte slot per table position and nothing else, which is what keeps Heckel
 * within 48 bytes per element end to end (see the benchmark's memory report). */
#include "fd_internal.h"

#if defined(__GNUC__) || defined(__clang__)
#define FD_PREFETCH(address) __builtin_prefetch(address)
#else
#define FD_PREFETCH(address) ((void)0)
#endif

/* How far ahead (in elements) the table slots are prefetched. */
enum { PREFETCH_DISTANCE = 16 };

typedef struct symbol_table {
    uint64_t *slots;
    uint64_t capacity;
} symbol_table;

static inline uint64_t slot_make(uint64_t fingerprint, int64_t old_index) {
    return ((uint64_t)(uint32_t)fingerprint << 32) | (uint64_t)(old_index + 1);
}
static inline int64_t slot_index(uint64_t slot) { return (int64_t)(slot & 0xFFFFFFFFu) - 1; }
static inline uint32_t slot_tag(uint64_t slot) { return (uint32_t)(slot >> 32); }
/* Maps a fingerprint to [0, capacity) by multiply-high ("fastrange"), so the capacity need
 * not be a power of two and the table is sized to the input, not rounded up to 2^k. */
static inline uint64_t table_position(const symbol_table *t, uint64_t fingerprint) {
    return fd_multiply_high(fd_mix(fingerprint), t->capacity);
}
static inline uint64_t table_next(const symbol_table *t, uint64_t position) {
    return position + 1 == t->capacity ? 0 : position + 1;
}

static fd_status table_create(symbol_table *table, size_t element_count,
                              const fd_allocator *allocator) {
    /* Load factor at most 3/4. */
    uint64_t capacity = (uint64_t)element_count + (uint64_t)element_count / 3 + 8;
    if (capacity > SIZE_MAX / sizeof(uint64_t)) return FD_ERR_TOO_LARGE;
    table->slots = fd_allocate_array(allocator, (size_t)capacity, sizeof(uint64_t));
    if (table->slots == NULL) return FD_ERR_NO_MEMORY;
    memset(table->slots, 0, (size_t)capacity * sizeof(uint64_t));
    table->capacity = capacity;
    return FD_OK;
}

/* Finds the slot for `fingerprint`: either the occupied slot whose queue has it, or the empty
 * slot where it would go. */
static inline uint64_t *table_find(const symbol_table *table, const uint64_t *old_fp,
                                   uint64_t fingerprint) {
    uint64_t position = table_position(table, fingerprint);
    const uint32_t tag = (uint32_t)fingerprint;
    for (;;) {
        uint64_t *slot = &table->slots[position];
        uint64_t value = *slot;
        if (value == 0) return slot;
        if (slot_tag(value) == tag && old_fp[slot_index(value)] == fingerprint) return slot;
        position = table_next(table, position);
    }
}

/* Matches, by occurrence order, the old elements in [old_begin, old_end) and the new elements
 * in [new_begin, new_end) whose entries are -1. Entries >= 0 are left alone.
 *
 * With `suffix_check`, new elements that find no queue are entered too (as new-only slots,
 * index old_count + j), and afterwards every fingerprint of old[old_end, old_count) is looked
 * up: *suffix_conflict is set when one of them occurs in either range, which means matching
 * that suffix position by position would break occurrence order. */
static fd_status match_by_occurrence(const uint64_t *old_fp, size_t old_count,
                                     const uint64_t *new_fp,
                                     int64_t *old_to_new, int64_t *new_to_old,
                                     size_t old_begin, size_t old_end,
                                     size_t new_begin, size_t new_end,
                                     int suffix_check, int *suffix_conflict,
                                     uint32_t *flags, const fd_allocator *allocator) {
    size_t candidates = 0;
    for (size_t i = old_begin; i < old_end; i++) candidates += (old_to_new[i] < 0);
    size_t new_candidates = 0;
    for (size_t j = new_begin; j < new_end; j++) new_candidates += (new_to_old[j] < 0);
    if (!suffix_check && (candidates == 0 || new_candidates == 0)) {
        for (size_t i = old_begin; i < old_end; i++) if (old_to_new[i] < 0) old_to_new[i] = -1;
        return FD_OK;
    }

    symbol_table table;
    fd_status status = table_create(&table, candidates + (suffix_check ? new_candidates : 0),
                                    allocator);
    if (status != FD_OK) return status;
    /* Fingerprint of a slot's element, old or (new-only slot) new. */
#define SLOT_FP(index) ((size_t)(index) < old_count ? old_fp[index] : new_fp[(size_t)(index) - old_count])

    /* Build: walk old backwards so that each queue's head is its first occurrence. */
    for (size_t k = old_end; k > old_begin; k--) {
        size_t i = k - 1;
        if (i >= old_begin + PREFETCH_DISTANCE) {
            FD_PREFETCH(&table.slots[table_position(&table, old_fp[i - PREFETCH_DISTANCE])]);
        }
        if (old_to_new[i] >= 0) continue;
        uint64_t *slot = table_find(&table, old_fp, old_fp[i]);
        if (*slot == 0) {
            old_to_new[i] = -1;
        } else {
            old_to_new[i] = -(slot_index(*slot) + 2);
            *flags |= FD_MATCH_HAD_DUPLICATES;
        }
        *slot = slot_make(old_fp[i], (int64_t)i);
    }

    /* Probe: new element j takes the head of its fingerprint's queue. */
    for (size_t j = new_begin; j < new_end; j++) {
        if (j + PREFETCH_DISTANCE < new_end) {
            FD_PREFETCH(&table.slots[table_position(&table, new_fp[j + PREFETCH_DISTANCE])]);
        }
        if (new_to_old[j] >= 0) continue;
        uint64_t fingerprint = new_fp[j];
        uint64_t position = table_position(&table, fingerprint);
        uint64_t *slot;
        for (;;) {
            slot = &table.slots[position];
            if (*slot == 0) break;
            if (slot_tag(*slot) == (uint32_t)fingerprint && SLOT_FP(slot_index(*slot)) == fingerprint) break;
            position = table_next(&table, position);
        }
        if (*slot == 0) {
            if (suffix_check) *slot = slot_make(fingerprint, (int64_t)(old_count + j));
            continue;
        }
        int64_t head = slot_index(*slot);
        if ((size_t)head >= old_count) { /* new-only slot: a repeated insertion */
            *flags |= FD_MATCH_HAD_DUPLICATES;
            continue;
        }
        int64_t link = old_to_new[head];
        if (link >= 0) { /* queue exhausted: new has more occurrences than old */
            *flags |= FD_MATCH_HAD_DUPLICATES;
            continue;
        }
        old_to_new[head] = (int64_t)j;
        new_to_old[j] = head;
        if (link <= -2) *slot = slot_make(fingerprint, -link - 2);
    }

    /* Old elements still waiting in a queue are unmatched. */
    for (size_t i = old_begin; i < old_end; i++) {
        if (old_to_new[i] < -1) old_to_new[i] = -1;
    }

    if (suffix_check) {
        *suffix_conflict = 0;
        for (size_t i = old_end; i < old_count; i++) {
            if (i + PREFETCH_DISTANCE < old_count) {
                FD_PREFETCH(&table.slots[table_position(&table, old_fp[i + PREFETCH_DISTANCE])]);
            }
            uint64_t fingerprint = old_fp[i];
            uint64_t position = table_position(&table, fingerprint);
            uint64_t value;
            while ((value = table.slots[position]) != 0) {
                if (slot_tag(value) == (uint32_t)fingerprint && SLOT_FP(slot_index(value)) == fingerprint) {
                    *suffix_conflict = 1;
                    break;
                }
                position = table_next(&table, position);
            }
            if (*suffix_conflict) break;
        }
    }
#undef SLOT_FP
    fd_deallocate(allocator, table.slots);
    return FD_OK;
}

static size_t count_matched(const int64_t *new_to_old, size_t new_count) {
    size_t matched = 0;
    for (size_t j = 0; j < new_count; j++) matched += (new_to_old[j] >= 0);
    return matched;
}

fd_status fd_heckel(const uint64_t *old_fp, size_t old_count,
                    const uint64_t *new_fp, size_t new_count,
                    int64_t *old_to_new, int64_t *new_to_old,
                    fd_match_info *info, const fd_allocator *allocator) {
    if (!fd_arrays_valid(old_fp, old_count, new_fp, new_count) ||
        !fd_arrays_valid(old_to_new, old_count, new_to_old, new_count)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    if (old_count >= (size_t)UINT32_MAX) return FD_ERR_TOO_LARGE;

    /* The common prefix is exactly what occurrence order would match there. */
    size_t prefix = 0;
    size_t shorter = old_count < new_count ? old_count : new_count;
    while (prefix < shorter && old_fp[prefix] == new_fp[prefix]) {
        old_to_new[prefix] = (int64_t)prefix;
        new_to_old[prefix] = (int64_t)prefix;
        prefix++;
    }
    /* So is the common suffix, provided none of its fingerprints occurs in the middle: that is
     * checked against the middle's table, and the match redone without the suffix otherwise.
     * Worth it only for a long suffix (the table then also holds the middle's new elements). */
    size_t suffix = 0;
    while (suffix < shorter - prefix &&
           old_fp[old_count - 1 - suffix] == new_fp[new_count - 1 - suffix]) {
        suffix++;
    }
    if (suffix < 1024 || suffix * 2 < old_count - prefix ||
        (uint64_t)old_count + (uint64_t)new_count >= (uint64_t)UINT32_MAX) {
        suffix = 0;
    }

    uint32_t flags = 0;
    fd_status status;
    for (;;) {
        for (size_t i = prefix; i < old_count; i++) old_to_new[i] = -1;
        for (size_t j = prefix; j < new_count; j++) new_to_old[j] = -1;
        int conflict = 0;
        flags = 0;
        status = match_by_occurrence(old_fp, old_count, new_fp, old_to_new, new_to_old,
                                     prefix, old_count - suffix, prefix, new_count - suffix,
                                     suffix > 0, &conflict, &flags, allocator);
        if (status != FD_OK) return status;
        if (!conflict) break;
        suffix = 0;
    }
    for (size_t k = 0; k < suffix; k++) {
        old_to_new[old_count - 1 - k] = (int64_t)(new_count - 1 - k);
        new_to_old[new_count - 1 - k] = (int64_t)(old_count - 1 - k);
    }
    if (info) {
        info->flags = flags;
        info->cost = 0;
        info->matched_count = count_matched(new_to_old, new_count);
    }
    return FD_OK;
}

fd_status fd_match_remaining(const uint64_t *old_fp, size_t old_count,
                             const uint64_t *new_fp, size_t new_count,
                             int64_t *old_to_new, int64_t *new_to_old,
                             fd_match_info *info, const fd_allocator *allocator) {
    if (!fd_arrays_valid(old_fp, old_count, new_fp, new_count) ||
        !fd_arrays_valid(old_to_new, old_count, new_to_old, new_count)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    fd_status status = fd_matching_check(old_fp, old_count, new_fp, new_count, old_to_new,
                                         new_to_old);
    if (status != FD_OK) return status;
    if (old_count >= (size_t)UINT32_MAX) return FD_ERR_TOO_LARGE;
    uint32_t flags = 0;
    status = match_by_occurrence(old_fp, old_count, new_fp, old_to_new, new_to_old,
                                 0, old_count, 0, new_count, 0, NULL, &flags, allocator);
    if (status != FD_OK) return status;
    if (info) {
        info->flags = flags;
        info->cost = 0;
        info->matched_count = count_matched(new_to_old, new_count);
    }
    return FD_OK;
}

fd_status fd_matching_check(const uint64_t *old_fp, size_t old_count,
                            const uint64_t *new_fp, size_t new_count,
                            const int64_t *old_to_new, const int64_t *new_to_old) {
    if (!fd_arrays_valid(old_to_new, old_count, new_to_old, new_count)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    int compare = old_fp != NULL && new_fp != NULL;
    for (size_t i = 0; i < old_count; i++) {
        int64_t j = old_to_new[i];
        if (j == -1) continue;
        if (j < 0 || (uint64_t)j >= (uint64_t)new_count) return FD_ERR_INVALID_ARGUMENT;
        if (new_to_old[j] != (int64_t)i) return FD_ERR_INVALID_ARGUMENT;
        if (compare && old_fp[i] != new_fp[j]) return FD_ERR_INVALID_ARGUMENT;
    }
    for (size_t j = 0; j < new_count; j++) {
        int64_t i = new_to_old[j];
        if (i == -1) continue;
        if (i < 0 || (uint64_t)i >= (uint64_t)old_count) return FD_ERR_INVALID_ARGUMENT;
        if (old_to_new[i] != (int64_t)j) return FD_ERR_INVALID_ARGUMENT;
    }
    return FD_OK;
}
