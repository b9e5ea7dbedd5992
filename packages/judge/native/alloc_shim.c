/*
 * Linked into every C++ program the judge compiles (src/programs.ts), so that a program that runs
 * out of memory says so even where no cgroup sees it (the rootless backend), and even when it
 * catches std::bad_alloc or copes with a NULL: native/out_of_memory.h writes one byte to the
 * test's out-of-memory pipe when the allocator (malloc & co., which operator new calls), an mmap
 * or an sbrk fails for want of memory, or when the stack cannot grow. src/classify.ts reads it: a
 * test that then fails in any way is MLE. The program's allocations and errno are the
 * allocator's; the entry points are weak, so a program that defines its own malloc keeps it.
 */
#define _GNU_SOURCE
#define OOM_EXPORT __attribute__((weak))
#include "out_of_memory.h"

OOM_EXPORT void *mmap(void *a, size_t len, int prot, int flags, int fd, off_t off) {
  return oom_mmap_result((void *)syscall(SYS_mmap, a, len, prot, flags, fd, off));
}
OOM_EXPORT void *mmap64(void *a, size_t len, int prot, int flags, int fd, off_t off) {
  return mmap(a, len, prot, flags, fd, off);
}

__attribute__((constructor)) static void oom_shim_start(void) { oom_watch_stack(); }
