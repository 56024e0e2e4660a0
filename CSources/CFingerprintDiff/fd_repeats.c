/* Pairing repeated fingerprints so that what did not move stays in place
 * (fd_step_pair_repeats), Heckel's last step when some fingerprint repeats.
 *
 * Occurrence order (the k-th old occurrence with the k-th new one) turns one removed element
 * of a repeated fingerprint into a move of every later occurrence: remove the first of 100
 * separators that share an id and the other 99 each pair with the one before them. This step
 * pairs repeats the way patience diff treats text:
 *
 *   1. anchors: the pairs whose fingerprint occurs once in old and once in new (among the
 *      elements of `rest`), which every matching contains;
 *   2. frame: one longest increasing subsequence of the anchors (the anchors that stay in
 *      order; the others are moved elements and stay paired where they are);
 *   3. gaps: between consecutive frame anchors, the elements not yet paired are paired in
 *      order: a common prefix and suffix, then a longest common subsequence of what is left
 *      (fd_myers, within a work budget of 16 steps per element of the gap, so a gap of dense
 *      repeats costs linear time and may pair fewer elements than it could);
 *   4. the rest by occurrence order (fd_step_match_by_occurrence): each fingerprint again gets
 *      min(old, new) pairs, as any matching of this core does;
 *   5. the choice: of this matching and the occurrence-order one it started from, the one
 *      with the longer increasing subsequence (the fewer moves) stands; on a tie, this one.
 *
 * So the result never has more moves than occurrence order, and every shared fingerprint is
 * still paired min(old, new) times. Not minimal in general (that is Myers, which costs
 * O((N+M)D)): a gap is one longest common subsequence only when its budget sufficed, and the
 * frame is the anchors' order, not the whole lists'. When no anchor exists (a few values
 * repeated everywhere) the step keeps occurrence order at once.
 *
 * Cost: a table pass over both sides (counts), an LIS over the anchors, the gaps' searches
 * (linear in their sizes), a second occurrence pass and two LIS over `rest`: O(n + m) expected
 * plus O(k log k) for k elements out of order. Memory: the occurrence table (8 bytes per 3/4
 * old element), 42 bytes per new and 20 per old element of `rest`, and the gap searches
 * freed before returning. */
#include "fd_occurrence_table.h"

/* The saturating counts of a fingerprint (0, 1 or 2 for "more"), kept in a slot's count. */
enum { COUNT_OLD_MASK = 3, COUNT_NEW_SHIFT = 2 };

static inline uint32_t saturating_add(uint32_t count) { return count < 2 ? count + 1 : 2; }

/* Counts, per fingerprint of the old side of `rest`, its occurrences on both sides. */
static void count_occurrences(const fd_context *c, fd_range rest, fd_occurrence_table *table) {
    for (size_t i = rest.old_begin; i < rest.old_end; i++) {
        uint64_t *slot = fd_occurrence_find(table, c->old_fp[i]);
        uint32_t counts = *slot ? fd_slot_count(*slot) : 0;
        uint32_t old_count = saturating_add(counts & COUNT_OLD_MASK);
        size_t head = *slot ? fd_slot_head(*slot) : i;
        *slot = fd_slot_make(c->old_fp[i], head, (counts & ~(uint32_t)COUNT_OLD_MASK) | old_count, 0);
    }
    for (size_t j = rest.new_begin; j < rest.new_end; j++) {
        uint64_t *slot = fd_occurrence_find(table, c->new_fp[j]);
        if (*slot == 0) continue;
        uint32_t counts = fd_slot_count(*slot);
        uint32_t new_count = saturating_add(counts >> COUNT_NEW_SHIFT);
        *slot = fd_slot_make(c->new_fp[j], fd_slot_head(*slot), (counts & COUNT_OLD_MASK) | (new_count << COUNT_NEW_SHIFT), 0);
    }
}

/* Scratch of the step, in one block: saved matching, anchors, gap lists. */
typedef struct scratch {
    int64_t *saved;        /* the occurrence-order new_to_old of rest (m) */
    int64_t *anchor_old;   /* old index of each anchor, in new order (m) */
    uint32_t *anchor_new;  /* new index of each anchor (m) */
    uint8_t *flags;        /* in_lis of the anchors, then of the matching (m) */
    uint32_t *gap_old;     /* unpaired old indices of one gap (n) */
    uint32_t *gap_new;     /* unpaired new indices of one gap (m) */
    uint64_t *gap_old_fp;  /* their fingerprints (n) */
    uint64_t *gap_new_fp;  /* (m) */
    int64_t *gap_o2n;      /* the gap's matching (n) */
    int64_t *gap_n2o;      /* (m) */
} scratch;

/* Pairs, in order, the unpaired elements of old [ob, oe) and new [nb, ne). */
static fd_status pair_gap(fd_context *c, const scratch *s, size_t ob, size_t oe, size_t nb, size_t ne) {
    size_t a = 0, b = 0;
    for (size_t i = ob; i < oe; i++) if (c->old_to_new[i] < 0) s->gap_old[a++] = (uint32_t)i;
    for (size_t j = nb; j < ne; j++) if (c->new_to_old[j] < 0) s->gap_new[b++] = (uint32_t)j;
    size_t front = 0;
    while (front < a && front < b && c->old_fp[s->gap_old[front]] == c->new_fp[s->gap_new[front]]) {
        fd_pair(c, s->gap_old[front], s->gap_new[front]);
        front++;
    }
    while (a > front && b > front && c->old_fp[s->gap_old[a - 1]] == c->new_fp[s->gap_new[b - 1]]) {
        fd_pair(c, s->gap_old[a - 1], s->gap_new[b - 1]);
        a--;
        b--;
    }
    a -= front;
    b -= front;
    if (a == 0 || b == 0) return FD_OK;
    for (size_t k = 0; k < a; k++) s->gap_old_fp[k] = c->old_fp[s->gap_old[front + k]];
    for (size_t k = 0; k < b; k++) s->gap_new_fp[k] = c->new_fp[s->gap_new[front + k]];
    fd_status status = fd_myers(s->gap_old_fp, a, s->gap_new_fp, b, s->gap_o2n, s->gap_n2o,
                                16 * (uint64_t)(a + b) + 64, NULL, c->allocator);
    if (status != FD_OK) return status;
    for (size_t k = 0; k < a; k++) {
        if (s->gap_o2n[k] >= 0) fd_pair(c, s->gap_old[front + k], s->gap_new[front + (size_t)s->gap_o2n[k]]);
    }
    return FD_OK;
}

/* The length of one longest increasing subsequence of new_to_old over rest. */
static fd_status increasing_length(const fd_context *c, fd_range rest, uint8_t *flags, size_t *length) {
    return fd_longest_increasing_subsequence(c->new_to_old + rest.new_begin, rest.new_end - rest.new_begin,
                                            flags, length, c->allocator);
}

/* Sets the matching of rest to `new_to_old` (absolute old indices, or -1). */
static void restore(fd_context *c, fd_range rest, const int64_t *new_to_old) {
    fd_step_unmatch(c, rest);
    for (size_t j = rest.new_begin; j < rest.new_end; j++) {
        if (new_to_old[j - rest.new_begin] >= 0) fd_pair(c, (size_t)new_to_old[j - rest.new_begin], j);
    }
}

static fd_status pair_from_anchors(fd_context *c, fd_range rest, const scratch *s, size_t anchors) {
    size_t m = rest.new_end - rest.new_begin;
    size_t frame_length = 0, staying_before = 0, staying_after = 0;
    fd_status status = fd_longest_increasing_subsequence(s->anchor_old, anchors, s->flags, &frame_length, c->allocator);
    if (status != FD_OK) return status;
    status = increasing_length(c, rest, s->flags + anchors, &staying_before);
    if (status != FD_OK) return status;
    memcpy(s->saved, c->new_to_old + rest.new_begin, m * sizeof *s->saved);
    /* Anchors only; then the gaps between consecutive frame anchors. */
    fd_step_unmatch(c, rest);
    for (size_t k = 0; k < anchors; k++) fd_pair(c, (size_t)s->anchor_old[k], s->anchor_new[k]);
    size_t old_from = rest.old_begin, new_from = rest.new_begin;
    for (size_t k = 0; k < anchors && status == FD_OK; k++) {
        if (!s->flags[k]) continue;
        status = pair_gap(c, s, old_from, (size_t)s->anchor_old[k], new_from, s->anchor_new[k]);
        old_from = (size_t)s->anchor_old[k] + 1;
        new_from = (size_t)s->anchor_new[k] + 1;
    }
    if (status == FD_OK) status = pair_gap(c, s, old_from, rest.old_end, new_from, rest.new_end);
    if (status == FD_OK) {
        fd_remainder all = fd_remainder_of_range(rest);
        status = fd_step_match_by_occurrence(c, &all);
    }
    if (status == FD_OK) status = increasing_length(c, rest, s->flags, &staying_after);
    if (status != FD_OK || staying_after < staying_before) restore(c, rest, s->saved);
    return status;
}

fd_status fd_step_pair_repeats(fd_context *c, fd_range rest) {
    size_t n = rest.old_end - rest.old_begin, m = rest.new_end - rest.new_begin;
    if (n == 0 || m == 0) return FD_OK;
    fd_occurrence_table table;
    fd_status status = fd_occurrence_table_create(&table, n, c->old_fp, c->allocator);
    if (status != FD_OK) return status;
    count_occurrences(c, rest, &table);
    /* Scratch: sizes in bytes, each a multiple of 8 so that the arrays stay aligned. */
    size_t m8 = (m + 7) & ~(size_t)7, n8 = (n + 7) & ~(size_t)7;
    size_t bytes = m * 8 * 2 + m8 * 4 + m8 * 2 /* flags: anchors and matching */ + n8 * 4 + m8 * 4
                 + n * 8 + m * 8 + n * 8 + m * 8;
    unsigned char *block = fd_allocate_array(c->allocator, bytes, 1);
    if (block == NULL) {
        fd_occurrence_table_destroy(&table, c->allocator);
        return FD_ERR_NO_MEMORY;
    }
    scratch s;
    unsigned char *cursor = block;
    s.saved = (int64_t *)cursor;          cursor += m * 8;
    s.anchor_old = (int64_t *)cursor;     cursor += m * 8;
    s.gap_old_fp = (uint64_t *)cursor;    cursor += n * 8;
    s.gap_new_fp = (uint64_t *)cursor;    cursor += m * 8;
    s.gap_o2n = (int64_t *)cursor;        cursor += n * 8;
    s.gap_n2o = (int64_t *)cursor;        cursor += m * 8;
    s.anchor_new = (uint32_t *)cursor;    cursor += m8 * 4;
    s.gap_old = (uint32_t *)cursor;       cursor += n8 * 4;
    s.gap_new = (uint32_t *)cursor;       cursor += m8 * 4;
    s.flags = cursor;
    size_t anchors = 0, matched = 0;
    for (size_t j = rest.new_begin; j < rest.new_end; j++) {
        int64_t i = c->new_to_old[j];
        if (i < 0) continue;
        matched++;
        uint32_t counts = fd_slot_count(*fd_occurrence_find(&table, c->new_fp[j]));
        if ((counts & COUNT_OLD_MASK) == 1 && (counts >> COUNT_NEW_SHIFT) == 1) {
            s.anchor_old[anchors] = i;
            s.anchor_new[anchors] = (uint32_t)j;
            anchors++;
        }
    }
    fd_occurrence_table_destroy(&table, c->allocator);
    /* No anchor: nothing to place the repeats by. Every pair an anchor: nothing repeats. */
    if (anchors > 0 && anchors < matched) status = pair_from_anchors(c, rest, &s, anchors);
    fd_deallocate(c->allocator, block);
    return status;
}
