/* Invariant checks of the C core on decoded fuzzer inputs (see core_fuzz_check.h). */
#include "core_fuzz_check.h"
#include "fingerprint_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef CORE_FUZZ_SYSTEM_XXHASH
#define XXH_INLINE_ALL
#include <xxhash.h>
#endif

#define FAIL(...)                                                 \
    do {                                                          \
        snprintf(message, message_capacity, __VA_ARGS__);         \
        result = 1;                                               \
        goto done;                                                \
    } while (0)

typedef struct failing_allocator {
    long fail_at;
    long count;
    long live;
} failing_allocator;

static void *failing_allocate(void *context, size_t size) {
    failing_allocator *state = context;
    if (state->count++ == state->fail_at) return NULL;
    state->live++;
    return malloc(size);
}

static void failing_deallocate(void *context, void *pointer) {
    if (pointer == NULL) return;
    ((failing_allocator *)context)->live--;
    free(pointer);
}

/* Length of a longest common subsequence by the O(nm) dynamic programme. */
static size_t lcs_length(const uint64_t *a, size_t n, const uint64_t *b, size_t m) {
    size_t *row = calloc(m + 1, sizeof *row);
    if (row == NULL) return (size_t)-1;
    for (size_t i = 1; i <= n; i++) {
        size_t diagonal = 0;
        for (size_t j = 1; j <= m; j++) {
            size_t above = row[j];
            row[j] = a[i - 1] == b[j - 1] ? diagonal + 1 : (row[j] > row[j - 1] ? row[j] : row[j - 1]);
            diagonal = above;
        }
    }
    size_t length = row[m];
    free(row);
    return length;
}

/* Length of a longest strictly increasing subsequence of the old offsets in new order (the
 * entries >= 0): patience sorting with a binary search, O(m log m). Written apart from the
 * core's own (fd_lis.c), which it checks. */
static size_t lis_length(const int64_t *new_to_old, size_t m) {
    int64_t *tops = malloc((m + 1) * sizeof *tops);
    if (tops == NULL) return (size_t)-1;
    size_t piles = 0;
    for (size_t j = 0; j < m; j++) {
        int64_t value = new_to_old[j];
        if (value < 0) continue;
        size_t low = 0, high = piles; /* the first pile whose top is >= value */
        while (low < high) {
            size_t middle = low + (high - low) / 2;
            if (tops[middle] < value) low = middle + 1;
            else high = middle;
        }
        tops[low] = value;
        if (low == piles) piles++;
    }
    free(tops);
    return piles;
}

/* A value and where it is, to sort a list by value, then position. */
typedef struct placed_value {
    uint64_t value;
    size_t position;
} placed_value;

static int compare_placed(const void *left, const void *right) {
    const placed_value *a = left, *b = right;
    if (a->value != b->value) return a->value < b->value ? -1 : 1;
    return a->position < b->position ? -1 : a->position > b->position;
}

/* `values` sorted by value, then position; NULL when memory ran out. */
static placed_value *sorted_by_value(const uint64_t *values, size_t count) {
    placed_value *sorted = malloc((count + 1) * sizeof *sorted);
    if (sorted == NULL) return NULL;
    for (size_t k = 0; k < count; k++) sorted[k] = (placed_value){values[k], k};
    qsort(sorted, count, sizeof *sorted, compare_placed);
    return sorted;
}

/* Occurrence order, by sorting both lists: occurrence[j] is the old partner of new element j
 * (the k-th old occurrence of its value with the k-th new one) or -1. Returns the number of
 * pairs, the sum over values of min(occurrences in a, occurrences in b), or (size_t)-1 when
 * memory ran out. O((n + m) log(n + m)), so that lopsided inputs (a few elements against
 * hundreds of thousands) check as fast as any other. */
static size_t occurrence_order(const uint64_t *a, size_t n, const uint64_t *b, size_t m, int64_t *occurrence) {
    placed_value *old_sorted = sorted_by_value(a, n), *new_sorted = sorted_by_value(b, m);
    size_t pairs = (size_t)-1;
    if (old_sorted != NULL && new_sorted != NULL) {
        pairs = 0;
        for (size_t j = 0; j < m; j++) occurrence[j] = -1;
        for (size_t i = 0, j = 0; i < n && j < m;) {
            if (old_sorted[i].value < new_sorted[j].value) i++;
            else if (old_sorted[i].value > new_sorted[j].value) j++;
            else {
                occurrence[new_sorted[j++].position] = (int64_t)old_sorted[i++].position;
                pairs++;
            }
        }
    }
    free(old_sorted);
    free(new_sorted);
    return pairs;
}

/* The sum over values of min(occurrences in a, occurrences in b), or (size_t)-1 when memory
 * ran out (occurrence_order's count). */
static size_t matchable(const uint64_t *a, size_t n, const uint64_t *b, size_t m) {
    int64_t *occurrence = malloc((m + 1) * sizeof *occurrence);
    if (occurrence == NULL) return (size_t)-1;
    size_t pairs = occurrence_order(a, n, b, m, occurrence);
    free(occurrence);
    return pairs;
}

/* Edit mode: old is `count` values (distinct, or from `alphabet` when it is not 0), new comes
 * from old by the edits in `edits` (see core_fuzz_check.h). Returns the lengths, or 0 on
 * allocation failure. */
static int build_edited(const uint8_t *edits, size_t edit_count, size_t count, uint64_t alphabet,
                        uint64_t **old_out, size_t *n_out, uint64_t **new_out, size_t *m_out) {
    size_t capacity = count + 64 * edit_count + 1;
    uint64_t *old_fp = malloc((count + 1) * sizeof *old_fp), *new_fp = malloc(capacity * sizeof *new_fp);
    if (!old_fp || !new_fp) { free(old_fp); free(new_fp); return 0; }
    uint64_t fresh = 1000003;
    for (size_t i = 0; i < count; i++) old_fp[i] = alphabet ? (uint64_t)(i * 2654435761u) % alphabet : i * 7919 + 13;
    size_t cursor = 0, m = 0;
    for (size_t k = 0; k < edit_count; k++) {
        size_t amount = 1 + edits[k] / 4;
        switch (edits[k] & 3) {
        case 0: for (size_t t = 0; t < amount && cursor < count; t++) new_fp[m++] = old_fp[cursor++]; break;
        case 1: cursor = cursor + amount < count ? cursor + amount : count; break;
        case 2: for (size_t t = 0; t < amount; t++) new_fp[m++] = alphabet ? fresh++ % alphabet : fresh++; break;
        default:
            if (cursor + amount < count) { /* old[cursor] goes `amount` places on */
                uint64_t moved = old_fp[cursor++];
                for (size_t t = 0; t < amount - 1 && cursor < count; t++) new_fp[m++] = old_fp[cursor++];
                new_fp[m++] = moved;
            }
        }
    }
    while (cursor < count) new_fp[m++] = old_fp[cursor++];
    *old_out = old_fp, *n_out = count, *new_out = new_fp, *m_out = m;
    return 1;
}

/* Whether the diffs k and l (matching, moves, counts, flags) are the same. */
static int same_diff(int64_t *const *o2n, int64_t *const *n2o, uint8_t *const *lis, const fd_diff_result *results,
                     int k, int l, size_t n, size_t m) {
    return !memcmp(o2n[k], o2n[l], n * sizeof(int64_t)) && !memcmp(n2o[k], n2o[l], m * sizeof(int64_t)) &&
           !memcmp(lis[k], lis[l], m) && !memcmp(&results[k].counts, &results[l].counts, sizeof results[k].counts) &&
           results[k].match.flags == results[l].match.flags;
}

/* The walk and the table-only path must agree exactly; with FD_DIFF_UNIQUE_FINGERPRINTS, the
 * walk's result when the walk found no repeat (the guarantee kept, as far as it matters: a
 * fingerprint repeated among new elements absent from old is no repeat there), else a
 * consistent matching (the guarantee broken): 0, or 1 with a message. */
static int check_walk_equals_table(const uint64_t *old_fp, size_t n, const uint64_t *new_fp, size_t m,
                                   char *message, size_t message_capacity) {
    enum { RUNS = 3 };
    static const uint32_t flags[RUNS] = {0, FD_DIFF_TABLE_ONLY, FD_DIFF_UNIQUE_FINGERPRINTS};
    int64_t *o2n[RUNS], *n2o[RUNS];
    uint8_t *lis[RUNS];
    fd_diff_result results[RUNS];
    int failed = 0;
    for (int k = 0; k < RUNS; k++) {
        o2n[k] = malloc((n + 1) * sizeof(int64_t)), n2o[k] = malloc((m + 1) * sizeof(int64_t)), lis[k] = malloc(m + 1);
        if (!o2n[k] || !n2o[k] || !lis[k]) failed = 1;
    }
    if (failed) snprintf(message, message_capacity, "test harness out of memory");
    for (int k = 0; k < RUNS && !failed; k++) {
        fd_diff_options options = {FD_ALGORITHM_HECKEL, flags[k], 0};
        if (fd_diff(old_fp, n, new_fp, m, &options, o2n[k], n2o[k], lis[k], &results[k], NULL) != FD_OK) {
            snprintf(message, message_capacity, "fd_diff failed");
            failed = 1;
        }
    }
    if (!failed && !same_diff(o2n, n2o, lis, results, 0, 1, n, m)) {
        snprintf(message, message_capacity, "the walk differs from the table-only path (old %zu, new %zu)", n, m);
        failed = 1;
    }
    int unique = !failed && !(results[0].match.flags & FD_MATCH_HAD_DUPLICATES);
    if (!failed && (unique ? !same_diff(o2n, n2o, lis, results, 0, 2, n, m)
                           : fd_matching_check(old_fp, n, new_fp, m, o2n[2], n2o[2]) != FD_OK)) {
        snprintf(message, message_capacity, "the unique-fingerprints guarantee (%s) changed the result (old %zu, new %zu)",
                 unique ? "kept" : "broken", n, m);
        failed = 1;
    }
    for (int k = 0; k < RUNS; k++) { free(o2n[k]); free(n2o[k]); free(lis[k]); }
    return failed;
}

/* The package's XXH3 against its portable build and (when compiled in) libxxhash, on the
 * input's bytes at offsets 0-3 with four seeds. */
static int check_xxh3(const uint8_t *data, size_t size, char *message, size_t message_capacity) {
    uint64_t first = 0;
    if (size >= 8) memcpy(&first, data, 8);
    const uint64_t seeds[4] = {0, 1, first, first | ((uint64_t)1 << 63)};
    for (size_t offset = 0; offset < 4 && offset <= size; offset++) {
        for (int k = 0; k < 4; k++) {
            size_t length = size - offset;
            uint64_t packaged = fd_xxh3_64bits_with_seed(data + offset, length, seeds[k]);
            uint64_t portable = core_fuzz_xxh3_portable(data + offset, length, seeds[k]);
            if (packaged != portable) {
                snprintf(message, message_capacity, "XXH3 of %zu bytes, seed %llx: %llx, portable build %llx",
                         length, (unsigned long long)seeds[k], (unsigned long long)packaged, (unsigned long long)portable);
                return 1;
            }
#ifdef CORE_FUZZ_SYSTEM_XXHASH
            uint64_t system = XXH3_64bits_withSeed(data + offset, length, seeds[k]);
            if (packaged != system) {
                snprintf(message, message_capacity, "XXH3 of %zu bytes, seed %llx: %llx, libxxhash %llx",
                         length, (unsigned long long)seeds[k], (unsigned long long)packaged, (unsigned long long)system);
                return 1;
            }
#endif
            if (k == 0 && packaged != fd_xxh3_64bits(data + offset, length)) {
                snprintf(message, message_capacity, "XXH3 of %zu bytes: seed 0 differs from no seed", length);
                return 1;
            }
        }
    }
    return 0;
}

/* fd_first_old_occurrences against its definition, read from both lists sorted by value: every
 * element gets the first old element of its value, -1 for a new one whose value old lacks.
 * 0, or 1 with a message. */
static int check_first_old_occurrences(const uint64_t *old_fp, size_t n, const uint64_t *new_fp, size_t m,
                                const int64_t *old_first, const int64_t *new_first, char *message,
                                size_t message_capacity) {
    placed_value *old_sorted = sorted_by_value(old_fp, n), *new_sorted = sorted_by_value(new_fp, m);
    int failed = old_sorted == NULL || new_sorted == NULL;
    if (failed) snprintf(message, message_capacity, "test harness out of memory");
    for (size_t i = 0, j = 0; !failed && (i < n || j < m);) {
        uint64_t value = i < n && (j >= m || old_sorted[i].value <= new_sorted[j].value) ? old_sorted[i].value
                                                                                         : new_sorted[j].value;
        size_t old_end = i, new_end = j;
        while (old_end < n && old_sorted[old_end].value == value) old_end++;
        while (new_end < m && new_sorted[new_end].value == value) new_end++;
        int64_t expected = old_end > i ? (int64_t)old_sorted[i].position : -1;
        for (size_t k = i; k < old_end && !failed; k++) {
            if (old_first[old_sorted[k].position] != expected) {
                snprintf(message, message_capacity, "first old occurrences: old %zu has %lld, expected %lld",
                         old_sorted[k].position, (long long)old_first[old_sorted[k].position], (long long)expected);
                failed = 1;
            }
        }
        for (size_t k = j; k < new_end && !failed; k++) {
            if (new_first[new_sorted[k].position] != expected) {
                snprintf(message, message_capacity, "first old occurrences: new %zu has %lld, expected %lld",
                         new_sorted[k].position, (long long)new_first[new_sorted[k].position], (long long)expected);
                failed = 1;
            }
        }
        i = old_end, j = new_end;
    }
    free(old_sorted);
    free(new_sorted);
    return failed;
}

/* What a caller that holds identities relies on (the Swift layer's confirmation): the values are
 * the identities, their fingerprints those values with the last bit dropped (each odd value
 * collides with the even one below it). When every pair Heckel makes on the fingerprints joins
 * equal values, and every old element and every unpaired new element has the value of the
 * first old element fd_first_old_occurrences gives it, Heckel's result (matching and moves) is
 * the one of the values themselves. Also checks the output itself (check_first_old_occurrences) on
 * both. 0, or 1 with a message. */
static int check_confirmed_by_first_occurrences(const uint64_t *old_fp, size_t n, const uint64_t *new_fp, size_t m,
                                     char *message, size_t message_capacity) {
    uint64_t *old_coarse = malloc((n + 1) * sizeof *old_coarse), *new_coarse = malloc((m + 1) * sizeof *new_coarse);
    int64_t *old_first = malloc((n + 1) * sizeof *old_first), *new_first = malloc((m + 1) * sizeof *new_first);
    int64_t *o2n[2] = {malloc((n + 1) * sizeof(int64_t)), malloc((n + 1) * sizeof(int64_t))};
    int64_t *n2o[2] = {malloc((m + 1) * sizeof(int64_t)), malloc((m + 1) * sizeof(int64_t))};
    uint8_t *lis[2] = {malloc(m + 1), malloc(m + 1)};
    fd_diff_result results[2];
    int failed = 0;
    if (!old_coarse || !new_coarse || !old_first || !new_first || !o2n[0] || !o2n[1] || !n2o[0] || !n2o[1] || !lis[0] ||
        !lis[1]) {
        snprintf(message, message_capacity, "test harness out of memory");
        failed = 1;
        goto done;
    }
    for (size_t i = 0; i < n; i++) old_coarse[i] = old_fp[i] >> 1;
    for (size_t j = 0; j < m; j++) new_coarse[j] = new_fp[j] >> 1;
    for (int exact = 0; exact < 2 && !failed; exact++) {
        const uint64_t *a = exact ? old_fp : old_coarse, *b = exact ? new_fp : new_coarse;
        if (fd_first_old_occurrences(a, n, b, m, old_first, new_first, NULL) != FD_OK) {
            snprintf(message, message_capacity, "fd_first_old_occurrences failed");
            failed = 1;
        } else {
            failed = check_first_old_occurrences(a, n, b, m, old_first, new_first, message, message_capacity);
        }
    }
    for (int k = 0; k < 2 && !failed; k++) {
        if (fd_diff(k ? old_fp : old_coarse, n, k ? new_fp : new_coarse, m, NULL, o2n[k], n2o[k], lis[k], &results[k],
                    NULL) != FD_OK) {
            snprintf(message, message_capacity, "fd_diff failed");
            failed = 1;
        }
    }
    if (failed) goto done;
    /* old_first and new_first hold the coarse first occurrences again. */
    fd_first_old_occurrences(old_coarse, n, new_coarse, m, old_first, new_first, NULL);
    int confirmed = 1;
    for (size_t i = 0; i < n && confirmed; i++) {
        confirmed = (o2n[0][i] < 0 || old_fp[i] == new_fp[o2n[0][i]]) && old_fp[i] == old_fp[old_first[i]];
    }
    for (size_t j = 0; j < m && confirmed; j++) {
        confirmed = n2o[0][j] >= 0 || new_first[j] < 0 || new_fp[j] == old_fp[new_first[j]];
    }
    if (confirmed && (memcmp(o2n[0], o2n[1], n * sizeof(int64_t)) || memcmp(n2o[0], n2o[1], m * sizeof(int64_t)) ||
                      memcmp(lis[0], lis[1], m) || results[0].counts.moves != results[1].counts.moves)) {
        snprintf(message, message_capacity,
                 "confirmed pairs and shared fingerprints, yet heckel on colliding fingerprints differs (old %zu, new %zu)",
                 n, m);
        failed = 1;
    }
done:
    free(old_coarse); free(new_coarse); free(old_first); free(new_first);
    free(o2n[0]); free(o2n[1]); free(n2o[0]); free(n2o[1]); free(lis[0]); free(lis[1]);
    return failed;
}

int core_fuzz_check(const uint8_t *data, size_t size, char *message, size_t message_capacity) {
    int result = 0;
    message[0] = '\0';
    if (check_xxh3(data, size, message, message_capacity) != 0) return 1;
    uint8_t mode = size > 0 ? data[0] : 0;
    size_t split_byte = size > 1 ? data[1] : 128;
    long fail_at = size > 2 ? data[2] : -1;
    const uint8_t *elements = size > 3 ? data + 3 : data + size;
    size_t element_count = size > 3 ? size - 3 : 0;
    static const uint64_t alphabets[4] = {2, 8, 64, 256};
    uint64_t alphabet = alphabets[mode & 3];
    int huge = (mode >> 2) & 1;
    unsigned budget_code = (mode >> 3) & 7;
    uint64_t cost_limit = budget_code ? ((uint64_t)1 << (2 * budget_code)) : 0;
    int inject = (mode >> 6) & 1;

    size_t n = element_count * split_byte / 255, m = element_count - n;
    uint64_t *old_fp = NULL, *new_fp = NULL;
    int edit_mode = (mode >> 7) & 1;
    if (edit_mode) {
        /* Distinct values, no injection, byte 2 at 255: 40,000 more, so that both sides together
         * pass the duplicate check's small-range bound (its sieve, fd_duplicates_sieve.c). */
        size_t old_count = 16 * split_byte + 1 + (!inject && fail_at == 255 && (mode & 3) ? 40000 : 0);
        if (!build_edited(elements, element_count, old_count, (mode & 3) ? 0 : 5, &old_fp, &n, &new_fp, &m)) {
            old_fp = new_fp = NULL;
        }
    } else {
        old_fp = malloc((n + 1) * sizeof *old_fp);
        new_fp = malloc((m + 1) * sizeof *new_fp);
    }
    uint64_t *old_content = malloc((n + 1) * sizeof *old_content), *new_content = malloc((m + 1) * sizeof *new_content);
    int64_t *o2n = malloc((n + 1) * sizeof *o2n), *n2o = malloc((m + 1) * sizeof *n2o);
    fd_changeset changeset;
    memset(&changeset, 0, sizeof changeset);
    uint64_t *applied = malloc((m + 1) * sizeof *applied);
    uint8_t *leaves = calloc(n + 1, 1), *filled = calloc(m + 1, 1);
    if (!old_fp || !new_fp || !old_content || !new_content || !o2n || !n2o || !applied || !leaves || !filled) {
        FAIL("test harness out of memory");
    }
    if (edit_mode) {
        for (size_t i = 0; i < n; i++) old_content[i] = old_fp[i] & 1;
        for (size_t j = 0; j < m; j++) new_content[j] = (new_fp[j] >> 1) & 1;
        if (huge) {
            for (size_t i = 0; i < n; i++) old_fp[i] = UINT64_MAX - old_fp[i];
            for (size_t j = 0; j < m; j++) new_fp[j] = UINT64_MAX - new_fp[j];
        }
    } else {
        for (size_t k = 0; k < element_count; k++) {
            uint64_t value = elements[k] % alphabet;
            if (huge) value = UINT64_MAX - value;
            uint64_t content = (elements[k] / alphabet) % 2;
            if (k < n) { old_fp[k] = value; old_content[k] = content; }
            else { new_fp[k - n] = value; new_content[k - n] = content; }
        }
    }
    int small = n * m <= 250000;
    if (check_walk_equals_table(old_fp, n, new_fp, m, message, message_capacity) ||
        check_confirmed_by_first_occurrences(old_fp, n, new_fp, m, message, message_capacity)) {
        result = 1;
        goto done;
    }

    /* Heckel: consistent; every fingerprint paired min(old, new) times; never more moves than
     * occurrence order (the k-th old occurrence with the k-th new one), and exactly occurrence
     * order when no fingerprint repeats. */
    fd_match_info info;
    if (fd_heckel(old_fp, n, new_fp, m, o2n, n2o, &info, NULL) != FD_OK) FAIL("fd_heckel failed");
    if (fd_matching_check(old_fp, n, new_fp, m, o2n, n2o) != FD_OK) FAIL("heckel matching inconsistent");
    {
        int64_t *occurrence = malloc((m + 1) * sizeof *occurrence);
        if (occurrence == NULL) FAIL("out of memory");
        size_t pairs_expected = occurrence_order(old_fp, n, new_fp, m, occurrence), matched = 0;
        for (size_t j = 0; j < m; j++) matched += n2o[j] >= 0;
        size_t heckel_staying = lis_length(n2o, m), occurrence_staying = lis_length(occurrence, m);
        int differs = 0;
        for (size_t j = 0; j < m; j++) differs |= n2o[j] != occurrence[j];
        free(occurrence);
        if (pairs_expected == (size_t)-1 || heckel_staying == (size_t)-1 || occurrence_staying == (size_t)-1) {
            FAIL("out of memory");
        }
        if (matched != pairs_expected) {
            FAIL("heckel pairs %zu, every fingerprint min(old, new): %zu", matched, pairs_expected);
        }
        if (heckel_staying < occurrence_staying) {
            FAIL("heckel keeps %zu in place, occurrence order %zu: more moves", heckel_staying, occurrence_staying);
        }
        if (differs && !(info.flags & FD_MATCH_HAD_DUPLICATES)) FAIL("no fingerprint repeats, yet heckel is not occurrence order");
    }

    /* Myers: consistent, monotone, longest unless the budget ran out; then the rest by occurrence. */
    if (fd_myers(old_fp, n, new_fp, m, o2n, n2o, cost_limit, &info, NULL) != FD_OK) FAIL("fd_myers failed");
    if (fd_matching_check(old_fp, n, new_fp, m, o2n, n2o) != FD_OK) FAIL("myers matching inconsistent");
    int64_t last = -1;
    for (size_t i = 0; i < n; i++) {
        if (o2n[i] < 0) continue;
        if (o2n[i] <= last) FAIL("myers matching not monotone at old %zu", i);
        last = o2n[i];
    }
    if (small && !(info.flags & FD_MATCH_COST_LIMIT_REACHED) && info.matched_count != lcs_length(old_fp, n, new_fp, m)) {
        FAIL("myers matched %zu, LCS is %zu", info.matched_count, lcs_length(old_fp, n, new_fp, m));
    }
    if (fd_match_remaining(old_fp, n, new_fp, m, o2n, n2o, &info, NULL) != FD_OK) FAIL("fd_match_remaining failed");
    if (fd_matching_check(old_fp, n, new_fp, m, o2n, n2o) != FD_OK) FAIL("remaining matching inconsistent");
    if (info.matched_count != matchable(old_fp, n, new_fp, m)) FAIL("not every matchable pair matched");

    /* Changeset: applying it to old gives new; minimal moves for the matching; exact updates. */
    if (fd_changeset_make(o2n, n, n2o, m, old_content, new_content, &changeset, NULL) != FD_OK) FAIL("fd_changeset_make failed");
    if (changeset.deletion_count != n - info.matched_count || changeset.insertion_count != m - info.matched_count) FAIL("counts");
    if (changeset.move_count != info.matched_count - lis_length(n2o, m)) FAIL("moves not minimal for the matching");
    for (size_t k = 0; k < changeset.deletion_count; k++) leaves[changeset.deletions[k]] = 1;
    for (size_t k = 0; k < changeset.insertion_count; k++) {
        applied[changeset.insertions[k]] = new_fp[changeset.insertions[k]];
        filled[changeset.insertions[k]] = 1;
    }
    for (size_t k = 0; k < changeset.move_count; k++) {
        if (k > 0 && changeset.moves[k].from <= changeset.moves[k - 1].from) FAIL("moves not sorted");
        leaves[changeset.moves[k].from] = 1;
        if (filled[changeset.moves[k].to]) FAIL("two elements land at %lld", (long long)changeset.moves[k].to);
        applied[changeset.moves[k].to] = old_fp[changeset.moves[k].from];
        filled[changeset.moves[k].to] = 1;
    }
    size_t slot = 0;
    for (size_t i = 0; i < n; i++) {
        if (leaves[i]) continue;
        while (slot < m && filled[slot]) slot++;
        if (slot >= m) FAIL("more elements stay than fit");
        applied[slot] = old_fp[i];
        filled[slot++] = 1;
    }
    for (size_t j = 0; j < m; j++) {
        if (!filled[j] || applied[j] != new_fp[j]) FAIL("applying the changeset does not give new at %zu", j);
    }
    size_t updates = 0;
    for (size_t i = 0; i < n; i++) updates += o2n[i] >= 0 && old_content[i] != new_content[o2n[i]];
    if (updates != changeset.update_count) FAIL("updates are not exactly the changed pairs");

    /* An injected allocation failure is reported and leaks nothing. */
    if (inject) {
        failing_allocator state = {fail_at, 0, 0};
        fd_allocator allocator = {failing_allocate, failing_deallocate, &state};
        fd_changeset other;
        memset(&other, 0, sizeof other);
        fd_status s1 = fd_heckel(old_fp, n, new_fp, m, o2n, n2o, NULL, &allocator);
        fd_status s2 = fd_myers(old_fp, n, new_fp, m, o2n, n2o, cost_limit, NULL, &allocator);
        fd_status s3 = s2 == FD_OK ? fd_changeset_make(o2n, n, n2o, m, NULL, NULL, &other, &allocator) : FD_OK;
        fd_changeset_free(&other, &allocator);
        /* o2n and n2o serve as fd_first_old_occurrences' outputs. */
        fd_status s4 = fd_first_old_occurrences(old_fp, n, new_fp, m, o2n, n2o, &allocator);
        if ((s1 != FD_OK && s1 != FD_ERR_NO_MEMORY) || (s2 != FD_OK && s2 != FD_ERR_NO_MEMORY) ||
            (s3 != FD_OK && s3 != FD_ERR_NO_MEMORY) || (s4 != FD_OK && s4 != FD_ERR_NO_MEMORY)) {
            FAIL("allocation failure reported as another error");
        }
        if (state.live != 0) FAIL("%ld allocations leaked after an allocation failure", state.live);
    }

done:
    fd_changeset_free(&changeset, NULL);
    free(old_fp); free(new_fp); free(old_content); free(new_content);
    free(o2n); free(n2o); free(applied); free(leaves); free(filled);
    return result;
}
