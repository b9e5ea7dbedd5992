/*
 * Linked into every C++ program the judge compiles (src/programs.ts: -Wl,--wrap=malloc,...), so
 * that a program's failed allocation is seen as such. Under a memory rlimit (the rootless
 * backend) malloc returns NULL where a cgroup would OOM-kill the program; a program that then
 * dereferences the NULL or gives up dies like any crash. When the allocator refuses a non-zero
 * size for lack of memory, this writes one fixed line to stderr (the first time only) that
 * src/classify.ts reads: a failed run with it is MLE. Nothing else changes: errno and the result
 * are the allocator's. Allocations inside the C++ runtime (operator new) are not wrapped; their
 * failure is std::bad_alloc, which the judge already reads.
 */
#include <errno.h>
#include <stddef.h>
#include <unistd.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
int __real_posix_memalign(void **out, size_t align, size_t n);

static void refused(const char *line, size_t len) {
  static int said;
  int e = errno;
  if (!said) {
    said = 1;
    ssize_t w = write(2, line, len);
    (void)w;
  }
  errno = e;
}

/* The marker, as src/classify.ts matches it. */
#define MARKER(name) "frontier-judge: " name " returned NULL (out of memory)\n"
#define REFUSED(name) refused(MARKER(name), sizeof MARKER(name) - 1)

void *__wrap_malloc(size_t n) {
  void *p = __real_malloc(n);
  if (!p && n && errno == ENOMEM) REFUSED("malloc");
  return p;
}

void *__wrap_calloc(size_t k, size_t n) {
  void *p = __real_calloc(k, n);
  if (!p && k && n && errno == ENOMEM) REFUSED("calloc");
  return p;
}

void *__wrap_realloc(void *q, size_t n) {
  void *p = __real_realloc(q, n);
  if (!p && n && errno == ENOMEM) REFUSED("realloc");
  return p;
}

void *__wrap_aligned_alloc(size_t align, size_t n) {
  void *p = __real_aligned_alloc(align, n);
  if (!p && n && errno == ENOMEM) REFUSED("aligned_alloc");
  return p;
}

int __wrap_posix_memalign(void **out, size_t align, size_t n) {
  int rc = __real_posix_memalign(out, align, n);
  if (rc == ENOMEM && n) REFUSED("posix_memalign");
  return rc;
}
