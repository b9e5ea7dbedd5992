/*
 * Native half of the slot supervisor (runtime/zygote.py loads it with ctypes), for the two moments
 * when the supervisor and a freshly forked test share every page, so that every page either
 * writes is copied (copy-on-write):
 *
 * - enter_test(): the test process's own set-up right after the fork (namespaces, /proc,
 *   stdio, fds, rlimits, cgroups, credentials) in one call instead of ~25 Python steps.
 * - watch_test(): the supervisor's wait for the test: drains its stdout, stderr and reaper-report
 *   pipes until every process of the test has gone, and returns early at the wall-clock deadline
 *   or when stdout outgrows its in-memory buffer. All state lives in `struct watch`, so Python
 *   can act on an early return (kill the test, give it a file for its output) and call again.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <sched.h>
#include <unistd.h>

enum { WATCH_DONE = 0, WATCH_DEADLINE = 1, WATCH_NEED_FILE = 2, WATCH_ERROR = -1 };

/* While the test runs only its pidfd is watched, with a timeout at which the pipes are drained:
   a short test then wakes this process once (its exit) instead of three times (its output, the
   end of its pipes, its exit). A test that keeps writing is drained every millisecond, through a
   pipe enlarged to 1 MiB once it is seen half full. */
enum { DRAIN_IDLE_MS = 4, DRAIN_BUSY_MS = 1, BIG_PIPE = 1 << 20 };

struct watch {
  /* set by the caller */
  int64_t pid, pidfd, out_r, err_r, rep_r; /* rep_r < 0: no reaper */
  int64_t deadline_ns;                     /* CLOCK_MONOTONIC; ignored once killed */
  int64_t out_max;                         /* stdout beyond this is OLE: the test is killed */
  int64_t out_fd;                          /* < 0: keep stdout in out_buf while it fits */
  char *out_buf;
  int64_t out_cap;
  char *err_buf; /* the last err_cap bytes of stderr */
  int64_t err_cap;
  char *rep_buf;
  int64_t rep_cap;
  /* kept across calls; zero them before the first */
  int64_t killed, ole, exited, out_bytes, out_len, err_len, rep_len;
  int64_t closed;  /* a bit per pipe (and, 3 bits up, per pipe enlarged) */
  int64_t pending; /* stdout read into the static buffer, waiting for a file */
  int64_t error;   /* errno of WATCH_ERROR */
};

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t k = write(fd, p, n);
    if (k < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

static void keep_tail(struct watch *w, const char *data, int64_t n) {
  if (w->err_cap <= 0) return;
  if (n >= w->err_cap) {
    memcpy(w->err_buf, data + n - w->err_cap, (size_t)w->err_cap);
    w->err_len = w->err_cap;
    return;
  }
  int64_t drop = w->err_len + n - w->err_cap;
  if (drop > 0) {
    memmove(w->err_buf, w->err_buf + drop, (size_t)(w->err_len - drop));
    w->err_len -= drop;
  }
  memcpy(w->err_buf + w->err_len, data, (size_t)n);
  w->err_len += n;
}

/* Returns WATCH_NEED_FILE (nothing consumed) if stdout does not fit and has no file yet. */
static int take_stdout(struct watch *w, const char *data, int64_t n) {
  int64_t keep = w->out_max + 1 - w->out_bytes; /* one byte past the limit tells OLE apart */
  if (keep > n) keep = n;
  if (keep > 0) {
    if (w->out_fd < 0) {
      if (w->out_len + keep > w->out_cap) return WATCH_NEED_FILE;
      memcpy(w->out_buf + w->out_len, data, (size_t)keep);
      w->out_len += keep;
    } else if (write_all((int)w->out_fd, data, (size_t)keep) < 0) {
      w->error = errno;
      return WATCH_ERROR;
    }
  }
  w->out_bytes += n;
  if (w->out_bytes > w->out_max && !w->killed) {
    kill((pid_t)w->pid, SIGKILL);
    w->killed = w->ole = 1;
  }
  return WATCH_DONE;
}

static char buf[65536];

static int take(struct watch *w, int i, ssize_t got) {
  if (i == 0) {
    int rc = take_stdout(w, buf, got);
    if (rc == WATCH_NEED_FILE) w->pending = got;
    return rc;
  }
  if (i == 1) {
    keep_tail(w, buf, got);
  } else {
    int64_t room = w->rep_cap - w->rep_len;
    if (got < room) room = got;
    memcpy(w->rep_buf + w->rep_len, buf, (size_t)room);
    w->rep_len += room;
  }
  return WATCH_DONE;
}

/* Reads what the pipes hold now, without blocking; *busy tells whether there was anything. */
static int drain_available(struct watch *w, const int64_t *pipes, int *busy) {
  *busy = 0;
  for (int i = 0; i < 3; i++) {
    if (pipes[i] < 0 || (w->closed & (1 << i))) continue;
    for (;;) {
      int avail = 0;
      if (ioctl((int)pipes[i], FIONREAD, &avail) < 0 || avail <= 0) break;
      if (avail >= (int)sizeof buf / 2 && !(w->closed & (8 << i))) {
        fcntl((int)pipes[i], F_SETPIPE_SZ, BIG_PIPE); /* best effort */
        w->closed |= 8 << i;
      }
      ssize_t got = read((int)pipes[i], buf, (size_t)avail < sizeof buf ? (size_t)avail : sizeof buf);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) break;
      *busy = 1;
      int rc = take(w, i, got);
      if (rc != WATCH_DONE) return rc;
    }
  }
  return WATCH_DONE;
}

int watch_test(struct watch *w) {
  const int64_t pipes[3] = {w->out_r, w->err_r, w->rep_r};
  if (w->pending > 0) {
    int rc = take_stdout(w, buf, w->pending);
    if (rc != WATCH_DONE) return rc;
    w->pending = 0;
  }
  int busy = 0;
  while (!w->exited) {
    int timeout = busy ? DRAIN_BUSY_MS : DRAIN_IDLE_MS;
    if (!w->killed) {
      int64_t left = w->deadline_ns - now_ns();
      if (left <= 0) return WATCH_DEADLINE;
      if (left / 1000000 + 1 < timeout) timeout = (int)(left / 1000000) + 1;
    }
    struct pollfd p = {.fd = (int)w->pidfd, .events = POLLIN};
    int ready = poll(&p, 1, timeout);
    if (ready < 0 && errno != EINTR) {
      w->error = errno;
      return WATCH_ERROR;
    }
    if (ready > 0) w->exited = 1;
    int rc = drain_available(w, pipes, &busy);
    if (rc != WATCH_DONE) return rc;
  }
  /* Pid 1 has exited, so every process of the test has gone (the kernel kills the rest of its
     pid namespace first): what is left in the pipes ends with end of file. */
  for (;;) {
    struct pollfd fds[3];
    int n = 0, open = 0;
    for (int i = 0; i < 3; i++) {
      if (pipes[i] < 0 || (w->closed & (1 << i))) continue;
      fds[n++] = (struct pollfd){.fd = (int)pipes[i], .events = POLLIN};
      open++;
    }
    if (open == 0) return WATCH_DONE;
    int ready = poll(fds, (nfds_t)n, 1000);
    if (ready < 0) {
      if (errno == EINTR) continue;
      w->error = errno;
      return WATCH_ERROR;
    }
    for (int k = 0; k < n; k++) {
      if (!fds[k].revents) continue;
      int i = fds[k].fd == (int)w->out_r ? 0 : fds[k].fd == (int)w->err_r ? 1 : 2;
      ssize_t got = read(fds[k].fd, buf, sizeof buf);
      if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (got <= 0) {
        w->closed |= 1 << i;
        continue;
      }
      int rc = take(w, i, got);
      if (rc != WATCH_DONE) return rc;
    }
  }
}

/* The test process's set-up, in the order that matters: see child() in runtime/zygote.py. */
struct enter {
  int64_t unshare_flags;
  int64_t stdin_fd, out_fd, err_fd;
  int64_t keep[16]; /* open fds kept (besides 0-2), ascending; the cgroup files among them */
  int64_t nkeep;
  int64_t cgroup_procs[2]; /* joined by writing "0", after every other step but credentials */
  int64_t cgroup_fds[16];  /* then closed: a writable cgroup file must never reach the program */
  int64_t ncgroup_fds;
  int64_t cpu_soft, cpu_hard, fsize, stack;
  int64_t uid, gid;
  int64_t step; /* out: the step that failed */
};

static int close_others(const struct enter *e) {
  unsigned prev = 2;
  for (int64_t i = 0; i <= e->nkeep; i++) {
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

/* Returns 0, or an errno with e->step telling which step failed. */
int enter_test(struct enter *e) {
#define STEP(n, call) \
  do {                \
    e->step = (n);    \
    if ((call) < 0) return errno; \
  } while (0)
  STEP(1, unshare((int)e->unshare_flags));
  STEP(2, setsid());
  STEP(3, mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL));
  STEP(4, dup2((int)e->stdin_fd, 0));
  STEP(4, dup2((int)e->out_fd, 1));
  STEP(4, dup2((int)e->err_fd, 2));
  STEP(5, close_others(e));
  STEP(6, set_limit(RLIMIT_CPU, e->cpu_soft, e->cpu_hard));
  STEP(6, set_limit(RLIMIT_FSIZE, e->fsize, e->fsize));
  STEP(6, set_limit(RLIMIT_NOFILE, 64, 64));
  STEP(6, set_limit(RLIMIT_CORE, 0, 0));
  STEP(6, set_limit(RLIMIT_STACK, e->stack, e->stack));
  STEP(6, set_limit(RLIMIT_MEMLOCK, 0, 0));
  STEP(7, chdir("/tmp"));
  /* Joined as late as possible, so that our own set-up is not charged to the program. */
  STEP(8, write((int)e->cgroup_procs[0], "0", 1));
  STEP(8, write((int)e->cgroup_procs[1], "0", 1));
  for (int64_t i = 0; i < e->ncgroup_fds; i++) STEP(9, close((int)e->cgroup_fds[i]));
  STEP(10, setgroups(0, NULL));
  STEP(10, setresgid((gid_t)e->gid, (gid_t)e->gid, (gid_t)e->gid));
  STEP(10, setresuid((uid_t)e->uid, (uid_t)e->uid, (uid_t)e->uid));
  STEP(11, prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
#undef STEP
  e->step = 0;
  return 0;
}
