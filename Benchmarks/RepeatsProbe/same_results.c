/* Same results as another revision: prints one checksum per random case of fd_diff (Heckel,
 * with in_lis; matching, moves and flags) on inputs where ids repeat, so that two builds of the C core can be compared
 * line by line (Benchmarks/repeats.sh --same-as REV). The cases mix unique ids with a small
 * alphabet of repeated ones, then delete, insert, repeat and swap: every branch of the
 * repeats' pairing runs (the occurrence-order matching standing, the gaps' searches, the
 * allocation-free bounds and the whole comparison).
 *
 * Then UNIQUE_CASES cases of unique ids (the walk's path, where the duplicate check decides):
 * edits of 0 to 2,000 elements, one case in 500 of 30,000 to 40,000 (both sides of the check's
 * small-range threshold), one case in 3 with one repeated id planted on either side.
 *
 *   same_results [CASES]   (default 200,000, then 50,000 of unique ids; one line per case,
 *                           then the total on stderr) */
#include "fingerprint_diff.h"
#include <stdio.h>
#include <stdlib.h>

static uint64_t state = 12345;
static uint64_t next_random(void) { /* SplitMix64 */
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static size_t below(size_t bound) { return (size_t)(next_random() % bound); }
static uint64_t mix(uint64_t hash, uint64_t value) { return (hash ^ value) * 1099511628211ull; } /* FNV-1a step */

enum { CAPACITY = 4000, UNIQUE_CASES = 50000, UNIQUE_CAPACITY = 90000 };

/* The checksum of one fd_diff call: status, matching, in_lis, moves and flags. */
static uint64_t checksum(const uint64_t *old, size_t n, const uint64_t *new_list, size_t m, int64_t *o2n, int64_t *n2o,
                         uint8_t *in_lis) {
    fd_diff_options options = {FD_ALGORITHM_HECKEL, 0, 0};
    fd_diff_result result;
    fd_status status = fd_diff(old, n, new_list, m, &options, o2n, n2o, in_lis, &result, NULL);
    uint64_t hash = mix(1469598103934665603ull, (uint64_t)status);
    if (status == FD_OK) {
        for (size_t i = 0; i < n; i++) hash = mix(hash, (uint64_t)o2n[i]);
        for (size_t j = 0; j < m; j++) hash = mix(hash, in_lis[j]);
        hash = mix(hash, result.counts.moves);
        hash = mix(hash, result.match.flags);
    }
    return hash;
}

/* Unique ids (1000 + a shuffled order's position), a few deleted, inserted, moved; one case in
 * three repeats one id on a random side. Returns the new count. */
static size_t unique_case(size_t k, uint64_t *old, size_t n, uint64_t *new_list) {
    for (size_t i = 0; i < n; i++) old[i] = 1000 + 2 * i;
    for (size_t i = n; i > 1; i--) {
        size_t r = below(i);
        uint64_t t = old[i - 1];
        old[i - 1] = old[r];
        old[r] = t;
    }
    size_t m = 0, rate = 1 + below(30);
    for (size_t i = 0; i < n; i++) {
        size_t r = below(1000);
        if (r < rate) continue;                                  /* deleted */
        if (r < 2 * rate) new_list[m++] = 1001 + 2 * below(n + 50); /* inserted (odd: new) */
        new_list[m++] = old[i];
    }
    for (size_t s = below(m * rate / 1000 + 2); s > 0 && m > 1; s--) { /* moved */
        size_t a = below(m), b = below(m);
        uint64_t t = new_list[a];
        new_list[a] = new_list[b];
        new_list[b] = t;
    }
    if (k % 3 == 0 && n > 1 && m > 1) {
        if (below(2)) old[below(n)] = old[below(n)];
        else new_list[below(m)] = new_list[below(m)];
    }
    return m;
}

int main(int argc, char **argv) {
    size_t cases = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 200000;
    uint64_t total = 1469598103934665603ull;
    uint64_t *old = malloc(CAPACITY * sizeof *old), *new_list = malloc(CAPACITY * sizeof *new_list);
    int64_t *o2n = malloc(CAPACITY * sizeof *o2n), *n2o = malloc(CAPACITY * sizeof *n2o);
    uint8_t *in_lis = malloc(CAPACITY);
    if (!old || !new_list || !o2n || !n2o || !in_lis) return 1;
    for (size_t k = 0; k < cases; k++) {
        size_t n = below(k % 10 == 0 ? 2000 : 120), m = 0;
        size_t uniques = 1 + below(n + 1), alphabet = 1 + below(12);
        for (size_t i = 0; i < n; i++) {
            old[i] = below(100) < (k % 7) * 15 ? 1 + below(alphabet) : 1000 + below(uniques * 3);
        }
        for (size_t i = 0; i < n && m < CAPACITY - 100; i++) {
            size_t r = below(100);
            if (r < 10) continue; /* deleted */
            if (r < 20) new_list[m++] = 1 + below(alphabet); /* a repeated id inserted */
            if (r < 25) new_list[m++] = 1000 + below(uniques * 3); /* an id inserted */
            new_list[m++] = old[i];
        }
        size_t swaps = below(m / 4 + 1);
        for (size_t s = 0; s < swaps && m > 1; s++) {
            size_t a = below(m), b = below(m);
            uint64_t kept = new_list[a];
            new_list[a] = new_list[b];
            new_list[b] = kept;
        }
        uint64_t hash = checksum(old, n, new_list, m, o2n, n2o, in_lis);
        printf("%zu %016llx\n", k, (unsigned long long)hash);
        total = mix(total, hash);
    }
    uint64_t *unique_old = malloc(UNIQUE_CAPACITY * sizeof *old), *unique_new = malloc(2 * UNIQUE_CAPACITY * sizeof *old);
    int64_t *unique_o2n = malloc(UNIQUE_CAPACITY * sizeof *o2n), *unique_n2o = malloc(2 * UNIQUE_CAPACITY * sizeof *n2o);
    uint8_t *unique_in_lis = malloc(2 * UNIQUE_CAPACITY);
    if (!unique_old || !unique_new || !unique_o2n || !unique_n2o || !unique_in_lis) return 1;
    for (size_t k = 0; k < UNIQUE_CASES; k++) {
        size_t n = k % 500 == 499 ? 30000 + below(10001) : below(2001);
        size_t m = unique_case(k, unique_old, n, unique_new);
        uint64_t hash = checksum(unique_old, n, unique_new, m, unique_o2n, unique_n2o, unique_in_lis);
        printf("u%zu %016llx\n", k, (unsigned long long)hash);
        total = mix(total, hash);
    }
    fprintf(stderr, "total %016llx\n", (unsigned long long)total);
    free(unique_old);
    free(unique_new);
    free(unique_o2n);
    free(unique_n2o);
    free(unique_in_lis);
    free(old);
    free(new_list);
    free(o2n);
    free(n2o);
    free(in_lis);
    return 0;
}
