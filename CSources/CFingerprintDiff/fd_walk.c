/* The walk (fd_step_walk): Heckel's first pass, which matches the runs that are aligned in
 * old and new (same fingerprints in the same order, only shifted) without the occurrence
 * table, so that only what is out of place pays for table look-ups.
 *
 * Forwards from the start of the range, equal fingerprints at the current positions are
 * matched in place. At a mismatch at (i, j) the walk finds its place again the way rsync and
 * xdelta do, by a bounded local look-ahead:
 *   - old[i + 1] == new[j + 1]: one element was replaced; step over both;
 *   - the smallest k < WALK_WINDOW with new[j + k] == old[i] (k elements inserted) or
 *     old[i + k] == new[j] (k elements deleted): step over them;
 *   - otherwise step over both and count a failure. After WALK_FAILURES_MAX failures in a
 *     row the walk looks further, across diagonals, through anchors: every ANCHOR_STRIDE-th
 *     old element of the range, in a small hash table built the first time it is needed. The
 *     new elements ahead are looked up there one by one (at most ANCHOR_SCAN_MAX of them); an
 *     anchor ahead of the cursor that starts ANCHOR_RUN_MIN equal elements in a row is a place
 *     found again: the walk steps over everything before the start of that run (a block moved
 *     or replaced, the shuffled top of a list) and goes on. No anchor: the walk ends there.
 *     The look-ahead budget, proportional to the range, bounds both searches.
 * Then the same backwards from the end of the range, down to where the forward walk stopped,
 * so that a change at the top of a list (a feed with new rows on top) leaves the unchanged
 * tail to the walk. Every element stepped over gets -1 and goes on a list for the table; the
 * middle neither walk reached is left untouched. The pairs form one chain (increasing on both
 * sides); with unique fingerprints each is the only possible pair of its fingerprint, which is
 * why fd_heckel keeps the walk only when no fingerprint repeats. */
#include "fd_internal.h"

enum {
    WALK_WINDOW = 64,          /* how far the look-ahead searches, on each side */
    WALK_FAILURES_MAX = 16,    /* mismatches in a row before the anchors are asked */
    ANCHOR_STRIDE = 32,        /* one old element in this many is an anchor */
    ANCHOR_SCAN_MAX = 8192,    /* new elements looked up among the anchors, per search */
    ANCHOR_RUN_MIN = 4,        /* equal elements in a row that make an anchor a place */
};

/* The anchors: every ANCHOR_STRIDE-th old element of the range, by fingerprint (open
 * addressing, linear probing; `index` 0 marks an empty slot, else 1 + the old index).
 *
 * A table of its own rather than an instance of fd_occurrence_table, on purpose: it holds one
 * old element in 32 and is built before any occurrence table exists (it is what lets the walk
 * skip that table), and its slots keep the fingerprint itself, so a look-up reads one slot
 * where the occurrence table's reads the slot, checks a tag and then the fingerprint in `keys`
 * (on the occurrence table's type the walk executes 8.6% more instructions on the feed-1k row
 * of `make instructions`). */
typedef struct anchor_table {
    uint64_t *keys;
    uint32_t *index;
    size_t mask;
    unsigned shift; /* 64 - log2(capacity): a key's slot is the top bits of its mixed value */
    int built, failed;
} anchor_table;

/* Where a walk is: forwards, the next positions; backwards, one past them. */
typedef struct walk_cursor {
    size_t i, j;
} walk_cursor;

/* One walk in progress. */
typedef struct walk_state {
    fd_context *c;
    uint64_t budget;        /* look-ahead comparisons left */
    size_t walked;          /* pairs made */
    fd_indices *old_left;   /* old elements stepped over */
    fd_indices *new_left;   /* new elements stepped over */
    fd_segments *runs;      /* aligned runs paired, when recorded (else NULL) */
    anchor_table *anchors;  /* shared by both walks */
    fd_range range;         /* the range walked, which the anchors cover */
    int out_of_memory;
} walk_state;

/* The element `distance` positions ahead of the cursor, in the walk's direction. */
FD_ALWAYS_INLINE size_t ahead(size_t position, size_t distance, int forwards) {
    return forwards ? position + distance : position - 1 - distance;
}

/* Steps over `count` elements of one side: -1, and onto the list for the table. */
FD_ALWAYS_INLINE void step_over(walk_state *w, int64_t *matching, fd_indices *list, size_t position, size_t count,
                                int forwards) {
    for (size_t k = 0; k < count; k++) {
        size_t index = ahead(position, k, forwards);
        matching[index] = -1;
        if (!fd_indices_push(list, index, w->c->allocator)) w->out_of_memory = 1;
    }
}

/* The look-ahead at a mismatch: sets *skip_old or *skip_new to the distance to the nearest
 * agreement and returns 1, or returns 0. */
FD_ALWAYS_INLINE int find_place_again(walk_state *w, walk_cursor at, size_t old_left, size_t new_left,
                                      size_t *skip_old, size_t *skip_new, int forwards) {
    const uint64_t *a = w->c->old_fp, *b = w->c->new_fp;
    uint64_t old_here = a[ahead(at.i, 0, forwards)], new_here = b[ahead(at.j, 0, forwards)];
    size_t limit = WALK_WINDOW < w->budget ? WALK_WINDOW : (size_t)w->budget;
    w->budget -= limit;
    for (size_t k = 1; k < limit; k++) {
        if (k < new_left && b[ahead(at.j, k, forwards)] == old_here) {
            *skip_old = 0, *skip_new = k;
            return 1;
        }
        if (k < old_left && a[ahead(at.i, k, forwards)] == new_here) {
            *skip_old = k, *skip_new = 0;
            return 1;
        }
    }
    return 0;
}

/* Builds the anchors of the range (once); 0 when memory ran out or old indices do not fit in
 * 32 bits (then none are used, and the walk ends where the look-ahead does). */
static int build_anchors(walk_state *w) {
    anchor_table *t = w->anchors;
    if (t->built) return !t->failed;
    t->built = 1;
    if (w->range.old_end >= (size_t)UINT32_MAX) { /* `index` holds 1 + an old index in 32 bits */
        t->failed = 1;
        return 0;
    }
    size_t count = (w->range.old_end - w->range.old_begin + ANCHOR_STRIDE - 1) / ANCHOR_STRIDE;
    const fd_set_size size = fd_set_size_for(count);
    const size_t capacity = size.capacity;
    t->keys = fd_allocate_array(w->c->allocator, capacity, sizeof(uint64_t));
    t->index = fd_allocate_array(w->c->allocator, capacity, sizeof(uint32_t));
    if (t->keys == NULL || t->index == NULL) {
        t->failed = 1;
        return 0;
    }
    memset(t->index, 0, capacity * sizeof(uint32_t));
    t->mask = capacity - 1;
    t->shift = size.shift;
    const uint64_t *a = w->c->old_fp;
    for (size_t i = w->range.old_begin; i < w->range.old_end; i += ANCHOR_STRIDE) {
        size_t slot = (size_t)(fd_mix(a[i]) >> t->shift);
        while (t->index[slot] != 0 && t->keys[slot] != a[i]) slot = (slot + 1) & t->mask;
        if (t->index[slot] == 0) { /* a repeated fingerprint keeps its first anchor */
            t->keys[slot] = a[i];
            t->index[slot] = (uint32_t)(i + 1);
        }
    }
    return 1;
}

static void free_anchors(anchor_table *t, const fd_allocator *allocator) {
    if (t->keys) fd_deallocate(allocator, t->keys);
    if (t->index) fd_deallocate(allocator, t->index);
}

/* The old index of the anchor with fingerprint `key`, or SIZE_MAX. */
FD_ALWAYS_INLINE size_t find_anchor(const anchor_table *t, uint64_t key) {
    size_t slot = (size_t)(fd_mix(key) >> t->shift);
    for (;;) {
        uint32_t index = t->index[slot];
        if (index == 0) return SIZE_MAX;
        if (t->keys[slot] == key) return (size_t)index - 1;
        slot = (slot + 1) & t->mask;
    }
}

/* After WALK_FAILURES_MAX failures: the nearest place ahead where a run of at least
 * ANCHOR_RUN_MIN elements is aligned, found through the anchors, as distances from the cursor
 * on each side to the start of the run. Returns 0 when there is none within reach. */
FD_ALWAYS_INLINE int find_place_through_anchors(walk_state *w, walk_cursor at, size_t old_left, size_t new_left,
                                                size_t *skip_old, size_t *skip_new, int forwards) {
    if (!build_anchors(w)) return 0;
    const uint64_t *a = w->c->old_fp, *b = w->c->new_fp;
    size_t limit = new_left < ANCHOR_SCAN_MAX ? new_left : ANCHOR_SCAN_MAX;
    if (limit > w->budget) limit = (size_t)w->budget;
    size_t k = 0;
    for (; k < limit; k++) {
        size_t q = find_anchor(w->anchors, b[ahead(at.j, k, forwards)]);
        if (q == SIZE_MAX) continue;
        /* The anchor's distance ahead of the cursor on the old side, if it is ahead. */
        if (forwards ? (q < at.i || q - at.i >= old_left) : (q >= at.i || at.i - 1 - q >= old_left)) continue;
        size_t d = forwards ? q - at.i : at.i - 1 - q;
        size_t run = 1;
        while (run < ANCHOR_RUN_MIN && d + run < old_left && k + run < new_left &&
               a[ahead(at.i, d + run, forwards)] == b[ahead(at.j, k + run, forwards)]) {
            run++;
        }
        if (run < ANCHOR_RUN_MIN) continue;
        /* The run may start before the anchor: back to its first element. */
        size_t e = k;
        while (d > 0 && e > 0 && a[ahead(at.i, d - 1, forwards)] == b[ahead(at.j, e - 1, forwards)]) d--, e--;
        w->budget -= k + 1;
        *skip_old = d, *skip_new = e;
        return 1;
    }
    w->budget -= k;
    return 0;
}

/* Walks from `at` in one direction until a side reaches `stop` or the walk gives up; returns
 * where it stopped. */
FD_ALWAYS_INLINE walk_cursor walk(walk_state *w, walk_cursor at, walk_cursor stop, int forwards) {
    fd_context *c = w->c;
    size_t failures = 0;
    for (;;) {
        size_t old_left = forwards ? stop.i - at.i : at.i - stop.i;
        size_t new_left = forwards ? stop.j - at.j : at.j - stop.j;
        size_t run = fd_match_aligned(c, at.i, at.j, old_left < new_left ? old_left : new_left, forwards);
        if (run > 0) {
            size_t first_i = forwards ? at.i : at.i - run, first_j = forwards ? at.j : at.j - run;
            if (w->runs != NULL && !fd_segments_push(w->runs, first_j, first_i, run, c->allocator)) {
                w->out_of_memory = 1;
            }
            w->walked += run, failures = 0;
            at.i = forwards ? at.i + run : at.i - run;
            at.j = forwards ? at.j + run : at.j - run;
            old_left -= run, new_left -= run;
        }
        if (old_left == 0 || new_left == 0 || w->budget == 0 || w->out_of_memory) return at;
        size_t skip_old = 1, skip_new = 1; /* a replaced element, unless the look-ahead finds better */
        int replaced = old_left > 1 && new_left > 1 && c->old_fp[ahead(at.i, 1, forwards)] == c->new_fp[ahead(at.j, 1, forwards)];
        int stop_here = 0;
        if (!replaced && !find_place_again(w, at, old_left, new_left, &skip_old, &skip_new, forwards)) {
            skip_old = skip_new = 1;
            if (++failures >= WALK_FAILURES_MAX) {
                failures = 0;
                stop_here = !find_place_through_anchors(w, at, old_left, new_left, &skip_old, &skip_new, forwards);
                if (stop_here) skip_old = skip_new = 1;
            }
        }
        step_over(w, c->old_to_new, w->old_left, at.i, skip_old, forwards);
        step_over(w, c->new_to_old, w->new_left, at.j, skip_new, forwards);
        at.i = forwards ? at.i + skip_old : at.i - skip_old;
        at.j = forwards ? at.j + skip_new : at.j - skip_new;
        if (stop_here) return at;
    }
}

fd_status fd_step_walk(fd_context *c, fd_range range, fd_remainder *left, size_t *walked, int record_runs) {
    memset(left, 0, sizeof *left);
    /* Look-ahead comparisons allowed: proportional to the range, so the walk is O(n + m). */
    uint64_t budget = 8 * ((uint64_t)(range.old_end - range.old_begin) + (range.new_end - range.new_begin)) + 4096;
    anchor_table anchors = {NULL, NULL, 0, 0, 0};
    walk_state forwards = {c, budget, 0, &left->old_side.forward, &left->new_side.forward,
                           record_runs ? &left->forward_runs : NULL,
                           &anchors, range, 0};
    walk_cursor begin = {range.old_begin, range.new_begin}, end = {range.old_end, range.new_end};
    walk_cursor reached = walk(&forwards, begin, end, 1);
    walk_state backwards = {c, forwards.budget, 0, &left->old_side.backward, &left->new_side.backward,
                            record_runs ? &left->backward_runs : NULL, &anchors, range, 0};
    walk_cursor back = forwards.out_of_memory ? end : walk(&backwards, end, reached, 0);
    free_anchors(&anchors, c->allocator);
    left->old_side.middle_begin = reached.i, left->old_side.middle_end = back.i;
    left->new_side.middle_begin = reached.j, left->new_side.middle_end = back.j;
    *walked = forwards.walked + backwards.walked;
    if (forwards.out_of_memory || backwards.out_of_memory) {
        fd_remainder_free(left, c->allocator);
        return FD_ERR_NO_MEMORY;
    }
    return FD_OK;
}
