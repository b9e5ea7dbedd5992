/*
 * Native half of a judge slot's supervisor (runtime/zygote.py loads it with ctypes): a test from
 * the cgroup reset to its last byte of output in C (run_test), where Python's overhead per
 * system call would otherwise cost more than the calls.
 *
 * - watch_test(): the wait for the test: drains its stdout, stderr and reaper-report pipes until
 *   every process of the test has gone, and returns early at the wall-clock deadline or when
 *   stdout outgrows its in-memory buffer. All state lives in `struct watch`, so that run_test
 *   can return to Python on such an early return (kill the test, give it a file for its output)
 *   and carry on when called again.
 * - run_test(), abort_test(): the whole test around it (see their comments).
 */
#include "common.h"

enum { WATCH_DONE = 0, WATCH_DEADLINE = 1, WATCH_NEED_FILE = 2, WATCH_ERROR = -1 };

/* While the test runs only its pidfd is watched, with a timeout at which the pipes are drained:
   a short test then wakes this process once (its exit) instead of three times (its output, the
   end of its pipes, its exit). A test that keeps writing is drained every millisecond, through
   pipes of 1 MiB (stdout from the start, the others once seen half full). */
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

static int watch_test(struct watch *w) {
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


/* ---- A whole test ---- */

enum { RUN_DONE = WATCH_DONE, RUN_DEADLINE = WATCH_DEADLINE, RUN_NEED_FILE = WATCH_NEED_FILE, RUN_ERROR = -1 };
/* Where run_test failed (r->step; names in runtime/zygote.py). RUN_TEMPLATE: the template is gone. */
enum { RUN_CGROUP = 1, RUN_PIPES = 2, RUN_TEMPLATE = 3, RUN_SPAWN = 4, RUN_PIDFD = 5, RUN_WATCH = 6, RUN_WAIT = 7 };
enum { CLOSER_BATCH = 8, SPAWN_MSG_MAX = 1 << 16, FORCE_EMPTY_ABOVE = 4 << 20 };

struct run {
  /* the slot's, set once */
  int64_t template_sock, closer_sock;
  /* cg_version 1: cgroup v1 files; 2: a v2 group (cg_failcnt and cg_oom are memory.events,
     cg_force_empty is memory.reclaim, cg_max is memory.peak or -1 where it cannot be reset);
     0: no cgroup (rootless backend: every figure but rusage is 0) */
  int64_t cg_version, cg_max, cg_failcnt, cg_usage, cg_force_empty, cg_pids, cg_oom;
  char *ctl_buf; /* the test's control pipe: PRE/CE/CODE/IE lines (runtime/template.py) */
  int64_t ctl_cap;
  int64_t held[CLOSER_BATCH]; /* finished samples' mount namespaces, for the closer */
  int64_t nheld;
  int64_t oom_count; /* the memory cgroup's OOM kills so far; < 0: unknown */
  int64_t sample_mnt; /* the mount namespace of the sample being run (-1: none) */
  int64_t stale;      /* a test left files in the sample's /tmp or /dev/shm: the next starts a new sample */
  /* per test, set by the caller (with w.out_max, w.out_fd and the buffers of w) */
  int64_t kind, stdin_fd, prog_fd, exe_fd; /* stdin_fd < 0: /dev/null; prog_fd: python; exe_fd: exec */
  int64_t tmp_bytes, cpu_soft, cpu_hard, fsize, stack, data_limit, nproc;
  int64_t fresh_ns; /* a new sample's namespaces from this test on (struct spawn_msg); set to 1 here
                       too when an earlier test left memory charged to the slot */
  char *strings; /* argc NUL-terminated strings, strings_len bytes in all */
  int64_t strings_len, argc;
  int64_t wall_ns;
  /* state: phase 0 starts a test */
  int64_t phase, ctl_r, started_ns, ns[2]; /* ns: the sample's /tmp and /dev/shm */
  /* results */
  int64_t status, utime_us, stime_us, maxrss, elapsed_ns, ctl_len;
  int64_t cg_peak, failcnt, oom_killed, pids_current;
  int64_t step, error;
  int64_t failcnt_base; /* v2: memory.events "max" before the test */
  /* The test's out-of-memory pipe (python and exec; native/out_of_memory.h): its read end, and the
     first byte found there after the test (0: none) */
  int64_t oom_r, oom;
  struct watch w;
};

static int64_t read_int(int fd) {
  char text[64];
  ssize_t n = pread(fd, text, sizeof text - 1, 0);
  if (n < 0) return -1;
  text[n] = 0;
  return strtoll(text, NULL, 10);
}

static int write_zero(int fd) {
  return pwrite(fd, "0", 1, 0) == 1 ? 0 : -1;
}

/* The value of a "key value" line of a flat keyed file (memory.oom_control, memory.events); 0
   when the key is absent, -1 on a read error. */
static int64_t read_key(int fd, const char *key) {
  char text[1024];
  ssize_t n = pread(fd, text, sizeof text - 1, 0);
  if (n < 0) return -1;
  text[n] = 0;
  size_t len = strlen(key);
  for (const char *line = text; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : line + strlen(line))
    if (strncmp(line, key, len) == 0 && line[len] == ' ') return strtoll(line + len + 1, NULL, 10);
  return 0;
}

static int64_t read_oom_kills(int fd) {
  return read_key(fd, "oom_kill");
}

/* Before a test: the slot's groups emptied of an earlier run's page cache, their peaks and
   failure counts reset (v2 has no failcnt: memory.events' "max" is counted from here). */
static int reset_cgroups(struct run *r) {
  if (r->cg_version == 0) return 0;
  int64_t usage = read_int((int)r->cg_usage);
  if (r->cg_version == 1) {
    /* Page cache charged by an earlier run (a compiler reading headers) would count towards this
       run's peak; the group is empty, so this only drops caches. (Below 4 MiB it is kernel memory
       freed lazily: reclaiming it costs more than it skews.) */
    if (usage > FORCE_EMPTY_ABOVE && write_zero((int)r->cg_force_empty) < 0) return -1;
    if (write_zero((int)r->cg_max) < 0 || write_zero((int)r->cg_failcnt) < 0) return -1;
  } else {
    if (usage > FORCE_EMPTY_ABOVE && r->cg_force_empty >= 0) {
      char amount[32];
      int len = snprintf(amount, sizeof amount, "%lld", (long long)usage);
      (void)!pwrite((int)r->cg_force_empty, amount, (size_t)len, 0); /* EAGAIN: less was reclaimable */
    }
    /* Any write resets this fd's view of memory.peak (Linux 6.12+). */
    if (r->cg_max >= 0 && pwrite((int)r->cg_max, "reset", 5, 0) != 5) return -1;
    if ((r->failcnt_base = read_key((int)r->cg_failcnt, "max")) < 0) return -1;
  }
  /* Still charged with the group empty: memory an earlier test of the sample left in their
     namespaces (SysV IPC objects, socket buffers), which would count towards this test's peak.
     This test starts in fresh namespaces, and the old ones go with what they hold. */
  if (usage > FORCE_EMPTY_ABOVE && read_int((int)r->cg_usage) > FORCE_EMPTY_ABOVE) r->fresh_ns = 1;
  if (r->oom_count < 0 && (r->oom_count = read_oom_kills((int)r->cg_oom)) < 0) return -1;
  return 0;
}

/* After a test: the groups' figures (all 0 without cgroups). */
static int read_cgroups(struct run *r) {
  if (r->cg_version == 0) return 0;
  int64_t before = r->oom_count;
  if (r->cg_version == 1) {
    r->cg_peak = read_int((int)r->cg_max);
    r->failcnt = read_int((int)r->cg_failcnt);
  } else {
    r->cg_peak = r->cg_max >= 0 ? read_int((int)r->cg_max) : 0;
    int64_t events = read_key((int)r->cg_failcnt, "max");
    r->failcnt = events < 0 ? -1 : events - r->failcnt_base;
  }
  r->oom_count = read_oom_kills((int)r->cg_oom);
  r->oom_killed = r->oom_count > before;
  r->pids_current = read_int((int)r->cg_pids);
  return r->cg_peak < 0 || r->failcnt < 0 || r->oom_count < 0 || r->pids_current < 0 ? -1 : 0;
}

static void close_fd(int64_t *fd) {
  if (*fd >= 0) close((int)*fd);
  *fd = -1;
}

/* A finished sample's mount namespace goes to the closer in batches (its teardown waits for an RCU
   grace period). */
static void to_closer(struct run *r, int fd) {
  r->held[r->nheld++] = fd;
  if (r->nheld < CLOSER_BATCH) return;
  int fds[CLOSER_BATCH];
  for (int i = 0; i < CLOSER_BATCH; i++) fds[i] = (int)r->held[i];
  send_with_fds((int)r->closer_sock, "x", 1, fds, CLOSER_BATCH); /* if it fails, our closes are the last */
  for (int i = 0; i < CLOSER_BATCH; i++) close(fds[i]);
  r->nheld = 0;
}

/* After a test: one that left files in the sample's /tmp or /dev/shm makes the sample stale, so
   that the next test starts a new one (start_test). */
static void drop_namespace(struct run *r) {
  for (int i = 0; i < 2; i++) {
    struct statvfs st;
    if (r->ns[i] >= 0 && (fstatvfs((int)r->ns[i], &st) < 0 || st.f_blocks != st.f_bfree || st.f_files - st.f_ffree > 1))
      r->stale = 1;
    close_fd(&r->ns[i]);
  }
}

/* The template leaves a stale sample's namespaces and they are torn down here and now: tmpfs
   pages stay charged to the slot's memory cgroup until then, and would count towards the next
   test's peak. */
static int drop_stale_sample(struct run *r) {
  struct spawn_msg m = {.op = OP_LEAVE};
  struct spawn_reply reply;
  int got[MAX_FDS], ngot = 0;
  if (send_with_fds((int)r->template_sock, (const char *)&m, sizeof m, NULL, 0) < 0) return -1;
  ssize_t n = recv_with_fds((int)r->template_sock, (char *)&reply, sizeof reply, got, &ngot);
  for (int i = 0; i < ngot; i++) close(got[i]);
  if (n != (ssize_t)sizeof reply) return errno = n < 0 ? errno : EPIPE, -1;
  close_fd(&r->sample_mnt);
  return 0;
}

static void close_test_fds(struct run *r) {
  close_fd(&r->w.pidfd);
  close_fd(&r->w.out_r);
  close_fd(&r->w.err_r);
  close_fd(&r->w.rep_r);
  close_fd(&r->ctl_r);
  close_fd(&r->oom_r);
}

static int fail(struct run *r, int step, int err) {
  r->step = step;
  r->error = err;
  return RUN_ERROR;
}

/* Resets the slot's cgroups, makes the test's pipes and has the template start it. */
static int start_test(struct run *r) {
  struct watch *w = &r->w;
  r->ctl_r = r->oom_r = w->pid = w->pidfd = w->out_r = w->err_r = w->rep_r = -1;
  r->oom = 0;
  r->ns[0] = r->ns[1] = -1;
  r->status = r->utime_us = r->stime_us = r->maxrss = r->elapsed_ns = r->ctl_len = 0;
  r->cg_peak = r->failcnt = r->oom_killed = r->pids_current = r->step = r->error = 0;
  w->killed = w->ole = w->exited = w->out_bytes = w->out_len = w->err_len = w->rep_len = 0;
  w->closed = w->pending = w->error = 0;

  if (r->stale && r->sample_mnt >= 0 && drop_stale_sample(r) < 0) return fail(r, RUN_TEMPLATE, errno);
  if (reset_cgroups(r) < 0) return fail(r, RUN_CGROUP, errno);

  int out[2] = {-1, -1}, err[2] = {-1, -1}, ctl[2] = {-1, -1}, rep[2] = {-1, -1}, oom[2] = {-1, -1}, null = -1;
  int fds[MAX_FDS], nfds = 0, rc = 0;
  static char msg[SPAWN_MSG_MAX];
  struct spawn_msg *m = (struct spawn_msg *)msg;
  if (pipe2(out, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0 || pipe2(ctl, O_CLOEXEC) < 0 ||
      (r->kind == KIND_EXEC && pipe2(rep, O_CLOEXEC) < 0) ||
      /* Non-blocking: a program that fills it can never stall its own allocator's write. */
      (r->kind != KIND_SHELL && pipe2(oom, O_CLOEXEC | O_NONBLOCK) < 0) ||
      (r->stdin_fd < 0 && (null = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0)) {
    rc = fail(r, RUN_PIPES, errno);
    goto out;
  }
  /* Stdout holds 1 MiB from the start: an output of up to 1 MiB never waits for a drain (a program
     blocked on a full 64 KiB pipe waited up to DRAIN_IDLE_MS, then a drain per 64 KiB). Best
     effort: an unprivileged user's pipes may be capped (fs.pipe-user-pages-soft). */
  fcntl(out[0], F_SETPIPE_SZ, BIG_PIPE);
  fds[nfds++] = r->stdin_fd >= 0 ? (int)r->stdin_fd : null;
  fds[nfds++] = out[1];
  fds[nfds++] = err[1];
  fds[nfds++] = ctl[1];
  if (r->kind == KIND_PYTHON) fds[nfds++] = (int)r->prog_fd;
  if (r->kind == KIND_EXEC) {
    fds[nfds++] = rep[1];
    fds[nfds++] = (int)r->exe_fd;
  }
  if (oom[1] >= 0) fds[nfds++] = oom[1];
  if (r->strings_len < 0 || r->strings_len > (int64_t)(sizeof msg - sizeof *m)) {
    rc = fail(r, RUN_SPAWN, E2BIG);
    goto out;
  }
  *m = (struct spawn_msg){OP_SPAWN, r->kind, r->tmp_bytes, r->cpu_soft, r->cpu_hard, r->fsize, r->stack, r->argc,
                         r->data_limit, r->nproc, r->fresh_ns || r->stale || r->sample_mnt < 0};
  if (r->strings_len > 0) memcpy(msg + sizeof *m, r->strings, (size_t)r->strings_len);

  struct spawn_reply reply;
  int got[MAX_FDS], ngot = 0;
  if (send_with_fds((int)r->template_sock, msg, sizeof *m + (size_t)r->strings_len, fds, nfds) < 0) {
    rc = fail(r, RUN_TEMPLATE, errno);
    goto out;
  }
  ssize_t n = recv_with_fds((int)r->template_sock, (char *)&reply, sizeof reply, got, &ngot);
  if (n != (ssize_t)sizeof reply) {
    for (int i = 0; i < ngot; i++) close(got[i]);
    rc = fail(r, RUN_TEMPLATE, n < 0 ? errno : EPIPE);
    goto out;
  }
  if (reply.pid <= 0) {
    for (int i = 0; i < ngot; i++) close(got[i]);
    rc = fail(r, RUN_SPAWN, (int)-reply.pid);
    r->error |= reply.step << 16; /* errno in the low bits, the template's step above */
    goto out;
  }
  for (int i = 0; i < ngot && i < 2; i++) r->ns[i] = got[i];
  if (ngot >= 3) { /* a new sample: the last one's namespace is no longer in use */
    if (r->sample_mnt >= 0) to_closer(r, (int)r->sample_mnt);
    r->sample_mnt = got[2];
    r->stale = 0;
  }
  for (int i = 3; i < ngot; i++) close(got[i]);
  /* The wall clock starts once the test exists: the template's work before (a new sample's
     namespaces, the clone) is not the program's. Making a network namespace can wait for the
     kernel's teardown of earlier ones: the likely cause of a WA program judged TLE after a 1.5 s
     wall with 3 ms of CPU in two fresh-clone CI runs. */
  r->started_ns = now_ns();
  w->deadline_ns = r->started_ns + r->wall_ns;
  w->pid = reply.pid;
  w->out_r = out[0];
  w->err_r = err[0];
  w->rep_r = rep[0];
  r->ctl_r = ctl[0];
  r->oom_r = oom[0];
  out[0] = err[0] = rep[0] = ctl[0] = oom[0] = -1;
  if ((w->pidfd = syscall(SYS_pidfd_open, (pid_t)w->pid, 0)) < 0) {
    /* Never expected (it is our child, not yet reaped): do not leave it behind. */
    int e = errno;
    kill((pid_t)w->pid, SIGKILL);
    waitpid((pid_t)w->pid, NULL, 0);
    close_test_fds(r);
    drop_namespace(r);
    rc = fail(r, RUN_PIDFD, e);
  }
out:
  for (int i = 0; i < 2; i++) {
    if (out[i] >= 0) close(out[i]);
    if (err[i] >= 0) close(err[i]);
    if (ctl[i] >= 0) close(ctl[i]);
    if (rep[i] >= 0) close(rep[i]);
    if (oom[i] >= 0) close(oom[i]);
  }
  if (null >= 0) close(null);
  return rc;
}

/* After every process of the test has gone: its control lines, rusage, cgroup figures. */
static int finish_test(struct run *r) {
  r->elapsed_ns = now_ns() - r->started_ns;
  for (;;) { /* every writer has exited: never blocks */
    ssize_t n = read((int)r->ctl_r, r->ctl_buf + r->ctl_len, (size_t)(r->ctl_cap - r->ctl_len));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0 || (r->ctl_len += n) >= r->ctl_cap) break;
  }
  if (r->oom_r >= 0) { /* non-blocking, and every writer has exited */
    unsigned char sign;
    if (read((int)r->oom_r, &sign, 1) == 1) r->oom = sign ? sign : '?';
  }
  struct rusage ru;
  int status = 0;
  pid_t got;
  do got = wait4((pid_t)r->w.pid, &status, 0, &ru);
  while (got < 0 && errno == EINTR);
  int wait_errno = got < 0 ? errno : 0;
  close_test_fds(r);
  drop_namespace(r);
  if (wait_errno) return fail(r, RUN_WAIT, wait_errno);
  r->status = status;
  r->utime_us = (int64_t)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec;
  r->stime_us = (int64_t)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec;
  r->maxrss = ru.ru_maxrss;
  if (read_cgroups(r) < 0) return fail(r, RUN_CGROUP, errno);
  return RUN_DONE;
}

/* One test, from the cgroup reset to its rusage: phase 0 starts it, then it is watched until
   every process of it has gone. Returns RUN_DONE (results in r), or early: RUN_DEADLINE (the
   caller kills it, sets w.killed and calls again), RUN_NEED_FILE (the caller gives stdout a file
   in w.out_fd and calls again), RUN_ERROR (r->step, r->error; after phase 0, call abort_test). */
int run_test(struct run *r) {
  if (r->phase == 0) {
    int rc = start_test(r);
    if (rc != RUN_DONE) return rc;
    r->phase = 1;
  }
  if (r->phase == 1) {
    int rc = watch_test(&r->w);
    if (rc == WATCH_ERROR) return fail(r, RUN_WATCH, (int)r->w.error);
    if (rc != WATCH_DONE) return rc;
    r->phase = 2;
    return finish_test(r);
  }
  return RUN_DONE;
}

/* After a RUN_ERROR while watching: kills and reaps the test and releases what it held. */
void abort_test(struct run *r) {
  if (r->phase != 1) return;
  kill((pid_t)r->w.pid, SIGKILL);
  waitpid((pid_t)r->w.pid, NULL, 0);
  close_test_fds(r);
  drop_namespace(r);
  r->oom_count = -1;
  r->phase = 2;
}
