/* Matchings: the one consistency check (fd_matching_check, fd_matching_validate),
 * fd_count_pairs, and fd_match_remaining. */
#include "fd_internal.h"

/* The check in two sequential passes: old_to_new in range and pointing back (so it is
 * injective), then new_to_old in range with exactly as many pairs, which makes it the inverse.
 * Counts the pairs, and with content the pairs whose content differs. */
fd_status fd_matching_validate(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp,
                               size_t new_count, const int64_t *old_to_new, const int64_t *new_to_old,
                               const uint64_t *old_content, const uint64_t *new_content,
                               size_t *matched, size_t *updated) {
    if (!fd_arrays_valid(old_to_new, old_count, new_to_old, new_count)) return FD_ERR_INVALID_ARGUMENT;
    const int compare = old_fp != NULL && new_fp != NULL;
    size_t pairs = 0, changed = 0;
    for (size_t i = 0; i < old_count; i++) {
        int64_t j = old_to_new[i];
        if (j == -1) continue;
        if (j < 0 || (uint64_t)j >= (uint64_t)new_count || new_to_old[j] != (int64_t)i) return FD_ERR_INVALID_ARGUMENT;
        if (compare && old_fp[i] != new_fp[j]) return FD_ERR_INVALID_ARGUMENT;
        pairs++;
        if (old_content != NULL && old_content[i] != new_content[j]) changed++;
    }
    size_t pairs_new = 0;
    for (size_t j = 0; j < new_count; j++) {
        int64_t i = new_to_old[j];
        if (i == -1) continue;
        if (i < 0 || (uint64_t)i >= (uint64_t)old_count) return FD_ERR_INVALID_ARGUMENT;
        pairs_new++;
    }
    if (pairs_new != pairs) return FD_ERR_INVALID_ARGUMENT;
    if (matched) *matched = pairs;
    if (updated) *updated = changed;
    return FD_OK;
}

fd_status fd_matching_check(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp, size_t new_count,
                            const int64_t *old_to_new, const int64_t *new_to_old) {
    return fd_matching_validate(old_fp, old_count, new_fp, new_count, old_to_new, new_to_old, NULL, NULL, NULL, NULL);
}

/* Counts the negative entries by their sign bits, a loop clang vectorises (SSE2 has no 64-bit
 * compare, but has the shift and the add). */
size_t fd_count_pairs(const int64_t *new_to_old, size_t new_count) {
    uint64_t unpaired = 0;
    for (size_t j = 0; j < new_count; j++) unpaired += (uint64_t)new_to_old[j] >> 63;
    return new_count - (size_t)unpaired;
}

fd_status fd_match_remaining(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp, size_t new_count,
                             int64_t *old_to_new, int64_t *new_to_old, fd_match_info *info,
                             const fd_allocator *allocator) {
    if (!fd_arrays_valid(old_fp, old_count, new_fp, new_count)) return FD_ERR_INVALID_ARGUMENT;
    fd_status status = fd_matching_check(old_fp, old_count, new_fp, new_count, old_to_new, new_to_old);
    if (status != FD_OK) return status;
    if (old_count >= (size_t)UINT32_MAX - 1) return FD_ERR_TOO_LARGE;
    fd_context c = fd_context_make(old_fp, old_count, new_fp, new_count, old_to_new, new_to_old, allocator);
    fd_remainder all = fd_remainder_of_range(fd_whole_range(&c));
    status = fd_step_match_by_occurrence(&c, &all, NULL);
    if (status == FD_OK && info) {
        info->flags = c.flags;
        info->cost = 0;
        info->matched_count = fd_count_pairs(new_to_old, new_count);
    }
    return status;
}
