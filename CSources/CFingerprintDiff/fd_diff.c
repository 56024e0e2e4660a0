/* fd_diff: the matching of two lists and its moves in one call, so that a binding crosses
 * into C once per diff. */
#include "fd_internal.h"

/* The matching of options->algorithm into the context. */
static fd_status match(fd_context *c, const fd_diff_options *options) {
    if (options->algorithm == FD_ALGORITHM_HECKEL) {
        return fd_heckel_match(c, !(options->flags & FD_DIFF_TABLE_ONLY));
    }
    fd_match_info info;
    fd_status status = fd_myers(c->old_fp, c->old_count, c->new_fp, c->new_count, c->old_to_new, c->new_to_old,
                                options->cost_limit, &info, c->allocator);
    if (status != FD_OK) return status;
    c->flags = info.flags;
    c->cost = info.cost;
    return fd_match_remaining(c->old_fp, c->old_count, c->new_fp, c->new_count, c->old_to_new, c->new_to_old,
                              NULL, c->allocator);
}

fd_status fd_diff(const uint64_t *old_fp, size_t old_count, const uint64_t *new_fp, size_t new_count,
                  const fd_diff_options *options, int64_t *old_to_new, int64_t *new_to_old, uint8_t *in_lis,
                  fd_diff_result *result, const fd_allocator *allocator) {
    static const fd_diff_options heckel = {FD_ALGORITHM_HECKEL, 0, 0};
    if (options == NULL) options = &heckel;
    const int with_moves = !(options->flags & FD_DIFF_MATCHING_ONLY);
    if (result == NULL || !fd_arrays_valid(old_fp, old_count, new_fp, new_count) ||
        !fd_arrays_valid(old_to_new, old_count, new_to_old, new_count) || (with_moves && in_lis == NULL && new_count > 0)) {
        return FD_ERR_INVALID_ARGUMENT;
    }
    memset(result, 0, sizeof *result);
    fd_context c = fd_context_make(old_fp, old_count, new_fp, new_count, old_to_new, new_to_old, allocator);
    if (with_moves) c.in_lis = in_lis;
    c.fingerprints_unique = (options->flags & FD_DIFF_UNIQUE_FINGERPRINTS) != 0;
    fd_status status = match(&c, options);
    size_t matched = 0, staying = 0;
    if (status == FD_OK && with_moves && !c.lis_ready) {
        /* Counts the pairs in the same pass over new_to_old. */
        status = fd_lis_of_matching(new_to_old, new_count, old_to_new, old_count, in_lis, &staying, &matched,
                                    allocator);
    } else if (status == FD_OK) {
        matched = c.lis_ready && c.pair_count > 0 ? c.pair_count : fd_count_pairs(new_to_old, new_count);
        staying = matched;
        if (with_moves && matched == 0) {
            memset(in_lis, 0, new_count); /* nothing matched: nothing stays */
        } else if (with_moves) {
            /* The matching step computed one already (the repeats' pairing, on its final
             * matching): the subsequence patience sorting finds on the whole list, whose common
             * prefix stays. */
            staying = c.lis_length;
        }
    }
    if (status != FD_OK) return status;
    result->match = (fd_match_info){c.flags, c.cost, matched};
    result->counts = (fd_changeset_counts){old_count - matched, new_count - matched, matched - staying, 0};
    return FD_OK;
}
