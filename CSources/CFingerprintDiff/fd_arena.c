/* A caller-provided workspace as an fd_allocator (fd_arena_init, fd_arena_allocator). Blocks
 * are carved in order, each after a 16-byte header: its rounded size (the low bit set once it
 * is freed) and the offset of the block before it. Freeing the top block gives back its room
 * and that of every freed block below it, so blocks may be freed in any order. What does not
 * fit goes to the fallback allocator. */
#include "fd_internal.h"

enum { HEADER = 16 };
#define NO_BLOCK SIZE_MAX

typedef struct block_header {
    size_t size;      /* rounded size; bit 0: freed */
    size_t previous;  /* offset of the block before this one, or NO_BLOCK */
} block_header;

static block_header *header_at(fd_arena *arena, size_t offset) {
    return (block_header *)(void *)(arena->buffer + offset);
}

static void *arena_allocate(void *context, size_t size) {
    fd_arena *arena = context;
    size_t rounded = (size + 15) & ~(size_t)15;
    size_t room = arena->capacity - arena->used;
    if (rounded >= size && room >= HEADER && rounded <= room - HEADER) {
        block_header *header = header_at(arena, arena->used);
        header->size = rounded;
        header->previous = arena->top;
        arena->top = arena->used;
        arena->used += HEADER + rounded;
        return (unsigned char *)header + HEADER;
    }
    const fd_allocator *fallback = arena->fallback;
    return fallback ? fallback->allocate(fallback->context, size) : malloc(size);
}

static void arena_deallocate(void *context, void *pointer) {
    fd_arena *arena = context;
    unsigned char *block = pointer;
    if (block == NULL) return;
    if (arena->capacity > 0 && block >= arena->buffer && block < arena->buffer + arena->capacity) {
        size_t offset = (size_t)(block - arena->buffer) - HEADER;
        header_at(arena, offset)->size |= 1;
        /* Give back the top block and every freed block under it. */
        while (arena->top != NO_BLOCK && (header_at(arena, arena->top)->size & 1)) {
            arena->used = arena->top;
            arena->top = header_at(arena, arena->top)->previous;
        }
        return;
    }
    const fd_allocator *fallback = arena->fallback;
    if (fallback) fallback->deallocate(fallback->context, pointer);
    else free(pointer);
}

void fd_arena_init(fd_arena *arena, void *buffer, size_t capacity, const fd_allocator *fallback) {
    uintptr_t address = (uintptr_t)buffer, aligned = (address + 15) & ~(uintptr_t)15;
    size_t lost = (size_t)(aligned - address);
    arena->buffer = (unsigned char *)aligned;
    arena->capacity = buffer != NULL && capacity > lost ? capacity - lost : 0;
    arena->used = 0;
    arena->top = NO_BLOCK;
    arena->fallback = fallback;
}

fd_allocator fd_arena_allocator(fd_arena *arena) {
    fd_allocator allocator = {arena_allocate, arena_deallocate, arena};
    return allocator;
}
