/* Matching by occurrence order (fd_step_match_by_occurrence): the k-th unmatched occurrence of
 * a fingerprint among the old elements left (a range, or what Heckel's walk left) is matched
 * with the k-th unmatched occurrence among the new elements left. The step behind Heckel's
 * table, its table-only path and fd_match_remaining.
 *
 * Each fingerprint's old occurrences wait in a queue, first occurrence at the head. The
 * occurrence table holds the head; the queue is threaded through old_to_new: while old element
 * i waits, old_to_new[i] holds -(next + 2) for the next old element with the same
 * fingerprint, or -1 at the end of the queue. New element j pops the head. An exhausted queue
 * keeps its last (now matched) head in the slot, so the slot still knows its fingerprint.
 * Memory: one 8-byte slot per 3/4 waiting old element, nothing else.
 *
 * The old side is visited in decreasing index order (so each queue ends up in increasing
 * order), the new side in increasing order: for a `fd_left` that is the backward list, the
 * middle, then the forward list read backwards; and the reverse.
 *
 * When asked (fd_step_match_by_occurrence_noting), it also notes what it found for each new
 * element (fd_new_kind): paired as an anchor (its fingerprint occurs once among the old
 * elements left and once among the new ones), paired otherwise, unpaired, or absent from old.
 * A pair is an anchor when its slot's flag bit says "one old occurrence" (set while queueing,
 * before any pop); a later new element that finds the same queue exhausted turns it into an
 * ordinary pair. It also notes each element's fingerprint as a number (its slot's position,
 * which stays while the table lives), and keeps the table: fd_step_pair_repeats reads its
 * anchors from these notes, and its gaps count occurrences by number. */
#include "fd_occurrence_table.h"

/* Queues old element i when it is unmatched (always, on a fresh range: see match), noting its
 * slot's number when notes are asked for. */
FD_ALWAYS_INLINE void enqueue(fd_context *c, fd_occurrence_table *table, size_t i,
                              const fd_occurrence_notes *notes) {
    if (!notes && c->old_to_new[i] >= 0) return;
    uint64_t *slot = fd_occurrence_find(table, c->old_fp[i]);
    if (notes) notes->old_number[i - notes->rest.old_begin] = (uint32_t)(slot - table->slots);
    if (*slot == 0) {
        c->old_to_new[i] = -1;
        *slot = fd_slot_make(c->old_fp[i], i, 0, 0);
    } else {
        c->old_to_new[i] = -((int64_t)fd_slot_head(*slot) + 2);
        c->flags |= FD_MATCH_HAD_DUPLICATES;
        *slot = fd_slot_make(c->old_fp[i], i, 0, 1); /* old repeats */
    }
}

/* Notes `kind` for new element j, when notes are asked for. */
FD_ALWAYS_INLINE void note(const fd_occurrence_notes *notes, size_t j, uint8_t kind) {
    if (notes) notes->kind[j - notes->rest.new_begin] = kind;
}

/* New element j, when unmatched, takes the head of its fingerprint's queue. */
FD_ALWAYS_INLINE void pop(fd_context *c, fd_occurrence_table *table, size_t j, const fd_occurrence_notes *notes) {
    if (!notes && c->new_to_old[j] >= 0) return; /* with notes, the range is fresh */
    uint64_t *slot = fd_occurrence_find(table, c->new_fp[j]);
    if (notes) {
        notes->new_number[j - notes->rest.new_begin] = *slot == 0 ? FD_NO_NUMBER : (uint32_t)(slot - table->slots);
    }
    if (*slot == 0) {
        if (notes) c->new_to_old[j] = -1;
        note(notes, j, FD_NEW_ABSENT);
        return;
    }
    size_t head = fd_slot_head(*slot);
    int64_t link = c->old_to_new[head];
    if (link >= 0) { /* queue exhausted: new has more occurrences than old */
        c->flags |= FD_MATCH_HAD_DUPLICATES;
        if (notes) c->new_to_old[j] = -1;
        note(notes, j, FD_NEW_UNPAIRED);
        note(notes, (size_t)link, FD_NEW_OTHER_PAIR); /* the pair made first is no anchor */
        return;
    }
    fd_pair(c, head, j);
    note(notes, j, fd_slot_flag(*slot) ? FD_NEW_OTHER_PAIR : FD_NEW_ANCHOR);
    if (link <= -2) *slot = fd_slot_make(c->new_fp[j], (size_t)(-link - 2), fd_slot_count(*slot), fd_slot_flag(*slot));
}

/* Queues the old elements left, in decreasing index order. */
FD_ALWAYS_INLINE void build_queues(fd_context *c, const fd_left *old_left, fd_occurrence_table *table,
                                   const fd_occurrence_notes *notes) {
    const uint64_t *old_fp = c->old_fp;
    const fd_indices *backward = &old_left->backward, *forward = &old_left->forward;
    for (size_t k = 0; k < backward->count; k++) enqueue(c, table, backward->items[k], notes);
    for (size_t i = old_left->middle_end; i > old_left->middle_begin; i--) {
        if (i - 1 >= old_left->middle_begin + FD_PREFETCH_DISTANCE) {
            fd_occurrence_prefetch(table, old_fp[i - 1 - FD_PREFETCH_DISTANCE]);
        }
        enqueue(c, table, i - 1, notes);
    }
    for (size_t k = forward->count; k > 0; k--) enqueue(c, table, forward->items[k - 1], notes);
}

/* Lets the new elements left pop their queues, in increasing index order. */
FD_ALWAYS_INLINE void pop_queues(fd_context *c, const fd_left *new_left, fd_occurrence_table *table,
                                 const fd_occurrence_notes *notes) {
    const uint64_t *new_fp = c->new_fp;
    const fd_indices *backward = &new_left->backward, *forward = &new_left->forward;
    for (size_t k = 0; k < forward->count; k++) pop(c, table, forward->items[k], notes);
    for (size_t j = new_left->middle_begin; j < new_left->middle_end; j++) {
        if (j + FD_PREFETCH_DISTANCE < new_left->middle_end) fd_occurrence_prefetch(table, new_fp[j + FD_PREFETCH_DISTANCE]);
        pop(c, table, j, notes);
    }
    for (size_t k = backward->count; k > 0; k--) pop(c, table, backward->items[k - 1], notes);
}

/* Old elements still waiting in a queue are unmatched. */
static void end_queues(fd_context *c, const fd_left *old_left) {
    int64_t *old_to_new = c->old_to_new;
    for (size_t k = 0; k < old_left->forward.count; k++) {
        if (old_to_new[old_left->forward.items[k]] < -1) old_to_new[old_left->forward.items[k]] = -1;
    }
    for (size_t i = old_left->middle_begin; i < old_left->middle_end; i++) {
        if (old_to_new[i] < -1) old_to_new[i] = -1;
    }
    for (size_t k = 0; k < old_left->backward.count; k++) {
        if (old_to_new[old_left->backward.items[k]] < -1) old_to_new[old_left->backward.items[k]] = -1;
    }
}

/* How many elements left on a side are unmatched: all of the lists; in the middle, those that
 * are -1 (a plain range may hold pairs there). */
static size_t count_unmatched(const int64_t *matching, const fd_left *side) {
    size_t count = side->forward.count + side->backward.count;
    for (size_t k = side->middle_begin; k < side->middle_end; k++) count += matching[k] < 0;
    return count;
}

/* The matching, noting what it finds in `notes` and keeping its table there when `notes` is
 * not NULL (inlined into both callers, so that the plain matching has no notes to skip). With
 * notes, `left` is a fresh range: every element unmatched, whatever its entries hold on entry,
 * and every entry is written (nothing to clear first, nothing to count). */
FD_ALWAYS_INLINE fd_status match(fd_context *c, const fd_remainder *left, fd_occurrence_notes *notes) {
    fd_occurrence_table table;
    memset(&table, 0, sizeof table);
    size_t waiting, wanting;
    if (notes) {
        notes->table = table;
        waiting = notes->rest.old_end - notes->rest.old_begin;
        wanting = notes->rest.new_end - notes->rest.new_begin;
    } else {
        waiting = count_unmatched(c->old_to_new, &left->old_side);
        wanting = count_unmatched(c->new_to_old, &left->new_side);
    }
    fd_status status = FD_OK;
    if (waiting > 0 && wanting > 0) status = fd_occurrence_table_create(&table, waiting, c->old_fp, c->allocator);
    if (waiting == 0 || wanting == 0 || status != FD_OK) {
        if (notes) fd_step_unmatch(c, notes->rest);
        return status;
    }
    build_queues(c, &left->old_side, &table, notes);
    pop_queues(c, &left->new_side, &table, notes);
    end_queues(c, &left->old_side);
    if (notes) notes->table = table;
    else fd_occurrence_table_destroy(&table, c->allocator);
    return FD_OK;
}

fd_status fd_step_match_by_occurrence(fd_context *c, const fd_remainder *left) { return match(c, left, NULL); }

fd_status fd_step_match_by_occurrence_noting(fd_context *c, fd_occurrence_notes *notes) {
    fd_remainder all = fd_remainder_of_range(notes->rest);
    return match(c, &all, notes);
}
