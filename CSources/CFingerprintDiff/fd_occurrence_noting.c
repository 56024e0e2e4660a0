/* Matching by occurrence order on a fresh range, noting what it finds
 * (fd_step_match_by_occurrence_noting): the matching of fd_occurrence_matching.c on the shared
 * occurrence table, whose slot positions number the fingerprints for fd_step_pair_repeats.
 * Heckel's table-only path.
 *
 * The queues are fd_occurrence_matching.c's (threaded through old_to_new, old side visited
 * backwards, new side forwards), their heads in the shared table's slots: one 8-byte slot per
 * 3/4 old element, nothing else.
 *
 * For each new element it notes what it found (fd_new_kind): paired as an anchor (its
 * fingerprint occurs once among the old elements of the range and once among the new ones),
 * paired otherwise, unpaired, or absent from old. A pair is an anchor when its slot's flag bit
 * says "one old occurrence" (set while queueing, before any pop); a later new element that
 * finds the same queue exhausted turns it into an ordinary pair. It also notes each element's
 * fingerprint as a number (its slot's position, which stays while the table lives), and keeps
 * the table: fd_step_pair_repeats reads its anchors from these notes, and its gaps count
 * occurrences by number. */
#include "fd_occurrence_table.h"

/* Queues old element i, noting its slot's number. */
FD_ALWAYS_INLINE void enqueue(fd_context *c, fd_occurrence_table *table, size_t i, const fd_occurrence_notes *notes) {
    uint64_t *slot = fd_occurrence_find(table, c->old_fp[i]);
    notes->old_number[i - notes->rest.old_begin] = (uint32_t)(slot - table->slots);
    if (*slot == 0) {
        c->old_to_new[i] = -1;
        *slot = fd_slot_make(c->old_fp[i], i, 0, 0);
    } else {
        c->old_to_new[i] = -((int64_t)fd_slot_head(*slot) + 2);
        c->flags |= FD_MATCH_HAD_DUPLICATES;
        *slot = fd_slot_make(c->old_fp[i], i, 0, 1); /* old repeats */
    }
}

/* Notes `kind` for new element j. */
FD_ALWAYS_INLINE void note(const fd_occurrence_notes *notes, size_t j, uint8_t kind) {
    notes->kind[j - notes->rest.new_begin] = kind;
}

/* New element j takes the head of its fingerprint's queue. */
FD_ALWAYS_INLINE void pop(fd_context *c, fd_occurrence_table *table, size_t j, const fd_occurrence_notes *notes) {
    uint64_t *slot = fd_occurrence_find(table, c->new_fp[j]);
    notes->new_number[j - notes->rest.new_begin] = *slot == 0 ? FD_NO_NUMBER : (uint32_t)(slot - table->slots);
    if (*slot == 0) {
        c->new_to_old[j] = -1;
        note(notes, j, FD_NEW_ABSENT);
        return;
    }
    size_t head = fd_slot_head(*slot);
    int64_t link = c->old_to_new[head];
    if (link >= 0) { /* queue exhausted: new has more occurrences than old */
        c->flags |= FD_MATCH_HAD_DUPLICATES;
        c->new_to_old[j] = -1;
        note(notes, j, FD_NEW_UNPAIRED);
        note(notes, (size_t)link, FD_NEW_OTHER_PAIR); /* the pair made first is no anchor */
        return;
    }
    fd_pair(c, head, j);
    note(notes, j, fd_slot_flag(*slot) ? FD_NEW_OTHER_PAIR : FD_NEW_ANCHOR);
    if (link <= -2) *slot = fd_slot_make(c->new_fp[j], (size_t)(-link - 2), fd_slot_count(*slot), fd_slot_flag(*slot));
}

/* Queues the old elements of the range in decreasing index order, then lets the new ones pop
 * their queues in increasing index order; old elements still waiting are unmatched. */
static void match(fd_context *c, fd_occurrence_table *table, const fd_occurrence_notes *notes) {
    const fd_range rest = notes->rest;
    for (size_t i = rest.old_end; i > rest.old_begin; i--) {
        if (i - 1 >= rest.old_begin + FD_PREFETCH_DISTANCE) {
            fd_occurrence_prefetch(table, c->old_fp[i - 1 - FD_PREFETCH_DISTANCE]);
        }
        enqueue(c, table, i - 1, notes);
    }
    for (size_t j = rest.new_begin; j < rest.new_end; j++) {
        if (j + FD_PREFETCH_DISTANCE < rest.new_end) fd_occurrence_prefetch(table, c->new_fp[j + FD_PREFETCH_DISTANCE]);
        pop(c, table, j, notes);
    }
    for (size_t i = rest.old_begin; i < rest.old_end; i++) {
        if (c->old_to_new[i] < -1) c->old_to_new[i] = -1;
    }
}

fd_status fd_step_match_by_occurrence_noting(fd_context *c, fd_occurrence_notes *notes) {
    memset(&notes->table, 0, sizeof notes->table);
    const fd_range rest = notes->rest;
    size_t waiting = rest.old_end - rest.old_begin, wanting = rest.new_end - rest.new_begin;
    fd_status status = FD_OK;
    if (waiting > 0 && wanting > 0) status = fd_occurrence_table_create(&notes->table, waiting, c->old_fp, c->allocator);
    if (waiting == 0 || wanting == 0 || status != FD_OK) {
        fd_step_unmatch(c, rest);
        return status;
    }
    match(c, &notes->table, notes);
    return FD_OK;
}
