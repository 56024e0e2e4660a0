/* The moves of a matching Heckel's walk made and kept (fd_step_lis_of_walk): its longest
 * increasing subsequence from the runs the walk paired and the pairs the table made, instead
 * of from every entry of new_to_old.
 *
 * Where the walk stands, nearly every pair lies in an aligned run it recorded: the common
 * prefix, the runs of each walk, the common suffix. The others are the table's pairs among the
 * elements the walk left, which fd_step_match_by_occurrence gathers in increasing new
 * positions. Merged, they are the matching in new order, known without reading new_to_old;
 * fd_lis_of_segments places one segment at a time, exactly as fd_lis_of_matching places the
 * runs it finds by reading new_to_old (see fd_lis.c), and counts the pairs on the way, so
 * fd_diff does not count them again. (Read back from new_to_old at the listed elements, a
 * scattered read each, the table's pairs cost more than the reading they save; gathered,
 * they cost nothing to find.) The two ways give the same marks and length: the property tests
 * compare the walk with the table-only path, which reads new_to_old, on every edit shape. */
#include "fd_internal.h"

/* Up to this many elements (both lists) the moves come from the runs, a few percent faster than
 * fd_lis_of_matching after the walk on DiffBenchmarks' dk5k, dk100k and mix-10k rows; above it,
 * streaming new_to_old is the faster way (the mix-1M row). */
enum { RUNS_MAX_ELEMENTS = 1 << 19 };

/* From this many elements (both lists): below, recording the runs and gathering the pairs
 * cost more than they save (DiffBenchmarks' mix-100 row). */
enum { RUNS_MIN_ELEMENTS = 1024 };

int fd_walk_lis_applies(const fd_context *c) {
    size_t elements = c->old_count + c->new_count;
    return elements >= RUNS_MIN_ELEMENTS && elements <= RUNS_MAX_ELEMENTS;
}

/* Merges `a` and `b` (each in increasing positions) into `out`; returns how many. Without a
 * branch on which comes first (runs and the table's pairs alternate unpredictably). */
static size_t merge_segments(const fd_segment *a, size_t a_count, const fd_segment *b, size_t b_count,
                             fd_segment *out) {
    size_t x = 0, y = 0, count = 0;
    while (x < a_count && y < b_count) {
        int from_a = a[x].position < b[y].position;
        out[count++] = *(from_a ? &a[x] : &b[y]);
        x += (size_t)from_a;
        y += (size_t)!from_a;
    }
    while (x < a_count) out[count++] = a[x++];
    while (y < b_count) out[count++] = b[y++];
    return count;
}

fd_status fd_step_lis_of_walk(fd_context *c, fd_range rest, fd_range walked, const fd_remainder *left,
                              const fd_gathered *table) {
    size_t runs = left->forward_runs.count + left->backward_runs.count;
    size_t capacity = 2 + 2 * runs + table->pair_count;
    fd_segment *segments = fd_allocate_array(c->allocator, capacity, sizeof(fd_segment));
    if (segments == NULL) return FD_ERR_NO_MEMORY;
    /* The runs of both walks in increasing positions, after the room for the result: the
     * forward walk's as recorded, then the backward walk's from its last. */
    fd_segment *walk_runs = segments + 2 + runs + table->pair_count;
    if (left->forward_runs.count > 0) { /* none recorded: no list to copy from */
        memcpy(walk_runs, left->forward_runs.items, left->forward_runs.count * sizeof(fd_segment));
    }
    for (size_t k = 0; k < left->backward_runs.count; k++) {
        walk_runs[left->forward_runs.count + k] = left->backward_runs.items[left->backward_runs.count - 1 - k];
    }
    size_t count = 0, pairs = 0;
    if (rest.new_begin > 0) segments[count++] = (fd_segment){0, 0, (uint32_t)rest.new_begin}; /* the prefix */
    count += merge_segments(walk_runs, runs, table->pairs, table->pair_count, segments + count);
    if (rest.new_end > walked.new_end) { /* the common suffix */
        segments[count++] = (fd_segment){(uint32_t)walked.new_end, (uint32_t)walked.old_end,
                                         (uint32_t)(rest.new_end - walked.new_end)};
    }
    for (size_t k = 0; k < count; k++) pairs += segments[k].length;
    size_t length = 0;
    fd_status status = fd_lis_of_segments(segments, count, pairs, c->new_count, c->old_to_new, c->in_lis, &length,
                                          c->allocator);
    fd_deallocate(c->allocator, segments);
    if (status != FD_OK) return status;
    c->lis_ready = 1;
    c->lis_length = length;
    c->pair_count = pairs;
    return FD_OK;
}
