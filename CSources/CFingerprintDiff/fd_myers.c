/* A longest common subsequence of two fingerprint sequences (fd_myers).
 *
 * Steps:
 *  1. Strip the common prefix and suffix (matched position by position).
 *  2. Count, per fingerprint, its occurrences on each side, and r, the number of equal pairs
 *     (i, j). Sparse inputs (r at most 4 per element; always so for unique ids, such as lists
 *     of records) are solved exactly by Hunt-Szymanski in O((r + n) log n): with 1% of a
 *     million rows moved, D is in the tens of thousands and O((N+M)D) would be 10^11 steps.
 *  3. Dense inputs (many repeated values, like lines of text): discard the elements whose
 *     fingerprint does not occur on the other side (they can never be on a common
 *     subsequence), then divide and conquer: find a "middle snake" by running the forward and
 *     backward searches towards each other (Myers 1986, section 4b; the same scheme as git's
 *     xdiff), split there, recurse on both halves.
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

/* Occurrence table of the middle of old: per fingerprint, the chain of its old positions
 * (largest first, threaded through `next_old`), how often it occurs in old (saturating) and
 * whether it occurs in new. One 8-byte slot per position, so that the table of a million
 * elements (11 MB) stays in the last-level cache:
 *
 *     bits 44-63  tag: 20 bits of the fingerprint (the full value is read from the input)
 *     bit  43     occurs in new
 *     bits 32-42  occurrences in old, saturating at 2047
 *     bits 0-31   1 + the largest old position (0: empty slot)
 */
typedef struct occurrence_table {
    uint64_t *slots;
    uint64_t capacity;
    const uint64_t *keys; /* the middle of old: slot_head indexes it */
} occurrence_table;

enum { OCCURRENCE_COUNT_MAX = 2047 };

static inline uint64_t slot_head(uint64_t slot) { return slot & 0xFFFFFFFFu; }
static inline uint32_t slot_count(uint64_t slot) { return (uint32_t)(slot >> 32) & 0x7FF; }
static inline int slot_in_new(uint64_t slot) { return (int)((slot >> 43) & 1); }
static inline uint64_t key_tag(uint64_t key) { return key >> 44; }

static fd_status occurrence_table_create(occurrence_table *t, size_t count, const uint64_t *keys,
                                         const fd_allocator *allocator) {
    uint64_t capacity = (uint64_t)count + (uint64_t)count / 3 + 8;
    if (capacity > SIZE_MAX / sizeof(uint64_t)) return FD_ERR_TOO_LARGE;
    t->slots = fd_allocate_array(allocator, (size_t)capacity, sizeof(uint64_t));
    if (t->slots == NULL) return FD_ERR_NO_MEMORY;
    memset(t->slots, 0, (size_t)capacity * sizeof(uint64_t));
    t->capacity = capacity;
    t->keys = keys;
    return FD_OK;
}

static inline uint64_t occurrence_position(const occurrence_table *t, uint64_t key) {
    return fd_multiply_high(fd_mix(key), t->capacity);
}

/* The slot of `key`: occupied by it, or the empty slot where it goes. */
static inline uint64_t *occurrence_find(const occurrence_table *t, uint64_t key) {
    uint64_t position = occurrence_position(t, key);
    const uint64_t tag = key_tag(key);
    for (;;) {
        uint64_t *slot = &t->slots[position];
        uint64_t value = *slot;
        if (value == 0) return slot;
        if ((value >> 44) == tag && t->keys[slot_head(value) - 1] == key) return slot;
        position = position + 1 == t->capacity ? 0 : position + 1;
    }
}

/* Starts loading the slot of `key` into the cache. */
static inline void occurrence_prefetch(const occurrence_table *t, uint64_t key) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&t->slots[occurrence_position(t, key)]);
#else
    (void)t;
    (void)key;
#endif
}

/* How far ahead (in elements) table slots are prefetched. */
enum { PREFETCH_DISTANCE = 16 };

/* Hunt-Szymanski: a longest common subsequence in O((r + n) log n) for r equal pairs, by
 * patience sorting the pairs (i, j) taken by increasing j and, within one j, by decreasing i
 * (so that no two pairs of one j can chain). Writes the matches; returns FD_OK or
 * FD_ERR_NO_MEMORY. */
static fd_status hunt_szymanski(const int64_t *new_head, const int64_t *next_old,
                                size_t prefix, size_t old_middle, size_t new_middle,
                                uint64_t pairs, int64_t *old_to_new, int64_t *new_to_old,
                                size_t *matched, const fd_allocator *allocator) {
    size_t tail_capacity = (old_middle < new_middle ? old_middle : new_middle) + 1;
    int64_t *tail_old = fd_allocate_array(allocator, tail_capacity, sizeof(int64_t));
    int64_t *tail_node = fd_allocate_array(allocator, tail_capacity, sizeof(int64_t));
    int64_t *node_old = fd_allocate_array(allocator, (size_t)pairs, sizeof(int64_t));
    int64_t *node_new = fd_allocate_array(allocator, (size_t)pairs, sizeof(int64_t));
    int64_t *node_previous = fd_allocate_array(allocator, (size_t)pairs, sizeof(int64_t));
    if (!tail_old || !tail_node || !node_old || !node_new || !node_previous) {
        fd_deallocate(allocator, tail_old);
        fd_deallocate(allocator, tail_node);
        fd_deallocate(allocator, node_old);
        fd_deallocate(allocator, node_new);
        fd_deallocate(allocator, node_previous);
        return FD_ERR_NO_MEMORY;
    }
    size_t length = 0, nodes = 0;
    for (size_t j = 0; j < new_middle; j++) {
        for (int64_t i = new_head[j]; i >= 0; i = next_old[i]) {
            size_t k;
            if (length == 0 || tail_old[length - 1] < i) {
                k = length;
            } else {
                size_t low = 0, high = length - 1; /* first tail >= i */
                while (low < high) {
                    size_t middle = low + (high - low) / 2;
                    if (tail_old[middle] < i) low = middle + 1;
                    else high = middle;
                }
                k = low;
                if (tail_old[k] == i) continue; /* no longer run through (i, j) */
            }
            node_old[nodes] = i;
            node_new[nodes] = (int64_t)j;
            node_previous[nodes] = k > 0 ? tail_node[k - 1] : -1;
            tail_old[k] = i;
            tail_node[k] = (int64_t)nodes++;
            if (k == length) length++;
        }
    }
    for (int64_t node = length > 0 ? tail_node[length - 1] : -1; node >= 0;
         node = node_previous[node]) {
        int64_t i = (int64_t)prefix + node_old[node], j = (int64_t)prefix + node_new[node];
        old_to_new[i] = j;
        new_to_old[j] = i;
    }
    *matched += length;
    fd_deallocate(allocator, tail_old);
    fd_deallocate(allocator, tail_node);
    fd_deallocate(allocator, node_old);
    fd_deallocate(allocator, node_new);
    fd_deallocate(allocator, node_previous);
    return FD_OK;
}

/* Sparse inputs go to Hunt-Szymanski: at most this many equal pairs per middle element. */
enum { HUNT_SZYMANSKI_PAIRS_PER_ELEMENT = 4 };

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
    size_t matched = prefix + suffix;
    const size_t n = old_count - prefix - suffix, m = new_count - prefix - suffix;
    const uint64_t *old_middle = old_fp + prefix, *new_middle = new_fp + prefix;

    myers_search s;
    memset(&s, 0, sizeof s);
    s.budget = cost_limit ? cost_limit : FD_MYERS_DEFAULT_COST_LIMIT;
    fd_status status = FD_OK;

    if (n > 0 && m > 0) {
        /* Count occurrences per side and the number of equal pairs r. Beyond 2^32 - 2
         * elements the table cannot index old, and the search runs on the whole middle. */
        occurrence_table table;
        memset(&table, 0, sizeof table);
        int64_t *next_old = fd_allocate_array(allocator, n, sizeof(int64_t));
        int64_t *new_head = fd_allocate_array(allocator, m, sizeof(int64_t));
        int indexable = n < (size_t)UINT32_MAX - 1;
        status = !(next_old && new_head) ? FD_ERR_NO_MEMORY
                 : indexable ? occurrence_table_create(&table, n, old_middle, allocator) : FD_OK;
        if (status != FD_OK) {
            fd_deallocate(allocator, next_old);
            fd_deallocate(allocator, new_head);
            return status;
        }
        uint64_t pairs = 0;
        size_t kept_new = 0;
        int saturated = !indexable;
        if (indexable) {
            for (size_t i = 0; i < n; i++) {
                if (i + PREFETCH_DISTANCE < n) occurrence_prefetch(&table, old_middle[i + PREFETCH_DISTANCE]);
                uint64_t *slot = occurrence_find(&table, old_middle[i]);
                uint64_t value = *slot;
                uint32_t count = value ? slot_count(value) : 0;
                next_old[i] = value ? (int64_t)slot_head(value) - 1 : -1;
                if (count < OCCURRENCE_COUNT_MAX) count++;
                else saturated = 1;
                *slot = (key_tag(old_middle[i]) << 44) | ((uint64_t)count << 32) | (uint64_t)(i + 1);
            }
            for (size_t j = 0; j < m; j++) {
                if (j + PREFETCH_DISTANCE < m) occurrence_prefetch(&table, new_middle[j + PREFETCH_DISTANCE]);
                uint64_t *slot = occurrence_find(&table, new_middle[j]);
                uint64_t value = *slot;
                new_head[j] = value ? (int64_t)slot_head(value) - 1 : -1;
                if (value) {
                    *slot = value | ((uint64_t)1 << 43);
                    pairs += slot_count(value);
                    kept_new++;
                }
            }
        } else {
            for (size_t i = 0; i < n; i++) next_old[i] = 1;
            for (size_t j = 0; j < m; j++) new_head[j] = 0;
            kept_new = m;
        }
        /* A saturated count (2047 repeats) means dense input anyway. */
        int sparse = !saturated &&
                     pairs <= (uint64_t)HUNT_SZYMANSKI_PAIRS_PER_ELEMENT * (uint64_t)(n + m);

        if (sparse) {
            fd_deallocate(allocator, table.slots);
            s.cost = pairs;
            status = hunt_szymanski(new_head, next_old, prefix, n, m, pairs, old_to_new,
                                    new_to_old, &matched, allocator);
            fd_deallocate(allocator, next_old);
            fd_deallocate(allocator, new_head);
            if (status != FD_OK) return status;
        } else {
            /* Dense: discard the elements absent from the other side, then Myers. */
            size_t kept_old = 0;
            for (size_t i = 0; i < n; i++) {
                if (indexable) {
                    if (i + PREFETCH_DISTANCE < n) occurrence_prefetch(&table, old_middle[i + PREFETCH_DISTANCE]);
                    next_old[i] = slot_in_new(*occurrence_find(&table, old_middle[i]));
                }
                kept_old += (size_t)next_old[i];
            }
            fd_deallocate(allocator, table.slots);
            size_t diagonals = kept_old + kept_new + 3;
            uint64_t *a = fd_allocate_array(allocator, kept_old, sizeof(uint64_t));
            uint64_t *b = fd_allocate_array(allocator, kept_new, sizeof(uint64_t));
            int64_t *a_origin = fd_allocate_array(allocator, kept_old, sizeof(int64_t));
            int64_t *b_origin = fd_allocate_array(allocator, kept_new, sizeof(int64_t));
            int64_t *v = fd_allocate_array(allocator, diagonals, 2 * sizeof(int64_t));
            if (!a || !b || !a_origin || !b_origin || !v) {
                status = FD_ERR_NO_MEMORY;
            } else {
                size_t k = 0;
                for (size_t i = 0; i < n; i++) {
                    if (next_old[i]) {
                        a[k] = old_middle[i];
                        a_origin[k++] = (int64_t)(prefix + i);
                    }
                }
                k = 0;
                for (size_t j = 0; j < m; j++) {
                    if (new_head[j] >= 0) {
                        b[k] = new_middle[j];
                        b_origin[k++] = (int64_t)(prefix + j);
                    }
                }
                fd_deallocate(allocator, next_old);
                fd_deallocate(allocator, new_head);
                next_old = new_head = NULL;
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
                for (size_t i = prefix; i < prefix + n; i++) matched += (old_to_new[i] >= 0);
            }
            fd_deallocate(allocator, next_old);
            fd_deallocate(allocator, new_head);
            fd_deallocate(allocator, a);
            fd_deallocate(allocator, b);
            fd_deallocate(allocator, a_origin);
            fd_deallocate(allocator, b_origin);
            fd_deallocate(allocator, v);
            if (status != FD_OK) return status;
        }
    }

    if (info) {
        info->flags = s.exhausted ? FD_MATCH_COST_LIMIT_REACHED : 0;
        info->cost = s.cost;
        info->matched_count = matched;
    }
    return FD_OK;
}
