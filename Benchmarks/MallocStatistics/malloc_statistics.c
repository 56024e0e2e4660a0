#include "malloc_statistics.h"
#if defined(__linux__)
#include <malloc.h> /* defines __GLIBC__ on glibc */
#endif

size_t malloc_statistics_bytes_in_use(void) {
#if defined(__GLIBC__)
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}
