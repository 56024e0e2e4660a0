/* The first old element of each element's fingerprint (fd_first_old_occurrences).
 *
 * Heckel's pairing of repeated fingerprints treats the elements of a fingerprint as copies of
 * one identity. A caller that holds the identities confirms the pairs it gets; with this step
 * it also compares each element with the first old element of its fingerprint, so that every
 * fingerprint the pairing read is known to stand for one identity (fingerprint_diff.h says
 * which comparisons suffice).
 *
 * One occurrence table over the old fingerprints (fd_occurrence_table.h) whose slot heads are
 * the first old elements, filled while the old elements are listed and read while the new ones
 * are: one look-up per element, the next ones' slots prefetched as in the occurrence matching. */
#include "fd_occurrence_table.h"

fd_status fd_first_old_occurrences(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp, size_t new_count,
                                   int64_t *old_first, int64_t *new_first, const fd_allocator *allocator) {
    if (!fd_arrays_valid(old_fp, old_count, new_fp, new_count) ||
        !fd_arrays_valid(old_first, old_count, new_first, new_count)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    if (old_count == 0) {
        for (size_t j = 0; j < new_count; j++) new_first[j] = -1;
        return FD_OK;
    }
    fd_occurrence_table table;
    fd_status status = fd_occurrence_table_create(&table, old_count, old_fp, allocator);
    if (status != FD_OK) return status;
    for (size_t i = 0; i < old_count; i++) {
        if (i + FD_PREFETCH_DISTANCE < old_count) fd_occurrence_prefetch(&table, old_fp[i + FD_PREFETCH_DISTANCE]);
        uint64_t *slot = fd_occurrence_find(&table, old_fp[i]);
        if (*slot == 0) *slot = fd_slot_make(old_fp[i], i, 0, 0);
        old_first[i] = (int64_t)fd_slot_head(*slot);
    }
    for (size_t j = 0; j < new_count; j++) {
        if (j + FD_PREFETCH_DISTANCE < new_count) fd_occurrence_prefetch(&table, new_fp[j + FD_PREFETCH_DISTANCE]);
        uint64_t slot = *fd_occurrence_find(&table, new_fp[j]);
        new_first[j] = slot == 0 ? -1 : (int64_t)fd_slot_head(slot);
    }
    fd_occurrence_table_destroy(&table, allocator);
    return FD_OK;
}
