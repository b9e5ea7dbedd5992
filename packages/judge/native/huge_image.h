/*
 * The Python executable's read-only pages on huge pages (template.c: huge_image). A fork does not
 * copy the page tables of file mappings: every test mapped the interpreter's code again, one
 * fault per 64 KiB it ran (~40 faults and ~750 page-table entries a test), and tore them down at
 * exit. Copied into anonymous huge pages in the template, the same bytes reach every test through
 * two page-table entries that the fork copies, with nothing to fault in or tear down, and the
 * interpreter runs from 2 MiB TLB entries.
 *
 * Only whole 2 MiB-aligned blocks of the executable's unmodified read-only mappings are moved,
 * and only if the kernel gives huge pages (transparent huge pages, `always` or `madvise`); if it
 * does not, the file's mappings are put back as they were.
 */
#ifndef FRONTIER_JUDGE_HUGE_IMAGE_H
#define FRONTIER_JUDGE_HUGE_IMAGE_H
#include "common.h"
#include <sys/mman.h>

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

enum { HUGE = 2 << 20, IMAGE_MAPS = 16 };

struct image_map {
  uintptr_t start, end;
  unsigned long long offset;
  int prot, modified; /* modified: has anonymous (copied-on-write) pages */
};

/* The executable's read-only mappings, in address order, from /proc/self/smaps. Returns how
   many, or -1. */
static int image_maps(struct image_map *maps, int cap) {
  char exe[512], line[1024];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return -1;
  exe[n] = 0;
  FILE *f = fopen("/proc/self/smaps", "re");
  if (!f) return -1;
  int count = 0, mine = 0;
  while (fgets(line, sizeof line, f)) {
    uintptr_t start, end;
    unsigned long long offset;
    char perms[8], path[512];
    unsigned long long kib;
    path[0] = 0;
    if (sscanf(line, "%lx-%lx %7s %llx %*s %*s %511s", &start, &end, perms, &offset, path) >= 4 &&
        strchr(line, '-') < strchr(line, ' ')) {
      mine = strcmp(path, exe) == 0 && perms[1] != 'w' && count < cap;
      if (mine)
        maps[count++] = (struct image_map){start, end, offset,
                                           (perms[0] == 'r' ? PROT_READ : 0) | (perms[2] == 'x' ? PROT_EXEC : 0), 0};
    } else if (mine && sscanf(line, "Anonymous: %llu kB", &kib) == 1 && kib > 0) {
      maps[count - 1].modified = 1;
    }
  }
  fclose(f);
  return count;
}

/* Bytes of anonymous huge pages mapped at addr (its mapping in /proc/self/smaps), or -1. */
static long long huge_bytes_at(uintptr_t addr) {
  char line[1024];
  FILE *f = fopen("/proc/self/smaps", "re");
  if (!f) return -1;
  int here = 0;
  long long out = -1;
  while (fgets(line, sizeof line, f)) {
    uintptr_t start, end;
    unsigned long long kib;
    if (sscanf(line, "%lx-%lx ", &start, &end) == 2 && strchr(line, '-') < strchr(line, ' '))
      here = start <= addr && addr < end;
    else if (here && sscanf(line, "AnonHugePages: %llu kB", &kib) == 1) {
      out = (long long)kib << 10;
      break;
    }
  }
  fclose(f);
  return out;
}

/* The executable's own mappings back over [a, b), as image_maps() found them. */
static int restore_image(const struct image_map *maps, int n, uintptr_t a, uintptr_t b) {
  int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  for (int i = 0; i < n; i++) {
    uintptr_t s = maps[i].start > a ? maps[i].start : a, e = maps[i].end < b ? maps[i].end : b;
    if (s < e && mmap((void *)s, e - s, maps[i].prot, MAP_PRIVATE | MAP_FIXED, fd,
                      (off_t)(maps[i].offset + (s - maps[i].start))) == MAP_FAILED) {
      int err = errno;
      close(fd);
      return errno = err, -1;
    }
  }
  close(fd);
  return 0;
}

/* The huge blocks of the executable's longest run of adjacent read-only mappings: [*a, *b). */
static void huge_blocks(const struct image_map *maps, int n, uintptr_t *a, uintptr_t *b) {
  uintptr_t lo = maps[0].start, hi = maps[0].end, run_lo = lo;
  for (int i = 1; i < n; i++) {
    if (maps[i].start != maps[i - 1].end) run_lo = maps[i].start;
    if (maps[i].end - run_lo > hi - lo) lo = run_lo, hi = maps[i].end;
  }
  *a = (lo + HUGE - 1) & ~(uintptr_t)(HUGE - 1);
  *b = hi & ~(uintptr_t)(HUGE - 1);
}

/* len bytes (whole huge blocks) of fresh private read-write anonymous memory at a 2 MiB-aligned
   address, or NULL (errno). System calls, not libc's mmap: the template's own mmap is
   huge_heap.h's. */
static char *aligned_blocks(size_t len, int flags) {
  char *raw = (char *)syscall(SYS_mmap, NULL, len + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
  if (raw == MAP_FAILED) return NULL;
  char *at = (char *)(((uintptr_t)raw + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
  if (at > raw) syscall(SYS_munmap, raw, (size_t)(at - raw));
  syscall(SYS_munmap, at + len, (size_t)(raw + HUGE - at));
  return at;
}

/* Copies [a, a + len) into anonymous memory, asks for huge pages there and moves the copy over
   the original, read-only and executable. Returns 0 or -1 (errno; nothing moved). */
static int copy_over(uintptr_t a, size_t len) {
  char *copy = aligned_blocks(len, 0);
  if (!copy) return -1;
  if (madvise(copy, len, MADV_HUGEPAGE) < 0) goto fail; /* no transparent huge pages in this kernel */
  memcpy(copy, (const void *)a, len);
  /* Moved whole: the text stays mapped, with the same bytes, at every moment. */
  if (mprotect(copy, len, PROT_READ | PROT_EXEC) < 0 ||
      mremap(copy, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)a) == MAP_FAILED)
    goto fail;
  return 0;
fail:;
  int err = errno;
  munmap(copy, len);
  return errno = err, -1;
}

/* Moves the executable's read-only pages to anonymous huge pages where whole huge blocks of them
   exist and the kernel grants the pages. Returns the bytes moved (0: nothing, the file's mappings
   as they were), or -errno. */
static long long huge_image(void) {
  if (sysconf(_SC_PAGESIZE) != 4096) return 0; /* HUGE is the huge page of 4 KiB pages */
  struct image_map maps[IMAGE_MAPS];
  int n = image_maps(maps, IMAGE_MAPS);
  if (n <= 0) return n < 0 ? -errno : 0;
  uintptr_t a, b;
  huge_blocks(maps, n, &a, &b);
  if (b <= a) return 0;
  for (int i = 0; i < n; i++)
    if (maps[i].modified && maps[i].start < b && maps[i].end > a) return 0; /* not the file's bytes */
  if (copy_over(a, b - a) < 0) return errno == EINVAL ? 0 : -errno;
  long long huge = huge_bytes_at(a);
  if (huge < (long long)(b - a)) {
    madvise((void *)a, b - a, MADV_COLLAPSE); /* where pages were not huge at the first touch */
    huge = huge_bytes_at(a);
  }
  if (huge >= (long long)(b - a)) return huge;
  /* On small pages every fork would copy a page-table entry per page: worse than the file's. */
  return restore_image(maps, n, a, b) < 0 ? -errno : 0;
}

#endif
