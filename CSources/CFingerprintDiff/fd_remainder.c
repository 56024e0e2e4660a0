/* The lists behind fd_remainder: what Heckel's walk leaves to the table and the runs it paired
 * (fd_indices_grow, fd_indices_free, fd_segments_push, fd_segments_free, fd_remainder_free). */
#include "fd_internal.h"

int fd_indices_grow(fd_indices *list, const fd_allocator *allocator) {
    size_t capacity = list->capacity ? 2 * list->capacity : 256;
    uint32_t *items = fd_allocate_array(allocator, capacity, sizeof(uint32_t));
    if (items == NULL) return 0;
    if (list->count > 0) memcpy(items, list->items, list->count * sizeof(uint32_t));
    fd_deallocate(allocator, list->items);
    list->items = items;
    list->capacity = capacity;
    return 1;
}

void fd_indices_free(fd_indices *list, const fd_allocator *allocator) {
    fd_deallocate(allocator, list->items);
    memset(list, 0, sizeof *list);
}

int fd_segments_grow(fd_segments *list, const fd_allocator *allocator) {
    size_t capacity = list->capacity ? 2 * list->capacity : 256;
    fd_segment *items = fd_allocate_array(allocator, capacity, sizeof(fd_segment));
    if (items == NULL) return 0;
    if (list->count > 0) memcpy(items, list->items, list->count * sizeof(fd_segment));
    fd_deallocate(allocator, list->items);
    list->items = items;
    list->capacity = capacity;
    return 1;
}

void fd_segments_free(fd_segments *list, const fd_allocator *allocator) {
    fd_deallocate(allocator, list->items);
    memset(list, 0, sizeof *list);
}

void fd_remainder_free(fd_remainder *remainder, const fd_allocator *allocator) {
    /* Newest first, so that an fd_arena gets its room back at once. */
    fd_segments_free(&remainder->backward_runs, allocator);
    fd_segments_free(&remainder->forward_runs, allocator);
    fd_indices_free(&remainder->new_side.backward, allocator);
    fd_indices_free(&remainder->old_side.backward, allocator);
    fd_indices_free(&remainder->new_side.forward, allocator);
    fd_indices_free(&remainder->old_side.forward, allocator);
}
