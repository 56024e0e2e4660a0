/* The lists behind fd_remainder: what Heckel's walk leaves to the table and the runs it paired
 * (fd_indices_grow, fd_indices_free, fd_segments_grow, fd_segments_free, fd_remainder_free). */
#include "fd_internal.h"

/* Doubles the room of a growable list of `size`-byte items (256 at first), keeping its
 * `count` items; returns 0 when memory is exhausted (the list is then unchanged). */
static int grow(void **items, size_t *capacity, size_t count, size_t size, const fd_allocator *allocator) {
    size_t room = *capacity ? 2 * *capacity : 256;
    void *larger = fd_allocate_array(allocator, room, size);
    if (larger == NULL) return 0;
    if (count > 0) memcpy(larger, *items, count * size);
    fd_deallocate(allocator, *items);
    *items = larger;
    *capacity = room;
    return 1;
}

int fd_indices_grow(fd_indices *list, const fd_allocator *allocator) {
    void *items = list->items;
    int grown = grow(&items, &list->capacity, list->count, sizeof(uint32_t), allocator);
    list->items = items;
    return grown;
}

void fd_indices_free(fd_indices *list, const fd_allocator *allocator) {
    fd_deallocate(allocator, list->items);
    memset(list, 0, sizeof *list);
}

int fd_segments_grow(fd_segments *list, const fd_allocator *allocator) {
    void *items = list->items;
    int grown = grow(&items, &list->capacity, list->count, sizeof(fd_segment), allocator);
    list->items = items;
    return grown;
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
