/*
 * Native half of a judge slot's template (runtime/template.py loads it with ctypes): the process
 * every test is a copy of. It waits in serve(), in C, for the supervisor's spawn requests and
 * forks each test with clone(CLONE_PARENT), so that the test is the supervisor's child (wait4
 * rusage, pidfd) while the supervisor itself never forks. Between forks the template runs only
 * this loop: it touches a handful of pages, where a Python process copies ~180 pages
 * (copy-on-write) after every fork, and it is smaller than the supervisor, so each fork copies
 * fewer page tables. become_test() is the test process's own set-up right after the fork.
 */
#include "common.h"
#include "huge_heap.h"
#include "out_of_memory.h"
#include <linux/capability.h>
#include <linux/securebits.h>

/* The test process's set-up (become_test fills it), in the order that matters. */
struct enter {
  int64_t stdin_fd, out_fd, err_fd;
  int64_t oom_fd;   /* the out-of-memory pipe, moved to OOM_FD (out_of_memory.h); < 0: none */
  int64_t keep[9]; /* open fds kept (besides 0-2), ascending; the cgroup files among them */
  int64_t nkeep;
  int64_t cgroup_procs[2]; /* joined by writing "0", after every other step but credentials, then
                              closed: a writable cgroup file must never reach the program */
  int64_t cpu_soft, cpu_hard, fsize, stack;
  int64_t data_limit, nproc; /* rootless backend: the memory and process limits (0: none) */
  int64_t uid, gid;          /* < 0: keep the credentials (rootless: the user namespace's only one) */
  int64_t step; /* out: the step that failed (ENTER_STEPS) */
};

/* What this process (a fork of the template) already maps, in bytes: its whole address space and
   its data (heap, anonymous private mappings and stack), from /proc/self/statm. */
static int own_sizes(int64_t *vsize, int64_t *data) {
  char text[128];
  long long pages[7];
  int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0) return -1;
  text[n] = 0;
  if (sscanf(text, "%lld %lld %lld %lld %lld %lld %lld", &pages[0], &pages[1], &pages[2], &pages[3], &pages[4],
             &pages[5], &pages[6]) != 7)
    return errno = EPROTO, -1;
  *vsize = pages[0] * sysconf(_SC_PAGESIZE);
  *data = pages[5] * sysconf(_SC_PAGESIZE);
  return 0;
}

/* Memory without a cgroup: RLIMIT_DATA (heap, anonymous private mappings) at the limit, and
   RLIMIT_AS at the limit, which also bounds what RLIMIT_DATA does not count (shared anonymous
   memory). A Python test keeps running in this fork of the template, whose own mappings a cgroup
   would not charge to it either: the limits start above them. A binary is exec'd into a fresh
   address space: its limits are the plain limit. */
static int limit_memory(const struct enter *e, int64_t kind) {
  if (e->data_limit <= 0) return 0;
  int64_t vsize = 0, data = 0;
  if (kind == KIND_PYTHON && own_sizes(&vsize, &data) < 0) return -1;
  struct rlimit d = {(rlim_t)(e->data_limit + data), (rlim_t)(e->data_limit + data)};
  struct rlimit as = {(rlim_t)(e->data_limit + vsize), (rlim_t)(e->data_limit + vsize)};
  return setrlimit(RLIMIT_DATA, &d) < 0 || setrlimit(RLIMIT_AS, &as) < 0 ? -1 : 0;
}

/* Rootless backend: the test is root of the slot's user namespace (its only mapped user), with
   every capability there. Drop them all, for good: bounding and ambient sets, then the securebits
   that keep root from regaining any (by exec or setuid), then the sets themselves. */
static int drop_capabilities(void) {
  for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0) return -1;
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0) return -1;
  if (prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |
                                   SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED |
                                   SECBIT_NO_CAP_AMBIENT_RAISE | SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED,
            0, 0, 0) < 0)
    return -1;
  struct __user_cap_header_struct head = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct none[2] = {{0, 0, 0}, {0, 0, 0}};
  return (int)syscall(SYS_capset, &head, none);
}

static int close_others(const struct enter *e) {
  unsigned prev = 2;
  for (int64_t i = 0; i <= e->nkeep; i++) {
    if (i < e->nkeep && e->keep[i] < 0) continue; /* a cgroup file the backend does not have */
    unsigned fd = i < e->nkeep ? (unsigned)e->keep[i] : ~0U;
    if (fd > prev + 1 && syscall(SYS_close_range, prev + 1, fd - 1, 0) < 0) return -1;
    prev = fd;
  }
  return 0;
}

static int set_limit(int resource, int64_t soft, int64_t hard) {
  struct rlimit r = {.rlim_cur = (rlim_t)soft, .rlim_max = (rlim_t)hard};
  return setrlimit(resource, &r);
}

static const char *const ENTER_STEPS[] = {"",           "setsid",       "mount /proc",        "dup2",
                                          "close fds",  "setrlimit",    "chdir /tmp",         "join cgroups",
                                          "close cgroup files", "drop privileges", "no_new_privs",
                                          "memory rlimits", "RLIMIT_NPROC", "drop capabilities",
                                          "parent-death signal",
                                          "out-of-memory pipe to fd 127 (RLIMIT_NOFILE must allow 128 files)"};

/* Returns 0, or an errno with e->step telling which step failed. */
static int enter_test(struct enter *e, int64_t kind) {
#define STEP(n, call) \
  do {                \
    e->step = (n);    \
    if ((call) < 0) return errno; \
  } while (0)
  STEP(1, setsid());
  STEP(2, mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL));
  STEP(3, dup2((int)e->stdin_fd, 0));
  STEP(3, dup2((int)e->out_fd, 1));
  STEP(3, dup2((int)e->err_fd, 2));
  if (e->oom_fd >= 0) STEP(15, dup2((int)e->oom_fd, OOM_FD));
  STEP(4, close_others(e));
  STEP(5, set_limit(RLIMIT_CPU, e->cpu_soft, e->cpu_hard));
  STEP(5, set_limit(RLIMIT_FSIZE, e->fsize, e->fsize));
  STEP(5, set_limit(RLIMIT_NOFILE, 64, 64));
  STEP(5, set_limit(RLIMIT_CORE, 0, 0));
  STEP(5, set_limit(RLIMIT_STACK, e->stack, e->stack));
  STEP(5, set_limit(RLIMIT_MEMLOCK, 0, 0));
  STEP(11, limit_memory(e, kind));
  if (e->nproc > 0) STEP(12, set_limit(RLIMIT_NPROC, e->nproc, e->nproc));
  STEP(6, chdir("/tmp"));
  /* Joined as late as possible, so that our own set-up is not charged to the program. */
  for (int i = 0; i < 2; i++)
    if (e->cgroup_procs[i] >= 0) {
      STEP(7, write((int)e->cgroup_procs[i], "0", 1));
      STEP(8, close((int)e->cgroup_procs[i]));
    }
  if (e->uid >= 0) {
    STEP(9, setgroups(0, NULL));
    STEP(9, setresgid((gid_t)e->gid, (gid_t)e->gid, (gid_t)e->gid));
    STEP(9, setresuid((uid_t)e->uid, (uid_t)e->uid, (uid_t)e->uid));
  } else {
    STEP(13, drop_capabilities());
  }
  STEP(10, prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
  /* Killed with the supervisor, its parent (CLONE_PARENT), e.g. when Node is SIGKILLed: nothing
     else would end a test that sleeps, and its pid namespace dies with it. Set last, since a change
     of credentials clears it; a supervisor that died before this leaves no reader on the control
     pipe, and the test's first write there (become_test) ends it with SIGPIPE. */
  STEP(14, prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0));
#undef STEP
  e->step = 0;
  return 0;
}

/* ---- The template's loop (runtime/template.py) ---- */

enum { SERVE_EOF = 0, SERVE_CHILD = 1, SERVE_CONTROL = 2, SERVE_ERROR = -1 };
enum { MAX_ARGS = 256 };

struct serve {
  /* set by the caller */
  int64_t sock;            /* SOCK_SEQPACKET to the supervisor */
  int64_t clone_flags;     /* CLONE_NEWPID */
  int64_t cgroup_procs[2]; /* the slot's memory and pids cgroup.procs */
  int64_t reaper;          /* native/reaper.c, or -1 */
  int64_t uid, gid;
  int64_t sink;            /* /dev/null for the functional harness, kept open in Python tests, or -1 */
  char *msg; /* out: the receive buffer (this library's: serve_start) */
  int64_t msg_cap;
  /* set by serve_start */
  int64_t home_mnt; /* the slot's mount namespace */
  /* out */
  int64_t ctl_fd, src_fd; /* SERVE_CHILD: a Python test's control pipe and program */
  int64_t src_len;        /* SERVE_CHILD: the program's size */
  int64_t msg_len;        /* SERVE_CONTROL: the message, left in msg */
  int64_t error;          /* SERVE_ERROR: errno */
};

/* serve()'s own state and receive buffer, in this library's data: not in the blocks that a Python
   test fills from the template's last snapshot (huge_heap.h, taken in serve()), so that what the
   loop receives and sets after the snapshot is the current one in the test too. */
static struct serve state;
static struct serve *caller; /* serve()'s argument: a Python test's fields go there (become_test) */

/* What the loop writes for every test: the request it receives, and the sample's. Left out of
   every fork (MADV_DONTFORK, serve_start): a page the template shares with a test is copied on
   its next write (~17 us on the build VM), and these were one or two such pages a test. A test
   gets its request on the stack instead (spawn_test). */
static struct __attribute__((aligned(4096))) { /* whole pages: nothing else shares them */
  char inbox[1 << 16];
  int tmp, shm, tests; /* the sample being served: see spawn_test */
} loop = {.tmp = -1, .shm = -1};
_Static_assert(sizeof loop % 4096 == 0, "loop: whole pages");


/* Once, before the template's warm-up: die with the supervisor, enter the slot's mount namespace
   (the first message's fd) and leave the host's network and IPC namespaces for empty ones (every
   sample gets its own later: spawn_test). */
int serve_start(struct serve *s) {
  int fds[MAX_FDS], nfds = 0;
  s->msg = loop.inbox, s->msg_cap = sizeof loop.inbox;
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0) return errno;
  if (madvise(&loop, sizeof loop, MADV_DONTFORK) < 0) return errno;
  ssize_t n = recv_with_fds((int)s->sock, s->msg, (size_t)s->msg_cap, fds, &nfds);
  if (n < 0) return errno;
  if (nfds != 1) return EPROTO;
  if (setns(fds[0], CLONE_NEWNS) < 0 || chdir("/") < 0) return errno;
  if (unshare(CLONE_NEWNET | CLONE_NEWIPC) < 0) return errno;
  /* Inherited by every test: a stack that cannot grow is told on the out-of-memory pipe. */
  if (oom_watch_stack() < 0) return errno;
  s->home_mnt = fds[0];
  return send_with_fds((int)s->sock, "ok", 2, NULL, 0) < 0 ? errno : 0;
}

/* Once, as this library loads: OOM_FD is taken by /dev/null, read-only, so that nothing of the
   template's gets that number and an allocation the template itself fails writes nowhere (a test
   gets its pipe there: enter_test). */
__attribute__((constructor)) static void oom_reserve_fd(void) {
  struct rlimit files;
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur <= OOM_FD && files.rlim_max > OOM_FD) {
    files.rlim_cur = OOM_FD + 1; /* room for it (tests set their own limit) */
    setrlimit(RLIMIT_NOFILE, &files);
  }
  int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (fd >= 0 && fd != OOM_FD) {
    dup3(fd, OOM_FD, O_CLOEXEC);
    close(fd);
  }
}

/* Once, before the template's warm-up: every MemoryError made from now on, in a test, is told on
   the out-of-memory pipe, caught or not. `slot` is MemoryError's tp_new (runtime/template.py finds
   it and checks the type's layout first). */
typedef void *(*new_fn)(void *type, void *args, void *kwds);
static new_fn memory_error_new;
static void *memory_error_made(void *type, void *args, void *kwds) {
  oom_sign('E');
  return memory_error_new(type, args, kwds);
}
void watch_memory_errors(new_fn *slot) {
  if (*slot == memory_error_made) return;
  memory_error_new = *slot;
  *slot = memory_error_made;
}

/* Once, before the template's warm-up (huge_image.h). */
long long image_on_huge_pages(void) { return huge_image(); }

/* Once, when the template is warm (huge_heap.h): the blocks of its arenas and data, and whether
   tests copy them, measured with `program` (Python source). */
long long heap_on_huge_pages(const char *program) { return heap_choose(program); }

/* What serve() does first (huge_heap.h): a new snapshot of the blocks, or tests share them from now
   on. Returns whether tests copy them. */
int heap_refreshed(void) { return heap_refresh(); }

/* What heap_on_huge_pages measured: a trial fork's median CPU (us) with and without the copy. */
void heap_trials(double *with, double *without) { *with = heap_trial_us[0], *without = heap_trial_us[1]; }

/* Whether tests read the blocks' snapshot from a file on huge pages (1) or on 4 KiB pages (0). */
int heap_snapshot_huge(void) { return snapshot_huge; }

static void report(int fd, const char *what, int err) {
  char line[256];
  int n = snprintf(line, sizeof line, "IE:%s: %s", what, strerror(err));
  if (n > 0) write_all(fd, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
}

static void sort_fds(int64_t *a, int64_t n) {
  for (int64_t i = 1; i < n; i++)
    for (int64_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
      int64_t t = a[j];
      a[j] = a[j - 1];
      a[j - 1] = t;
    }
}

/* In the test process, pid 1 of its pid namespace, in its fresh mount namespace, still root.
   Returns only for a Python test (s->ctl_fd, s->src_fd, s->src_len set); otherwise execs or exits. */
static void become_test(struct serve *s, const struct spawn_msg *m, const char *strings, size_t slen, const int *fds) {
  struct enter e = {0};
  int ctl = fds[3];
  e.stdin_fd = fds[0];
  e.out_fd = fds[1];
  e.err_fd = fds[2];
  e.keep[e.nkeep++] = ctl;
  e.keep[e.nkeep++] = s->cgroup_procs[0];
  e.keep[e.nkeep++] = s->cgroup_procs[1];
  if (m->kind == KIND_PYTHON) e.keep[e.nkeep++] = fds[4];
  if (m->kind == KIND_PYTHON && s->sink >= 0) e.keep[e.nkeep++] = s->sink;
  if (m->kind == KIND_EXEC) {
    e.keep[e.nkeep++] = fds[4];
    e.keep[e.nkeep++] = fds[5];
    e.keep[e.nkeep++] = s->reaper;
  }
  /* The out-of-memory pipe comes last (python, exec); the program finds it at OOM_FD. */
  e.oom_fd = m->kind == KIND_PYTHON ? fds[5] : m->kind == KIND_EXEC ? fds[6] : -1;
  if (e.oom_fd >= 0) e.keep[e.nkeep++] = OOM_FD;
  sort_fds(e.keep, e.nkeep);
  e.cgroup_procs[0] = s->cgroup_procs[0];
  e.cgroup_procs[1] = s->cgroup_procs[1];
  e.cpu_soft = m->cpu_soft;
  e.cpu_hard = m->cpu_hard;
  e.fsize = m->fsize;
  e.stack = m->stack;
  e.data_limit = m->data_limit;
  e.nproc = m->nproc;
  e.uid = s->uid;
  e.gid = s->gid;
  int err = enter_test(&e, m->kind);
  if (err) {
    report(ctl, ENTER_STEPS[e.step], err);
    _exit(126);
  }
  if (m->kind == KIND_PYTHON) {
    /* The CPU spent so far is the sandbox's, not the program's: the supervisor subtracts it. In
       microseconds, written by hand: printf's code is pages of libc a test would touch only here,
       and on a VM that charges for each page a process touches first they cost more than this. */
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    unsigned long long us = (unsigned long long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 + (unsigned long long)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
    char line[32], *p = line + sizeof line;
    *--p = '\n';
    do *--p = (char)('0' + us % 10); while ((us /= 10) > 0);
    memcpy(p -= 4, "PRE:", 4);
    write_all(ctl, p, (size_t)(line + sizeof line - p));
    struct stat st;
    if (fstat(fds[4], &st) < 0) {
      report(ctl, "fstat", errno);
      _exit(126);
    }
    caller->ctl_fd = ctl; /* not s: the library's own data, which this process does not write */
    caller->src_fd = fds[4];
    caller->src_len = st.st_size;
    return;
  }
  write_all(ctl, "PRE:0\n", 6);
  char *argv[MAX_ARGS + 4];
  char rep[24], exe[24];
  int argc = 0;
  if (m->kind == KIND_EXEC) {
    /* The reaper's report pipe and the binary survive the exec; the control pipe does not. */
    if (fcntl(fds[4], F_SETFD, 0) < 0 || fcntl(fds[5], F_SETFD, 0) < 0) {
      report(ctl, "fcntl", errno);
      _exit(126);
    }
    snprintf(rep, sizeof rep, "%d", fds[4]);
    snprintf(exe, sizeof exe, "%d", fds[5]);
    argv[argc++] = "reaper";
    argv[argc++] = rep;
    argv[argc++] = exe;
  }
  for (size_t at = 0; at < slen && argc < MAX_ARGS + 3; at += strlen(strings + at) + 1) argv[argc++] = (char *)strings + at;
  argv[argc] = NULL;
  extern char **environ;
  if (m->kind == KIND_EXEC) fexecve((int)s->reaper, argv, environ);
  else if (argc > 0) execve(argv[0], argv, environ);
  else errno = EINVAL;
  report(ctl, "execve", errno);
  _exit(126);
}

/* The sample being served (loop.tmp, loop.shm, loop.tests): this process stays in its mount
   namespace between its tests, and keeps its /tmp and /dev/shm (each test's reply carries them, for
   the supervisor to see whether the test left files there). */
#define sample_tmp loop.tmp
#define sample_shm loop.shm
#define sample_tests loop.tests
/* Each test of a sample mounts its own /proc over the earlier ones: a bound on how many. */
enum { SAMPLE_TESTS_MAX = 64 };

/* Back to the slot's mount namespace, out of the sample's (OP_LEAVE, and before a new sample):
   once the supervisor drops its reference too, the sample's namespace goes, with its /tmp. */
static int leave_sample(struct serve *s) {
  if (sample_tmp >= 0) close(sample_tmp);
  if (sample_shm >= 0) close(sample_shm);
  heap_end_sample();
  sample_tmp = sample_shm = -1;
  sample_tests = 0;
  return setns((int)s->home_mnt, CLONE_NEWNS);
}

/* A new sample: new network and IPC namespaces, and a copy of the slot's mount namespace with a
   fresh /tmp and /dev/shm, which this process enters; *mnt gets a reference to it. */
static int start_sample(struct serve *s, const struct spawn_msg *m, int *mnt, int64_t *step) {
  *step = SPAWN_MOUNTS;
  if (leave_sample(s) < 0) return -2; /* stuck in the old sample's namespace: nothing can be served */
  *step = SPAWN_NAMESPACES;
  if (unshare(CLONE_NEWNET | CLONE_NEWIPC) < 0) return -1;
  *step = SPAWN_MOUNTS;
  char opts[64];
  snprintf(opts, sizeof opts, "size=%lld,mode=1777", (long long)m->tmp_bytes);
  if (unshare(CLONE_NEWNS) < 0 || mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, opts) < 0 ||
      mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, opts) < 0 ||
      (*mnt = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC)) < 0 || (sample_tmp = open("/tmp", O_PATH | O_CLOEXEC)) < 0 ||
      (sample_shm = open("/dev/shm", O_PATH | O_CLOEXEC)) < 0) {
    int err = errno;
    if (leave_sample(s) < 0) return -2;
    errno = err;
    return -1;
  }
  heap_new_sample();
  return 0;
}

/* Makes one test: the test process in a fresh pid namespace as the supervisor's child, in the
   sample's network, IPC and mount namespaces (new ones for the first test of a sample, for every
   test when asked, and after SAMPLE_TESTS_MAX tests). ns gets the sample's /tmp and /dev/shm and,
   for a new sample, its mount namespace. Returns the pid, 0 in a Python test, -1 (errno), or -2
   when nothing more can be served. */
static pid_t spawn_test(struct serve *s, const struct spawn_msg *m, size_t len, const int *fds, int nfds, int *ns,
                        int64_t *step) {
  int want = m->kind == KIND_PYTHON ? 6 : m->kind == KIND_EXEC ? 7 : m->kind == KIND_SHELL ? 4 : -1;
  *step = SPAWN_MESSAGE;
  if (nfds != want || (m->kind == KIND_EXEC && s->reaper < 0) || m->tmp_bytes <= 0) {
    errno = EINVAL;
    return -1;
  }
  int started = m->fresh_ns || sample_tmp < 0 || sample_tests >= SAMPLE_TESTS_MAX;
  if (started) {
    int rc = start_sample(s, m, &ns[2], step);
    if (rc < 0) {
      if (rc == -2) s->error = errno;
      return rc;
    }
  }
  *step = SPAWN_CLONE;
  pid_t pid = -1;
  char request[len + 1]; /* the test's copy of it: loop.inbox is not in the test (MADV_DONTFORK) */
  memcpy(request, s->msg, len + 1);
  m = (const struct spawn_msg *)request;
  /* A Python test fills the blocks from the snapshot; any other must find them as they are. */
  if ((ns[0] = dup(sample_tmp)) >= 0 && (ns[1] = dup(sample_shm)) >= 0 && heap_wipe(m->kind == KIND_PYTHON && heap_copy) == 0) {
    sample_tests++;
    /* Raw clone: no fork handlers to run, and none needed (one thread, no locks held). */
    pid = (pid_t)syscall(SYS_clone, (unsigned long)s->clone_flags | CLONE_PARENT | SIGCHLD, NULL, NULL, NULL, NULL);
    if (pid == 0) {
      if (m->kind == KIND_PYTHON && heap_for_test(heap_copy) < 0) { /* before anything reads the blocks */
        report(fds[3], "reading the template's snapshot", errno);
        _exit(126);
      }
      become_test(s, m, request + sizeof *m, len - sizeof *m, fds); /* returns in a Python test */
      return 0;
    }
  }
  if (pid < 0 && started) {
    /* The supervisor never gets this sample's namespace (a failed spawn's reply carries no fds):
       leave it, so that the next spawn starts a sample the supervisor knows of. */
    int err = errno;
    if (leave_sample(s) < 0) {
      s->error = errno;
      return -2;
    }
    errno = err;
  }
  return pid;
}

/* The loop of serve() below: serves spawn requests until the supervisor closes the socket (SERVE_EOF),
   sends a control message (SERVE_CONTROL: Python acts on it and calls again), or in a new Python
   test process (SERVE_CHILD). Replies to each spawn with {pid or -errno, step} and, on success,
   the sample's /tmp and /dev/shm and, for a new sample, its mount namespace (the supervisor holds
   it while the sample runs, then drops it off the critical path: see Closer in
   runtime/slot_processes.py); to OP_LEAVE with {0, 0}. */
static int serve_loop(struct serve *s) {
  for (;;) {
    int fds[MAX_FDS], nfds = 0, ns[3] = {-1, -1, -1};
    ssize_t n = recv_with_fds((int)s->sock, s->msg, (size_t)s->msg_cap - 1, fds, &nfds);
    if (n == 0) return SERVE_EOF;
    if (n < 0 && errno != EMSGSIZE) {
      s->error = errno;
      return SERVE_ERROR;
    }
    struct spawn_reply reply = {-EINVAL, SPAWN_MESSAGE};
    const struct spawn_msg *m = (const struct spawn_msg *)s->msg;
    if (n >= (ssize_t)sizeof *m && m->op == OP_ENV) {
      for (int i = 0; i < nfds; i++) close(fds[i]);
      s->msg_len = n;
      return SERVE_CONTROL;
    }
    if (n >= (ssize_t)sizeof *m && m->op == OP_LEAVE) {
      for (int i = 0; i < nfds; i++) close(fds[i]);
      if (leave_sample(s) < 0) {
        s->error = errno;
        return SERVE_ERROR;
      }
      reply.pid = 0;
      if (send_with_fds((int)s->sock, &reply, sizeof reply, NULL, 0) < 0) {
        s->error = errno;
        return SERVE_ERROR;
      }
      continue;
    }
    if (n < 0) {
      reply.pid = -EMSGSIZE;
    } else if (n >= (ssize_t)sizeof *m && m->op == OP_SPAWN) {
      s->msg[n] = 0; /* the last string is terminated even if the sender forgot */
      pid_t pid = spawn_test(s, m, (size_t)n, fds, nfds, ns, &reply.step);
      if (pid == 0) return SERVE_CHILD;
      if (pid == -2) return SERVE_ERROR;
      reply.pid = pid > 0 ? pid : -errno;
    }
    for (int i = 0; i < nfds; i++) close(fds[i]);
    int nns = reply.pid > 0 ? (ns[2] >= 0 ? 3 : 2) : 0;
    int rc = send_with_fds((int)s->sock, &reply, sizeof reply, ns, nns);
    for (int i = 0; i < 3; i++)
      if (ns[i] >= 0) close(ns[i]);
    if (rc < 0) {
      s->error = errno;
      return SERVE_ERROR;
    }
  }
}

/* The template's loop (serve_loop), after a snapshot of the blocks as Python left them, with its
   fields copied out to the caller's struct when it returns: in the template, and in a Python test
   after the test filled its blocks. */
int serve(struct serve *s) {
  state = *s;
  state.msg = loop.inbox, state.msg_cap = sizeof loop.inbox;
  caller = s;
  heap_refresh();
  int rc = serve_loop(&state);
  if (rc != SERVE_CHILD) *s = state; /* a test's fields are in *s already (become_test) */
  return rc;
}
