/* A longest common subsequence of two fingerprint sequences (fd_myers):
 *
 *   1. fd_step_match_common_prefix / _suffix: the common ends, matched in place.
 *   2. count_occurrences: per fingerprint of the middle, its old occurrences (a chain, last
 *      first) and whether it occurs in new, in the shared occurrence table; r, the number of
 *      equal pairs (i, j).
 *   3. Sparse (r at most 4 per element; always so for unique ids, such as lists of records):
 *      fd_step_hunt_szymanski, exact in O((r + n) log n). With 1% of a million rows moved, D
 *      is in the tens of thousands and O((N + M) D) would be 10^11 steps.
 *   4. Dense (many repeated values, like lines of text): compact_both_sides discards the
 *      elements whose fingerprint does not occur on the other side (they can never be on a
 *      common subsequence), then fd_step_myers_search, within the work budget. */
#include "fd_occurrence_table.h"

/* What count_occurrences finds about the middle. */
typedef struct occurrences {
    fd_occurrence_table table;  /* per fingerprint of old: chain head, count, "occurs in new" */
    int64_t *next_old;          /* per old element: the previous old occurrence, or -1 */
    int64_t *new_head;          /* per new element: the last old occurrence, or -1 */
    uint64_t pairs;             /* r: the equal pairs (i, j) */
    int saturated;              /* a count saturated, or old too large to index: dense */
} occurrences;

static void occurrences_free(occurrences *o, const fd_allocator *allocator) {
    fd_occurrence_table_destroy(&o->table, allocator);
    fd_deallocate(allocator, o->next_old);
    fd_deallocate(allocator, o->new_head);
    memset(o, 0, sizeof *o);
}

/* Step 2. Beyond 2^32 - 2 old elements the table cannot index old: then every element is
 * kept and the input counts as dense. */
static fd_status count_occurrences(const fd_context *c, fd_range middle, occurrences *o) {
    const size_t n = middle.old_end - middle.old_begin, m = middle.new_end - middle.new_begin;
    const uint64_t *old_middle = c->old_fp + middle.old_begin, *new_middle = c->new_fp + middle.new_begin;
    memset(o, 0, sizeof *o);
    o->next_old = fd_allocate_array(c->allocator, n, sizeof(int64_t));
    o->new_head = fd_allocate_array(c->allocator, m, sizeof(int64_t));
    if (o->next_old == NULL || o->new_head == NULL) return FD_ERR_NO_MEMORY;
    if (n >= (size_t)UINT32_MAX - 1) {
        o->saturated = 1;
        return FD_OK;
    }
    fd_status status = fd_occurrence_table_create(&o->table, n, old_middle, c->allocator);
    if (status != FD_OK) return status;
    for (size_t i = 0; i < n; i++) {
        if (i + FD_PREFETCH_DISTANCE < n) fd_occurrence_prefetch(&o->table, old_middle[i + FD_PREFETCH_DISTANCE]);
        uint64_t *slot = fd_occurrence_find(&o->table, old_middle[i]);
        uint32_t count = *slot ? fd_slot_count(*slot) : 0;
        o->next_old[i] = *slot ? (int64_t)fd_slot_head(*slot) : -1;
        if (count < FD_SLOT_COUNT_MAX) count++;
        else o->saturated = 1;
        *slot = fd_slot_make(old_middle[i], i, count, 0);
    }
    for (size_t j = 0; j < m; j++) {
        if (j + FD_PREFETCH_DISTANCE < m) fd_occurrence_prefetch(&o->table, new_middle[j + FD_PREFETCH_DISTANCE]);
        uint64_t *slot = fd_occurrence_find(&o->table, new_middle[j]);
        o->new_head[j] = *slot ? (int64_t)fd_slot_head(*slot) : -1;
        if (*slot) {
            *slot |= (uint64_t)1 << 43; /* occurs in new */
            o->pairs += fd_slot_count(*slot);
        }
    }
    return FD_OK;
}

/* Step 4, first half: the elements whose fingerprint occurs on the other side, compacted
 * into `reduced` with their original indices. Frees what count_occurrences kept. */
static fd_status compact_both_sides(const fd_context *c, fd_range middle, occurrences *o, fd_reduced *reduced,
                                    void **blocks) {
    const size_t n = middle.old_end - middle.old_begin, m = middle.new_end - middle.new_begin;
    const int indexable = o->table.slots != NULL;
    size_t kept_old = 0, kept_new = 0;
    uint8_t *keep_old = fd_allocate_array(c->allocator, n, 1);
    fd_status status = FD_ERR_NO_MEMORY;
    if (keep_old == NULL) goto out;
    for (size_t i = 0; i < n; i++) {
        const uint64_t *key = c->old_fp + middle.old_begin + i;
        if (indexable && i + FD_PREFETCH_DISTANCE < n) fd_occurrence_prefetch(&o->table, key[FD_PREFETCH_DISTANCE]);
        keep_old[i] = !indexable || fd_slot_flag(*fd_occurrence_find(&o->table, *key));
        kept_old += keep_old[i];
    }
    for (size_t j = 0; j < m; j++) kept_new += !indexable || o->new_head[j] >= 0;
    uint64_t *a = blocks[0] = fd_allocate_array(c->allocator, kept_old, sizeof(uint64_t));
    uint64_t *b = blocks[1] = fd_allocate_array(c->allocator, kept_new, sizeof(uint64_t));
    int64_t *a_origin = blocks[2] = fd_allocate_array(c->allocator, kept_old, sizeof(int64_t));
    int64_t *b_origin = blocks[3] = fd_allocate_array(c->allocator, kept_new, sizeof(int64_t));
    if (!a || !b || !a_origin || !b_origin) goto out;
    for (size_t i = 0, k = 0; i < n; i++) {
        if (!keep_old[i]) continue;
        a[k] = c->old_fp[middle.old_begin + i];
        a_origin[k++] = (int64_t)(middle.old_begin + i);
    }
    for (size_t j = 0, k = 0; j < m; j++) {
        if (indexable && o->new_head[j] < 0) continue;
        b[k] = c->new_fp[middle.new_begin + j];
        b_origin[k++] = (int64_t)(middle.new_begin + j);
    }
    *reduced = (fd_reduced){a, b, a_origin, b_origin, kept_old, kept_new};
    status = FD_OK;
out:
    fd_deallocate(c->allocator, keep_old);
    occurrences_free(o, c->allocator);
    return status;
}

/* Steps 2-4 on the middle (fd_step_myers_middle, declared in fd_internal.h): for fd_myers, and
 * for the repeats' gaps, which trim their ends themselves and run it on their own context. */
fd_status fd_step_myers_middle(fd_context *c, fd_range middle, uint64_t budget) {
    occurrences o;
    fd_status status = count_occurrences(c, middle, &o);
    const uint64_t elements = (uint64_t)(middle.old_end - middle.old_begin) + (middle.new_end - middle.new_begin);
    if (status == FD_OK && !o.saturated && fd_pairs_sparse(o.pairs, elements)) {
        fd_occurrence_table_destroy(&o.table, c->allocator);
        status = fd_step_hunt_szymanski(c, middle, o.new_head, o.next_old, o.pairs);
        occurrences_free(&o, c->allocator);
        return status;
    }
    if (status != FD_OK) {
        occurrences_free(&o, c->allocator);
        return status;
    }
    void *blocks[4] = {NULL, NULL, NULL, NULL};
    fd_reduced reduced;
    status = compact_both_sides(c, middle, &o, &reduced, blocks);
    if (status == FD_OK) status = fd_step_myers_search(c, &reduced, budget);
    for (int k = 0; k < 4; k++) fd_deallocate(c->allocator, blocks[k]);
    return status;
}

fd_status fd_myers(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp, size_t new_count,
                   int64_t *old_to_new, int64_t *new_to_old, uint64_t cost_limit, fd_match_info *info,
                   const fd_allocator *allocator) {
    if (!fd_arrays_valid(old_fp, old_count, new_fp, new_count) ||
        !fd_arrays_valid(old_to_new, old_count, new_to_old, new_count)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    /* Diagonals and V indices are int64_t: keep n + m far from overflow. */
    if (old_count > (size_t)(INT64_MAX / 4) || new_count > (size_t)(INT64_MAX / 4)) return FD_ERR_TOO_LARGE;
    fd_context c = fd_context_make(old_fp, old_count, new_fp, new_count, old_to_new, new_to_old, allocator);
    fd_step_unmatch(&c, fd_whole_range(&c));
    fd_range middle = fd_step_match_common_suffix(&c, fd_step_match_common_prefix(&c, fd_whole_range(&c)));
    fd_status status = FD_OK;
    if (middle.old_begin < middle.old_end && middle.new_begin < middle.new_end) {
        status = fd_step_myers_middle(&c, middle, cost_limit ? cost_limit : FD_MYERS_DEFAULT_COST_LIMIT);
    }
    if (status == FD_OK && info) {
        info->flags = c.flags;
        info->cost = c.cost;
        info->matched_count = fd_count_pairs(new_to_old, new_count);
    }
    return status;
}
