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
 * Cost: no table of its own (the occurrence-order matching noted which of its pairs are
 * anchors, which new elements no old one shares, and a number per fingerprint), an LIS over the
 * anchors, the gaps' searches (linear in their sizes; a gap empty on one side costs nothing, a
 * small gap whose two sides share no fingerprint no search; a search counts occurrences by
 * number in one array, not in a table of its own, and a gap whose new elements each have at
 * most one equal old element is one LIS), a second occurrence pass over what the gaps left
 * (without the new elements absent from old), the LIS of the result over `rest`, which fd_diff
 * takes as its own (the moves), and, only when the gaps left pairs of occurrence order out, an
 * LIS over those pairs (kept as a list, not a copy of the matching) and at most one over
 * occurrence order: O(n + m) expected plus O(k log k) for k elements out of order. Allocations:
 * a constant number, whatever the number of gaps: one block of scratch, and one workspace in
 * which every gap's search runs (an fd_arena, sized by the largest gap), instead of the
 * searches' own allocations per gap. Memory: 43 bytes per new and 20 per old element of `rest`,
 * 2 per slot of the matching's table (about 2.7 per old element), and the workspace, at most
 * 112 bytes per element of the largest gap, freed before returning. */
#include "fd_occurrence_table.h"

/* Scratch of the step, in one block carved by `carve_scratch`, which also says which arrays
 * share their room (each pair is used at different times). */
typedef struct scratch {
    int64_t *saved;        /* the old indices of its other pairs, in new order; then, when
                            * needed, its whole new_to_old over rest (`spread_saved`) (m) */
    int64_t *anchor_old;   /* old index of each anchor, in new order; then of the frame's (m) */
    uint32_t *anchor_new;  /* new index of each anchor; then of the frame's (m) */
    uint8_t *frame_flags;  /* in_lis of the anchors: which are the frame's (m) */
    uint8_t *head_flags;   /* in_lis of one gap's heads (`search_numbered_gap`) (m) */
    uint8_t *before_flags; /* in_lis of the occurrence-order matching, or of its other pairs
                            * (the choice's bound 3) (m) */
    uint32_t *gap_old;     /* unpaired old indices of one gap (n) */
    uint32_t *gap_new;     /* unpaired new indices of one gap (m) */
    uint64_t *gap_old_fp;  /* their fingerprints, for Myers' search on the gap (n) */
    uint64_t *gap_new_fp;  /* (m) */
    int64_t *next_old;     /* the gap's occurrence chains: per old element the one before it
                            * with its fingerprint, or -1 (n) */
    int64_t *new_head;     /* per new element the last old one with its fingerprint, or -1 (m) */
    uint16_t *last;        /* per slot of the matching's table, 1 + the last old element of the
                            * gap with its fingerprint, or 0; all 0 between gaps (zeroed at the
                            * first use) (the table's capacity) */
    int last_ready;
    int numbered;          /* whether the gaps may count by the matching's numbers (one per
                            * fingerprint: fd_occurrence_numbers_fit) */
    int64_t *gap_o2n;      /* the gap's matching (n) */
    int64_t *gap_n2o;      /* (m) */
    uint8_t *staying;      /* in_lis of the matching that stands, when fd_diff wants none (m) */
    uint8_t *pair_kind;    /* per new element of rest, its fd_new_kind in the occurrence-order
                            * matching (the caller's notes) (m) */
    const fd_occurrence_notes *notes; /* the occurrence-order matching's notes */
    fd_allocator gap_allocator; /* the gaps' workspace: an fd_arena over one block */
} scratch;

/* The next `bytes` of `block` after the *used first (NULL while only counting: no block). */
static void *take(unsigned char *block, size_t *used, size_t bytes) {
    void *at = block ? block + *used : NULL;
    *used += bytes;
    return at;
}

/* Carves the scratch's arrays out of `block`, or only counts their bytes when `block` is NULL;
 * returns the bytes. The one place that knows the layout: the 8-byte arrays first, then the
 * 4-byte ones and the bytes, each a multiple of 8 bytes long so that all stay aligned. Rooms
 * shared, each by uses at different times:
 *   - next_old and gap_old_fp, new_head and gap_new_fp: a gap builds its chains first, and
 *     copies its fingerprints for Myers' search only when the chains found it dense;
 *   - frame_flags and head_flags: the frame is read (keep_frame) before any gap is searched.
 * before_flags has its own room: it is written after the gaps, while the others are free. */
static size_t carve_scratch(scratch *s, unsigned char *block, size_t n, size_t m, size_t last_bytes) {
    const size_t m8 = (m + 7) & ~(size_t)7, n8 = (n + 7) & ~(size_t)7;
    size_t used = 0;
    s->saved = take(block, &used, m * 8);
    s->anchor_old = take(block, &used, m * 8);
    s->gap_old_fp = take(block, &used, n * 8);
    s->next_old = (int64_t *)s->gap_old_fp;
    s->gap_new_fp = take(block, &used, m * 8);
    s->new_head = (int64_t *)s->gap_new_fp;
    s->gap_o2n = take(block, &used, n * 8);
    s->gap_n2o = take(block, &used, m * 8);
    s->anchor_new = take(block, &used, m8 * 4);
    s->gap_old = take(block, &used, n8 * 4);
    s->gap_new = take(block, &used, m8 * 4);
    s->staying = take(block, &used, m8);
    s->frame_flags = take(block, &used, m8);
    s->head_flags = s->frame_flags;
    s->before_flags = take(block, &used, m8);
    s->last = take(block, &used, last_bytes);
    return used;
}

/* Gaps whose sides hold at most this many pairs of elements are checked for a shared
 * fingerprint first: with none, their longest common subsequence is empty. */
enum { SMALL_GAP_PAIRS = 256 };

/* Whether some fingerprint of the gap's a old elements (listed from `front`) is one of its b
 * new elements'. O(a * b). */
static int gap_sides_share(const fd_context *c, const scratch *s, size_t front, size_t a, size_t b) {
    for (size_t k = 0; k < a; k++) {
        uint64_t fingerprint = c->old_fp[s->gap_old[front + k]];
        for (size_t l = 0; l < b; l++) {
            if (fingerprint == c->new_fp[s->gap_new[front + l]]) return 1;
        }
    }
    return 0;
}

/* Pairs the gap's elements that the search on the gap's context (Hunt-Szymanski or Myers')
 * paired there. */
static void take_gap_pairs(fd_context *c, const scratch *s, size_t front, size_t a, size_t *paired) {
    for (size_t k = 0; k < a; k++) {
        if (s->gap_o2n[k] >= 0) {
            fd_pair(c, s->gap_old[front + k], s->gap_new[front + (size_t)s->gap_o2n[k]]);
            ++*paired;
        }
    }
}

/* The gap's occurrence chains (next_old, new_head) for a gap of a old and b new elements
 * (listed from `front`), built in one array indexed by the numbers the matching noted instead
 * of a table of their own; returns the equal pairs, counted up to one past the most a sparse gap
 * holds, and in *heads_found the new elements that have one. */
static uint64_t numbered_chains(scratch *s, size_t front, size_t a, size_t b, uint64_t *heads_found) {
    const fd_occurrence_notes *notes = s->notes;
    if (!s->last_ready) {
        memset(s->last, 0, (size_t)notes->table.capacity * sizeof *s->last);
        s->last_ready = 1;
    }
    const uint32_t *old_number = notes->old_number, *new_number = notes->new_number;
    const size_t old_base = notes->rest.old_begin, new_base = notes->rest.new_begin;
    for (size_t k = 0; k < a; k++) {
        uint32_t number = old_number[s->gap_old[front + k] - old_base];
        s->next_old[k] = (int64_t)s->last[number] - 1;
        s->last[number] = (uint16_t)(k + 1);
    }
    const uint64_t limit = fd_sparse_pairs_max(a + b);
    uint64_t pairs = 0, heads = 0;
    for (size_t k = 0; k < b; k++) {
        uint32_t number = new_number[s->gap_new[front + k] - new_base];
        int64_t head = number == FD_NO_NUMBER ? -1 : (int64_t)s->last[number] - 1;
        s->new_head[k] = head;
        heads += head >= 0;
        for (int64_t i = head; i >= 0 && pairs <= limit; i = s->next_old[i]) pairs++;
    }
    for (size_t k = 0; k < a; k++) s->last[old_number[s->gap_old[front + k] - old_base]] = 0;
    *heads_found = heads;
    return pairs;
}

/* The search of a gap of a old and b new elements (listed from `front`, ends trimmed), when a <
 * FD_SLOT_COUNT_MAX: the chains fd_step_myers_middle would build (`numbered_chains`), and its
 * choice of search (fd_pairs_sparse; below FD_SLOT_COUNT_MAX old elements no count saturates),
 * so the same result: sparse pairs go to Hunt-Szymanski here; dense ones, and *dense is set, to
 * fd_step_myers_middle as before. O(a + b + pairs). */
static fd_status search_numbered_gap(fd_context *c, scratch *s, size_t front, size_t a, size_t b, size_t *paired,
                                     int *dense) {
    uint64_t heads = 0, pairs = numbered_chains(s, front, a, b, &heads);
    *dense = !fd_pairs_sparse(pairs, a + b);
    if (pairs == 0 || *dense) return FD_OK;
    if (pairs == heads) {
        /* Each new element has at most one equal old element: Hunt-Szymanski's pairs are the
         * heads in new order, and its LIS theirs (an LIS skips the -1 of the others), so the
         * same pairs without its lists. */
        fd_status status = fd_longest_increasing_subsequence(s->new_head, b, s->head_flags, NULL, &s->gap_allocator);
        if (status != FD_OK) return status;
        for (size_t k = 0; k < b; k++) {
            if (s->head_flags[k]) {
                fd_pair(c, s->gap_old[front + (size_t)s->new_head[k]], s->gap_new[front + k]);
                ++*paired;
            }
        }
        return FD_OK;
    }
    /* Hunt-Szymanski reads no fingerprint: the gap's context needs only its matching. */
    fd_context gap = fd_context_make(NULL, a, NULL, b, s->gap_o2n, s->gap_n2o, &s->gap_allocator);
    fd_step_unmatch(&gap, fd_whole_range(&gap));
    fd_status status = fd_step_hunt_szymanski(&gap, fd_whole_range(&gap), s->new_head, s->next_old, pairs);
    if (status == FD_OK) take_gap_pairs(c, s, front, a, paired);
    return status;
}

/* Pairs, in order, the unpaired elements of old [ob, oe) and new [nb, ne); adds the number of
 * pairs made to *paired. */
static fd_status pair_gap(fd_context *c, scratch *s, size_t ob, size_t oe, size_t nb, size_t ne, size_t *paired) {
    size_t a = 0, b = 0;
    /* Without branches: each index is written, and kept when unpaired. */
    for (size_t i = ob; i < oe; i++) {
        s->gap_old[a] = (uint32_t)i;
        a += c->old_to_new[i] < 0;
    }
    for (size_t j = nb; j < ne; j++) {
        s->gap_new[b] = (uint32_t)j;
        b += c->new_to_old[j] < 0;
    }
    size_t front = 0;
    while (front < a && front < b && c->old_fp[s->gap_old[front]] == c->new_fp[s->gap_new[front]]) {
        fd_pair(c, s->gap_old[front], s->gap_new[front]);
        front++;
        ++*paired;
    }
    while (a > front && b > front && c->old_fp[s->gap_old[a - 1]] == c->new_fp[s->gap_new[b - 1]]) {
        fd_pair(c, s->gap_old[a - 1], s->gap_new[b - 1]);
        a--;
        b--;
        ++*paired;
    }
    a -= front;
    b -= front;
    if (a == 0 || b == 0) return FD_OK;
    if ((uint64_t)a * b <= SMALL_GAP_PAIRS && !gap_sides_share(c, s, front, a, b)) return FD_OK;
    if (s->numbered && a < FD_SLOT_COUNT_MAX) {
        int dense = 0;
        fd_status status = search_numbered_gap(c, s, front, a, b, paired, &dense);
        if (status != FD_OK || !dense) return status;
    }
    /* Myers' search (or, without numbers, fd_step_myers_middle's own counts) on a copy. */
    for (size_t k = 0; k < a; k++) s->gap_old_fp[k] = c->old_fp[s->gap_old[front + k]];
    for (size_t k = 0; k < b; k++) s->gap_new_fp[k] = c->new_fp[s->gap_new[front + k]];
    /* Myers' search on the gap, its ends already trimmed, in the workspace. */
    fd_context gap = fd_context_make(s->gap_old_fp, a, s->gap_new_fp, b, s->gap_o2n, s->gap_n2o, &s->gap_allocator);
    fd_step_unmatch(&gap, fd_whole_range(&gap));
    fd_status status = fd_step_myers_middle(&gap, fd_whole_range(&gap), 16 * (uint64_t)(a + b) + 64);
    if (status != FD_OK) return status;
    take_gap_pairs(c, s, front, a, paired);
    return FD_OK;
}

/* Spreads the occurrence-order matching over rest in `s->saved`, from its anchors (still
 * paired: nothing undoes them) and its other pairs (the first `others` entries of saved, in new
 * order), in place: filled from the end, each write lands at or after the entries still to be
 * read. */
FD_NEVER_INLINE void spread_saved(const fd_context *c, fd_range rest, const scratch *s, size_t others) {
    for (size_t j = rest.new_end - rest.new_begin; j > 0; j--) {
        switch (s->pair_kind[j - 1]) {
        case FD_NEW_ANCHOR: s->saved[j - 1] = c->new_to_old[rest.new_begin + j - 1]; break;
        case FD_NEW_OTHER_PAIR: s->saved[j - 1] = s->saved[--others]; break;
        default: s->saved[j - 1] = -1; break;
        }
    }
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

/* Puts the occurrence-order matching back on rest. */
static void put_back(fd_context *c, fd_range rest, const scratch *s, size_t others) {
    spread_saved(c, rest, s, others);
    restore(c, rest, s->saved);
}

/* The workspace of the gaps' searches, for the largest gap between consecutive frame anchors
 * (its two sides' lengths, `elements`): what fd_step_myers_middle takes at most, per element
 * (Hunt-Szymanski's pair lists and their LIS with the occurrence chains, or the compacted
 * sides and Myers' V arrays), with the blocks' headers. A search that needs more (never
 * expected) gets the rest from the context's allocator. */
static size_t gap_workspace_bytes(size_t elements) { return 112 * elements + 4096; }

/* Keeps the frame anchors (flags set) at the front of the anchor lists; returns their number,
 * and in *largest the longest gap between consecutive ones, both sides together. */
static size_t keep_frame(fd_range rest, scratch *s, size_t anchors, size_t *largest) {
    size_t frame = 0, old_from = rest.old_begin, new_from = rest.new_begin;
    *largest = 0;
    for (size_t k = 0; k < anchors; k++) {
        if (!s->frame_flags[k]) continue;
        size_t old_index = (size_t)s->anchor_old[k], new_index = s->anchor_new[k];
        size_t elements = (old_index - old_from) + (new_index - new_from);
        if (elements > *largest) *largest = elements;
        s->anchor_old[frame] = (int64_t)old_index;
        s->anchor_new[frame++] = (uint32_t)new_index;
        old_from = old_index + 1;
        new_from = new_index + 1;
    }
    size_t last = (rest.old_end - old_from) + (rest.new_end - new_from);
    if (last > *largest) *largest = last;
    return frame;
}

/* Step 4 on what the gaps left: the unpaired elements of rest, listed (in `s->gap_old` and
 * `s->gap_new`, free again), matched by occurrence order: the same pairs as on the range, which
 * holds the gaps' pairs too, without visiting them, nor the new elements absent from old (which
 * pair with nothing). */
static fd_status pair_the_rest(fd_context *c, fd_range rest, const scratch *s) {
    fd_remainder left = fd_remainder_of_range((fd_range){rest.old_end, rest.old_end, rest.new_end, rest.new_end});
    left.old_side.forward = (fd_indices){s->gap_old, 0, rest.old_end - rest.old_begin};
    left.new_side.forward = (fd_indices){s->gap_new, 0, rest.new_end - rest.new_begin};
    for (size_t i = rest.old_begin; i < rest.old_end; i++) {
        if (c->old_to_new[i] < 0) left.old_side.forward.items[left.old_side.forward.count++] = (uint32_t)i;
    }
    for (size_t j = rest.new_begin; j < rest.new_end; j++) {
        if (c->new_to_old[j] < 0 && s->pair_kind[j - rest.new_begin] != FD_NEW_ABSENT) {
            left.new_side.forward.items[left.new_side.forward.count++] = (uint32_t)j;
        }
    }
    return fd_step_match_by_occurrence(c, &left, NULL); /* the lists are the scratch's: not freed */
}

/* A number of disjoint pairs of values[0..<count], each an earlier value not below a later one:
 * a strictly increasing subsequence holds at most one of each pair, so it is no longer than
 * count less this number. Greedy: each value pairs with the last unpaired value before it when
 * that one is not below it (`stack`, count entries, holds the unpaired ones). In nearly sorted
 * values, one pair per value out of place. O(count), no allocation. */
static size_t disjoint_descents(const int64_t *values, size_t count, int64_t *stack) {
    size_t depth = 0, pairs = 0;
    for (size_t k = 0; k < count; k++) {
        if (depth > 0 && stack[depth - 1] >= values[k]) {
            depth--;
            pairs++;
        } else {
            stack[depth++] = values[k];
        }
    }
    return pairs;
}

/* Step 2: the frame, one longest increasing subsequence of the anchors, kept at the front of
 * the anchor lists; its length in *frame_length, and in *largest the longest gap. */
static fd_status place_frame(const fd_context *c, fd_range rest, scratch *s, size_t anchors, size_t *frame,
                             size_t *frame_length, size_t *largest) {
    fd_status status = fd_longest_increasing_subsequence(s->anchor_old, anchors, s->frame_flags, frame_length,
                                                         c->allocator);
    if (status == FD_OK) *frame = keep_frame(rest, s, anchors, largest);
    return status;
}

/* Step 3: pairs the gaps between consecutive frame anchors (the other pairs are undone), in
 * one workspace sized for the largest; adds the pairs made to *gap_pairs. Not inlined, nor is
 * spread_saved: inlined, the two cost the repeated-id shapes 0.2-0.3% more instructions
 * (Benchmarks/repeats.sh, clang -O2), kept apart 0.1-0.2% fewer than before the split. */
FD_NEVER_INLINE fd_status pair_gaps(fd_context *c, fd_range rest, scratch *s, size_t frame, size_t largest,
                           size_t *gap_pairs) {
    size_t workspace_bytes = gap_workspace_bytes(largest);
    unsigned char *workspace = fd_allocate_array(c->allocator, workspace_bytes, 1);
    if (workspace == NULL) return FD_ERR_NO_MEMORY;
    fd_arena arena;
    fd_arena_init(&arena, workspace, workspace_bytes, c->allocator);
    s->gap_allocator = fd_arena_allocator(&arena);
    fd_status status = FD_OK;
    size_t old_from = rest.old_begin, new_from = rest.new_begin;
    for (size_t k = 0; k < frame && status == FD_OK; k++) {
        /* A gap empty on one side pairs nothing: most gaps, between anchors that stayed. */
        if ((size_t)s->anchor_old[k] > old_from && s->anchor_new[k] > new_from) {
            status = pair_gap(c, s, old_from, (size_t)s->anchor_old[k], new_from, s->anchor_new[k], gap_pairs);
        }
        old_from = (size_t)s->anchor_old[k] + 1;
        new_from = (size_t)s->anchor_new[k] + 1;
    }
    if (status == FD_OK) status = pair_gap(c, s, old_from, rest.old_end, new_from, rest.new_end, gap_pairs);
    fd_deallocate(c->allocator, workspace);
    return status;
}

/* Step 5's question: the length of one longest increasing subsequence of the occurrence-order
 * matching (its `others` other pairs saved), in *staying_before (written to before_flags), or
 * 0 when three bounds show it is not longer than the new matching's, `staying_after`.
 *
 * Its longest increasing subsequence is one of its anchors (at most the frame) and one of its
 * other pairs, so it is no longer than the frame plus
 *   1. the number of those other pairs,
 *   2. that number less their disjoint descents (`disjoint_descents`, one pass), or
 *   3. the longest increasing subsequence of those pairs alone.
 * The new matching holds the frame and the gaps' pairs as one increasing sequence (gaps lie
 * between consecutive frame anchors, each paired in order), and the same number of pairs. So
 * when its own subsequence reaches a bound (the first: the gaps paired every pair that is not
 * an anchor's; the cheaper ones tried first), it keeps at least as many in place, and stands:
 * the same choice, without the cost. *spread says whether `saved` now holds the whole
 * occurrence-order matching (`spread_saved`). */
static fd_status staying_before(const fd_context *c, fd_range rest, const scratch *s, size_t others,
                                size_t frame_length, size_t gap_pairs, size_t staying_after, size_t *length,
                                int *spread) {
    *length = 0;
    *spread = 0;
    if (gap_pairs >= others ||
        staying_after >= frame_length + others - disjoint_descents(s->saved, others, s->gap_o2n)) {
        return FD_OK; /* bounds 1 and 2 */
    }
    size_t others_length = 0;
    fd_status status = fd_longest_increasing_subsequence(s->saved, others, s->before_flags, &others_length,
                                                         c->allocator);
    if (status != FD_OK || staying_after >= frame_length + others_length) return status; /* bound 3 */
    spread_saved(c, rest, s, others);
    *spread = 1;
    return fd_longest_increasing_subsequence(s->saved, rest.new_end - rest.new_begin, s->before_flags, length,
                                            c->allocator);
}

/* Steps 2-5. `staying` receives one longest increasing subsequence of the matching that
 * stands, over rest (for fd_diff's moves), and *staying_length its length. On an error the
 * occurrence-order matching is put back. */
static fd_status pair_from_anchors(fd_context *c, fd_range rest, scratch *s, size_t anchors, size_t others,
                                   uint8_t *staying, size_t *staying_length) {
    size_t frame = 0, frame_length = 0, largest = 0, gap_pairs = 0, after = 0, before = 0;
    fd_status status = place_frame(c, rest, s, anchors, &frame, &frame_length, &largest);
    if (status == FD_OK) status = pair_gaps(c, rest, s, frame, largest, &gap_pairs);
    if (status == FD_OK) status = pair_the_rest(c, rest, s);
    if (status == FD_OK) status = increasing_length(c, rest, staying, &after);
    int spread = 0;
    if (status == FD_OK) status = staying_before(c, rest, s, others, frame_length, gap_pairs, after, &before, &spread);
    if (status != FD_OK || after < before) {
        if (!spread) spread_saved(c, rest, s, others);
        restore(c, rest, s->saved);
        if (status == FD_OK) memcpy(staying, s->before_flags, rest.new_end - rest.new_begin);
        *staying_length = before;
    } else {
        *staying_length = after;
    }
    return status;
}

/* Step 1: lists the anchors in new order (the notes say which pairs are theirs) and undoes the
 * other pairs, their old indices kept in new order in `saved` (put back when the step keeps
 * occurrence order); returns the anchors' number, and the others' in *others_found. */
static size_t list_anchors(fd_context *c, fd_range rest, scratch *s, size_t *others_found) {
    size_t anchors = 0, others = 0;
    for (size_t j = rest.new_begin; j < rest.new_end; j++) {
        int64_t i = c->new_to_old[j];
        if (i < 0) continue;
        if (s->pair_kind[j - rest.new_begin] == FD_NEW_ANCHOR) {
            s->anchor_old[anchors] = i;
            s->anchor_new[anchors] = (uint32_t)j;
            anchors++;
        } else {
            s->saved[others++] = i;
            c->old_to_new[i] = -1;
            c->new_to_old[j] = -1;
        }
    }
    *others_found = others;
    return anchors;
}

fd_status fd_step_pair_repeats(fd_context *c, const fd_occurrence_notes *notes) {
    const fd_range rest = notes->rest;
    size_t n = rest.old_end - rest.old_begin, m = rest.new_end - rest.new_begin;
    if (n == 0 || m == 0) return FD_OK;
    scratch s;
    const int numbered = fd_occurrence_numbers_fit(n) && notes->table.slots != NULL;
    size_t last_bytes = numbered ? (size_t)notes->table.capacity * sizeof(uint16_t) : 0;
    unsigned char *block = fd_allocate_array(c->allocator, carve_scratch(&s, NULL, n, m, last_bytes), 1);
    if (block == NULL) return FD_ERR_NO_MEMORY;
    carve_scratch(&s, block, n, m, last_bytes);
    s.numbered = numbered;
    s.last_ready = 0;
    s.pair_kind = notes->kind;
    s.notes = notes;
    size_t others = 0, anchors = list_anchors(c, rest, &s, &others);
    /* No anchor: nothing to place the repeats by. Every pair an anchor: nothing repeats. */
    fd_status status = FD_OK;
    if (anchors == 0 && others > 0) {
        put_back(c, rest, &s, others);
    } else if (anchors > 0 && others > 0) {
        size_t length = 0;
        /* fd_diff's moves are one longest increasing subsequence of the final matching: the
         * step has one for rest, and the common prefix before it stays in place. */
        status = pair_from_anchors(c, rest, &s, anchors, others, c->in_lis ? c->in_lis + rest.new_begin : s.staying,
                                   &length);
        if (status == FD_OK && c->in_lis) {
            memset(c->in_lis, 1, rest.new_begin);
            c->lis_ready = 1;
            c->lis_length = rest.new_begin + length;
        }
    }
    fd_deallocate(c->allocator, block);
    return status;
}
