// Bytes the process has allocated with malloc and not freed, for the benchmark's memory
// figures: glibc's mallinfo2 (in-use bytes of the heap plus mmapped chunks). Linux only;
// returns 0 elsewhere.
#ifndef MALLOC_STATISTICS_H
#define MALLOC_STATISTICS_H
#include <stddef.h>

size_t malloc_statistics_bytes_in_use(void);

#endif
