/* The common prefix and suffix of a range, matched position by position (fd_step_unmatch,
 * fd_step_match_common_prefix, fd_step_match_common_suffix). Myers strips both ends; Heckel
 * the prefix (it is exactly what occurrence order matches there), the suffix only within its
 * walk, whose result is checked. */
#include "fd_internal.h"

void fd_step_unmatch(fd_context *c, fd_range range) {
    for (size_t i = range.old_begin; i < range.old_end; i++) c->old_to_new[i] = -1;
    for (size_t j = range.new_begin; j < range.new_end; j++) c->new_to_old[j] = -1;
}

/* The shorter side's length in the range: how far a common end can reach. */
static size_t shorter_side(fd_range range) {
    size_t old_length = range.old_end - range.old_begin, new_length = range.new_end - range.new_begin;
    return old_length < new_length ? old_length : new_length;
}

fd_range fd_step_match_common_prefix(fd_context *c, fd_range range) {
    size_t length = fd_match_aligned(c, range.old_begin, range.new_begin, shorter_side(range), 1);
    range.old_begin += length, range.new_begin += length;
    return range;
}

fd_range fd_step_match_common_suffix(fd_context *c, fd_range range) {
    size_t length = fd_match_aligned(c, range.old_end, range.new_end, shorter_side(range), 0);
    range.old_end -= length, range.new_end -= length;
    return range;
}
