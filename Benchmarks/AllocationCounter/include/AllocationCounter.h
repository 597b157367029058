// Counts heap allocations in the benchmark process.
//
// glibc 2.36 has no malloc hooks, and mallinfo2 shows only net bytes, so this target defines malloc, calloc,
// realloc, posix_memalign, aligned_alloc, memalign and valloc itself. A symbol defined in the executable comes
// first in the dynamic linker's lookup scope, so every allocation of the process lands here: the Swift runtime's
// (swift_allocObject, array and string buffers), libcrypto's (CRYPTO_malloc) and libc's own callers. Each one
// forwards to glibc's allocator through its exported __libc_* entry points, so the allocator is unchanged.
// Counting is off until enabled; when off, an allocation costs one extra relaxed load.
#ifndef GATEHOUSE_ALLOCATION_COUNTER_H
#define GATEHOUSE_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts counting from zero.
void gatehouse_allocations_start(void);
/// Stops counting and returns the number of allocations (malloc, calloc, realloc, memalign family) since start.
uint64_t gatehouse_allocations_stop(void);

/// Makes standard output line-buffered, so the benchmark's progress shows when piped (Swift 6 cannot name stdout).
void gatehouse_bench_line_buffered_stdout(void);

#endif
