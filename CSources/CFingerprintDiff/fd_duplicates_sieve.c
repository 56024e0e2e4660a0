/* The duplicate check on large ranges (fd_sieve_repeats, for fd_step_find_duplicates in
 * fd_duplicates.c): whether a value occurs twice among up to millions of fingerprints, exactly,
 * without a table of all of them. A sieve of three passes, the first two over one bitmap that
 * stays in the cache: 2^k bits (k at most 32), at least 16 per value up to 512 KiB (262,144
 * values), else at least 8, a value's bit the top k bits of its mixed value:
 *  1. each value sets its bit; a value that finds it set already lists it (4 bytes per bit;
 *     about 1 value in 33 to 65 with no repeat, 1 in 16 to 33 above 262,144 values);
 *  2. the listed bits are set in a coarser bitmap, 32 to 63 bits per listed bit (see
 *     COARSE_BITS_PER_LISTED; a listed bit sets the bit of its top bits): the values whose
 *     coarse bit is set are the candidates (each repeated value among them, and at most about
 *     one value in 32 besides: 1 in 40 to 60 measured);
 *  3. the candidates go through an exact open-addressing set; from SIEVED_CANDIDATES_MIN of
 *     them (a set of 512 KiB and more, which misses the cache), first through a second sieve
 *     on other bits.
 * When at least a quarter of the values list their bit (a quarter of them repeats, or
 * fingerprints chosen to collide), every bit is set: every value is a candidate (and from
 * SIEVED_CANDIDATES_MIN values on goes through the second sieve). When pass 2 keeps as many
 * candidates as its bound (fingerprints chosen to fill the coarse bits), it runs again on the
 * listed bits themselves, which keep at most two values per listed bit.
 *
 * Each pass 1 value costs one read-modify-write of one byte, its bit found by a shift; the
 * coarse bitmap of pass 2 is all that is cleared between the passes, and stays in the cache
 * where pass 1's (a megabyte at a million values) would not. The second sieve keeps the exact
 * set of pass 3 small enough for the cache at a million values (about 2,000 candidates instead
 * of 132,000): it takes about 4% off fd_diff on mix-1M's shape (DiffBenchmarks' mix-1M row), and
 * changes nothing at 100,000.
 *
 * The set is not an instance of fd_occurrence_table, on purpose: its slots hold the values
 * themselves (a candidate is found or placed by reading one slot), where the occurrence
 * table's slots hold a tag and an index into `keys`, read in a second place (that second read
 * costs this step 12-15% more instructions on the dk100k and feed-1k rows of
 * `make instructions`). */
#include "fd_internal.h"

/* A bitmap of the sieve: 2^(64 - shift) bits, a byte's eight at a time. */
typedef struct bitmap {
    uint8_t *bytes;
    unsigned shift; /* a value's bit: the top 64 - shift bits of its mixed value */
} bitmap;

/* The bitmap is passed by value, and the loops below read their arrays through local
 * pointers: a byte store may alias anything, so a field read through a pointer is read again
 * from memory after every update (perf, DifferenceKit's shape at 100,000: with pointers the
 * check took 1.09 times the time of fingerprinting both lists, 1.00 without). */
static inline uint64_t bit_of(bitmap map, uint64_t value) { return fd_mix(value) >> map.shift; }

/* Sets `bit` of `map`. */
static inline void set_bit(bitmap map, uint64_t bit) { map.bytes[bit >> 3] |= (uint8_t)(1u << (bit & 7)); }

/* Pass 1 for one value: sets its bit, and lists the bit when it was set already; returns the
 * list's new length. Without branches: whether a bit was set is a coin toss the processor
 * cannot predict, so every bit is written to the list and kept only then. */
static inline size_t see(bitmap map, uint64_t value, uint32_t *listed, size_t length) {
    uint64_t bit = bit_of(map, value);
    uint8_t mask = (uint8_t)(1u << (bit & 7)), *byte = map.bytes + (bit >> 3);
    size_t was = (*byte & mask) != 0;
    *byte |= mask;
    listed[length] = (uint32_t)bit;
    return length + was;
}

/* Pass 1 over `count` consecutive values, until `capacity` bits are listed; returns the list's
 * length. Out of its caller (FD_NEVER_INLINE), where its variables stay in registers (inlined,
 * three are read from the stack at every value, and the check takes about 8% longer on
 * DifferenceKit's shape at 100,000). */
FD_NEVER_INLINE size_t see_values(bitmap map, const uint64_t *values, size_t count, uint32_t *listed, size_t length,
                                  size_t capacity) {
    for (size_t k = 0; k < count && length < capacity; k++) length = see(map, values[k], listed, length);
    return length;
}

static inline size_t is_candidate(bitmap map, uint64_t value) {
    uint64_t bit = bit_of(map, value);
    return (map.bytes[bit >> 3] >> (bit & 7)) & 1;
}

/* Pass 2 over `count` consecutive values: writes each at the end of the candidates and keeps
 * it when its bit is set in `map` (branchless), until `capacity` are kept; returns how many. */
static size_t gather_candidates(bitmap map, const uint64_t *values, size_t count, uint64_t *candidates, size_t kept,
                                size_t capacity) {
    for (size_t k = 0; k < count && kept < capacity; k++) {
        uint64_t value = values[k];
        candidates[kept] = value;
        kept += is_candidate(map, value);
    }
    return kept;
}

/* From this many slots (1 MB) pass 3's set prefetches (see exact_set_repeats); smaller sets
 * stay in the cache (DifferenceKit's shape at 100,000: about 32,000 slots). After the second
 * sieve, a set this large takes more than about 4 million values, or crafted fingerprints. */
enum { PREFETCHED_SET_SLOTS = 1 << 17 };

/* Pass 3: whether two of the candidates are equal, through an exact set. From
 * PREFETCHED_SET_SLOTS slots, the slot of the candidate FD_PREFETCH_DISTANCE ahead is
 * prefetched: such a set misses the cache at nearly every probe, and the loop, which stops at
 * the first repeat, does not run far enough ahead on its own (about 1.5% of DiffBenchmarks'
 * mix-1M row, measured without the second sieve). */
static fd_status exact_set_repeats(const uint64_t *candidates, size_t count, const fd_allocator *allocator,
                                   int *found) {
    /* A value's slot is the top bits of fd_mix_other's product, not of fd_mix's, which the
     * sieve's candidates share (that is how they became candidates); top bits rather than bits
     * 32 and up, which integer keys with 32 trailing zero bits (Doubles, shifted ids) all share */
    const fd_set_size size = fd_set_size_for(count);
    const size_t capacity = size.capacity;
    const unsigned shift = size.shift;
    uint64_t *set = fd_allocate_array(allocator, capacity, sizeof(uint64_t));
    if (set == NULL) return FD_ERR_NO_MEMORY;
    memset(set, 0, capacity * sizeof(uint64_t));
    size_t zeros = 0; /* 0 marks an empty slot, so the value 0 is counted aside */
    for (size_t k = 0; k < count && !*found; k++) {
        if (capacity >= PREFETCHED_SET_SLOTS && k + FD_PREFETCH_DISTANCE < count) {
            FD_PREFETCH(set + (size_t)(fd_mix_other(candidates[k + FD_PREFETCH_DISTANCE]) >> shift));
        }
        uint64_t value = candidates[k];
        if (value == 0) {
            *found = ++zeros > 1;
            continue;
        }
        size_t position = (size_t)(fd_mix_other(value) >> shift);
        while (set[position] != 0 && set[position] != value) position = (position + 1) & (capacity - 1);
        *found = set[position] == value;
        set[position] = value;
    }
    fd_deallocate(allocator, set);
    return FD_OK;
}

/* From this many candidates (an exact set of 512 KiB and more, which misses the cache) the
 * first sieve's go through a second one before the set; below it the set alone is faster (pass
 * 3 measured alone at 20,000 random candidates). SIEVE_REMIX, odd, multiplies them first: a
 * bijection, so they repeat exactly when they did, and the top bits of their mixed values, the
 * second sieve's bits, are no longer the ones the first sieve found alike. */
enum { SIEVED_CANDIDATES_MIN = 1 << 15 };
#define SIEVE_REMIX UINT64_C(0x94D049BB133111EB)
_Static_assert(SIEVE_REMIX & 1, "an odd multiplier is a bijection of the 64-bit values");

static fd_status sieve(fd_value_lists values, const fd_allocator *allocator, int level, int *found);

/* Pass 3 of sieve `level` on its `count` candidates (rewritten in place for a second sieve). */
static fd_status candidates_repeat(uint64_t *candidates, size_t count, const fd_allocator *allocator, int level,
                                   int *found) {
    if (level > 1 || count < SIEVED_CANDIDATES_MIN) return exact_set_repeats(candidates, count, allocator, found);
    for (size_t k = 0; k < count; k++) candidates[k] *= SIEVE_REMIX;
    fd_value_lists remixed = {{candidates, NULL}, {count, 0}};
    return sieve(remixed, allocator, level + 1, found);
}

/* Passes 2 and 3: the values whose bit `map` has set go through pass 3, with room for
 * `capacity` of them: when they fill it, *overflowed, and no pass 3. Where they cannot
 * overflow, callers give one more than the most there can be. */
static fd_status check_candidates(fd_value_lists values, bitmap map, size_t capacity, const fd_allocator *allocator,
                                  int level, int *overflowed, int *found) {
    uint64_t *candidates = fd_allocate_array(allocator, capacity, sizeof(uint64_t));
    if (candidates == NULL) return FD_ERR_NO_MEMORY;
    size_t kept = 0;
    for (int list = 0; list < 2; list++) {
        kept = gather_candidates(map, values.items[list], values.counts[list], candidates, kept, capacity);
    }
    *overflowed = kept == capacity;
    fd_status status = *overflowed ? FD_OK : candidates_repeat(candidates, kept, allocator, level, found);
    fd_deallocate(allocator, candidates);
    return status;
}

/* Pass 2's bitmap has at least COARSE_BITS_PER_LISTED bits per listed bit (the next power of
 * two: 32 to 63 per listed bit), at least 2^COARSE_BITS_LOG2_MIN and at most pass 1's. */
enum { COARSE_BITS_PER_LISTED = 32, COARSE_BITS_LOG2_MIN = 9 };

/* Passes 2 and 3 after pass 1 listed `length` bits (at least one, fewer than a quarter of the
 * values) of `map`, among `count` values: first through the coarse bitmap, in the first bytes
 * of `map`'s; when that keeps as many as its bound (two values per listed bit, one value in 16
 * and 64: fingerprints chosen to fill coarse bits), again through `map` with exactly the
 * listed bits set, which keeps at most two values per listed bit (the one that set it, and the
 * one that listed it). */
static fd_status check_listed_bits(fd_value_lists values, size_t count, bitmap map, const uint32_t *listed,
                                   size_t length, const fd_allocator *allocator, int level, int *found) {
    unsigned bits_log2 = 64 - map.shift, coarse_log2 = COARSE_BITS_LOG2_MIN;
    while (coarse_log2 < bits_log2 && ((uint64_t)1 << coarse_log2) < COARSE_BITS_PER_LISTED * (uint64_t)length) {
        coarse_log2++;
    }
    /* Below 2^9 bits (never here: the sieve sees at least 32,768 values), inside `map` still. */
    if (coarse_log2 > bits_log2) coarse_log2 = bits_log2;
    bitmap coarse = {map.bytes, 64 - coarse_log2};
    memset(coarse.bytes, 0, (size_t)1 << (coarse_log2 - 3));
    for (size_t k = 0; k < length; k++) set_bit(coarse, listed[k] >> (bits_log2 - coarse_log2));
    size_t bound = 2 * length + count / 16 + 64;
    int overflowed = 0;
    fd_status status = check_candidates(values, coarse, bound < count + 1 ? bound : count + 1, allocator, level,
                                        &overflowed, found);
    if (status != FD_OK || !overflowed) return status;
    memset(map.bytes, 0, (size_t)1 << (bits_log2 - 3));
    for (size_t k = 0; k < length; k++) set_bit(map, listed[k]);
    return check_candidates(values, map, 2 * length + 1, allocator, level, &overflowed, found);
}

/* Bitmaps of up to 2^LARGE_BITMAP_LOG2 bits (512 KiB) get at least 16 bits per value: fewer
 * candidates for pass 3, whose set misses the cache, while up to 512 KiB the bitmap's passes
 * cost the same (about 4% of the check's time on DifferenceKit's shape at 100,000). */
enum { LARGE_BITMAP_LOG2 = 22 };

/* Passes 1-3 of sieve `level` (1, or 2 on the first one's candidates). */
static fd_status sieve(fd_value_lists values, const fd_allocator *allocator, int level, int *found) {
    size_t count = values.counts[0] + values.counts[1];
    unsigned bits_log2 = 6;
    while (bits_log2 < 32 && ((uint64_t)1 << bits_log2) < 8 * (uint64_t)count) bits_log2++;
    if (bits_log2 < LARGE_BITMAP_LOG2 && ((uint64_t)1 << bits_log2) < 16 * (uint64_t)count) bits_log2++;
    size_t bytes = (size_t)1 << (bits_log2 - 3), capacity = count / 4 + 64;
    /* The bitmap, then the list: 4-byte units, so that fd_allocate_array checks the size. */
    bitmap map = {fd_allocate_array(allocator, bytes / 4 + capacity, 4), 64 - bits_log2};
    if (map.bytes == NULL) return FD_ERR_NO_MEMORY;
    uint32_t *listed = (uint32_t *)(void *)(map.bytes + bytes);
    memset(map.bytes, 0, bytes);
    size_t length = 0; /* pass 1 stops with `capacity` bits listed */
    for (int list = 0; list < 2; list++) {
        length = see_values(map, values.items[list], values.counts[list], listed, length, capacity);
    }
    fd_status status = FD_OK;
    if (length == capacity) { /* every bit set: every value is a candidate */
        memset(map.bytes, 0xFF, bytes);
        int overflowed = 0;
        status = check_candidates(values, map, count + 1, allocator, level, &overflowed, found);
    } else if (length > 0) {
        status = check_listed_bits(values, count, map, listed, length, allocator, level, found);
    }
    fd_deallocate(allocator, map.bytes);
    return status;
}

fd_status fd_sieve_repeats(fd_value_lists values, const fd_allocator *allocator, int *found) {
    *found = 0;
    return sieve(values, allocator, 1, found);
}
