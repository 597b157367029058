// See include/AllocationCounter.h.
#include "AllocationCounter.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

// glibc's allocator under its exported internal names.
extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);

static int counting;
static uint64_t allocations;

static inline void count(void) {
    if (__atomic_load_n(&counting, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void free(void *pointer) { __libc_free(pointer); }

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
    count();
    return __libc_valloc(size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void gatehouse_allocations_start(void) {
    __atomic_store_n(&allocations, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&counting, 1, __ATOMIC_SEQ_CST);
}

uint64_t gatehouse_allocations_stop(void) {
    __atomic_store_n(&counting, 0, __ATOMIC_SEQ_CST);
    return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

void gatehouse_bench_line_buffered_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
