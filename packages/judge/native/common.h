/* What both halves of a judge slot's native code share (native/supervisor.c, native/template.c):
   the spawn protocol between the supervisor and the template, and small helpers. */
#ifndef FRONTIER_JUDGE_COMMON_H
#define FRONTIER_JUDGE_COMMON_H
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <sched.h>
#include <unistd.h>

enum { OP_SPAWN = 1, OP_ENV = 2, OP_LEAVE = 3 };
enum { KIND_PYTHON = 1, KIND_EXEC = 2, KIND_SHELL = 3 };
/* Where a spawn failed, as the template reports it. */
enum { SPAWN_MESSAGE = 1, SPAWN_MOUNTS = 2, SPAWN_CLONE = 3, SPAWN_NAMESPACES = 4 };
enum { MAX_FDS = 8 };

/* A request of the supervisor: this header, then argc NUL-terminated strings (exec: the program's
   arguments after the reaper's own; shell: argv). Its fds come with it (SCM_RIGHTS): stdin,
   stdout, stderr, control pipe, then python: the program (see run_python); exec: the reaper's
   report pipe and the binary. OP_ENV carries "K=V" strings for Python to set (os.environ).
   OP_LEAVE (no fds): the template leaves the sample's namespaces, so that they go once the
   supervisor drops its reference. */
struct spawn_msg {
  int64_t op, kind, tmp_bytes, cpu_soft, cpu_hard, fsize, stack, argc;
  /* rootless backend (0: not set): RLIMIT_DATA, and RLIMIT_NPROC of the slot's user */
  int64_t data_limit, nproc;
  /* 1: this test and the next ones get new network, IPC and mount namespaces, with a fresh /tmp
     and /dev/shm (the first test of a sample, or every test); 0: this test shares its sample's
     (the same program's) */
  int64_t fresh_ns;
};

/* The template's answer to OP_SPAWN: the test's pid, or -errno and the failed step; with a pid
   come references to the sample's /tmp and /dev/shm and, for a sample's first test, to its mount
   namespace (SCM_RIGHTS). */
struct spawn_reply {
  int64_t pid, step;
};

static inline int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline int write_all(int fd, const char *p, size_t n) {
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

static inline ssize_t recv_with_fds(int sock, char *buf, size_t cap, int *fds, int *nfds) {
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

static inline int send_with_fds(int sock, const void *data, size_t len, const int *fds, int nfds) {
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

#endif
