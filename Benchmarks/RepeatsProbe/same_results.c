/* Same results as another revision: prints one checksum per random case of fd_diff (Heckel,
 * with in_lis) on inputs where ids repeat, so that two builds of the C core can be compared
 * line by line (Benchmarks/repeats.sh --same-as REV). The cases mix unique ids with a small
 * alphabet of repeated ones, then delete, insert, repeat and swap: every branch of the
 * repeats' pairing runs (the occurrence-order matching standing, the gaps' searches, the
 * allocation-free bounds and the whole comparison).
 *
 *   same_results [CASES]   (default 200,000; one line per case, then the total on stderr) */
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

enum { CAPACITY = 4000 };

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
        fd_diff_options options = {FD_ALGORITHM_HECKEL, 0, 0};
        fd_diff_result result;
        fd_status status = fd_diff(old, n, new_list, m, &options, o2n, n2o, in_lis, &result, NULL);
        uint64_t hash = mix(1469598103934665603ull, (uint64_t)status);
        if (status == FD_OK) {
            for (size_t i = 0; i < n; i++) hash = mix(hash, (uint64_t)o2n[i]);
            for (size_t j = 0; j < m; j++) hash = mix(hash, in_lis[j]);
            hash = mix(hash, result.counts.moves);
        }
        printf("%zu %016llx\n", k, (unsigned long long)hash);
        total = mix(total, hash);
    }
    fprintf(stderr, "total %016llx\n", (unsigned long long)total);
    free(old);
    free(new_list);
    free(o2n);
    free(n2o);
    free(in_lis);
    return 0;
}
