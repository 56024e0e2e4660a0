/* Hunt-Szymanski (fd_step_hunt_szymanski): a longest common subsequence in
 * O((r + n) log n) for r equal pairs, the search fd_myers uses when pairs are sparse (always
 * for unique fingerprints).
 *
 * The equal pairs (i, j) are listed by increasing j and, within one j, by decreasing i (so
 * that no two pairs of one j can chain); a longest strictly increasing subsequence of their i
 * values, from the shared fd_longest_increasing_subsequence, is a longest common subsequence.
 * The pairs come from the occurrence chains fd_myers built: new_head[j] is the last old
 * occurrence of new j's fingerprint in the middle, next_old[i] the one before old i. */
#include "fd_internal.h"

fd_status fd_step_hunt_szymanski(fd_context *c, fd_range middle, const int64_t *new_head, const int64_t *next_old,
                                 uint64_t pairs) {
    if (pairs == 0) return FD_OK;
    if (pairs >= (uint64_t)UINT32_MAX - 1 || pairs > SIZE_MAX / sizeof(int64_t)) return FD_ERR_TOO_LARGE;
    size_t count = (size_t)pairs, m = middle.new_end - middle.new_begin;
    int64_t *old_of_pair = fd_allocate_array(c->allocator, count, sizeof(int64_t));
    uint32_t *new_of_pair = fd_allocate_array(c->allocator, count, sizeof(uint32_t));
    uint8_t *chosen = fd_allocate_array(c->allocator, count, 1);
    fd_status status = FD_ERR_NO_MEMORY;
    if (old_of_pair == NULL || new_of_pair == NULL || chosen == NULL) goto out;
    size_t k = 0;
    for (size_t j = 0; j < m; j++) {
        for (int64_t i = new_head[j]; i >= 0; i = next_old[i]) {
            old_of_pair[k] = i;
            new_of_pair[k++] = (uint32_t)j;
        }
    }
    status = fd_longest_increasing_subsequence(old_of_pair, count, chosen, NULL, c->allocator);
    if (status != FD_OK) goto out;
    for (k = 0; k < count; k++) {
        if (chosen[k]) fd_pair(c, middle.old_begin + (size_t)old_of_pair[k], middle.new_begin + new_of_pair[k]);
    }
    c->cost = pairs;
out:
    fd_deallocate(c->allocator, old_of_pair);
    fd_deallocate(c->allocator, new_of_pair);
    fd_deallocate(c->allocator, chosen);
    return status;
}
