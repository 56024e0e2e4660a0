/* Myers' O((N+M)D) longest common subsequence in linear space (fd_myers).
 *
 * Steps:
 *  1. Strip the common prefix and suffix (matched position by position).
 *  2. Discard the elements whose fingerprint does not occur on the other side: they can never
 *     be on a common subsequence, and removing them shrinks D for disjoint regions to nothing.
 *  3. Divide and conquer on the reduced sequences: find a "middle snake" by running the
 *     forward and backward searches towards each other (Myers 1986, section 4b; the same
 *     scheme as git's xdiff), split there, recurse on both halves.
 *
 * Every diagonal visited and every snake step costs one unit of a global budget. When the
 * budget is gone, the split in progress takes the furthest-reaching point found so far and
 * every remaining subproblem matches only its common prefix and suffix: linear time, still a
 * valid monotone matching, flagged FD_MATCH_COST_LIMIT_REACHED. */
#include "fd_internal.h"

typedef struct myers_search {
    const uint64_t *a;       /* reduced old fingerprints */
    const uint64_t *b;       /* reduced new fingerprints */
    const int64_t *a_origin; /* reduced old index -> original old index */
    const int64_t *b_origin; /* reduced new index -> original new index */
    int64_t *forward;        /* V array of the forward search, indexed by diagonal */
    int64_t *backward;       /* V array of the backward search */
    int64_t *old_to_new;
    int64_t *new_to_old;
    uint64_t budget;         /* steps left */
    uint64_t cost;           /* steps used */
    int exhausted;
} myers_search;

static inline void record_match(myers_search *s, int64_t i, int64_t j) {
    int64_t oi = s->a_origin[i], nj = s->b_origin[j];
    s->old_to_new[oi] = nj;
    s->new_to_old[nj] = oi;
}

static inline int spend(myers_search *s, uint64_t steps) {
    s->cost += steps;
    if (steps >= s->budget) {
        s->budget = 0;
        s->exhausted = 1;
        return 0;
    }
    s->budget -= steps;
    return 1;
}

/* Finds a split point (*split_i, *split_j) on an optimal (or, once the budget is gone, a
 * reasonable) path through [off1, lim1) x [off2, lim2). Both ranges are non-empty and the
 * first and last elements differ (prefix and suffix were stripped by the caller). */
static void find_split(myers_search *s, int64_t off1, int64_t lim1, int64_t off2, int64_t lim2,
                       int64_t *split_i, int64_t *split_j) {
    int64_t *kvdf = s->forward, *kvdb = s->backward;
    const uint64_t *a = s->a, *b = s->b;
    const int64_t dmin = off1 - lim2, dmax = lim1 - off2;
    const int64_t fmid = off1 - off2, bmid = lim1 - lim2;
    const int odd = (int)((fmid - bmid) & 1);
    int64_t fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;

    kvdf[fmid] = off1;
    kvdb[bmid] = lim1;

    for (;;) {
        int64_t d, i1, i2, prev;
        uint64_t steps = 0;

        /* Forward search, one more edit. */
        if (fmin > dmin) kvdf[--fmin - 1] = -1; else ++fmin;
        if (fmax < dmax) kvdf[++fmax + 1] = -1; else --fmax;
        for (d = fmax; d >= fmin; d -= 2) {
            i1 = kvdf[d - 1] >= kvdf[d + 1] ? kvdf[d - 1] + 1 : kvdf[d + 1];
            prev = i1;
            i2 = i1 - d;
            while (i1 < lim1 && i2 < lim2 && a[i1] == b[i2]) { i1++; i2++; }
            steps += 1 + (uint64_t)(i1 - prev);
            kvdf[d] = i1;
            if (odd && bmin <= d && d <= bmax && kvdb[d] <= i1) {
                *split_i = i1;
                *split_j = i2;
                spend(s, steps);
                return;
            }
        }

        /* Backward search, one more edit. */
        if (bmin > dmin) kvdb[--bmin - 1] = INT64_MAX; else ++bmin;
        if (bmax < dmax) kvdb[++bmax + 1] = INT64_MAX; else --bmax;
        for (d = bmax; d >= bmin; d -= 2) {
            i1 = kvdb[d - 1] < kvdb[d + 1] ? kvdb[d - 1] : kvdb[d + 1] - 1;
            prev = i1;
            i2 = i1 - d;
            while (i1 > off1 && i2 > off2 && a[i1 - 1] == b[i2 - 1]) { i1--; i2--; }
            steps += 1 + (uint64_t)(prev - i1);
            kvdb[d] = i1;
            if (!odd && fmin <= d && d <= fmax && i1 <= kvdf[d]) {
                *split_i = i1;
                *split_j = i2;
                spend(s, steps);
                return;
            }
        }

        if (!spend(s, steps)) {
            /* Out of budget: split at the furthest-reaching point of either search. */
            int64_t fbest = -1, fbest_i = off1;
            for (d = fmax; d >= fmin; d -= 2) {
                i1 = kvdf[d] < lim1 ? kvdf[d] : lim1;
                i2 = i1 - d;
                if (lim2 < i2) { i1 = lim2 + d; i2 = lim2; }
                if (fbest < i1 + i2) { fbest = i1 + i2; fbest_i = i1; }
            }
            int64_t bbest = INT64_MAX, bbest_i = lim1;
            for (d = bmax; d >= bmin; d -= 2) {
                i1 = kvdb[d] > off1 ? kvdb[d] : off1;
                i2 = i1 - d;
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
            return;
        }
    }
}

/* Matches [off1, lim1) x [off2, lim2) of the reduced sequences. Recursion depth is
 * O(log D): each split halves the edit distance of both halves. */
static void compare_ranges(myers_search *s, int64_t off1, int64_t lim1, int64_t off2,
                           int64_t lim2) {
    for (;;) {
        while (off1 < lim1 && off2 < lim2 && s->a[off1] == s->b[off2]) {
            record_match(s, off1++, off2++);
        }
        while (off1 < lim1 && off2 < lim2 && s->a[lim1 - 1] == s->b[lim2 - 1]) {
            record_match(s, --lim1, --lim2);
        }
        if (off1 == lim1 || off2 == lim2 || s->exhausted) return;

        int64_t split_i, split_j;
        find_split(s, off1, lim1, off2, lim2, &split_i, &split_j);
        /* Recurse into the smaller half, loop on the other (bounded stack). */
        if ((split_i - off1) + (split_j - off2) < (lim1 - split_i) + (lim2 - split_j)) {
            compare_ranges(s, off1, split_i, off2, split_j);
            off1 = split_i;
            off2 = split_j;
        } else {
            compare_ranges(s, split_i, lim1, split_j, lim2);
            lim1 = split_i;
            lim2 = split_j;
        }
    }
}

/* Open-addressing set of fingerprints with one bit per side, for the discard step. */
typedef struct side_set {
    uint64_t *keys;
    uint8_t *sides; /* bit 0: occurs in old, bit 1: occurs in new; 0: empty slot */
    uint64_t mask;
    unsigned shift;
} side_set;

static fd_status side_set_create(side_set *set, size_t count, const fd_allocator *allocator) {
    uint64_t wanted = (uint64_t)count + (uint64_t)count / 3 + 1;
    unsigned bits = 3;
    while (bits < 63 && ((uint64_t)1 << bits) < wanted) bits++;
    uint64_t capacity = (uint64_t)1 << bits;
    if (capacity > SIZE_MAX / sizeof(uint64_t)) return FD_ERR_TOO_LARGE;
    set->keys = fd_allocate_array(allocator, (size_t)capacity, sizeof(uint64_t));
    set->sides = fd_allocate_array(allocator, (size_t)capacity, 1);
    if (set->keys == NULL || set->sides == NULL) {
        fd_deallocate(allocator, set->keys);
        fd_deallocate(allocator, set->sides);
        return FD_ERR_NO_MEMORY;
    }
    memset(set->sides, 0, (size_t)capacity);
    set->mask = capacity - 1;
    set->shift = 64 - bits;
    return FD_OK;
}

static inline uint8_t *side_set_slot(side_set *set, uint64_t key) {
    uint64_t position = fd_mix(key) >> set->shift;
    for (;;) {
        if (set->sides[position] == 0) {
            set->keys[position] = key;
            return &set->sides[position];
        }
        if (set->keys[position] == key) return &set->sides[position];
        position = (position + 1) & set->mask;
    }
}

fd_status fd_myers(const uint64_t *old_fp, size_t old_count,
                   const uint64_t *new_fp, size_t new_count,
                   int64_t *old_to_new, int64_t *new_to_old,
                   uint64_t cost_limit,
                   fd_match_info *info, const fd_allocator *allocator) {
    if (!fd_arrays_valid(old_fp, old_count, new_fp, new_count) ||
        !fd_arrays_valid(old_to_new, old_count, new_to_old, new_count)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    /* Diagonals and V indices are int64_t: keep n + m far from overflow. */
    if (old_count > (size_t)(INT64_MAX / 4) || new_count > (size_t)(INT64_MAX / 4)) {
        return FD_ERR_TOO_LARGE;
    }
    for (size_t i = 0; i < old_count; i++) old_to_new[i] = -1;
    for (size_t j = 0; j < new_count; j++) new_to_old[j] = -1;

    size_t matched = 0;
    size_t prefix = 0, suffix = 0;
    size_t shorter = old_count < new_count ? old_count : new_count;
    while (prefix < shorter && old_fp[prefix] == new_fp[prefix]) {
        old_to_new[prefix] = (int64_t)prefix;
        new_to_old[prefix] = (int64_t)prefix;
        prefix++;
    }
    while (suffix < shorter - prefix &&
           old_fp[old_count - 1 - suffix] == new_fp[new_count - 1 - suffix]) {
        old_to_new[old_count - 1 - suffix] = (int64_t)(new_count - 1 - suffix);
        new_to_old[new_count - 1 - suffix] = (int64_t)(old_count - 1 - suffix);
        suffix++;
    }
    matched = prefix + suffix;
    const size_t n = old_count - prefix - suffix, m = new_count - prefix - suffix;
    const uint64_t *old_middle = old_fp + prefix, *new_middle = new_fp + prefix;

    myers_search s;
    memset(&s, 0, sizeof s);
    s.budget = cost_limit ? cost_limit : FD_MYERS_DEFAULT_COST_LIMIT;

    if (n > 0 && m > 0) {
        /* Discard elements absent from the other side. */
        side_set set;
        fd_status status = side_set_create(&set, n + m, allocator);
        if (status != FD_OK) return status;
        for (size_t i = 0; i < n; i++) *side_set_slot(&set, old_middle[i]) |= 1;
        for (size_t j = 0; j < m; j++) *side_set_slot(&set, new_middle[j]) |= 2;
        size_t kept_old = 0, kept_new = 0;
        for (size_t i = 0; i < n; i++) kept_old += (*side_set_slot(&set, old_middle[i]) == 3);
        for (size_t j = 0; j < m; j++) kept_new += (*side_set_slot(&set, new_middle[j]) == 3);

        if (kept_old > 0 && kept_new > 0) {
            size_t diagonals = kept_old + kept_new + 3;
            uint64_t *a = fd_allocate_array(allocator, kept_old, sizeof(uint64_t));
            uint64_t *b = fd_allocate_array(allocator, kept_new, sizeof(uint64_t));
            int64_t *a_origin = fd_allocate_array(allocator, kept_old, sizeof(int64_t));
            int64_t *b_origin = fd_allocate_array(allocator, kept_new, sizeof(int64_t));
            int64_t *v = fd_allocate_array(allocator, diagonals, 2 * sizeof(int64_t));
            if (!a || !b || !a_origin || !b_origin || !v) {
                fd_deallocate(allocator, a);
                fd_deallocate(allocator, b);
                fd_deallocate(allocator, a_origin);
                fd_deallocate(allocator, b_origin);
                fd_deallocate(allocator, v);
                fd_deallocate(allocator, set.keys);
                fd_deallocate(allocator, set.sides);
                return FD_ERR_NO_MEMORY;
            }
            size_t k = 0;
            for (size_t i = 0; i < n; i++) {
                if (*side_set_slot(&set, old_middle[i]) == 3) {
                    a[k] = old_middle[i];
                    a_origin[k++] = (int64_t)(prefix + i);
                }
            }
            k = 0;
            for (size_t j = 0; j < m; j++) {
                if (*side_set_slot(&set, new_middle[j]) == 3) {
                    b[k] = new_middle[j];
                    b_origin[k++] = (int64_t)(prefix + j);
                }
            }
            fd_deallocate(allocator, set.keys);
            fd_deallocate(allocator, set.sides);

            s.a = a;
            s.b = b;
            s.a_origin = a_origin;
            s.b_origin = b_origin;
            /* Diagonal d = i - j ranges over [-kept_new - 1, kept_old + 1]. */
            s.forward = v + (kept_new + 1);
            s.backward = v + diagonals + (kept_new + 1);
            s.old_to_new = old_to_new;
            s.new_to_old = new_to_old;
            compare_ranges(&s, 0, (int64_t)kept_old, 0, (int64_t)kept_new);

            fd_deallocate(allocator, a);
            fd_deallocate(allocator, b);
            fd_deallocate(allocator, a_origin);
            fd_deallocate(allocator, b_origin);
            fd_deallocate(allocator, v);
            for (size_t i = prefix; i < prefix + n; i++) matched += (old_to_new[i] >= 0);
        } else {
            fd_deallocate(allocator, set.keys);
            fd_deallocate(allocator, set.sides);
        }
    }

    if (info) {
        info->flags = s.exhausted ? FD_MATCH_COST_LIMIT_REACHED : 0;
        info->cost = s.cost;
        info->matched_count = matched;
    }
    return FD_OK;
}
