/* Creation of the shared occurrence table (see fd_occurrence_table.h). */
#include "fd_occurrence_table.h"

fd_status fd_occurrence_table_create(fd_occurrence_table *table, size_t entries, const uint64_t *keys,
                                     const fd_allocator *allocator) {
    memset(table, 0, sizeof *table);
    if (entries >= (size_t)UINT32_MAX - 1) return FD_ERR_TOO_LARGE;
    uint64_t capacity = (uint64_t)entries + (uint64_t)entries / 3 + 8; /* load factor <= 3/4 */
    if (capacity > SIZE_MAX / sizeof(uint64_t)) return FD_ERR_TOO_LARGE;
    table->slots = fd_allocate_array(allocator, (size_t)capacity, sizeof(uint64_t));
    if (table->slots == NULL) return FD_ERR_NO_MEMORY;
    memset(table->slots, 0, (size_t)capacity * sizeof(uint64_t));
    table->capacity = capacity;
    table->keys = keys;
    return FD_OK;
}

void fd_occurrence_table_destroy(fd_occurrence_table *table, const fd_allocator *allocator) {
    fd_deallocate(allocator, table->slots);
    memset(table, 0, sizeof *table);
}
