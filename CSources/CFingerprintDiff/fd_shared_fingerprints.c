/* Which elements share a fingerprint that a matching relied on (fd_shared_fingerprints).
 *
 * Heckel's pairing of repeated fingerprints treats the elements of a fingerprint as copies of
 * one identity: its anchors are the fingerprints that occur once on each side, its gaps pair
 * equal fingerprints, and it keeps its pairing only against occurrence order by fingerprint.
 * A caller that holds the identities confirms the pairs it gets, but two different identities
 * that share a fingerprint can leave every pair confirmed and still change which pairs were
 * made. This step lists, for every element whose fingerprint occurs on both sides and more than
 * once on one of them, the first old element with that fingerprint, so that the caller can
 * compare the element's identity with that one's: when all agree, every fingerprint the pairing
 * read stands for one identity. A fingerprint once on each side needs no such element (its
 * elements are always paired, and the caller confirms that pair), and one absent from a side
 * pairs nothing (its elements are deletions or insertions whatever identities they hold).
 *
 * One occurrence table over the old fingerprints (fd_occurrence_table.h), its count bits used
 * as three marks per fingerprint; each element's slot is kept in the output between the passes,
 * so each element is looked up once. */
#include "fd_occurrence_table.h"

/* The marks of a fingerprint, in its slot's count bits. */
enum { OLD_REPEATS = 1, IN_NEW = 2, NEW_REPEATS = 4 };

static void mark(uint64_t *slot, uint32_t marks) {
    *slot = (*slot & ~((uint64_t)FD_SLOT_COUNT_MAX << 32)) | ((uint64_t)(fd_slot_count(*slot) | marks) << 32);
}

/* The first old element of the fingerprint of `slot` when the step lists its elements, else -1. */
static int64_t first_if_shared(uint64_t slot) {
    uint32_t marks = fd_slot_count(slot);
    return (marks & IN_NEW) && (marks & (OLD_REPEATS | NEW_REPEATS)) ? (int64_t)fd_slot_head(slot) : -1;
}

fd_status fd_shared_fingerprints(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp, size_t new_count,
                                 int64_t *old_first, int64_t *new_first, const fd_allocator *allocator) {
    if (!fd_arrays_valid(old_fp, old_count, new_fp, new_count) ||
        !fd_arrays_valid(old_first, old_count, new_first, new_count)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    if (old_count == 0 || new_count == 0) {
        for (size_t i = 0; i < old_count; i++) old_first[i] = -1;
        for (size_t j = 0; j < new_count; j++) new_first[j] = -1;
        return FD_OK;
    }
    fd_occurrence_table table;
    fd_status status = fd_occurrence_table_create(&table, old_count, old_fp, allocator);
    if (status != FD_OK) return status;
    for (size_t i = 0; i < old_count; i++) {
        uint64_t *slot = fd_occurrence_find(&table, old_fp[i]);
        if (*slot == 0) *slot = fd_slot_make(old_fp[i], i, 0, 0);
        else mark(slot, OLD_REPEATS);
        old_first[i] = slot - table.slots;
    }
    for (size_t j = 0; j < new_count; j++) {
        uint64_t *slot = fd_occurrence_find(&table, new_fp[j]);
        if (*slot == 0) {
            new_first[j] = -1;
            continue;
        }
        mark(slot, fd_slot_count(*slot) & IN_NEW ? NEW_REPEATS : IN_NEW);
        new_first[j] = slot - table.slots;
    }
    for (size_t i = 0; i < old_count; i++) old_first[i] = first_if_shared(table.slots[old_first[i]]);
    for (size_t j = 0; j < new_count; j++) {
        if (new_first[j] >= 0) new_first[j] = first_if_shared(table.slots[new_first[j]]);
    }
    fd_occurrence_table_destroy(&table, allocator);
    return FD_OK;
}
