/*
 * Native half of a judge slot, loaded with ctypes by its two Python processes:
 *
 * - serve() / serve_start(): the template (runtime/template.py), the process every test is a
 *   copy of. It waits here, in C, for the supervisor's spawn requests and forks each test with
 *   clone(CLONE_PARENT), so that the test is the supervisor's child (wait4 rusage, pidfd) while
 *   the supervisor itself never forks. Between forks the template runs only this loop: it
 *   touches a handful of pages, where a Python process copies ~180 pages (copy-on-write) after
 *   every fork, and it is smaller than the supervisor, so each fork copies fewer page tables.
 * - enter_test(): the test process's own set-up right after the fork (/proc, stdio, fds,
 *   rlimits, cgroups, credentials) in one call.
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
#include <stdio.h>
#include <sys/socket.h>
#include <sys/stat.h>
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
  if (e->unshare_flags) STEP(1, unshare((int)e->unshare_flags));
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

/* ---- The template's loop (runtime/template.py) ---- */

enum { SERVE_EOF = 0, SERVE_CHILD = 1, SERVE_CONTROL = 2, SERVE_ERROR = -1 };
enum { OP_SPAWN = 1, OP_ENV = 2 };
enum { KIND_PYTHON = 1, KIND_EXEC = 2, KIND_SHELL = 3 };
/* Where a spawn failed, as reported to the supervisor (names in runtime/zygote.py). */
enum { SPAWN_MESSAGE = 1, SPAWN_MOUNTS = 2, SPAWN_CLONE = 3 };
enum { MAX_FDS = 8, MAX_ARGS = 256 };

struct serve {
  /* set by the caller */
  int64_t sock;            /* SOCK_SEQPACKET to the supervisor */
  int64_t clone_flags;     /* CLONE_NEWPID | CLONE_NEWIPC [| CLONE_NEWNET] */
  int64_t cgroup_procs[2]; /* the slot's memory and pids cgroup.procs */
  int64_t reaper;          /* native/reaper.c, or -1 */
  int64_t uid, gid;
  char *msg; /* receive buffer */
  int64_t msg_cap;
  /* set by serve_start */
  int64_t home_mnt; /* the slot's mount namespace */
  /* out */
  int64_t ctl_fd, src_fd; /* SERVE_CHILD: a Python test's control pipe and program */
  int64_t msg_len;        /* SERVE_CONTROL: the message, left in msg */
  int64_t error;          /* SERVE_ERROR: errno */
};

/* A request of the supervisor: this header, then argc NUL-terminated strings (exec: the program's
   arguments after the reaper's own; shell: argv). Its fds come with it (SCM_RIGHTS): stdin,
   stdout, stderr, control pipe, then python: the program (see run_python); exec: the reaper's
   report pipe and the binary. OP_ENV carries "K=V" strings for Python to set (os.environ). */
struct spawn_msg {
  int64_t op, kind, tmp_bytes, cpu_soft, cpu_hard, fsize, stack, argc;
};

static ssize_t recv_with_fds(int sock, char *buf, size_t cap, int *fds, int *nfds) {
  union {
    char space[CMSG_SPACE(sizeof(int) * MAX_FDS)];
    struct cmsghdr align;
  } u;
  struct iovec iov = {.iov_base = buf, .iov_len = cap};
  struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.space, .msg_controllen = sizeof u.space};
  ssize_t n;
  do n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  *nfds = 0;
  if (n < 0) return n;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    memcpy(fds + *nfds, CMSG_DATA(c), sizeof(int) * (size_t)k);
    *nfds += k;
  }
  if (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
    for (int i = 0; i < *nfds; i++) close(fds[i]);
    *nfds = 0;
    errno = EMSGSIZE;
    return -1;
  }
  return n;
}

static int send_with_fds(int sock, const void *data, size_t len, const int *fds, int nfds) {
  union {
    char space[CMSG_SPACE(sizeof(int) * MAX_FDS)];
    struct cmsghdr align;
  } u;
  struct iovec iov = {.iov_base = (void *)data, .iov_len = len};
  struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
  if (nfds > 0) {
    mh.msg_control = u.space;
    mh.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
    struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
    memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
  }
  ssize_t n;
  do n = sendmsg(sock, &mh, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n < 0 ? -1 : 0;
}

/* Once, before the template's warm-up: die with the supervisor, enter the slot's mount namespace
   (the first message's fd) and, for one network namespace per slot, make it. */
int serve_start(struct serve *s, int64_t fresh_net) {
  int fds[MAX_FDS], nfds = 0;
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0) return errno;
  ssize_t n = recv_with_fds((int)s->sock, s->msg, (size_t)s->msg_cap, fds, &nfds);
  if (n < 0) return errno;
  if (nfds != 1) return EPROTO;
  if (setns(fds[0], CLONE_NEWNS) < 0 || chdir("/") < 0) return errno;
  if (!fresh_net && unshare(CLONE_NEWNET) < 0) return errno;
  s->home_mnt = fds[0];
  return send_with_fds((int)s->sock, "ok", 2, NULL, 0) < 0 ? errno : 0;
}

static void report(int fd, const char *what, int err) {
  char line[256];
  int n = snprintf(line, sizeof line, "IE:%s: %s", what, strerror(err));
  if (n > 0) write_all(fd, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
}

static const char *const ENTER_STEPS[] = {"", "unshare", "setsid", "mount /proc", "dup2", "close fds", "setrlimit",
                                          "chdir /tmp", "join cgroups", "close cgroup files", "drop privileges",
                                          "no_new_privs"};

static void sort_fds(int64_t *a, int64_t n) {
  for (int64_t i = 1; i < n; i++)
    for (int64_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
      int64_t t = a[j];
      a[j] = a[j - 1];
      a[j - 1] = t;
    }
}

/* In the test process, pid 1 of its pid namespace, in its fresh mount namespace, still root.
   Returns only for a Python test (SERVE_CHILD); otherwise execs or exits. */
static int become_test(struct serve *s, const struct spawn_msg *m, const char *strings, size_t slen, const int *fds) {
  struct enter e = {0};
  int ctl = fds[3];
  e.stdin_fd = fds[0];
  e.out_fd = fds[1];
  e.err_fd = fds[2];
  e.keep[e.nkeep++] = ctl;
  e.keep[e.nkeep++] = s->cgroup_procs[0];
  e.keep[e.nkeep++] = s->cgroup_procs[1];
  if (m->kind == KIND_PYTHON) e.keep[e.nkeep++] = fds[4];
  if (m->kind == KIND_EXEC) {
    e.keep[e.nkeep++] = fds[4];
    e.keep[e.nkeep++] = fds[5];
    e.keep[e.nkeep++] = s->reaper;
  }
  sort_fds(e.keep, e.nkeep);
  e.cgroup_procs[0] = e.cgroup_fds[0] = s->cgroup_procs[0];
  e.cgroup_procs[1] = e.cgroup_fds[1] = s->cgroup_procs[1];
  e.ncgroup_fds = 2;
  e.cpu_soft = m->cpu_soft;
  e.cpu_hard = m->cpu_hard;
  e.fsize = m->fsize;
  e.stack = m->stack;
  e.uid = s->uid;
  e.gid = s->gid;
  int err = enter_test(&e);
  if (err) {
    report(ctl, ENTER_STEPS[e.step], err);
    _exit(126);
  }
  if (m->kind == KIND_PYTHON) {
    /* The CPU spent so far is the sandbox's, not the program's: the supervisor subtracts it. */
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    char line[64];
    int n = snprintf(line, sizeof line, "PRE:%.3f\n",
                     (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3);
    write_all(ctl, line, (size_t)n);
    s->ctl_fd = ctl;
    s->src_fd = fds[4];
    return SERVE_CHILD;
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

/* Makes one test: a copy of the slot's mount namespace with a fresh /tmp and /dev/shm (ns gets
   references to it and to them), then the test process in fresh pid, ipc (and network)
   namespaces as the supervisor's child. Returns its pid, 0 in a Python test, or -1 (errno). */
static pid_t spawn_test(struct serve *s, const struct spawn_msg *m, size_t len, const int *fds, int nfds, int *ns,
                        int64_t *step) {
  int want = m->kind == KIND_PYTHON ? 5 : m->kind == KIND_EXEC ? 6 : m->kind == KIND_SHELL ? 4 : -1;
  *step = SPAWN_MESSAGE;
  if (nfds != want || (m->kind == KIND_EXEC && s->reaper < 0) || m->tmp_bytes <= 0) {
    errno = EINVAL;
    return -1;
  }
  *step = SPAWN_MOUNTS;
  if (unshare(CLONE_NEWNS) < 0) return -1;
  char opts[64];
  snprintf(opts, sizeof opts, "size=%lld,mode=1777", (long long)m->tmp_bytes);
  pid_t pid = -1;
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, opts) == 0 &&
      mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, opts) == 0 &&
      (ns[0] = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC)) >= 0 && (ns[1] = open("/tmp", O_PATH | O_CLOEXEC)) >= 0 &&
      (ns[2] = open("/dev/shm", O_PATH | O_CLOEXEC)) >= 0) {
    *step = SPAWN_CLONE;
    /* Raw clone: no fork handlers to run, and none needed (one thread, no locks held). */
    pid = (pid_t)syscall(SYS_clone, (unsigned long)s->clone_flags | CLONE_PARENT | SIGCHLD, NULL, NULL, NULL, NULL);
    if (pid == 0) {
      const char *strings = s->msg + sizeof *m;
      return become_test(s, m, strings, len - sizeof *m, fds) == SERVE_CHILD ? 0 : -1;
    }
  }
  int err = errno;
  if (setns((int)s->home_mnt, CLONE_NEWNS) < 0) {
    /* Stuck in a test's namespace: nothing more can be served. */
    s->error = errno;
    return -2;
  }
  errno = err;
  return pid;
}

/* The template's loop: serves spawn requests until the supervisor closes the socket (SERVE_EOF),
   sends a control message (SERVE_CONTROL: Python acts on it and calls again), or in a new Python
   test process (SERVE_CHILD). Replies to each spawn with {pid or -errno, step} and, on success,
   the test's mount namespace, /tmp and /dev/shm (the supervisor drops them off the critical
   path: see Closer in runtime/zygote.py). */
int serve(struct serve *s) {
  for (;;) {
    int fds[MAX_FDS], nfds = 0, ns[3] = {-1, -1, -1};
    ssize_t n = recv_with_fds((int)s->sock, s->msg, (size_t)s->msg_cap - 1, fds, &nfds);
    if (n == 0) return SERVE_EOF;
    if (n < 0 && errno != EMSGSIZE) {
      s->error = errno;
      return SERVE_ERROR;
    }
    int64_t reply[2] = {-EINVAL, SPAWN_MESSAGE};
    const struct spawn_msg *m = (const struct spawn_msg *)s->msg;
    if (n >= (ssize_t)sizeof *m && m->op == OP_ENV) {
      for (int i = 0; i < nfds; i++) close(fds[i]);
      s->msg_len = n;
      return SERVE_CONTROL;
    }
    if (n < 0) {
      reply[0] = -EMSGSIZE;
    } else if (n >= (ssize_t)sizeof *m && m->op == OP_SPAWN) {
      s->msg[n] = 0; /* the last string is terminated even if the sender forgot */
      pid_t pid = spawn_test(s, m, (size_t)n, fds, nfds, ns, &reply[1]);
      if (pid == 0) return SERVE_CHILD;
      if (pid == -2) return SERVE_ERROR;
      reply[0] = pid > 0 ? pid : -errno;
    }
    for (int i = 0; i < nfds; i++) close(fds[i]);
    int rc = send_with_fds((int)s->sock, reply, sizeof reply, ns, reply[0] > 0 ? 3 : 0);
    for (int i = 0; i < 3; i++)
      if (ns[i] >= 0) close(ns[i]);
    if (rc < 0) {
      s->error = errno;
      return SERVE_ERROR;
    }
  }
}
