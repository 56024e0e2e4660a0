/* Myers' O((N + M) D) search in linear space (fd_step_myers_search): find a "middle snake" by
 * running the forward and backward searches towards each other (Myers 1986, section 4b; the
 * same scheme as git's xdiff), split there, recurse on both halves.
 *
 * Every diagonal visited and every snake step costs one unit of a budget. When it is gone,
 * the split in progress takes the furthest-reaching point found so far and every remaining
 * subproblem matches only its common prefix and suffix: linear time, still a valid monotone
 * matching, flagged FD_MATCH_COST_LIMIT_REACHED. */
#include "fd_internal.h"

typedef struct myers_search {
    fd_context *context;
    const fd_reduced *reduced;
    int64_t *forward;   /* V array of the forward search, indexed by diagonal */
    int64_t *backward;  /* V array of the backward search */
    uint64_t budget;    /* steps left */
    int exhausted;
} myers_search;

static inline void record_match(myers_search *s, int64_t i, int64_t j) {
    fd_pair(s->context, (size_t)s->reduced->a_origin[i], (size_t)s->reduced->b_origin[j]);
}

static inline int spend(myers_search *s, uint64_t steps) {
    s->context->cost += steps;
    if (steps >= s->budget) {
        s->budget = 0;
        s->exhausted = 1;
        return 0;
    }
    s->budget -= steps;
    return 1;
}

/* Out of budget: the split at the furthest-reaching point of either search. */
static void split_greedily(const int64_t *kvdf, const int64_t *kvdb, int64_t fmin, int64_t fmax, int64_t bmin,
                           int64_t bmax, int64_t off1, int64_t lim1, int64_t off2, int64_t lim2,
                           int64_t *split_i, int64_t *split_j) {
    int64_t fbest = -1, fbest_i = off1;
    for (int64_t d = fmax; d >= fmin; d -= 2) {
        int64_t i1 = kvdf[d] < lim1 ? kvdf[d] : lim1, i2 = i1 - d;
        if (lim2 < i2) { i1 = lim2 + d; i2 = lim2; }
        if (fbest < i1 + i2) { fbest = i1 + i2; fbest_i = i1; }
    }
    int64_t bbest = INT64_MAX, bbest_i = lim1;
    for (int64_t d = bmax; d >= bmin; d -= 2) {
        int64_t i1 = kvdb[d] > off1 ? kvdb[d] : off1, i2 = i1 - d;
        if (i2 < off2) { i1 = off2 + d; i2 = off2; }
        if (i1 + i2 < bbest) { bbest = i1 + i2; bbest_i = i1; }
    }
    if ((lim1 + lim2) - bbest < fbest - (off1 + off2)) {
        *split_i = fbest_i;
        *split_j = fbest - fbest_i;
    } else {
        *split_i = bbest_i;
        *split_j = bbest - bbest_i;
    }
}

/* Finds a split point (*split_i, *split_j) on an optimal (or, once the budget is gone, a
 * reasonable) path through [off1, lim1) x [off2, lim2). Both ranges are non-empty and their
 * first and last elements differ (the caller stripped the common ends). */
static void find_split(myers_search *s, int64_t off1, int64_t lim1, int64_t off2, int64_t lim2,
                       int64_t *split_i, int64_t *split_j) {
    int64_t *kvdf = s->forward, *kvdb = s->backward;
    const uint64_t *a = s->reduced->a, *b = s->reduced->b;
    const int64_t dmin = off1 - lim2, dmax = lim1 - off2, fmid = off1 - off2, bmid = lim1 - lim2;
    const int odd = (int)((fmid - bmid) & 1);
    int64_t fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
    kvdf[fmid] = off1;
    kvdb[bmid] = lim1;
    for (;;) {
        uint64_t steps = 0;
        /* Forward search, one more edit. */
        if (fmin > dmin) kvdf[--fmin - 1] = -1; else ++fmin;
        if (fmax < dmax) kvdf[++fmax + 1] = -1; else --fmax;
        for (int64_t d = fmax; d >= fmin; d -= 2) {
            int64_t i1 = kvdf[d - 1] >= kvdf[d + 1] ? kvdf[d - 1] + 1 : kvdf[d + 1], prev = i1, i2 = i1 - d;
            while (i1 < lim1 && i2 < lim2 && a[i1] == b[i2]) { i1++; i2++; }
            steps += 1 + (uint64_t)(i1 - prev);
            kvdf[d] = i1;
            if (odd && bmin <= d && d <= bmax && kvdb[d] <= i1) {
                *split_i = i1, *split_j = i2;
                spend(s, steps);
                return;
            }
        }
        /* Backward search, one more edit. */
        if (bmin > dmin) kvdb[--bmin - 1] = INT64_MAX; else ++bmin;
        if (bmax < dmax) kvdb[++bmax + 1] = INT64_MAX; else --bmax;
        for (int64_t d = bmax; d >= bmin; d -= 2) {
            int64_t i1 = kvdb[d - 1] < kvdb[d + 1] ? kvdb[d - 1] : kvdb[d + 1] - 1, prev = i1, i2 = i1 - d;
            while (i1 > off1 && i2 > off2 && a[i1 - 1] == b[i2 - 1]) { i1--; i2--; }
            steps += 1 + (uint64_t)(prev - i1);
            kvdb[d] = i1;
            if (!odd && fmin <= d && d <= fmax && i1 <= kvdf[d]) {
                *split_i = i1, *split_j = i2;
                spend(s, steps);
                return;
            }
        }
        if (!spend(s, steps)) {
            split_greedily(kvdf, kvdb, fmin, fmax, bmin, bmax, off1, lim1, off2, lim2, split_i, split_j);
            return;
        }
    }
}

/* Matches [off1, lim1) x [off2, lim2) of the reduced sequences. Recursion depth is O(log D):
 * each split halves the edit distance of both halves. */
static void compare_ranges(myers_search *s, int64_t off1, int64_t lim1, int64_t off2, int64_t lim2) {
    const uint64_t *a = s->reduced->a, *b = s->reduced->b;
    for (;;) {
        while (off1 < lim1 && off2 < lim2 && a[off1] == b[off2]) record_match(s, off1++, off2++);
        while (off1 < lim1 && off2 < lim2 && a[lim1 - 1] == b[lim2 - 1]) record_match(s, --lim1, --lim2);
        if (off1 == lim1 || off2 == lim2 || s->exhausted) return;
        int64_t split_i, split_j;
        find_split(s, off1, lim1, off2, lim2, &split_i, &split_j);
        /* Recurse into the smaller half, loop on the other (bounded stack). */
        if ((split_i - off1) + (split_j - off2) < (lim1 - split_i) + (lim2 - split_j)) {
            compare_ranges(s, off1, split_i, off2, split_j);
            off1 = split_i, off2 = split_j;
        } else {
            compare_ranges(s, split_i, lim1, split_j, lim2);
            lim1 = split_i, lim2 = split_j;
        }
    }
}

fd_status fd_step_myers_search(fd_context *c, const fd_reduced *reduced, uint64_t budget) {
    /* Diagonal d = i - j ranges over [-b_count - 1, a_count + 1], for each of the two V arrays. */
    size_t diagonals = reduced->a_count + reduced->b_count + 3;
    int64_t *v = fd_allocate_array(c->allocator, diagonals, 2 * sizeof(int64_t));
    if (v == NULL) return FD_ERR_NO_MEMORY;
    myers_search s = {c, reduced, v + (reduced->b_count + 1), v + diagonals + (reduced->b_count + 1), budget, 0};
    compare_ranges(&s, 0, (int64_t)reduced->a_count, 0, (int64_t)reduced->b_count);
    if (s.exhausted) c->flags |= FD_MATCH_COST_LIMIT_REACHED;
    fd_deallocate(c->allocator, v);
    return FD_OK;
}
