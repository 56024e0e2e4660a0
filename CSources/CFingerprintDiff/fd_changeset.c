/* From a matching to a changeset: deletions, insertions, minimal moves, updates
 * (fd_changeset_count, fd_changeset_fill, fd_changeset_make, fd_changeset_free). */
#include "fd_internal.h"

fd_status fd_changeset_count(const int64_t *old_to_new, size_t old_count, const int64_t *new_to_old,
                             size_t new_count, const uint64_t *old_content, const uint64_t *new_content,
                             uint8_t *in_lis, fd_changeset_counts *counts, const fd_allocator *allocator) {
    if (counts == NULL || (in_lis == NULL && new_count > 0)) return FD_ERR_INVALID_ARGUMENT;
    memset(counts, 0, sizeof *counts);
    if ((old_content == NULL) != (new_content == NULL)) return FD_ERR_INVALID_ARGUMENT;
    size_t matched = 0, updated = 0, staying = 0;
    fd_status status = fd_matching_validate(NULL, old_count, NULL, new_count, old_to_new, new_to_old,
                                            old_content, new_content, &matched, &updated);
    if (status != FD_OK) return status;
    status = fd_longest_increasing_subsequence(new_to_old, new_count, in_lis, &staying, allocator);
    if (status != FD_OK) return status;
    counts->deletions = old_count - matched;
    counts->insertions = new_count - matched;
    counts->moves = matched - staying;
    counts->updates = updated;
    return FD_OK;
}

void fd_changeset_fill(const int64_t *old_to_new, size_t old_count, const int64_t *new_to_old, size_t new_count,
                       const uint64_t *old_content, const uint64_t *new_content, const uint8_t *in_lis,
                       int64_t *deletions, int64_t *insertions, fd_move *moves, fd_update *updates) {
    const int with_content = old_content != NULL && new_content != NULL && updates != NULL;
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

/* Allocates `count` elements of `size` bytes into *part, or leaves it NULL for 0; returns 0
 * when the allocation failed. */
static int allocate_part(void **part, size_t count, size_t size, const fd_allocator *allocator) {
    *part = count > 0 ? fd_allocate_array(allocator, count, size) : NULL;
    return count == 0 || *part != NULL;
}

fd_status fd_changeset_make(const int64_t *old_to_new, size_t old_count, const int64_t *new_to_old,
                            size_t new_count, const uint64_t *old_content, const uint64_t *new_content,
                            fd_changeset *out, const fd_allocator *allocator) {
    if (out == NULL) return FD_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    fd_changeset result;
    memset(&result, 0, sizeof result);
    fd_changeset_counts counts;
    uint8_t *in_lis = fd_allocate_array(allocator, new_count, 1);
    fd_status status = in_lis == NULL ? FD_ERR_NO_MEMORY
        : fd_changeset_count(old_to_new, old_count, new_to_old, new_count, old_content, new_content, in_lis,
                             &counts, allocator);
    if (status != FD_OK) goto out;
    result.deletion_count = counts.deletions;
    result.insertion_count = counts.insertions;
    result.move_count = counts.moves;
    result.update_count = counts.updates;
    if (!allocate_part((void **)&result.deletions, counts.deletions, sizeof(int64_t), allocator) ||
        !allocate_part((void **)&result.insertions, counts.insertions, sizeof(int64_t), allocator) ||
        !allocate_part((void **)&result.moves, counts.moves, sizeof(fd_move), allocator) ||
        !allocate_part((void **)&result.updates, counts.updates, sizeof(fd_update), allocator)) {
        fd_changeset_free(&result, allocator);
        status = FD_ERR_NO_MEMORY;
        goto out;
    }
    fd_changeset_fill(old_to_new, old_count, new_to_old, new_count, old_content, new_content, in_lis,
                      result.deletions, result.insertions, result.moves, result.updates);
    *out = result;
out:
    fd_deallocate(allocator, in_lis);
    return status;
}
