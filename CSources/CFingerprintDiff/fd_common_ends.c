/* The common prefix and suffix of a range, matched position by position (fd_step_unmatch,
 * fd_step_match_common_prefix, fd_step_match_common_suffix). Myers strips both ends; Heckel
 * the prefix (it is exactly what occurrence order matches there), the suffix only within its
 * walk, whose result is checked. */
#include "fd_internal.h"

void fd_step_unmatch(fd_context *c, fd_range range) {
    for (size_t i = range.old_begin; i < range.old_end; i++) c->old_to_new[i] = -1;
    for (size_t j = range.new_begin; j < range.new_end; j++) c->new_to_old[j] = -1;
}

fd_range fd_step_match_common_prefix(fd_context *c, fd_range range) {
    while (range.old_begin < range.old_end && range.new_begin < range.new_end &&
           c->old_fp[range.old_begin] == c->new_fp[range.new_begin]) {
        fd_pair(c, range.old_begin++, range.new_begin++);
    }
    return range;
}

fd_range fd_step_match_common_suffix(fd_context *c, fd_range range) {
    while (range.old_begin < range.old_end && range.new_begin < range.new_end &&
           c->old_fp[range.old_end - 1] == c->new_fp[range.new_end - 1]) {
        fd_pair(c, --range.old_end, --range.new_end);
    }
    return range;
}
