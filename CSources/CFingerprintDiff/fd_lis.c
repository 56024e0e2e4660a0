/* One longest strictly increasing subsequence (fd_longest_increasing_subsequence), for every
 * caller: the changeset's moves, Hunt-Szymanski, the Swift layer's sectioned diffs.
 *
 * Patience sorting with back links. Temporary memory 12 bytes per value (the piles, and the
 * stretches' starts and links). tails[p] is the position of the smallest value that ends
 * an increasing subsequence of length p + 1; a value goes to the first p whose tail is not
 * smaller, and links back to tails[p - 1]. A value equal to that tail is not placed: the
 * earlier element keeps the pile (the tie rule Hunt-Szymanski needs, where one old index
 * pairs with several new ones; values that are all distinct never tie).
 *
 * Runs: a value v that follows v - 1 at the previous position lands at p + 1 when v - 1
 * landed at p (tails hold strictly increasing integers, so tails[p + 1] >= v), and links back
 * to v - 1. So a run v, v+1, ..., v+L-1 at consecutive positions is placed in one step: one
 * search for v, then L consecutive piles, and one back link per stretch of placed elements
 * (that of its first element; the others link to the element before them). Any element whose
 * back link is the element just before it extends that element's stretch, whatever its value
 * (an ascending stretch of values with gaps, such as the anchors of fd_repeats.c, is one
 * stretch too). The subsequence is read back stretch by stretch. The result is the
 * subsequence element-by-element patience sorting finds, in O(n + k log k) for k values out
 * of order instead of O(n log n). */
#include "fd_internal.h"

#define NO_ELEMENT UINT32_MAX

/* The stretches of placed elements so far: where each starts, and its first element's back
 * link. Sized for the worst case (every value its own stretch) up front: pages never written
 * cost nothing. */
typedef struct runs {
    uint32_t *start, *link;
    size_t count;
} runs;

/* Records the back link of the element placed at `position`. An element whose link is the
 * element just before it (placed, so the last stretch ends there) extends that stretch:
 * nothing to record. */
static inline void runs_push(runs *r, size_t position, uint32_t link) {
    if (position > 0 && link == position - 1) return;
    r->start[r->count] = (uint32_t)position;
    r->link[r->count++] = link;
}

/* The first pile whose top value is >= value, where the last pile's is (piles > 0). */
static uint32_t first_pile_not_below(const int64_t *values, const uint32_t *tails, uint32_t piles, int64_t value) {
    uint32_t low = 0, high = piles - 1;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        if (values[tails[middle]] < value) low = middle + 1;
        else high = middle;
    }
    return low;
}

/* The last stretch, among the first `limit`, that starts at or before `element` (one exists):
 * galloping down from `limit`, then a binary search. O(log distance). */
static size_t stretch_of(const runs *r, size_t limit, uint32_t element) {
    if (r->start[limit - 1] <= element) return limit - 1; /* the stretch just below: usual */
    size_t step = 1, high = limit; /* the answer is below high */
    while (step < high && r->start[high - step] > element) {
        high -= step;
        step *= 2;
    }
    size_t low = step < high ? high - step : 0; /* r->start[low] <= element, or low == 0 */
    while (high - low > 1) {
        size_t middle = low + (high - low) / 2;
        if (r->start[middle] <= element) low = middle;
        else high = middle;
    }
    return low;
}

/* Marks the subsequence that ends at `last`: from each element, its stretch's elements back to
 * the stretch's start, then the start's back link. Stretches are visited in decreasing order,
 * so each search starts where the last one ended. */
static void mark_subsequence(const runs *r, uint32_t last, uint8_t *in_lis) {
    size_t limit = r->count;
    for (uint32_t element = last; element != NO_ELEMENT;) {
        size_t stretch = stretch_of(r, limit, element);
        uint32_t start = r->start[stretch];
        if (element - start < 16) {
            for (uint32_t k = start; k <= element; k++) in_lis[k] = 1;
        } else {
            memset(in_lis + start, 1, (size_t)(element - start) + 1);
        }
        element = r->link[stretch];
        limit = stretch;
    }
}

/* Places the run of `length` values from `value` at `position`, from pile `pile` on; a value
 * equal to its pile's top is not placed. Returns the new number of piles. */
static uint32_t place_run(const int64_t *values, size_t position, size_t length, int64_t value, uint32_t pile,
                          uint32_t piles, uint32_t *tails, runs *r) {
    size_t k = 0;
    while (k < length) {
        if (pile + k < piles && values[tails[pile + k]] == value + (int64_t)k) { /* a tie: keep the earlier */
            k++;
            continue;
        }
        runs_push(r, position + k, pile + k > 0 ? tails[pile + k - 1] : NO_ELEMENT);
        do {
            tails[pile + k] = (uint32_t)(position + k);
            k++;
        } while (k < length && !(pile + k < piles && values[tails[pile + k]] == value + (int64_t)k));
        if (pile + k > piles) piles = (uint32_t)(pile + k);
    }
    return piles;
}

/* Places the values from `position` on that are each above the one before it (position > 0)
 * on new piles from `piles` on; returns how many. The first eight one at a time (most
 * stretches of the repeats' gaps and Hunt-Szymanski's pairs are shorter); from there eight at
 * a time while all eight are, in a block without branches that clang vectorises, then one at
 * a time. */
static inline size_t place_ascending(const int64_t *values, size_t position, size_t count, uint32_t piles,
                                     uint32_t *tails) {
    size_t start = position;
    for (; position < count && position - start < 8 && values[position] > values[position - 1]; position++) {
        tails[piles + (position - start)] = (uint32_t)position;
    }
    if (position - start < 8) return position - start;
    while (count - position >= 8) {
        int all = 1;
        for (size_t k = 0; k < 8; k++) all &= values[position + k] > values[position + k - 1];
        if (!all) break;
        for (size_t k = 0; k < 8; k++) tails[piles + (position - start) + k] = (uint32_t)(position + k);
        position += 8;
    }
    for (; position < count && values[position] > values[position - 1]; position++) {
        tails[piles + (position - start)] = (uint32_t)position;
    }
    return position - start;
}

/* Places every value; returns the number of piles (the length). */
static uint32_t place_values(const int64_t *values, size_t count, uint32_t *tails, runs *r) {
    uint32_t piles = 0;
    for (size_t position = 0; position < count;) {
        int64_t value = values[position];
        if (value < 0) {
            position++;
            continue;
        }
        if (piles == 0 || values[tails[piles - 1]] < value) {
            /* Extends the longest, and so does each following value above the one before it
             * (the tail of the last pile is then that one): a new pile each, linked to the one
             * before. In nearly sorted input, most values. */
            runs_push(r, position, piles > 0 ? tails[piles - 1] : NO_ELEMENT);
            tails[piles++] = (uint32_t)position++;
            size_t ascending = place_ascending(values, position, count, piles, tails);
            piles += (uint32_t)ascending, position += ascending;
            continue;
        }
        size_t length = 1;
        while (position + length < count && values[position + length] == value + (int64_t)length) length++;
        uint32_t pile = first_pile_not_below(values, tails, piles, value);
        if (length == 1) { /* out of order: the common case of shuffled input */
            if (values[tails[pile]] != value) { /* pile < piles: the last pile's top is >= value */
                runs_push(r, position, pile > 0 ? tails[pile - 1] : NO_ELEMENT);
                tails[pile] = (uint32_t)position;
            }
        } else {
            piles = place_run(values, position, length, value, pile, piles, tails, r);
        }
        position += length;
    }
    return piles;
}

fd_status fd_longest_increasing_subsequence(const int64_t *values, size_t count, uint8_t *in_lis, size_t *length,
                                            const fd_allocator *allocator) {
    if ((values == NULL || in_lis == NULL) && count > 0) return FD_ERR_INVALID_ARGUMENT;
    if (count >= (size_t)UINT32_MAX - 1) return FD_ERR_TOO_LARGE;
    if (length) *length = 0;
    if (count == 0) return FD_OK;
    uint32_t *tails = fd_allocate_array(allocator, count, sizeof(uint32_t));
    uint32_t *stretches = fd_allocate_array(allocator, count, 2 * sizeof(uint32_t));
    if (tails != NULL && stretches != NULL) {
        runs r = {stretches, stretches + count, 0};
        uint32_t piles = place_values(values, count, tails, &r);
        memset(in_lis, 0, count);
        if (piles > 0) mark_subsequence(&r, tails[piles - 1], in_lis);
        if (length) *length = piles;
    }
    fd_deallocate(allocator, stretches);
    fd_deallocate(allocator, tails);
    return tails != NULL && stretches != NULL ? FD_OK : FD_ERR_NO_MEMORY;
}
