/*
 * CMallocCounter: counts heap allocations (malloc, calloc, realloc,
 * posix_memalign, aligned_alloc, memalign) made by the whole process —
 * the Swift runtime and libxkbcommon included — by defining those
 * functions in the executable and passing them on to glibc's.
 */
#ifndef KIK_MALLOC_COUNTER_H
#define KIK_MALLOC_COUNTER_H

#include <stdint.h>

/* Allocations so far. */
uint64_t kik_allocation_count(void);

#endif
