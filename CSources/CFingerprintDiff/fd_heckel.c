/* Heckel-style matching by occurrence order (fd_heckel, fd_heckel_match).
 *
 *   1. fd_step_match_common_prefix: the prefix is what occurrence order matches there.
 *   2. fd_step_match_common_suffix and fd_step_walk: aligned runs, matched in place without
 *      the table (for a list where 1% of the rows changed, about 96% of the elements).
 *   3. fd_step_match_by_occurrence: what the walk left, through its queue table.
 *   4. fd_step_find_duplicates: with no fingerprint repeated after the prefix, every pair is
 *      the only one its fingerprint allows, so the walk's pairs are the ones occurrence order
 *      makes and the matching stands. Otherwise (or when the walk paired less than a third of
 *      the rest, where the table alone is cheaper) the rest is cleared and matched by the
 *      table alone: the reference path, whose result steps 2-4 reproduce exactly. A caller
 *      that guarantees unique fingerprints (fd_diff's FD_DIFF_UNIQUE_FINGERPRINTS) skips the
 *      check: it could only confirm what the caller knows.
 *   5. fd_step_lis_of_walk (lists of 1,024 to 2^19 elements, moves wanted): where the walk
 *      stands, its longest increasing subsequence from the walk's runs and the table's pairs.
 * The result is therefore always the occurrence-order matching, flags included (with the
 * guarantee: as long as it holds). */
#include "fd_occurrence_table.h"

/* Whether 32 evenly spaced old fingerprints of `rest` already repeat, or, on a large range,
 * whether evenly spaced new ones do (one in 32, at most SAMPLES_MAX): then the walk cannot
 * stand (step 4 would send the rest to the table anyway), so it is not tried. A sample only
 * finds fingerprints that do repeat, so the matching is the same either way; only the walk's
 * cost is saved. The old side's 32 find a few values repeated everywhere; the new side's
 * sample finds what the old one cannot see: old ids unique, many new ones copies of old ones
 * (1,024 samples find one of 4,000 repeated pairs among 40,000 elements with probability
 * 1 - e^-5). Never true for unique fingerprints. O(1): at most 32 + SAMPLES_MAX set look-ups. */
enum { SAMPLES = 32, SAMPLES_MAX = 1024, SAMPLED_NEW_FROM = 16384 };

/* Whether `count` values of `values`, `stride` apart, hold one twice. At most SAMPLES_MAX values;
 * a set of 2 * SAMPLES_MAX slots on the stack (0 marks an empty slot; the value 0 is kept aside). */
static int sample_holds_twice(const uint64_t *values, size_t count, size_t stride) {
    uint64_t set[2 * SAMPLES_MAX];
    const uint64_t capacity = 2 * (uint64_t)count;
    memset(set, 0, (size_t)capacity * sizeof(uint64_t));
    int zero_seen = 0;
    for (size_t k = 0; k < count; k++) {
        uint64_t value = values[k * stride];
        if (value == 0) {
            if (zero_seen) return 1;
            zero_seen = 1;
            continue;
        }
        for (uint64_t position = fd_multiply_high(fd_mix(value), capacity);;) {
            if (set[position] == value) return 1;
            if (set[position] == 0) {
                set[position] = value;
                break;
            }
            position = position + 1 == capacity ? 0 : position + 1;
        }
    }
    return 0;
}

static int sample_repeats(const fd_context *c, fd_range rest) {
    size_t count = rest.old_end - rest.old_begin;
    if (count >= 2 * SAMPLES && sample_holds_twice(c->old_fp + rest.old_begin, SAMPLES, count / SAMPLES)) return 1;
    size_t new_count = rest.new_end - rest.new_begin;
    if (new_count < SAMPLED_NEW_FROM) return 0;
    size_t samples = new_count / 32 < SAMPLES_MAX ? new_count / 32 : SAMPLES_MAX;
    return sample_holds_twice(c->new_fp + rest.new_begin, samples, new_count / samples);
}

/* Steps 2-4 on `rest` (everything after the prefix); sets *done when the matching stands.
 * With the caller's guarantee of unique fingerprints (c->fingerprints_unique) the sample and
 * the duplicate check are skipped: the walk stands unless the table met a repeat among what
 * the walk left (a broken guarantee), which sends the rest to the table as a repeat found by
 * the check does. */
static fd_status walk_then_table(fd_context *c, fd_range rest, int *done) {
    *done = 0;
    if (!c->fingerprints_unique && sample_repeats(c, rest)) return FD_OK;
    fd_range middle = fd_step_match_common_suffix(c, rest);
    size_t suffix = rest.old_end - middle.old_end, walked = 0;
    fd_remainder left;
    int moves_from_runs = c->in_lis != NULL && fd_walk_lis_applies(c);
    fd_status status = fd_step_walk(c, middle, &left, &walked, moves_from_runs);
    if (status != FD_OK) return status;
    /* The walk path pays a table look-up per element left plus the duplicate check of every
     * element; the table-only path a look-up per element. Below a third aligned, it is cheaper
     * to go to the table at once. */
    if (3 * (suffix + walked) >= rest.old_end - rest.old_begin && suffix + walked > 0) {
        fd_step_unmatch(c, (fd_range){left.old_side.middle_begin, left.old_side.middle_end,
                                      left.new_side.middle_begin, left.new_side.middle_end});
        fd_gathered table = {{NULL, 0}, NULL, 0, moves_from_runs};
        int gather = moves_from_runs || (!c->fingerprints_unique && fd_duplicates_gather(rest));
        status = fd_step_match_by_occurrence(c, &left, gather ? &table : NULL);
        if (status == FD_OK && !(c->flags & FD_MATCH_HAD_DUPLICATES)) {
            int repeated = 0;
            if (!c->fingerprints_unique) {
                status = fd_step_find_duplicates(c, rest, &left.new_side, &table.unmatched, &repeated);
            }
            *done = status == FD_OK && !repeated;
        }
        if (*done && moves_from_runs) {
            status = fd_step_lis_of_walk(c, rest, middle, &left, &table);
            *done = status == FD_OK;
        }
        fd_deallocate(c->allocator, table.unmatched.items);
    }
    fd_remainder_free(&left, c->allocator);
    return status;
}

fd_status fd_heckel_match(fd_context *c, int use_walk) {
    if (c->old_count >= (size_t)UINT32_MAX - 1 || c->new_count >= (size_t)UINT32_MAX - 1) return FD_ERR_TOO_LARGE;
    fd_range rest = fd_step_match_common_prefix(c, fd_whole_range(c));
    if (use_walk) {
        int done = 0;
        fd_status status = walk_then_table(c, rest, &done);
        if (status != FD_OK || done) return status;
    }
    c->flags = 0;
    size_t n = rest.old_end - rest.old_begin, m = rest.new_end - rest.new_begin;
    if (n == 0 || m == 0) {
        fd_step_unmatch(c, rest);
        return FD_OK;
    }
    /* What the matching finds, and its table, for the repeats' pairing: each new element's
     * kind (m bytes, rounded to 4) and each element's number (4 bytes), in one block. */
    size_t kind_bytes = (m + 3) & ~(size_t)3;
    if (n + m > (SIZE_MAX - kind_bytes) / 4) {
        fd_step_unmatch(c, rest);
        return FD_ERR_TOO_LARGE;
    }
    unsigned char *block = fd_allocate_array(c->allocator, kind_bytes + 4 * (n + m), 1);
    if (block == NULL) {
        fd_step_unmatch(c, rest);
        return FD_ERR_NO_MEMORY;
    }
    fd_occurrence_notes notes;
    notes.rest = rest;
    notes.kind = block;
    notes.old_number = (uint32_t *)(void *)(block + kind_bytes);
    notes.new_number = notes.old_number + n;
    /* The matching writes every entry of rest: what the walk left there needs no clearing. */
    fd_status status = fd_step_match_by_occurrence_noting(c, &notes);
    if (status == FD_OK && (c->flags & FD_MATCH_HAD_DUPLICATES)) status = fd_step_pair_repeats(c, &notes);
    fd_occurrence_table_destroy(&notes.table, c->allocator);
    fd_deallocate(c->allocator, block);
    return status;
}

fd_status fd_heckel(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp, size_t new_count,
                    int64_t *old_to_new, int64_t *new_to_old, fd_match_info *info, const fd_allocator *allocator) {
    if (!fd_arrays_valid(old_fp, old_count, new_fp, new_count) ||
        !fd_arrays_valid(old_to_new, old_count, new_to_old, new_count)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    fd_context c = fd_context_make(old_fp, old_count, new_fp, new_count, old_to_new, new_to_old, allocator);
    fd_status status = fd_heckel_match(&c, 1);
    if (status == FD_OK && info) {
        info->flags = c.flags;
        info->cost = 0;
        info->matched_count = fd_count_pairs(new_to_old, new_count);
    }
    return status;
}
