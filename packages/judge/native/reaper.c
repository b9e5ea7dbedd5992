/*
 * Reaper stub of the judge: pid 1 of a test's pid namespace when the program is a binary.
 * Usage: reaper REPORT_FD EXE_FD ARGV0 [ARG...]
 *
 * Forks, execs the binary (by file descriptor) in the child, reaps every process re-parented to
 * it, and when the program itself exits writes "exit signal utime_us stime_us maxrss_kib\n" to
 * REPORT_FD. Forking here matters: the program's rusage then starts from this stub's tiny
 * address space instead of the Python supervisor's, whose peak Linux carries across exec.
 * The caller has already dropped privileges and applied every limit.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv) {
  if (argc < 4) return 125;
  int report = atoi(argv[1]);
  int exe = atoi(argv[2]);
  fcntl(report, F_SETFD, FD_CLOEXEC);
  fcntl(exe, F_SETFD, FD_CLOEXEC); /* execveat with AT_EMPTY_PATH works on a close-on-exec ELF fd */
  pid_t child = fork();
  if (child < 0) return 125;
  if (child == 0) {
    syscall(SYS_execveat, exe, "", argv + 3, environ, AT_EMPTY_PATH);
    dprintf(2, "reaper: exec failed: %s\n", strerror(errno));
    _exit(127);
  }
  close(exe);
  for (;;) {
    int status;
    struct rusage ru;
    pid_t pid = wait4(-1, &status, 0, &ru);
    if (pid < 0) {
      if (errno == EINTR) continue;
      return 125;
    }
    if (pid != child) continue;
    long long ut = (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec;
    long long st = (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    dprintf(report, "%d %d %lld %lld %ld\n", code, sig, ut, st, ru.ru_maxrss);
    /* Returning kills whatever the program left behind: we are pid 1 of its namespace. */
    return 0;
  }
}
