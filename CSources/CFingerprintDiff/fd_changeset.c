/* From a matching to a changeset: deletions, insertions, minimal moves, updates
 * (fd_longest_increasing_matching, fd_changeset_count, fd_changeset_fill, fd_changeset_make,
 * fd_changeset_free). */
#include "fd_internal.h"

/* Patience sorting over the old offsets taken in new order. tails[k] is the new offset that
 * ends the increasing run of length k + 1 with the smallest old offset; predecessor[j] links
 * each element to the element before it on its run. Instantiated for 32-bit and 64-bit
 * index storage, so that lists below 2^31 elements need half the scratch memory. */
#define FD_DEFINE_LIS(NAME, INDEX)                                                          \
    static fd_status NAME(const int64_t *new_to_old, size_t new_count, uint8_t *in_lis,    \
                          size_t *length, const fd_allocator *allocator) {                 \
        INDEX *tails = fd_allocate_array(allocator, new_count, sizeof(INDEX));             \
        INDEX *predecessor = fd_allocate_array(allocator, new_count, sizeof(INDEX));       \
        if (tails == NULL || predecessor == NULL) {                                        \
            fd_deallocate(allocator, tails);                                               \
            fd_deallocate(allocator, predecessor);                                         \
            return FD_ERR_NO_MEMORY;                                                       \
        }                                                                                  \
        size_t run = 0;                                                                    \
        for (size_t j = 0; j < new_count; j++) {                                           \
            int64_t value = new_to_old[j];                                                 \
            in_lis[j] = 0;                                                                 \
            if (value < 0) continue;                                                       \
            size_t position;                                                               \
            if (run == 0 || new_to_old[tails[run - 1]] < value) {                          \
                position = run; /* the common case: lists mostly keep their order */       \
            } else {                                                                       \
                size_t low = 0, high = run - 1; /* first tail whose value is >= value */   \
                while (low < high) {                                                       \
                    size_t middle = low + (high - low) / 2;                                \
                    if (new_to_old[tails[middle]] < value) low = middle + 1;               \
                    else high = middle;                                                    \
                }                                                                          \
                position = low;                                                            \
            }                                                                              \
            predecessor[j] = position > 0 ? tails[position - 1] : (INDEX)-1;               \
            tails[position] = (INDEX)j;                                                    \
            if (position == run) run++;                                                    \
        }                                                                                  \
        for (int64_t j = run > 0 ? (int64_t)tails[run - 1] : -1; j >= 0;                   \
             j = (int64_t)predecessor[j]) {                                                \
            in_lis[j] = 1;                                                                 \
        }                                                                                  \
        fd_deallocate(allocator, tails);                                                   \
        fd_deallocate(allocator, predecessor);                                             \
        if (length) *length = run;                                                         \
        return FD_OK;                                                                      \
    }

FD_DEFINE_LIS(lis_32, int32_t)
FD_DEFINE_LIS(lis_64, int64_t)

fd_status fd_longest_increasing_matching(const int64_t *new_to_old, size_t new_count,
                                         uint8_t *in_lis, size_t *length,
                                         const fd_allocator *allocator) {
    if ((new_to_old == NULL || in_lis == NULL) && new_count > 0) return FD_ERR_INVALID_ARGUMENT;
    if (new_count == 0) {
        if (length) *length = 0;
        return FD_OK;
    }
    if (new_count < (size_t)INT32_MAX) {
        return lis_32(new_to_old, new_count, in_lis, length, allocator);
    }
    return lis_64(new_to_old, new_count, in_lis, length, allocator);
}

fd_status fd_changeset_count(const int64_t *old_to_new, size_t old_count,
                             const int64_t *new_to_old, size_t new_count,
                             const uint64_t *old_content, const uint64_t *new_content,
                             uint8_t *in_lis, fd_changeset_counts *counts,
                             const fd_allocator *allocator) {
    if (counts == NULL || (in_lis == NULL && new_count > 0)) return FD_ERR_INVALID_ARGUMENT;
    memset(counts, 0, sizeof *counts);
    if ((old_content == NULL) != (new_content == NULL)) return FD_ERR_INVALID_ARGUMENT;
    if ((old_to_new == NULL && old_count > 0) || (new_to_old == NULL && new_count > 0)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    /* Validation in two sequential passes: old_to_new in range and pointing back (so it is
     * injective), then new_to_old in range with exactly as many pairs, which makes it the
     * inverse. Same verdict as fd_matching_check without its random-access second pass. */
    size_t matched = 0, updated = 0;
    for (size_t i = 0; i < old_count; i++) {
        int64_t j = old_to_new[i];
        if (j == -1) continue;
        if (j < 0 || (uint64_t)j >= (uint64_t)new_count || new_to_old[j] != (int64_t)i) {
            return FD_ERR_INVALID_ARGUMENT;
        }
        matched++;
        if (old_content != NULL && old_content[i] != new_content[j]) updated++;
    }
    size_t matched_new = 0;
    for (size_t j = 0; j < new_count; j++) {
        int64_t i = new_to_old[j];
        if (i == -1) continue;
        if (i < 0 || (uint64_t)i >= (uint64_t)old_count) return FD_ERR_INVALID_ARGUMENT;
        matched_new++;
    }
    if (matched_new != matched) return FD_ERR_INVALID_ARGUMENT;
    size_t lis_length = 0;
    fd_status status = fd_longest_increasing_matching(new_to_old, new_count, in_lis,
                                                      &lis_length, allocator);
    if (status != FD_OK) return status;
    counts->deletions = old_count - matched;
    counts->insertions = new_count - matched;
    counts->moves = matched - lis_length;
    counts->updates = updated;
    return FD_OK;
}

void fd_changeset_fill(const int64_t *old_to_new, size_t old_count,
                       const int64_t *new_to_old, size_t new_count,
                       const uint64_t *old_content, const uint64_t *new_content,
                       const uint8_t *in_lis,
                       int64_t *deletions, int64_t *insertions, fd_move *moves,
                       fd_update *updates) {
    int with_content = old_content != NULL && new_content != NULL && updates != NULL;
    size_t d = 0, mv = 0, u = 0, ins = 0;
    for (size_t i = 0; i < old_count; i++) {
        int64_t j = old_to_new[i];
        if (j < 0) {
            if (deletions) deletions[d++] = (int64_t)i;
            continue;
        }
        if (moves && !in_lis[j]) {
            moves[mv].from = (int64_t)i;
            moves[mv++].to = j;
        }
        if (with_content && old_content[i] != new_content[j]) {
            updates[u].old_index = (int64_t)i;
            updates[u++].new_index = j;
        }
    }
    if (insertions) {
        for (size_t j = 0; j < new_count; j++) {
            if (new_to_old[j] < 0) insertions[ins++] = (int64_t)j;
        }
    }
}

void fd_changeset_free(fd_changeset *changeset, const fd_allocator *allocator) {
    if (changeset == NULL) return;
    fd_deallocate(allocator, changeset->deletions);
    fd_deallocate(allocator, changeset->insertions);
    fd_deallocate(allocator, changeset->moves);
    fd_deallocate(allocator, changeset->updates);
    memset(changeset, 0, sizeof *changeset);
}

fd_status fd_changeset_make(const int64_t *old_to_new, size_t old_count,
                            const int64_t *new_to_old, size_t new_count,
                            const uint64_t *old_content, const uint64_t *new_content,
                            fd_changeset *out, const fd_allocator *allocator) {
    if (out == NULL) return FD_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    uint8_t *in_lis = fd_allocate_array(allocator, new_count, 1);
    if (in_lis == NULL) return FD_ERR_NO_MEMORY;
    fd_changeset_counts counts;
    fd_status status = fd_changeset_count(old_to_new, old_count, new_to_old, new_count,
                                          old_content, new_content, in_lis, &counts, allocator);
    if (status != FD_OK) {
        fd_deallocate(allocator, in_lis);
        return status;
    }
    fd_changeset result;
    memset(&result, 0, sizeof result);
    result.deletion_count = counts.deletions;
    result.insertion_count = counts.insertions;
    result.move_count = counts.moves;
    result.update_count = counts.updates;
    int failed = 0;
#define FD_ALLOCATE_PART(field, count, type)                                    \
    if (count > 0) {                                                            \
        result.field = fd_allocate_array(allocator, count, sizeof(type));       \
        failed |= result.field == NULL;                                         \
    }
    FD_ALLOCATE_PART(deletions, result.deletion_count, int64_t)
    FD_ALLOCATE_PART(insertions, result.insertion_count, int64_t)
    FD_ALLOCATE_PART(moves, result.move_count, fd_move)
    FD_ALLOCATE_PART(updates, result.update_count, fd_update)
#undef FD_ALLOCATE_PART
    if (failed) {
        fd_changeset_free(&result, allocator);
        fd_deallocate(allocator, in_lis);
        return FD_ERR_NO_MEMORY;
    }
    fd_changeset_fill(old_to_new, old_count, new_to_old, new_count, old_content, new_content,
                      in_lis, result.deletions, result.insertions, result.moves, result.updates);
    fd_deallocate(allocator, in_lis);
    *out = result;
    return FD_OK;
}
