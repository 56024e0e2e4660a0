/* One longest strictly increasing subsequence (fd_longest_increasing_subsequence), for every
 * caller: the changeset's moves, Hunt-Szymanski, the Swift layer's sectioned diffs;
 * fd_lis_of_matching, the same for fd_diff's matching, which also counts its pairs; and
 * fd_lis_of_segments, the same from the matching's runs, without reading it (fd_walk_lis.c).
 *
 * Patience sorting with back links. Temporary memory 12 bytes per value (the piles, and the
 * stretches' starts and links). tails[p] names the element of the smallest value that ends
 * an increasing subsequence of length p + 1; a value goes to the first p whose tail is not
 * smaller, and links back to tails[p - 1]. A value equal to that tail is not placed: the
 * earlier element keeps the pile (the tie rule Hunt-Szymanski needs, where one old index
 * pairs with several new ones; values that are all distinct never tie). An element is named
 * by its position, or, for a matching's new_to_old (fd_lis_of_matching: distinct values below
 * 2^32, old_to_new their positions), by its value: the search over the piles then reads one
 * array instead of two, a cache miss less per step at a million elements.
 *
 * Runs: a value v that follows v - 1 at the previous position lands at p + 1 when v - 1
 * landed at p (the tops' values are strictly increasing integers, so that of p + 1 is
 * >= v), and links back to v - 1. So a run v, v+1, ..., v+L-1 at consecutive positions is
 * placed in one step: one search for v, then L consecutive piles, and one back link per
 * stretch of placed elements (that of its first element; the others link to the element
 * before them). Any element whose back link is the element just before it extends that
 * element's stretch, whatever its value (an ascending stretch of values with gaps, such as
 * the anchors of fd_repeats.c, is one stretch too). The subsequence is read back stretch by
 * stretch. The result is the subsequence element-by-element patience sorting finds, in
 * O(n + k log k) for k values out of order instead of O(n log n). */
#include "fd_internal.h"

#define NO_ELEMENT UINT32_MAX

/* The stretches of placed elements so far: where each starts, and its first element's back
 * link. Sized for the worst case (every value its own stretch) up front: pages never written
 * cost nothing. */
typedef struct runs {
    uint32_t *start, *link;
    size_t count;
} runs;

/* The name of the element at `position` (see the header): its value when `by_value`. */
FD_ALWAYS_INLINE uint32_t name_of(const int64_t *values, int by_value, size_t position) {
    return by_value ? (uint32_t)values[position] : (uint32_t)position;
}

/* The value on top of `pile`. */
FD_ALWAYS_INLINE int64_t top_of(const int64_t *values, int by_value, const uint32_t *tails, uint32_t pile) {
    return by_value ? (int64_t)tails[pile] : values[tails[pile]];
}

/* Records the back link (a name) of the element placed at `position`, whose predecessor (the
 * element at position - 1) is named `previous` (NO_ELEMENT at position 0). An element whose
 * link is the element just before it (placed, so the last stretch ends there) extends that
 * stretch: nothing to record. */
FD_ALWAYS_INLINE void runs_push_after(runs *r, size_t position, uint32_t link, uint32_t previous) {
    if (link != NO_ELEMENT && link == previous) return;
    r->start[r->count] = (uint32_t)position;
    r->link[r->count++] = link;
}

/* runs_push_after with the predecessor's name read from `values` (only when it could match). */
FD_ALWAYS_INLINE void runs_push(runs *r, const int64_t *values, int by_value, size_t position, uint32_t link) {
    if (position > 0 && link != NO_ELEMENT && link == name_of(values, by_value, position - 1)) return;
    runs_push_after(r, position, link, NO_ELEMENT);
}

/* From this many piles on, first_pile_not_below interpolates instead of searching in halves. */
enum { INTERPOLATION_MIN_PILES = 4096 };

/* The first pile among 0...last whose top value is >= value, where that of `last` is and that
 * of pile 0 is not. The tops are strictly increasing integers, usually spread evenly over
 * their range (a matching's old offsets, a few missing or moved): the pile whose top would be
 * `value` if they were spread exactly evenly is the guess; then steps of 1, 2, 4, ... from it
 * towards the answer, and a binary search between the last two. A few cache lines around the
 * guess instead of a miss per level of a binary search over a million piles. O(log distance
 * from the guess). */
static uint32_t first_pile_not_below_interpolating(const int64_t *values, int by_value, const uint32_t *tails,
                                                   uint32_t last, int64_t value) {
    int64_t first_top = top_of(values, by_value, tails, 0), last_top = top_of(values, by_value, tails, last);
    uint32_t guess = (uint32_t)((double)(value - first_top) / (double)(last_top - first_top) * (double)last);
    if (guess < 1) guess = 1;
    if (guess > last) guess = last;
    uint32_t below, above; /* top(below) < value <= top(above) */
    if (top_of(values, by_value, tails, guess) >= value) {
        above = guess, below = 0;
        for (uint64_t step = 1; step < above; step *= 2) { /* 64 bits: no wrap to 0 */
            if (top_of(values, by_value, tails, above - (uint32_t)step) < value) {
                below = above - (uint32_t)step;
                break;
            }
            above -= (uint32_t)step;
        }
    } else {
        below = guess, above = last;
        for (uint64_t step = 1; step < last - below; step *= 2) {
            if (top_of(values, by_value, tails, below + (uint32_t)step) >= value) {
                above = below + (uint32_t)step;
                break;
            }
            below += (uint32_t)step;
        }
    }
    while (above - below > 1) {
        uint32_t middle = below + (above - below) / 2;
        if (top_of(values, by_value, tails, middle) < value) below = middle;
        else above = middle;
    }
    return above;
}

/* The first pile whose top value is >= value, where the last pile's is (piles > 0). The last
 * two piles first: the value after one that went on a new pile, out of order, is usually
 * below it and above the pile before (a moved element and the next one in place). Then, up to
 * INTERPOLATION_MIN_PILES piles, a binary search whose probes are at multiples of powers of
 * two, the same from one search to the next, so that its first levels stay in the cache while
 * the piles grow; from there first_pile_not_below_interpolating. */
FD_ALWAYS_INLINE uint32_t first_pile_not_below(const int64_t *values, int by_value, const uint32_t *tails,
                                               uint32_t piles, int64_t value) {
    if (piles == 1 || top_of(values, by_value, tails, piles - 2) < value) return piles - 1;
    if (piles - 2 >= INTERPOLATION_MIN_PILES) {
        if (top_of(values, by_value, tails, 0) >= value) return 0;
        return first_pile_not_below_interpolating(values, by_value, tails, piles - 2, value);
    }
    uint32_t below = 0; /* the piles before `below` have tops < value */
    uint32_t step = 1;
    while (step <= (piles - 2) / 2) step *= 2;
    for (; step > 0; step /= 2) {
        if (below + step <= piles - 2 && top_of(values, by_value, tails, below + step - 1) < value) below += step;
    }
    return below;
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

/* Writes `mark` to the `count` bytes at `marks`: a loop for a few (most stretches and gaps of
 * small lists), memset for more. */
static inline void fill_marks(uint8_t *marks, uint8_t mark, size_t count) {
    if (count < 16) {
        for (size_t k = 0; k < count; k++) marks[k] = mark;
    } else {
        memset(marks, mark, count);
    }
}

/* The position of the element `name` names (NO_ELEMENT stays): `position_of` its value's, or
 * NULL when names are positions. */
static inline uint32_t position_named(const int64_t *position_of, uint32_t name) {
    return position_of == NULL || name == NO_ELEMENT ? name : (uint32_t)position_of[name];
}

/* From this many elements mark_subsequence also prefetches 16 stretches below (see there). */
enum { MARK_FAR_PREFETCH_MIN = 1 << 18 };

/* Writes the marks of the elements before `end`: 1 for the subsequence that ends at the
 * element named `last` (none when it is NO_ELEMENT), 0 for the others. From each element, its
 * stretch's elements back to the stretch's start, then the start's back link. Stretches are
 * visited in decreasing order, so each search starts where the last one ended; the elements
 * between two marked stretches are cleared on the way, so that every mark is written once.
 * Named by value, each step reads position_of at a link, a miss at a million: the links of
 * the stretches 8 below are prefetched, and from MARK_FAR_PREFETCH_MIN elements (position_of
 * 2 MB and more) those 16 below too (the chain skips the stretches of moved elements, about
 * half of them on mix-1M, so 8 below alone is often only a few steps ahead: about 2% of fd_diff
 * on DiffBenchmarks' mix-1M row). */
FD_ALWAYS_INLINE void mark_subsequence(const runs *r, const int64_t *position_of, uint32_t last, size_t end,
                             uint8_t *in_lis) {
    size_t limit = r->count;
    const int far = position_of != NULL && end >= MARK_FAR_PREFETCH_MIN;
    for (uint32_t element = position_named(position_of, last); element != NO_ELEMENT;) {
        size_t stretch = stretch_of(r, limit, element);
        uint32_t start = r->start[stretch];
        /* the usual next ones: a miss each */
        if (position_of != NULL && stretch >= 8 && r->link[stretch - 8] != NO_ELEMENT) {
            FD_PREFETCH(position_of + r->link[stretch - 8]);
        }
        if (far && stretch >= 16 && r->link[stretch - 16] != NO_ELEMENT) {
            FD_PREFETCH(position_of + r->link[stretch - 16]);
        }
        fill_marks(in_lis + (size_t)element + 1, 0, end - element - 1);
        fill_marks(in_lis + start, 1, (size_t)(element - start) + 1);
        end = start;
        element = position_named(position_of, r->link[stretch]);
        limit = stretch;
    }
    fill_marks(in_lis, 0, end);
}

/* The name of the element at `position` holding `value` (names are values or positions). */
FD_ALWAYS_INLINE uint32_t name_at(int by_value, size_t position, int64_t value) {
    return by_value ? (uint32_t)value : (uint32_t)position;
}

/* Places the run of `length` values from `value` at `position`, from pile `pile` on; a value
 * equal to its pile's top is not placed. `previous` names the element before the run. Returns
 * the new number of piles. */
FD_ALWAYS_INLINE uint32_t place_run(const int64_t *values, int by_value, size_t position, size_t length,
                                    int64_t value, uint32_t pile, uint32_t piles, uint32_t *tails, runs *r,
                                    uint32_t previous) {
    size_t k = 0;
    while (k < length) {
        if (pile + k < piles && top_of(values, by_value, tails, pile + k) == value + (int64_t)k) {
            k++; /* a tie: keep the earlier */
            continue;
        }
        runs_push_after(r, position + k, pile + k > 0 ? tails[pile + k - 1] : NO_ELEMENT,
                        k > 0 ? name_at(by_value, position + k - 1, value + (int64_t)k - 1) : previous);
        do {
            tails[pile + k] = name_at(by_value, position + k, value + (int64_t)k);
            k++;
        } while (k < length &&
                 !(pile + k < piles && top_of(values, by_value, tails, pile + k) == value + (int64_t)k));
        if (pile + k > piles) piles = (uint32_t)(pile + k);
    }
    return piles;
}

/* Places the values from `position` on that are each above the one before it (position > 0)
 * on new piles from `piles` on; returns how many. The first eight one at a time (most
 * stretches of the repeats' gaps and Hunt-Szymanski's pairs are shorter); from there eight at
 * a time while all eight are, in a block without branches that clang vectorises, then one at
 * a time. */
FD_ALWAYS_INLINE size_t place_ascending(const int64_t *values, int by_value, size_t position, size_t count,
                                        uint32_t piles, uint32_t *tails) {
    size_t start = position;
    for (; position < count && position - start < 8 && values[position] > values[position - 1]; position++) {
        tails[piles + (position - start)] = name_of(values, by_value, position);
    }
    if (position - start < 8) return position - start;
    while (count - position >= 8) {
        int all = 1;
        for (size_t k = 0; k < 8; k++) all &= values[position + k] > values[position + k - 1];
        if (!all) break;
        for (size_t k = 0; k < 8; k++) {
            tails[piles + (position - start) + k] = name_of(values, by_value, position + k);
        }
        position += 8;
    }
    for (; position < count && values[position] > values[position - 1]; position++) {
        tails[piles + (position - start)] = name_of(values, by_value, position);
    }
    return position - start;
}

/* Places every value from `first` on; returns the number of piles (the length), and counts
 * the values < 0 (skipped: only this branch sees them) into *negative. */
FD_ALWAYS_INLINE uint32_t place_values(const int64_t *values, int by_value, size_t first, size_t count,
                                      uint32_t *tails, runs *r, size_t *negative) {
    uint32_t piles = 0;
    for (size_t position = first; position < count;) {
        int64_t value = values[position];
        if (value < 0) {
            ++*negative;
            position++;
            continue;
        }
        if (piles == 0 || top_of(values, by_value, tails, piles - 1) < value) {
            /* Extends the longest, and so does each following value above the one before it
             * (the tail of the last pile is then that one): a new pile each, linked to the one
             * before. In nearly sorted input, most values. */
            runs_push(r, values, by_value, position, piles > 0 ? tails[piles - 1] : NO_ELEMENT);
            tails[piles++] = name_of(values, by_value, position++);
            size_t ascending = place_ascending(values, by_value, position, count, piles, tails);
            piles += (uint32_t)ascending, position += ascending;
            continue;
        }
        size_t length = 1;
        while (position + length < count && values[position + length] == value + (int64_t)length) length++;
        uint32_t pile = first_pile_not_below(values, by_value, tails, piles, value);
        if (length == 1) { /* out of order: the common case of shuffled input */
            /* pile < piles: the last pile's top is >= value */
            if (top_of(values, by_value, tails, pile) != value) {
                runs_push(r, values, by_value, position, pile > 0 ? tails[pile - 1] : NO_ELEMENT);
                tails[pile] = name_of(values, by_value, position);
            }
        } else {
            piles = place_run(values, by_value, position, length, value, pile, piles, tails, r,
                              position > 0 ? name_of(values, by_value, position - 1) : NO_ELEMENT);
        }
        position += length;
    }
    return piles;
}

/* place_values with elements named by their positions, and by their values (two copies, each
 * without the other's branches). */
static uint32_t place_values_by_position(const int64_t *values, size_t first, size_t count, uint32_t *tails, runs *r,
                                         size_t *negative) {
    return place_values(values, 0, first, count, tails, r, negative);
}

static uint32_t place_values_by_value(const int64_t *values, size_t first, size_t count, uint32_t *tails, runs *r,
                                      size_t *negative) {
    return place_values(values, 1, first, count, tails, r, negative);
}

/* The piles and the stretches of one subsequence of at most `count` elements (12 bytes each). */
typedef struct piles_and_runs {
    uint32_t *tails;
    runs r;
} piles_and_runs;

/* Allocates them; 0 when memory is exhausted (then give_back frees what was taken). */
static int take(piles_and_runs *p, size_t count, const fd_allocator *allocator) {
    p->tails = fd_allocate_array(allocator, count, sizeof(uint32_t));
    uint32_t *stretches = fd_allocate_array(allocator, count, 2 * sizeof(uint32_t));
    p->r = (runs){stretches, stretches ? stretches + count : NULL, 0};
    return p->tails != NULL && stretches != NULL;
}

static void give_back(piles_and_runs *p, const fd_allocator *allocator) {
    fd_deallocate(allocator, p->r.start);
    fd_deallocate(allocator, p->tails);
}

/* Places the pairs of `segments` (see fd_lis_of_segments), named by their values; returns the
 * number of piles. The placements of place_values on the new_to_old the segments describe: a
 * segment above the last pile's top goes on new piles (place_values' ascending stretch does
 * the same one element at a time), any other through first_pile_not_below and place_run. A
 * run that place_values would place at once, split between two segments, lands on the same
 * piles: the value after v - 1 goes to the pile after v - 1's (see the header), which is where
 * first_pile_not_below finds it. Reads no element of new_to_old. */
static uint32_t place_segments(const fd_segment *segments, size_t count, uint32_t *tails, runs *r) {
    uint32_t piles = 0;
    size_t end = 0;             /* one past the last segment */
    uint32_t last = NO_ELEMENT; /* the name of the element at end - 1 */
    for (size_t k = 0; k < count; k++) {
        size_t position = segments[k].position, length = segments[k].length;
        int64_t value = segments[k].value;
        uint32_t previous = position == end ? last : NO_ELEMENT; /* an unmatched element: none */
        if (piles == 0 || (int64_t)tails[piles - 1] < value) {
            runs_push_after(r, position, piles > 0 ? tails[piles - 1] : NO_ELEMENT, previous);
            for (size_t q = 0; q < length; q++) tails[piles + q] = (uint32_t)value + (uint32_t)q;
            piles += (uint32_t)length;
        } else {
            uint32_t pile = first_pile_not_below(NULL, 1, tails, piles, value);
            piles = place_run(NULL, 1, position, length, value, pile, piles, tails, r, previous);
        }
        end = position + length;
        last = (uint32_t)(value + (int64_t)length - 1);
    }
    return piles;
}

fd_status fd_lis_of_segments(const fd_segment *segments, size_t segment_count, size_t pairs, size_t new_count,
                             const int64_t *old_to_new, uint8_t *in_lis, size_t *length,
                             const fd_allocator *allocator) {
    *length = 0;
    if (pairs == 0) {
        memset(in_lis, 0, new_count);
        return FD_OK;
    }
    piles_and_runs p;
    int taken = take(&p, pairs, allocator);
    if (taken) {
        uint32_t piles = place_segments(segments, segment_count, p.tails, &p.r);
        mark_subsequence(&p.r, old_to_new, piles > 0 ? p.tails[piles - 1] : NO_ELEMENT, new_count, in_lis);
        *length = piles;
    }
    give_back(&p, allocator);
    return taken ? FD_OK : FD_ERR_NO_MEMORY;
}

/* The subsequence of `values`, whose elements are named by their values (position_of their
 * positions) or, when position_of is NULL, by their positions; counts the values >= 0 into
 * *pairs (optional). Allocates nothing when no value is >= 0. */
static fd_status lis(const int64_t *values, size_t count, const int64_t *position_of, uint8_t *in_lis,
                     size_t *length, size_t *pairs, const fd_allocator *allocator) {
    if ((values == NULL || in_lis == NULL) && count > 0) return FD_ERR_INVALID_ARGUMENT;
    if (count >= (size_t)UINT32_MAX - 1) return FD_ERR_TOO_LARGE;
    if (length) *length = 0;
    if (pairs) *pairs = 0;
    if (count == 0) return FD_OK;
    size_t first = 0;
    while (first < count && values[first] < 0) first++;
    if (first == count) {
        memset(in_lis, 0, count);
        return FD_OK;
    }
    piles_and_runs p;
    int taken = take(&p, count, allocator);
    if (taken) {
        size_t negative = first;
        uint32_t piles = position_of ? place_values_by_value(values, first, count, p.tails, &p.r, &negative)
                                     : place_values_by_position(values, first, count, p.tails, &p.r, &negative);
        mark_subsequence(&p.r, position_of, piles > 0 ? p.tails[piles - 1] : NO_ELEMENT, count, in_lis);
        if (length) *length = piles;
        if (pairs) *pairs = count - negative;
    }
    give_back(&p, allocator);
    return taken ? FD_OK : FD_ERR_NO_MEMORY;
}

fd_status fd_lis_of_matching(const int64_t *new_to_old, size_t new_count, const int64_t *old_to_new,
                             size_t old_count, uint8_t *in_lis, size_t *length, size_t *pairs,
                             const fd_allocator *allocator) {
    const int64_t *position_of = old_count < (size_t)UINT32_MAX - 1 ? old_to_new : NULL;
    return lis(new_to_old, new_count, position_of, in_lis, length, pairs, allocator);
}

fd_status fd_longest_increasing_subsequence(const int64_t *values, size_t count, uint8_t *in_lis, size_t *length,
                                            const fd_allocator *allocator) {
    return lis(values, count, NULL, in_lis, length, NULL, allocator);
}
