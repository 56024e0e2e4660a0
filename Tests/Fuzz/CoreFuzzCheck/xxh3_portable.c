/* The package's XXH3 compiled the way a compiler without unsigned __int128 or a big-endian
 * machine compiles it (byte-by-byte little-endian reads, 32-bit partial products), so that
 * those paths are checked on this machine: core_fuzz_check compares it with the normal build
 * of fd_xxh3.h on every input. Its own translation unit: the macro must precede the header. */
#define FD_XXH3_FORCE_PORTABLE 1
#include "fd_xxh3.h"
#include "core_fuzz_check.h"

uint64_t core_fuzz_xxh3_portable(const void *input, size_t length, uint64_t seed) {
    return fd_xxh3_64bits_with_seed(input, length, seed);
}

int core_fuzz_xxh3_portable_is_portable(void) {
#if defined(FD_XXH3_I_HAS_INT128) || defined(FD_XXH3_I_LITTLE_ENDIAN)
    return 0;
#else
    return 1;
#endif
}
