/*
 * The template's Python objects on huge pages, copied whole into each test (template.c).
 *
 * Every test writes reference counts and caches on a few hundred pages of the template's
 * small-object arenas, and reads a few hundred more. Forked on 4 KiB pages, each written page is a
 * copy-on-write fault and each page the test touches is one more page-table entry to fill; on a
 * VM whose hypervisor charges for each page a new address space touches (~5 us a read, ~20 us a
 * copy on the build VMs on some days) that is most of a short test. So:
 *
 * - Every arena CPython asks for (an anonymous 1 MiB mmap, `_PyObject_ArenaMmap`) comes from one
 *   2 MiB-aligned region that asks for transparent huge pages. This library is the template's
 *   LD_PRELOAD (runtime/slot_processes.py), so that its mmap and munmap catch the arenas made
 *   while the interpreter starts too; loaded later, it catches none and nothing changes.
 * - A Python test, first thing after its fork and before it runs any Python, gets each 2 MiB block
 *   of the template's arenas as a fresh huge page of its own, filled from a snapshot the template
 *   keeps (heap_for_test, "The tests' copies" below): ~0.15 ms a block on that VM instead of a few
 *   hundred faults, and reads there cost nothing.
 *   Whether the copy pays depends on the machine (on a host with cheap page faults it may cost
 *   more than the faults it saves), so the template measures both ways once, in forks of itself
 *   that run a short LiveCodeBench-like test, and copies only where that is faster (heap_choose).
 * - Once the template is warm the region ends at its last block: a test's own arenas are ordinary
 *   mmaps, counted by RLIMIT_DATA/RLIMIT_AS as before.
 *
 * Tests copy the template's blocks as its last snapshot has them: the template writes nothing
 * there between a snapshot and its forks. It waits in serve() (C), whose own state (the message
 * received, what it returns to Python) lives in the library, outside the blocks; it runs Python only
 * for a control message, between batches, and serve() takes a new snapshot when Python calls it
 * again.
 */
#ifndef FRONTIER_JUDGE_HUGE_HEAP_H
#define FRONTIER_JUDGE_HUGE_HEAP_H
#include "huge_image.h"
#include "out_of_memory.h"
#include <pthread.h>
#include <stdlib.h>
#include <sys/uio.h>

enum { ARENA = 1 << 20, ARENA_FREE_MAX = 64 };
static const size_t HEAP_REGION = (size_t)256 << 20; /* address space only: pages come when used */

static char *heap_region;      /* NULL: no region (not preloaded, no huge pages, or not made yet) */
static int heap_state;         /* 0: not made yet, 1: made, 2: closed (arenas only from heap_free) */
static size_t heap_used;       /* bytes of the region handed out */
enum { HOT_MAX = 16 };
static uintptr_t hot[HOT_MAX]; /* every block a test copies: the region's, then the data's (heap_choose) */
static int nhot;
static int heap_copy;          /* tests copy the blocks (heap_choose) */
static double heap_trial_us[2]; /* median CPU of a trial fork: copying, not copying (heap_choose) */
static void *heap_free[ARENA_FREE_MAX]; /* freed arenas inside the blocks, their pages given back */
static int heap_nfree;
static volatile int heap_lock;

static int heap_is_arena(void *a, size_t len, int prot, int flags, int fd) {
  return a == NULL && len == ARENA && prot == (PROT_READ | PROT_WRITE) && flags == (MAP_PRIVATE | MAP_ANONYMOUS) && fd == -1;
}

static void heap_init(void) {
  char *r = aligned_blocks(HEAP_REGION, MAP_NORESERVE);
  if (!r) return;
  if (madvise(r, HEAP_REGION, MADV_HUGEPAGE) < 0) { /* no transparent huge pages: leave arenas be */
    syscall(SYS_munmap, r, HEAP_REGION);
    return;
  }
  heap_region = r;
}

/* An arena from the region, or NULL (then an ordinary mmap). */
static void *heap_arena(void) {
  while (__atomic_exchange_n(&heap_lock, 1, __ATOMIC_ACQUIRE)) {
  }
  if (heap_state == 0) heap_state = 1, heap_init();
  void *a = NULL;
  if (heap_region && heap_nfree > 0) a = heap_free[--heap_nfree];
  else if (heap_region && heap_state == 1 && heap_used + ARENA <= HEAP_REGION) a = heap_region + heap_used, heap_used += ARENA;
  __atomic_store_n(&heap_lock, 0, __ATOMIC_RELEASE);
  return a;
}

void *mmap(void *a, size_t len, int prot, int flags, int fd, off_t off) {
  void *arena = heap_is_arena(a, len, prot, flags, fd) ? heap_arena() : NULL;
  return arena ? arena : oom_mmap_result((void *)syscall(SYS_mmap, a, len, prot, flags, fd, off));
}
void *mmap64(void *a, size_t len, int prot, int flags, int fd, off_t off) __attribute__((alias("mmap")));

int munmap(void *a, size_t len) {
  if (heap_region && (char *)a >= heap_region && (char *)a < heap_region + heap_used && len == ARENA) {
    /* Kept for the next arena, its pages given back. */
    madvise(a, len, MADV_DONTNEED);
    while (__atomic_exchange_n(&heap_lock, 1, __ATOMIC_ACQUIRE)) {
    }
    int kept = heap_nfree < ARENA_FREE_MAX;
    if (kept) heap_free[heap_nfree++] = a;
    __atomic_store_n(&heap_lock, 0, __ATOMIC_RELEASE);
    if (kept) return 0;
  }
  return (int)syscall(SYS_munmap, a, len);
}

/* ---- The tests' copies ----
 *
 * The template writes the non-zero pages of its blocks to a snapshot (heap_snapshot, whenever
 * serve() is entered, i.e. after any Python ran here) and marks the blocks MADV_WIPEONFORK: a fork
 * then gets them as empty memory, with no page-table entries to copy at the fork, split by its
 * first writes or tear down, and a Python test's first act is to read the snapshot into them
 * (heap_for_test, one system call), which faults in one fresh huge page per block. Earlier
 * versions mapped a fresh block beside each shared one, copied it and moved it over with mremap
 * (five system calls and ~7 page-table writes a block, as costly as the copy on the VMs that charge
 * for them).
 * Where the snapshot lives (snapshot_open): a file on a tmpfs of the template's own, mounted nowhere
 * (fsopen/fsmount) and keeping its files in huge pages, so that a test's read looks up and copies
 * 2 MiB at a time. From a memfd (4 KiB pages, the fallback where the template may not make that
 * tmpfs) a read looked up, referenced and copied ~1,800 pages one by one: in a C probe a fork that
 * fills 7.5 MiB that way took 2.3 ms of CPU against 1.4 ms from the huge tmpfs, and judge rounds
 * ran 6-10% faster with it. A file on a disk is read as fast, but rewriting it waits for the disk's
 * writeback of the previous snapshot: under a busy disk a spawn stalled for seconds, and a test ran
 * into its wall-clock limit.
 * Forks that must see the blocks as they are (binaries, before their exec) get them shared:
 * heap_wipe turns the mark off for them.
 */
#ifndef MADV_WIPEONFORK
#define MADV_WIPEONFORK 18
#define MADV_KEEPONFORK 19
#endif

static int snapshot_fd = -1; /* the snapshot's file; -1: tests share the blocks */
static int snapshot_huge;     /* that file is on the huge-page tmpfs (snapshot_open) */
static int heap_wiped;        /* the blocks are MADV_WIPEONFORK */
enum { SEGS_MAX = 512, GAPS_MAX = 512 + HOT_MAX, SEG_GAP = 16 << 10, CONSTS_MAX = 8 };

/* Parts of the blocks that were read-only where they came from (the executable's constants next to
   its data): no test writes them, so a sample's later tests leave them as its first test wrote
   them (heap_for_test). */
static uintptr_t consts[CONSTS_MAX][2];
static int nconsts;

/* The blocks' pages in two parts, 0: the constant ones, 1: the rest. The snapshot holds part 0's
   non-zero pages, then part 1's, back to back. */
static struct part {
  struct iovec segs[SEGS_MAX]; /* non-zero pages, in runs (with zero pages a few apart) */
  int nsegs;
  size_t bytes;                /* what segs hold in all */
  struct iovec gaps[GAPS_MAX]; /* the other pages: zero */
  int ngaps;
} parts[2];
/* The last non-zero word of part 0, as the snapshot has it: a sample's file that holds it has the
   constants (its first test read them whole). NULL: no constants. */
static const uint64_t *canary_at;
static uint64_t canary;

static int page_is_zero(const char *p) {
  const uint64_t *w = (const uint64_t *)p;
  for (int i = 0; i < 512; i++)
    if (w[i]) return 0;
  return 1;
}

static int page_part(uintptr_t page) {
  for (int i = 0; i < nconsts; i++)
    if (consts[i][0] <= page && page < consts[i][1]) return 0;
  return 1;
}

/* Appends [at, at + len) to runs (n of them, at most max), extending the last run when adjacent. */
static int add_run(struct iovec *runs, int *n, int max, char *at, size_t len) {
  struct iovec *last = *n ? &runs[*n - 1] : NULL;
  if (last && (char *)last->iov_base + last->iov_len == at) last->iov_len += len;
  else if (*n < max) runs[(*n)++] = (struct iovec){at, len};
  else return errno = E2BIG, -1;
  return 0;
}

/* The blocks' pages into parts[], and their non-zero pages into the snapshot, as they are now.
   Returns 0, or -1 when tests cannot copy from it (errno). */
static int heap_snapshot(void) {
  if (snapshot_fd < 0) return -1;
  static unsigned char page[HOT_MAX * 512]; /* per page: 1 non-zero, 2 in a run of segs */
  for (int b = 0; b < nhot; b++)
    for (int i = 0; i < 512; i++) page[b * 512 + i] = !page_is_zero((char *)hot[b] + (size_t)i * 4096);
  for (int k = 0; k < 2; k++) {
    struct part *p = &parts[k];
    p->nsegs = p->ngaps = 0, p->bytes = 0;
    for (int b = 0; b < nhot; b++) {
      int last = -1; /* this block's last page in a run of segs */
      for (int i = 0; i < 512; i++) {
        char *at = (char *)hot[b] + (size_t)i * 4096;
        if (!(page[b * 512 + i] & 1) || page_part((uintptr_t)at) != k) continue;
        /* Runs a few zero pages apart (of the same part) are one: fewer, longer reads. */
        int from = i;
        if (last >= 0 && (i - last - 1) * 4096 <= SEG_GAP) {
          int j = last + 1;
          while (j < i && page_part((uintptr_t)hot[b] + (size_t)j * 4096) == k) j++;
          if (j == i) from = last + 1;
        }
        if (add_run(p->segs, &p->nsegs, SEGS_MAX, (char *)hot[b] + (size_t)from * 4096, (size_t)(i - from + 1) * 4096) < 0) return -1;
        for (int j = from; j <= i; j++) page[b * 512 + j] |= 2;
        last = i;
      }
      for (int i = 0; i < 512; i++) {
        char *at = (char *)hot[b] + (size_t)i * 4096;
        if (!(page[b * 512 + i] & 2) && page_part((uintptr_t)at) == k && add_run(p->gaps, &p->ngaps, GAPS_MAX, at, 4096) < 0) return -1;
      }
    }
    for (int i = 0; i < p->nsegs; i++) p->bytes += p->segs[i].iov_len;
  }
  canary_at = NULL;
  if (parts[0].nsegs) {
    const struct iovec *s = &parts[0].segs[parts[0].nsegs - 1];
    const uint64_t *w = (const uint64_t *)((char *)s->iov_base + s->iov_len);
    while (!*--w) {} /* a run ends with a non-zero page */
    canary_at = w, canary = *w;
  }
  /* Over the last one: a test reads what parts[] say, never what a longer one left after them. */
  for (int k = 0; k < 2; k++) {
    ssize_t n = parts[k].nsegs ? pwritev(snapshot_fd, parts[k].segs, parts[k].nsegs, k ? (off_t)parts[0].bytes : 0) : 0;
    if (n != (ssize_t)parts[k].bytes) return n >= 0 ? (errno = EIO, -1) : -1;
  }
  return 0;
}

static int sample_mnt = -1; /* the tmpfs of snapshot_open, for the samples' files (heap_new_sample) */

/* A file for the snapshot, unlinked: on a huge-page tmpfs of its own where this process may make
   one (a detached mount, which lives as long as the file is open), else a memfd. -1 on failure. */
static int snapshot_open(size_t bytes) {
  char size[32];
  snprintf(size, sizeof size, "%zu", 3 * bytes); /* the snapshot, a sample's file and the last one's */
  int fd = -1, fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
  if (fs >= 0 && fsconfig(fs, FSCONFIG_SET_STRING, "huge", "always", 0) == 0 &&
      fsconfig(fs, FSCONFIG_SET_STRING, "size", size, 0) == 0 && fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) == 0) {
    int mnt = fsmount(fs, FSMOUNT_CLOEXEC, 0);
    if (mnt >= 0) fd = openat(mnt, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600), sample_mnt = mnt;
  }
  if (fs >= 0) close(fs);
  snapshot_huge = fd >= 0;
  return fd >= 0 ? fd : memfd_create("frontier-heap-snapshot", MFD_CLOEXEC);
}

static int heap_mark(int on) {
  for (int i = 0; i < nhot;) {
    int j = i + 1;
    while (j < nhot && hot[j] == hot[j - 1] + HUGE) j++; /* one call a run of adjacent blocks */
    if (madvise((void *)hot[i], (size_t)(j - i) * HUGE, on ? MADV_WIPEONFORK : MADV_KEEPONFORK) < 0) return -1;
    i = j;
  }
  return 0;
}

/* Marks the blocks MADV_WIPEONFORK (on) or not. Returns 0 or -1 (errno). */
static int heap_wipe(int on) {
  if (on == heap_wiped) return 0;
  if (heap_mark(on) < 0) return -1;
  heap_wiped = on;
  return 0;
}

/* heap_wipe(0) in a test, which keeps heap_wiped as the template had it: a test writes none of
   this library's data, whose pages it shares with the template (each write a copied page). */
static int heap_keep(void) { return heap_mark(0); }

/* ---- A sample's blocks ----
 *
 * A fresh huge page is zeroed by the kernel before the test copies the snapshot over it, and that
 * cost as much as the copy (perf of a test process: 15% zeroing, 12% copying). So each sample
 * gets a file on the snapshot's tmpfs, as large as the blocks (heap_new_sample, when the template
 * starts a sample): every test of the sample maps it over its blocks, shared, and rewrites all of
 * it (the snapshot's pages read, the rest cleared) before any Python runs. The sample's first test
 * allocates and zeroes its huge pages as before; the next ones find them in place. Alternating
 * judge-only rounds: +11% (a), +7% (b) tests/s.
 * Never two samples' (as with their namespaces): what a test leaves there reaches only the next
 * test of the same program, which overwrites every byte of it before the program starts.
 * A program's own fork must get a copy of its memory, not share it: before a fork (libc's fork
 * handlers) a test moves its blocks to private memory (heap_private), once. A fork that skips
 * libc's handlers (a raw clone system call through ctypes) shares them with its parent, as a
 * thread would.
 */
static int sample_fd = -1;     /* the sample's file, or -1: tests fill fresh blocks of their own */
static ino_t template_pidns;   /* the template's pid namespace: heap_private leaves its blocks alone */
static int blocks_private;     /* set in a test once heap_private moved its blocks */

/* The next sample's file (the template, as it starts a sample). Where none can be made, tests fill
   fresh blocks of their own. */
static void heap_new_sample(void) {
  if (sample_fd >= 0) close(sample_fd);
  sample_fd = sample_mnt >= 0 && heap_copy ? openat(sample_mnt, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600) : -1;
  if (sample_fd >= 0 && ftruncate(sample_fd, (off_t)nhot * HUGE) < 0) close(sample_fd), sample_fd = -1;
}

/* The sample is over (the template left its namespaces): its file goes. */
static void heap_end_sample(void) {
  if (sample_fd >= 0) close(sample_fd);
  sample_fd = -1;
}

/* The sample's file over the blocks, a run of adjacent blocks at a time. */
static int map_sample(void) {
  for (int i = 0; i < nhot;) {
    int j = i + 1;
    while (j < nhot && hot[j] == hot[j - 1] + HUGE) j++;
    void *at = (void *)syscall(SYS_mmap, hot[i], (size_t)(j - i) * HUGE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, sample_fd, (off_t)i * HUGE);
    if (at == MAP_FAILED) return -1;
    i = j;
  }
  return 0;
}

/* pthread_atfork's prepare handler: in a test whose blocks are the sample's file, copies them to
   private memory on huge pages and moves that over them. */
static void heap_private(void) {
  struct stat ns;
  if (sample_fd < 0 || blocks_private || (stat("/proc/self/ns/pid", &ns) == 0 && ns.st_ino == template_pidns)) return;
  for (int i = 0; i < nhot;) {
    int j = i + 1;
    while (j < nhot && hot[j] == hot[j - 1] + HUGE) j++;
    size_t len = (size_t)(j - i) * HUGE;
    char *copy = aligned_blocks(len, 0);
    if (copy) madvise(copy, len, MADV_HUGEPAGE), memcpy(copy, (void *)hot[i], len);
    if (!copy || mremap(copy, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)hot[i]) == MAP_FAILED) {
      /* Its memory shared with the child would corrupt both: stop here, as the fork's own failure. */
      static const char why[] = "judge: no memory to copy this process's blocks before its fork\n";
      if (write(2, why, sizeof why - 1) < 0) _exit(134);
      abort();
    }
    i = j;
  }
  blocks_private = 1;
}

/* In a test (or a trial fork), before anything reads or writes the blocks: the sample's file over
   them, or fresh ones of its own, with the template's blocks as its last snapshot has them. Fresh
   blocks lose the MADV_WIPEONFORK mark, so that the program's own forks get its blocks as they are.
   Returns 0, or -1 (errno) when the blocks could not be filled: the process must not go on. */
static int heap_for_test(int copy) {
  if (!copy) return 0;
  int shared = sample_fd >= 0;
  if (shared && map_sample() < 0) return -1;
  /* The constants: in fresh blocks, and in a sample's file until a test read them whole. */
  int whole = !shared || !canary_at || *canary_at != canary;
  for (int k = whole ? 0 : 1; k < 2; k++) {
    const struct part *p = &parts[k];
    ssize_t n = p->nsegs ? preadv(snapshot_fd, p->segs, p->nsegs, k ? (off_t)parts[0].bytes : 0) : 0;
    if (n != (ssize_t)p->bytes) {
      if (n >= 0) errno = EIO;
      return -1;
    }
    if (shared)
      for (int i = 0; i < p->ngaps; i++) memset(p->gaps[i].iov_base, 0, p->gaps[i].iov_len);
  }
  return shared ? 0 : heap_keep(); /* heap_wipe(0) would write heap_wiped */
}

/* Tests stop copying (the snapshot cannot be made): they share the blocks, as where that is faster.
   The mark comes off every part of the blocks still mapped, even where madvise reports a hole. */
static void heap_share(void) {
  heap_copy = 0;
  heap_wipe(0);
  heap_wiped = 0;
  heap_new_sample(); /* none */
}

/* ---- The interpreter's static data and the malloc heap ---- */

enum { MAPS_MAX = 512 };
struct mapping {
  uintptr_t start, end;
  char perms[8];
  int kind; /* 0: other, 1: the executable's, 2: [heap], 3: anonymous */
};

static int read_mappings(struct mapping *m, int cap) {
  char exe[512], line[1024], path[512];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len <= 0) return -1;
  exe[len] = 0;
  FILE *f = fopen("/proc/self/maps", "re");
  if (!f) return -1;
  int n = 0;
  while (n < cap && fgets(line, sizeof line, f)) {
    path[0] = 0;
    if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %511s", &m[n].start, &m[n].end, m[n].perms, path) < 3) continue;
    m[n].kind = !path[0] ? 3 : strcmp(path, "[heap]") == 0 ? 2 : strcmp(path, exe) == 0 ? 1 : 0;
    n++;
  }
  fclose(f);
  return n;
}

/* Whether [a, b) may become one private read-write mapping with the same bytes: everything
   mapped there is private and not executable, and either writable already (the executable's data,
   the heap, anonymous memory) or the executable's own constants. */
static int may_take(const struct mapping *m, int n, uintptr_t a, uintptr_t b) {
  for (int i = 0; i < n; i++) {
    if (m[i].end <= a || m[i].start >= b) continue;
    const char *p = m[i].perms;
    if (p[3] != 'p' || p[2] == 'x' || p[0] != 'r' || !m[i].kind) return 0;
    if (p[1] != 'w' && m[i].kind != 1) return 0;
  }
  return 1;
}

/* Moves [a, b) (whole blocks) to one anonymous read-write mapping on huge pages, with the bytes of
   every mapping there (zeros between them). Returns 0 or -1. */
static int take_blocks(const struct mapping *m, int n, uintptr_t a, uintptr_t b) {
  size_t len = b - a;
  char *copy = aligned_blocks(len, 0);
  if (!copy) return -1;
  madvise(copy, len, MADV_HUGEPAGE);
  for (int i = 0; i < n; i++) {
    uintptr_t s = m[i].start > a ? m[i].start : a, e = m[i].end < b ? m[i].end : b;
    if (s < e) memcpy(copy + (s - a), (const void *)s, e - s);
  }
  if (mremap(copy, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)a) == MAP_FAILED) {
    syscall(SYS_munmap, copy, len);
    return -1;
  }
  return 0;
}

/* The brk heap's start, moved up to a 2 MiB boundary as this library loads (heap_align), before the
   interpreter allocates: the heap, ~1.7 MiB in a template, would otherwise straddle two blocks
   after most starts (the kernel picks its start at random), one more block for every test to
   fill. What malloc took before (nothing, as the library loads first) stays on small pages. 0: not
   moved. */
static uintptr_t heap_floor;

/* Requests below this size (and its chunk header) malloc serves from the heap, not from an mmap of
   their own (glibc's start: 128 KiB). The one that matters is the table of interned strings
   (~202 KiB in a template with LiveCodeBench's prelude: 16,384 slots): every test interns its
   program's names there, which wrote ~8 of its pages, each a copy-on-write fault (~17 us on the
   build VM) while it was an mmap of its own, and costs nothing in the heap's block. Larger
   buffers the interpreter's start takes (a 256 KiB one) stay mmaps: with them the heap outgrew its
   block. Set the way malloc itself raises it (freeing an mmapped chunk raises the threshold to its
   size, mallopt would freeze it), so tests inherit what any python3 that has freed a buffer of that
   size has. */
enum { HEAP_MMAP_THRESHOLD = 232 << 10 };

__attribute__((constructor)) static void heap_align(void) {
  uintptr_t at = (uintptr_t)sbrk(0);
  uintptr_t up = (at + HUGE - 1) & ~(uintptr_t)(HUGE - 1);
  if (at != (uintptr_t)-1 && up > at && sbrk((intptr_t)(up - at)) != (void *)-1) heap_floor = up;
  void *volatile big = malloc(HEAP_MMAP_THRESHOLD); /* volatile: the compiler drops a bare free(malloc(n)) */
  free(big);
}

/* The executable's writable data (with the anonymous memory right after it: its .bss) and the
   malloc heap, each moved whole blocks at a time to huge pages when nothing else shares their
   blocks; their blocks join hot[]. The heap cannot grow in place afterwards (its end is mapped):
   malloc then takes more memory with mmap, as it does whenever brk fails. */
static void data_on_huge_pages(void) {
  struct mapping m[MAPS_MAX];
  int n = read_mappings(m, MAPS_MAX);
  if (n <= 0) return;
  uintptr_t runs[2][2] = {{0, 0}, {0, 0}};
  for (int i = 0; i < n; i++) {
    if (m[i].kind == 1 && m[i].perms[1] == 'w' && !runs[0][0]) {
      runs[0][0] = m[i].start, runs[0][1] = m[i].end;
      if (i + 1 < n && m[i + 1].kind == 3 && m[i + 1].start == m[i].end) runs[0][1] = m[i + 1].end;
    }
    if (m[i].kind == 2) runs[1][0] = m[i].start > heap_floor ? m[i].start : heap_floor, runs[1][1] = m[i].end;
  }
  for (int r = 0; r < 2; r++) {
    if (!runs[r][0]) continue;
    uintptr_t a = runs[r][0] & ~(uintptr_t)(HUGE - 1), b = (runs[r][1] + HUGE - 1) & ~(uintptr_t)(HUGE - 1);
    for (int i = 0; i < nhot; i++) /* blocks the other run took already */
      if (hot[i] >= a && hot[i] < b) a = hot[i] + HUGE; /* ascending: the first run's last ones */
    if (a >= b || nhot + (int)((b - a) / HUGE) > HOT_MAX || !may_take(m, n, a, b)) continue;
    int had = nconsts;
    for (int i = 0; i < n && nconsts < CONSTS_MAX; i++) /* read-only there: the executable's constants */
      if (m[i].end > a && m[i].start < b && m[i].perms[1] != 'w')
        consts[nconsts][0] = m[i].start > a ? m[i].start : a, consts[nconsts++][1] = m[i].end < b ? m[i].end : b;
    if (take_blocks(m, n, a, b) < 0) {
      nconsts = had;
      continue;
    }
    if (huge_bytes_at(a) < (long long)(b - a)) madvise((void *)a, b - a, MADV_COLLAPSE);
    for (uintptr_t at = a; at < b; at += HUGE) hot[nhot++] = at;
    n = read_mappings(m, MAPS_MAX); /* for the next run */
    if (n <= 0) return;
  }
}

/* Whether every block is still inside one read-write mapping, as heap_choose left it. The brk
   heap's blocks are what could change: a free() that leaves more than malloc's trim threshold at
   the top of the heap shrinks it with brk, unmapping the end of a block (not seen, not ruled out). */
static int blocks_intact(void) {
  struct mapping m[MAPS_MAX];
  int n = read_mappings(m, MAPS_MAX);
  if (n <= 0) return 0;
  for (int b = 0; b < nhot; b++) {
    int whole = 0;
    for (int i = 0; i < n && !whole; i++)
      whole = m[i].start <= hot[b] && hot[b] + HUGE <= m[i].end && m[i].perms[0] == 'r' && m[i].perms[1] == 'w';
    if (!whole) return 0;
  }
  return 1;
}

/* Before the template forks tests again (serve(), after Python ran here): a new snapshot of the
   blocks, or, where they are no longer whole or the snapshot cannot be written, tests share them
   from then on (slower, the same bytes). Returns whether tests copy. */
static int heap_refresh(void) {
  if (heap_copy && (!blocks_intact() || heap_snapshot() < 0)) heap_share();
  return heap_copy;
}

/* In CPython (this library lives in the template's python3): runs source in __main__. */
extern int PyRun_SimpleStringFlags(const char *source, void *flags);

/* CPU (us) of a fork of this process that does what a test does: copies the blocks or not, then
   runs `program` (Python: a short LiveCodeBench-like test) and exits. -1 on failure. */
static double heap_trial(int copy, const char *program) {
  if (heap_wipe(copy) < 0) return -1;
  pid_t pid = (pid_t)syscall(SYS_clone, SIGCHLD, NULL, NULL, NULL, NULL); /* as serve() forks tests */
  if (pid == 0) _exit(heap_for_test(copy) == 0 && PyRun_SimpleStringFlags(program, NULL) == 0 ? 0 : 1);
  struct rusage ru;
  int status;
  if (pid < 0 || wait4(pid, &status, 0, &ru) < 0 || status != 0) return -1;
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 + ru.ru_utime.tv_usec + ru.ru_stime.tv_usec;
}

enum { TRIALS = 7 };

static double median(double *v, int n) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
      double t = v[j];
      v[j] = v[j - 1], v[j - 1] = t;
    }
  return v[n / 2];
}

/* Once, after the template's warm-up: fixes the blocks tests may copy (the region's used part and
   the data's, on huge pages) and decides whether they copy them, from the median CPU of TRIALS
   alternating trial forks each way that run `program`. Returns the number of blocks, times 2,
   plus 1 if tests copy them (0: no blocks). */
static long long heap_choose(const char *program) {
  heap_state = 2;
  if (heap_region && heap_used) {
    size_t heap_blocks = (heap_used + HUGE - 1) / HUGE;
    /* The rest of the region goes: later arenas, the template's and the tests', are ordinary
       mmaps, counted by RLIMIT_DATA/RLIMIT_AS (rootless backend) as before. */
    syscall(SYS_munmap, heap_region + heap_blocks * HUGE, HEAP_REGION - heap_blocks * HUGE);
    madvise(heap_region, heap_blocks * HUGE, MADV_COLLAPSE);
    if (huge_bytes_at((uintptr_t)heap_region) >= (long long)(heap_blocks * HUGE))
      for (size_t i = 0; i < heap_blocks && nhot < HOT_MAX; i++) hot[nhot++] = (uintptr_t)heap_region + i * HUGE;
  }
  data_on_huge_pages();
  if (nhot == 0) return 0;
  snapshot_fd = snapshot_open((size_t)nhot * HUGE);
  if (heap_snapshot() < 0) return (long long)nhot * 2;
  struct stat ns; /* a test is in a pid namespace of its own */
  if (stat("/proc/self/ns/pid", &ns) < 0 || pthread_atfork(heap_private, NULL, NULL) != 0) sample_mnt = -1; /* no sample files */
  template_pidns = ns.st_ino;
  heap_copy = 1, heap_new_sample(), heap_copy = 0; /* the trials' */
  /* Medians: the first forks may find no free huge page at hand (the kernel then compacts memory,
     or the hypervisor backs a page it had taken back), which tests, one after another, do not. */
  double with[TRIALS], without[TRIALS];
  int i;
  for (i = 0; i < TRIALS; i++) {
    with[i] = heap_trial(1, program), without[i] = heap_trial(0, program);
    if (with[i] < 0 || without[i] < 0) break;
  }
  if (i == TRIALS) {
    heap_trial_us[0] = median(with, TRIALS), heap_trial_us[1] = median(without, TRIALS);
    heap_copy = heap_trial_us[0] < heap_trial_us[1];
  }
  if (heap_wipe(heap_copy) < 0) heap_share();
  heap_new_sample();
  return (long long)nhot * 2 + heap_copy;
}

#endif
