/* Matching by occurrence order (fd_step_match_by_occurrence): the k-th unmatched occurrence of
 * a fingerprint among the old elements left (a range, or what Heckel's walk left) is matched
 * with the k-th unmatched occurrence among the new elements left. The step after Heckel's
 * walk, fd_match_remaining and the last step of the repeats' pairing (fd_repeats.c); Heckel's
 * table-only path is the same matching noting what it finds (fd_occurrence_noting.c, on the
 * shared occurrence table, whose slot numbers the repeats' pairing needs).
 *
 * Each fingerprint's old occurrences wait in a queue, first occurrence at the head. The queue
 * table (fd_queue_table.h, at most a third full up to 131,072 old elements) holds the head; the
 * queue is threaded through old_to_new: while old element i waits, old_to_new[i] holds
 * -(next + 2) for the next old element with the same fingerprint, or -1 at the end of the
 * queue. New element j pops the head. An exhausted queue keeps its last (now matched) head in
 * the slot, so the slot still knows its fingerprint. Every unmatched entry is -1 on entry (the
 * core's convention), so queueing writes old_to_new only for a fingerprint queued before, and
 * when none was, no entry needs setting back to -1 at the end. A listed element (fd_left) is
 * unmatched, so whether to queue or pop it is not asked of its entry; its entry must still be -1
 * (the walk writes it), for a listed old element at a queue's head is read as the queue's link.
 * This step takes about a quarter of the time the shared occurrence table took (DiffBenchmarks'
 * mix-1M row, whose walk leaves 20,000 scattered elements a side) and half of it on dk100k.
 *
 * The old side is visited in decreasing index order (so each queue ends up in increasing
 * order), the new side in increasing order: for a `fd_left` that is the backward list, the
 * middle, then the forward list read backwards; and the reverse. Slots are prefetched on every
 * part, and on the lists the listed elements' fingerprints before them (without these the step
 * takes about twice as long on mix-1M).
 *
 * From FD_QUEUE_FILTER_ENTRIES_MIN old elements left, a new element the table's filter turns
 * away is absent from old and pops nothing, without the probe loop (on dk100k's shape the probe
 * loop over absent new elements was half of the step); below it the table has no filter and
 * pop_queues is the copy without the test. */
#include "fd_queue_table.h"

/* One matching's state: its table, and whether a fingerprint repeated (queued twice, or
 * popped from an exhausted queue). */
typedef struct matcher {
    fd_context *c;
    fd_queue_table table;
    int repeated;
    fd_gathered *gathered; /* optional */
} matcher;

/* Gathers the fingerprint of a new element left unmatched, when asked to (room for every new
 * element left was allocated). */
FD_ALWAYS_INLINE void gather(matcher *m, uint64_t fingerprint) {
    if (m->gathered) m->gathered->unmatched.items[m->gathered->unmatched.count++] = fingerprint;
}

/* Gathers the pair of new element j and old element i, when asked to. */
FD_ALWAYS_INLINE void gather_pair(matcher *m, size_t j, size_t i) {
    if (m->gathered && m->gathered->pairs) {
        m->gathered->pairs[m->gathered->pair_count++] = (fd_segment){(uint32_t)j, (uint32_t)i, 1};
    }
}

/* Queues old element i when unmatched (a listed one always is). */
FD_ALWAYS_INLINE void enqueue(matcher *m, size_t i, int listed) {
    int64_t *old_to_new = m->c->old_to_new;
    if (!listed && old_to_new[i] >= 0) return;
    uint64_t fingerprint = m->c->old_fp[i];
    fd_queue_slot *slot = fd_queue_find(&m->table, fingerprint, m->c->old_fp);
    if (slot->head == 0) {
        slot->check = (uint32_t)fingerprint; /* old_to_new[i] is -1: the end of the queue */
        if (m->table.filter) fd_queue_filter_add(&m->table, fingerprint);
    } else {
        old_to_new[i] = -((int64_t)slot->head + 1); /* -(next + 2) */
        m->repeated = 1;
    }
    slot->head = (uint32_t)i + 1;
}

/* New element j, when unmatched (a listed one always is), takes the head of its
 * fingerprint's queue; with `filtered` (the table has a filter), not when the filter says it
 * has none. */
FD_ALWAYS_INLINE void pop(matcher *m, size_t j, int listed, int filtered) {
    fd_context *c = m->c;
    if (!listed && c->new_to_old[j] >= 0) return;
    uint64_t fingerprint = c->new_fp[j];
    if (filtered && !fd_queue_filter_may_hold(&m->table, fingerprint)) { /* absent from old, says the filter */
        gather(m, fingerprint);
        return;
    }
    fd_queue_slot *slot = fd_queue_find(&m->table, fingerprint, c->old_fp);
    if (slot->head == 0) { /* absent from old */
        gather(m, fingerprint);
        return;
    }
    size_t head = slot->head - 1;
    int64_t link = c->old_to_new[head];
    if (link >= 0) { /* queue exhausted: new has more occurrences than old */
        m->repeated = 1;
        gather(m, fingerprint);
        return;
    }
    if (link <= -2) slot->head = (uint32_t)(-link - 1); /* the next one, -(link + 2), plus 1 */
    fd_pair(c, head, j);
    gather_pair(m, j, head);
}

/* Starts loading the slot of the listed element FD_PREFETCH_DISTANCE after items[k] in the
 * visiting order (forwards or backwards through the list), and the fingerprint of the one
 * twice as far. */
FD_ALWAYS_INLINE void prefetch_listed(const matcher *m, const fd_indices *list, size_t k, int forwards,
                                      const uint64_t *fingerprints) {
    const size_t distance = FD_PREFETCH_DISTANCE, after = forwards ? list->count - 1 - k : k;
    if (after < distance) return;
    fd_queue_prefetch(&m->table, fingerprints[list->items[forwards ? k + distance : k - distance]]);
    if (after >= 2 * distance) FD_PREFETCH(&fingerprints[list->items[forwards ? k + 2 * distance : k - 2 * distance]]);
}

/* Queues (or, with `popping`, lets pop, `filtered` or not) the elements of a list, forwards
 * or backwards. */
FD_ALWAYS_INLINE void visit_list(matcher *m, const fd_indices *list, int forwards, int popping, int filtered) {
    const uint64_t *fingerprints = popping ? m->c->new_fp : m->c->old_fp;
    for (size_t n = 0; n < list->count; n++) {
        size_t k = forwards ? n : list->count - 1 - n;
        prefetch_listed(m, list, k, forwards, fingerprints);
        if (popping) pop(m, list->items[k], 1, filtered);
        else enqueue(m, list->items[k], 1);
    }
}

/* Queues the old elements left, in decreasing index order. */
static void build_queues(matcher *m, const fd_left *old_left) {
    const uint64_t *old_fp = m->c->old_fp;
    visit_list(m, &old_left->backward, 1, 0, 0);
    for (size_t i = old_left->middle_end; i > old_left->middle_begin; i--) {
        if (i - 1 >= old_left->middle_begin + FD_PREFETCH_DISTANCE) {
            fd_queue_prefetch(&m->table, old_fp[i - 1 - FD_PREFETCH_DISTANCE]);
        }
        enqueue(m, i - 1, 0);
    }
    visit_list(m, &old_left->forward, 0, 0, 0);
}

/* Lets the new elements left pop their queues, in increasing index order (`filtered`: see pop). */
FD_ALWAYS_INLINE void pop_queues(matcher *m, const fd_left *new_left, int filtered) {
    const uint64_t *new_fp = m->c->new_fp;
    visit_list(m, &new_left->forward, 1, 1, filtered);
    for (size_t j = new_left->middle_begin; j < new_left->middle_end; j++) {
        if (j + FD_PREFETCH_DISTANCE < new_left->middle_end) fd_queue_prefetch(&m->table, new_fp[j + FD_PREFETCH_DISTANCE]);
        pop(m, j, 0, filtered);
    }
    visit_list(m, &new_left->backward, 0, 1, filtered);
}

/* Old elements still waiting behind another in a queue are unmatched (only where a
 * fingerprint was queued twice: otherwise each waiting entry is -1 already). */
static void end_queues(fd_context *c, const fd_left *old_left) {
    int64_t *old_to_new = c->old_to_new;
    FD_FOR_EACH_LEFT(old_left, i, if (old_to_new[i] < -1) old_to_new[i] = -1);
}

/* How many elements left on a side are unmatched: all of the lists; in the middle, those that
 * are -1 (a plain range may hold pairs there). */
static size_t count_unmatched(const int64_t *matching, const fd_left *side) {
    size_t count = side->forward.count + side->backward.count;
    for (size_t k = side->middle_begin; k < side->middle_end; k++) count += matching[k] < 0;
    return count;
}

/* Gathers every unmatched new element of `side` (nothing to match them with). */
static void gather_all(const fd_context *c, const fd_left *side, fd_values *unmatched) {
    const int64_t *new_to_old = c->new_to_old;
    FD_FOR_EACH_LEFT(side, j, if (new_to_old[j] < 0) unmatched->items[unmatched->count++] = c->new_fp[j]);
}

/* Room for what `gathered` holds, for `arriving` new elements: fingerprints, then (when
 * wanted) pairs. */
static fd_status prepare_gathered(const fd_context *c, fd_gathered *gathered, size_t arriving) {
    int with_pairs = gathered->with_pairs;
    size_t size = sizeof(uint64_t) + (with_pairs ? sizeof(fd_segment) : 0);
    memset(gathered, 0, sizeof *gathered);
    gathered->with_pairs = with_pairs;
    if (arriving > SIZE_MAX / size) return FD_ERR_TOO_LARGE;
    void *block = fd_allocate_array(c->allocator, arriving, size);
    if (block == NULL) return FD_ERR_NO_MEMORY;
    gathered->unmatched.items = block;
    if (with_pairs) gathered->pairs = (fd_segment *)(void *)(gathered->unmatched.items + arriving);
    return FD_OK;
}

fd_status fd_step_match_by_occurrence(fd_context *c, const fd_remainder *left, fd_gathered *gathered) {
    size_t waiting = count_unmatched(c->old_to_new, &left->old_side);
    if (waiting == 0 && gathered == NULL) return FD_OK; /* nothing to match, nothing to gather */
    size_t arriving = count_unmatched(c->new_to_old, &left->new_side);
    if (gathered) {
        fd_status status = prepare_gathered(c, gathered, arriving);
        if (status != FD_OK) return status;
    }
    if (waiting == 0 || arriving == 0) {
        if (gathered) gather_all(c, &left->new_side, &gathered->unmatched);
        return FD_OK;
    }
    matcher m = {c, {NULL, 0, NULL, 0}, 0, gathered};
    fd_status status = fd_queue_table_create(&m.table, waiting, c->allocator);
    if (status != FD_OK) return status;
    build_queues(&m, &left->old_side);
    if (m.table.filter) pop_queues(&m, &left->new_side, 1);
    else pop_queues(&m, &left->new_side, 0);
    if (m.repeated) {
        c->flags |= FD_MATCH_HAD_DUPLICATES;
        end_queues(c, &left->old_side);
    }
    fd_queue_table_destroy(&m.table, c->allocator);
    return FD_OK;
}
