/*
 * Evidence that a test ran out of memory, collected inside the test process (native/template.c for
 * Python tests, native/alloc_shim.c linked into every compiled program).
 *
 * Without a memory cgroup (the rootless backend) nothing kills a program at its memory limit: an
 * allocation fails inside it, and the program may catch the error, unwind for a long time, or
 * crash on a stack that could not grow. A cgroup sees the limit hit whatever the program does next
 * (failcnt, an OOM kill); here the program itself must tell, and it must not be able to hide it by
 * simple means (catching MemoryError or std::bad_alloc, writing to stderr until a marker is out of
 * the captured tail). So each sign is one byte written, the first time, to a pipe that only the
 * supervisor reads (OOM_FD, set up for the test by native/template.c): a byte in a pipe cannot be
 * taken back, the pipe is not the program's stderr, and no file the program opens can take its
 * number (it is above the test's RLIMIT_NOFILE of 64, where nothing can be opened or dup2'd).
 * A program may still close that fd first, or write a byte there itself: the first hides nothing
 * by accident, the second only turns its own failure into MLE (src/classify.ts).
 *
 * The signs, as the supervisor passes them on (runtime/zygote.py OOM_SIGNS):
 *   'm'  malloc, calloc, realloc, reallocarray, memalign, aligned_alloc, posix_memalign, valloc or
 *        pvalloc returned NULL for a non-zero size (operator new's failures come through malloc);
 *   'a'  an mmap (Python's arenas, frame stacks) or sbrk failed with ENOMEM;
 *   'E'  a MemoryError was made (template.c: the type's constructor), caught or not;
 *   's'  the main stack could not grow: a fault just below it while it was at RLIMIT_STACK, or
 *        while growing it would pass RLIMIT_AS.
 * The allocator entry points forward to glibc's own (__libc_malloc & co.): the same allocator,
 * one call more.
 */
#ifndef FRONTIER_JUDGE_OUT_OF_MEMORY_H
#define FRONTIER_JUDGE_OUT_OF_MEMORY_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

/* How the including file exports the allocator's entry points: the template's preloaded library
   as is; a program weakly, so that a program with an allocator of its own keeps it. */
#ifndef OOM_EXPORT
#define OOM_EXPORT
#endif

/* Above any fd a test can open (RLIMIT_NOFILE 64): a program cannot take its number by accident. */
enum { OOM_FD = 127 };

/* Only on the first sign that reaches the pipe: a recursion that fails to allocate a million times
   as it unwinds writes once. A write that fails (no pipe here: the template, a compiler) is not
   remembered. */
static volatile int oom_said;

static void oom_sign(char what) {
  if (oom_said) return;
  int e = errno;
  if (syscall(SYS_write, OOM_FD, &what, 1) == 1) oom_said = 1;
  errno = e;
}

/* ---- The allocator ---- */

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t k, size_t n);
void *__libc_realloc(void *p, size_t n);
void *__libc_memalign(size_t align, size_t n);
void *__libc_valloc(size_t n);
void *__libc_pvalloc(size_t n);

#define OOM_CHECKED(p, n)                             \
  do {                                                \
    if (!(p) && (n) && errno == ENOMEM) oom_sign('m'); \
  } while (0)

OOM_EXPORT void *malloc(size_t n) {
  void *p = __libc_malloc(n);
  OOM_CHECKED(p, n);
  return p;
}

OOM_EXPORT void *calloc(size_t k, size_t n) {
  void *p = __libc_calloc(k, n);
  OOM_CHECKED(p, k && n);
  return p;
}

OOM_EXPORT void *realloc(void *q, size_t n) {
  void *p = __libc_realloc(q, n);
  OOM_CHECKED(p, n);
  return p;
}

OOM_EXPORT void *reallocarray(void *q, size_t k, size_t n) {
  size_t bytes;
  if (__builtin_mul_overflow(k, n, &bytes)) {
    errno = ENOMEM;
    oom_sign('m');
    return NULL;
  }
  return realloc(q, bytes);
}

OOM_EXPORT void *memalign(size_t align, size_t n) {
  void *p = __libc_memalign(align, n);
  OOM_CHECKED(p, n);
  return p;
}

/* glibc's aligned_alloc is memalign itself (an alias). */
OOM_EXPORT void *aligned_alloc(size_t align, size_t n) { return memalign(align, n); }

OOM_EXPORT int posix_memalign(void **out, size_t align, size_t n) {
  if (align % sizeof(void *) != 0 || (align & (align - 1)) != 0 || align == 0) return EINVAL;
  int e = errno;
  void *p = memalign(align, n);
  errno = e;
  if (!p && n) return ENOMEM;
  *out = p;
  return 0;
}

OOM_EXPORT void *valloc(size_t n) {
  void *p = __libc_valloc(n);
  OOM_CHECKED(p, n);
  return p;
}

OOM_EXPORT void *pvalloc(size_t n) {
  void *p = __libc_pvalloc(n);
  OOM_CHECKED(p, n);
  return p;
}

void *__sbrk(intptr_t inc);
OOM_EXPORT void *sbrk(intptr_t inc) {
  void *p = __sbrk(inc);
  if (p == (void *)-1 && errno == ENOMEM) oom_sign('a');
  return p;
}

/* An mmap failed for want of memory (the callers' own mmap: template.c's, alloc_shim.c's). */
static void *oom_mmap_result(void *p) {
  if (p == MAP_FAILED && errno == ENOMEM) oom_sign('a');
  return p;
}

/* ---- The stack ---- */

/* The main stack's mapping [start, end) from /proc/self/maps, with system calls only (this runs in
   a signal handler). 0 if not found. */
static int oom_stack_range(uintptr_t *start, uintptr_t *end) {
  char buf[4096];
  size_t have = 0;
  int found = 0;
  int fd = (int)syscall(SYS_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  for (;;) {
    ssize_t n = syscall(SYS_read, fd, buf + have, sizeof buf - 1 - have);
    if (n <= 0) break;
    have += (size_t)n;
    buf[have] = 0;
    char *line = buf, *nl;
    while ((nl = (char *)__builtin_memchr(line, '\n', (size_t)(buf + have - line)))) {
      *nl = 0;
      size_t len = (size_t)(nl - line);
      if (len >= 7 && __builtin_memcmp(nl - 7, "[stack]", 7) == 0) {
        uintptr_t a = 0, b = 0;
        char *p = line;
        for (; *p && *p != '-'; p++) a = a * 16 + (uintptr_t)(*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
        for (p++; *p && *p != ' '; p++) b = b * 16 + (uintptr_t)(*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
        *start = a, *end = b, found = 1;
        break;
      }
      line = nl + 1;
    }
    if (found) break;
    have = (size_t)(buf + have - line);
    __builtin_memmove(buf, line, have);
    if (have == sizeof buf - 1) have = 0; /* a line longer than the buffer: not ours */
  }
  syscall(SYS_close, fd);
  return found;
}

/* Pages of the whole address space, from /proc/self/statm; -1 if unknown. */
static long oom_vm_pages(void) {
  char text[64];
  int fd = (int)syscall(SYS_openat, AT_FDCWD, "/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = syscall(SYS_read, fd, text, sizeof text - 1);
  syscall(SYS_close, fd);
  if (n <= 0) return -1;
  long pages = 0;
  for (ssize_t i = 0; i < n && text[i] >= '0' && text[i] <= '9'; i++) pages = pages * 10 + (text[i] - '0');
  return pages;
}

/* Whether a fault at `addr` with the stack pointer at `sp` is the main stack failing to grow for
   want of memory: the address lies below the stack's mapping, near the stack pointer (the frame
   being pushed, not a stray pointer), and the stack is at RLIMIT_STACK as the judge set it (soft =
   hard = the memory limit; a program that lowered its own soft limit, as LiveCodeBench's worker
   does in lcbCompat, overflows its own choice of stack) or growing it down to `addr` would pass
   RLIMIT_AS. A stack that ran into another mapping first is a plain crash. */
static int oom_stack_exhausted(uintptr_t addr, uintptr_t sp) {
  uintptr_t start, end;
  const uintptr_t page = 4096, near = 64 << 10;
  if (!oom_stack_range(&start, &end) || addr >= start || addr + near < sp) return 0;
  uintptr_t grown = end - (addr & ~(page - 1));
  struct rlimit stack, as;
  if (syscall(SYS_prlimit64, 0, RLIMIT_STACK, NULL, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY &&
      stack.rlim_cur == stack.rlim_max && grown > stack.rlim_cur)
    return 1;
  long pages = oom_vm_pages();
  return pages > 0 && syscall(SYS_prlimit64, 0, RLIMIT_AS, NULL, &as) == 0 && as.rlim_cur != RLIM_INFINITY &&
         (uintptr_t)pages * page + (start - (addr & ~(page - 1))) > as.rlim_cur;
}

static uintptr_t oom_sp(const void *context) {
  const ucontext_t *uc = context;
#if defined(__x86_64__)
  return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
  return (uintptr_t)uc->uc_mcontext.sp;
#else
  (void)uc;
  return 0;
#endif
}

/* The handler runs once (SA_RESETHAND) on its own stack, then returns: the access faults again
   and the default action ends the program with SIGSEGV, as it would have without this. */
static void oom_on_segv(int sig, siginfo_t *info, void *context) {
  (void)sig;
  uintptr_t sp = oom_sp(context);
  if (info->si_code == SEGV_MAPERR && sp && oom_stack_exhausted((uintptr_t)info->si_addr, sp)) oom_sign('s');
}

static char oom_alt_stack[64 << 10] __attribute__((aligned(16)));

/* Watches for a stack that cannot grow: a handler on an alternate stack (the overflowed one has no
   room left for it). Inherited by forks (template.c's tests); a program that sets its own SIGSEGV
   handler replaces it. */
static int oom_watch_stack(void) {
  stack_t ss = {.ss_sp = oom_alt_stack, .ss_size = sizeof oom_alt_stack, .ss_flags = 0};
  struct sigaction sa = {0};
  sa.sa_sigaction = oom_on_segv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  return sigaltstack(&ss, NULL) < 0 || sigaction(SIGSEGV, &sa, NULL) < 0 ? -1 : 0;
}

#endif
