#define _POSIX_C_SOURCE 199309L
/* One fd_diff call on the repeated-id shapes (those of DiffBenchmarks' "repeats" rows), for
 * Benchmarks/repeats.sh: the script builds this file against a revision's C core and counts
 * the instructions of probe_diff with callgrind; the probe prints the allocations the call
 * made (through a counting fd_allocator), its pairs and its moves.
 *
 *   repeats_probe SHAPE ALGORITHM [COUNT [TIMES]]
 *
 * With TIMES, the call runs TIMES more times (malloc's own allocator) and the probe prints the
 * fastest, in microseconds (wall time, which allocations weigh on more than instructions).
 *
 * SHAPE: unique-20 (unique old ids, about 20% of the new ids repeat old ones), quarter (n/4
 * distinct values, 5% deleted, 5% inserted), unique-20-inserted (unique-20 with n/3 new ids
 * inserted),
 * feed (a separator sharing one id every 10 rows, an ad every 25 from 4 ads, 5% removed, 5%
 * inserted, 20 swaps); and unique ids, for the core's share of the benchmark's scenarios:
 * mix (1% deleted, 1% moved, 1% inserted, as DiffBenchmarks' mix-N), dk (DifferenceKit's: 10%
 * deleted at 0.2n, 10% inserted at 0.3n, the first 2% shuffled). ALGORITHM: heckel or myers. COUNT: old elements (40000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "fingerprint_diff.h"

static uint64_t state;
static uint64_t next_random(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static size_t below(size_t bound) { return (size_t)(next_random() % bound); }

typedef struct list { uint64_t *items; size_t count; } list;

static list make(size_t capacity) { list l = {malloc(capacity * sizeof(uint64_t)), 0}; return l; }
static void push(list *l, uint64_t value) { l->items[l->count++] = value; }

/* `old` with `deleted` random elements removed and `inserted` values from `pick` inserted at
 * random places. */
static list edit(const list *old, size_t deleted, size_t inserted, uint64_t (*pick)(void)) {
    unsigned char *gone = calloc(old->count, 1);
    for (size_t k = 0; k < deleted; k++) gone[below(old->count)] = 1;
    unsigned char *before = calloc(old->count + 1, sizeof(unsigned));
    unsigned *insert_before = (unsigned *)before;
    for (size_t k = 0; k < inserted; k++) insert_before[below(old->count + 1)]++;
    list new_list = make(old->count + inserted);
    for (size_t i = 0; i <= old->count; i++) {
        for (unsigned k = 0; k < insert_before[i]; k++) push(&new_list, pick());
        if (i < old->count && !gone[i]) push(&new_list, old->items[i]);
    }
    free(gone);
    free(before);
    return new_list;
}

static uint64_t *distinct_values;
static size_t distinct_count;
static uint64_t pick_distinct(void) { return distinct_values[below(distinct_count)]; }
static uint64_t pick_fresh(void) { return next_random() | 1; }

/* Unique ids, 1% deleted, 1% moved and 1% inserted at random places (DiffBenchmarks' mix-N):
 * each row gets a sort key, its position or a random one, then the rows are sorted by it. */
typedef struct keyed { double key; uint64_t value; } keyed;
static int by_key(const void *a, const void *b) {
    double x = ((const keyed *)a)->key, y = ((const keyed *)b)->key;
    return x < y ? -1 : x > y;
}
static void build_mix(size_t n, list *old, list *new_list) {
    *old = make(n);
    for (size_t i = 0; i < n; i++) push(old, next_random() | 1);
    unsigned char *fate = calloc(n, 1); /* 1 deleted, 2 moved */
    for (unsigned char kind = 1; kind <= 2; kind++) {
        for (size_t placed = 0; placed < n / 100;) {
            size_t k = below(n);
            if (fate[k] == 0) fate[k] = kind, placed++;
        }
    }
    keyed *rows = malloc((n + n / 100) * sizeof *rows);
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        if (fate[i] == 1) continue;
        rows[count].key = fate[i] == 2 ? (double)below(n) + 0.5 : (double)i;
        rows[count++].value = old->items[i];
    }
    for (size_t k = 0; k < n / 100; k++) {
        rows[count].key = (double)below(n) + 0.25;
        rows[count++].value = next_random() | 1;
    }
    qsort(rows, count, sizeof *rows, by_key);
    *new_list = make(count);
    for (size_t k = 0; k < count; k++) push(new_list, rows[k].value);
    free(rows);
    free(fate);
}

/* Unique ids, DifferenceKit's published scenario: [0.2n, 0.3n) deleted, 0.1n new ids inserted
 * at 0.3n, the first 0.02n shuffled. */
static void build_difference_kit(size_t n, list *old, list *new_list) {
    *old = make(n);
    for (size_t i = 0; i < n; i++) push(old, next_random() | 1);
    *new_list = make(n + n / 10);
    for (size_t i = 0; i < n * 2 / 10; i++) push(new_list, old->items[i]);
    for (size_t k = 0; k < n / 10; k++) push(new_list, next_random() | 1);
    for (size_t i = n * 3 / 10; i < n; i++) push(new_list, old->items[i]);
    for (size_t k = n / 50; k > 1; k--) { /* Fisher-Yates over the first 0.02n */
        size_t r = below(k);
        uint64_t t = new_list->items[k - 1];
        new_list->items[k - 1] = new_list->items[r];
        new_list->items[r] = t;
    }
}

static void build(const char *shape, size_t n, list *old, list *new_list) {
    state = 12345;
    if (strcmp(shape, "unique-20") == 0 || strcmp(shape, "unique-20-inserted") == 0) {
        *old = make(n);
        for (size_t i = 0; i < n; i++) push(old, next_random() | 1);
        list repeated = make(n);
        for (size_t i = 0; i < n; i++) push(&repeated, old->items[i]);
        for (size_t k = 0; k < n / 5; k++) repeated.items[below(n)] = old->items[below(n)];
        if (strcmp(shape, "unique-20") == 0) {
            *new_list = repeated;
        } else {
            *new_list = edit(&repeated, 0, n / 3, pick_fresh);
            free(repeated.items);
        }
    } else if (strcmp(shape, "quarter") == 0) {
        distinct_count = n / 4;
        distinct_values = malloc(distinct_count * sizeof(uint64_t));
        for (size_t k = 0; k < distinct_count; k++) distinct_values[k] = next_random() | 1;
        *old = make(n);
        for (size_t i = 0; i < n; i++) push(old, pick_distinct());
        *new_list = edit(old, n / 20, n / 20, pick_distinct);
    } else if (strcmp(shape, "feed") == 0) {
        const uint64_t separator = 0x5E9A7A705ull, ads[4] = {0xAD1, 0xAD2, 0xAD3, 0xAD4};
        *old = make(n);
        for (size_t i = 0; i < n; i++) {
            if (i % 10 == 9) push(old, separator);
            else if (i % 25 == 24) push(old, ads[(i / 25) % 4]);
            else push(old, next_random() | 1);
        }
        *new_list = edit(old, n / 20, n / 20, pick_fresh);
        for (int k = 0; k < 20; k++) {
            size_t a = below(new_list->count), b = below(new_list->count);
            uint64_t t = new_list->items[a];
            new_list->items[a] = new_list->items[b];
            new_list->items[b] = t;
        }
    } else if (strcmp(shape, "mix") == 0) {
        build_mix(n, old, new_list);
    } else if (strcmp(shape, "dk") == 0) {
        build_difference_kit(n, old, new_list);
    } else {
        fprintf(stderr, "unknown shape %s\n", shape);
        exit(2);
    }
}

static size_t allocations, deallocations;
static void *count_allocate(void *context, size_t size) { (void)context; allocations++; return malloc(size); }
static void count_deallocate(void *context, void *pointer) { (void)context; if (pointer) deallocations++; free(pointer); }

/* The function callgrind counts in. */
__attribute__((noinline)) fd_status probe_diff(const list *old, const list *new_list, const fd_diff_options *options,
                                               int64_t *o2n, int64_t *n2o, uint8_t *in_lis, fd_diff_result *result,
                                               const fd_allocator *allocator) {
    return fd_diff(old->items, old->count, new_list->items, new_list->count, options, o2n, n2o, in_lis, result, allocator);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: repeats_probe SHAPE heckel|myers [COUNT]\n");
        return 2;
    }
    size_t n = argc > 3 ? (size_t)strtoull(argv[3], NULL, 10) : 40000;
    list old, new_list;
    build(argv[1], n, &old, &new_list);
    fd_diff_options options = {strcmp(argv[2], "myers") == 0 ? FD_ALGORITHM_MYERS : FD_ALGORITHM_HECKEL, 0, 0};
    int64_t *o2n = malloc(old.count * sizeof(int64_t)), *n2o = malloc(new_list.count * sizeof(int64_t));
    uint8_t *in_lis = malloc(new_list.count);
    fd_diff_result result;
    fd_allocator counting = {count_allocate, count_deallocate, NULL};
    fd_status status = probe_diff(&old, &new_list, &options, o2n, n2o, in_lis, &result, &counting);
    if (status != FD_OK) {
        fprintf(stderr, "fd_diff failed: %d\n", (int)status);
        return 1;
    }
    printf("%s %s old %zu new %zu pairs %zu moves %zu allocations %zu live %zd\n", argv[1], argv[2], old.count,
           new_list.count, (size_t)result.match.matched_count, (size_t)result.counts.moves, allocations,
           (ptrdiff_t)(allocations - deallocations));
    int times = argc > 4 ? atoi(argv[4]) : 0;
    double fastest = 1e30;
    for (int k = 0; k < times; k++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        probe_diff(&old, &new_list, &options, o2n, n2o, in_lis, &result, NULL);
        clock_gettime(CLOCK_MONOTONIC, &end);
        double micros = (double)(end.tv_sec - start.tv_sec) * 1e6 + (double)(end.tv_nsec - start.tv_nsec) / 1e3;
        if (micros < fastest) fastest = micros;
    }
    if (times > 0) printf("fastest of %d: %.0f us\n", times, fastest);
    return 0;
}
