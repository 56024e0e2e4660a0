/* One longest strictly increasing subsequence (fd_longest_increasing_subsequence), for every
 * caller: the changeset's moves, Hunt-Szymanski, the Swift layer's sectioned diffs.
 *
 * Patience sorting with back links. tails[p] is the position of the smallest value that ends
 * an increasing subsequence of length p + 1; a value goes to the first p whose tail is not
 * smaller, and links back to tails[p - 1]. A value equal to that tail is not placed: the
 * earlier element keeps the pile (the tie rule Hunt-Szymanski needs, where one old index
 * pairs with several new ones; values that are all distinct never tie).
 *
 * Runs: a value v that follows v - 1 at the previous position lands at p + 1 when v - 1
 * landed at p (tails hold strictly increasing integers, so tails[p + 1] >= v), and links back
 * to v - 1. So a run v, v+1, ..., v+L-1 at consecutive positions is placed in one step: one
 * search for v, then L consecutive piles, and one back link per stretch of placed elements
 * (that of its first element; the others link to the element before them). The subsequence is
 * read back stretch by stretch. The result is the subsequence element-by-element patience
 * sorting finds, in O(n + k log k) for k values out of order instead of O(n log n). */
#include "fd_internal.h"

#define NO_ELEMENT UINT32_MAX

/* The stretches of placed elements so far: where each starts, and its first element's back
 * link. */
typedef struct runs {
    uint32_t *start, *link;
    size_t count, capacity;
} runs;

static int runs_push(runs *r, size_t start, uint32_t link, const fd_allocator *allocator) {
    if (r->count == r->capacity) {
        size_t capacity = r->capacity ? 2 * r->capacity : 1024;
        uint32_t *block = fd_allocate_array(allocator, capacity, 2 * sizeof(uint32_t));
        if (block == NULL) return 0;
        if (r->count > 0) {
            memcpy(block, r->start, r->count * sizeof(uint32_t));
            memcpy(block + capacity, r->link, r->count * sizeof(uint32_t));
        }
        fd_deallocate(allocator, r->start);
        r->start = block, r->link = block + capacity, r->capacity = capacity;
    }
    r->start[r->count] = (uint32_t)start;
    r->link[r->count++] = link;
    return 1;
}

/* The first pile (in [0, piles)) whose top value is >= value. */
static uint32_t first_pile_not_below(const int64_t *values, const uint32_t *tails, uint32_t piles, int64_t value) {
    if (piles == 0 || values[tails[piles - 1]] < value) return piles; /* extends the longest: most values */
    uint32_t low = 0, high = piles - 1;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        if (values[tails[middle]] < value) low = middle + 1;
        else high = middle;
    }
    return low;
}

/* Marks the subsequence that ends at `last`: from each element, its run's elements back to
 * the run's start, then the start's back link. Runs are visited in decreasing order, so the
 * run of an element is found by a pointer that only moves down. */
static void mark_subsequence(const runs *r, uint32_t last, uint8_t *in_lis) {
    size_t run = r->count;
    for (uint32_t element = last; element != NO_ELEMENT;) {
        while (r->start[run - 1] > element) run--;
        uint32_t start = r->start[run - 1];
        memset(in_lis + start, 1, (size_t)(element - start) + 1);
        element = r->link[run - 1];
    }
}

/* Places the run of `length` values from `value` at `position`, from pile `pile` on; a value
 * equal to its pile's top is not placed. Returns the new number of piles, or -1 without memory. */
static int64_t place_run(const int64_t *values, size_t position, size_t length, int64_t value, uint32_t pile,
                         uint32_t piles, uint32_t *tails, runs *r, const fd_allocator *allocator) {
    size_t k = 0;
    while (k < length) {
        if (pile + k < piles && values[tails[pile + k]] == value + (int64_t)k) { /* a tie: keep the earlier */
            k++;
            continue;
        }
        if (!runs_push(r, position + k, pile + k > 0 ? tails[pile + k - 1] : NO_ELEMENT, allocator)) return -1;
        do {
            tails[pile + k] = (uint32_t)(position + k);
            k++;
        } while (k < length && !(pile + k < piles && values[tails[pile + k]] == value + (int64_t)k));
        if (pile + k > piles) piles = (uint32_t)(pile + k);
    }
    return piles;
}

/* Places every value; returns the number of piles (the length), or -1 without memory. */
static int64_t place_values(const int64_t *values, size_t count, uint32_t *tails, runs *r, const fd_allocator *allocator) {
    int64_t piles = 0;
    for (size_t position = 0; position < count && piles >= 0;) {
        int64_t value = values[position];
        if (value < 0) {
            position++;
            continue;
        }
        size_t length = 1;
        while (position + length < count && values[position + length] == value + (int64_t)length) length++;
        uint32_t pile = first_pile_not_below(values, tails, (uint32_t)piles, value);
        piles = place_run(values, position, length, value, pile, (uint32_t)piles, tails, r, allocator);
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
    runs r = {NULL, NULL, 0, 0};
    uint32_t *tails = fd_allocate_array(allocator, count, sizeof(uint32_t));
    int64_t piles = tails == NULL ? -1 : place_values(values, count, tails, &r, allocator);
    if (piles >= 0) {
        memset(in_lis, 0, count);
        if (piles > 0) mark_subsequence(&r, tails[piles - 1], in_lis);
        if (length) *length = (size_t)piles;
    }
    fd_deallocate(allocator, r.start);
    fd_deallocate(allocator, tails);
    return piles >= 0 ? FD_OK : FD_ERR_NO_MEMORY;
}
