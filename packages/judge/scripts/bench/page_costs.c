/*
 * What a fresh process per test pays on this machine, page by page (bench:judge prints it before
 * and after its rounds). A test is a fork of the slot's template: it reads and writes pages the
 * template already has, then exits. On some virtual machines the first touch of each page in a
 * new address space costs a few microseconds even when it takes no page fault (the hypervisor
 * builds its own mapping of the page), and the judge's figures against the LCB strategy, which
 * starts one process per sample, follow that cost. Parent: 8 MiB of touched anonymous memory.
 * Per iteration a child does one thing and exits; the figures are the child's CPU beyond that of
 * a child that does nothing, per page (means over ITERATIONS, after a warm-up).
 *
 * Prints one JSON line: fork_exit_us (parent and child CPU of a fork and exit), read_us (a first
 * read of a parent's page), cow_us (a first write: copy on write), huge_read_us (a first read of
 * a parent's page that is part of a transparent huge page; null where none can be had).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

enum { PAGE = 4096, HUGE = 2 << 20, REGION = 8 << 20, READS = 1024, WRITES = 256, ITERATIONS = 200 };

_Static_assert(READS * 2 * PAGE <= REGION && WRITES <= READS, "pages outside the region");

/* Per page, never below zero (the difference of two noisy means). */
static double per_page(double us, double idle_us, int pages) { return us > idle_us ? (us - idle_us) / pages : 0; }

static double seconds(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec * 1e-6; }

static double cpu(int who) {
  struct rusage r;
  getrusage(who, &r);
  return seconds(r.ru_utime) + seconds(r.ru_stime);
}

/* REGION bytes of touched anonymous memory, 2 MiB-aligned; on huge pages if huge (NULL if the
   kernel gives none). */
static volatile char *region(int huge) {
  char *raw = mmap(NULL, REGION + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return NULL;
  char *p = (char *)(((uintptr_t)raw + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
  for (size_t i = 0; i < REGION; i += PAGE) p[i] = 1;
  if (huge && madvise(p, REGION, MADV_COLLAPSE) != 0) return NULL;
  return p;
}

/* Child CPU per iteration (us) of children that read or write `pages` distinct pages of p; with
   parent_us, the parent's CPU per iteration (the fork's share). */
static double child_us(volatile char *p, int pages, int write, double *parent_us) {
  double c0 = cpu(RUSAGE_CHILDREN), s0 = cpu(RUSAGE_SELF);
  for (int i = 0; i < ITERATIONS; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      long sum = 0;
      for (int k = 0; k < pages; k++) {
        volatile char *at = p + (size_t)k * 2 * PAGE; /* every other page: no fault-around help */
        if (write) *at += 1;
        else sum += *at;
      }
      _exit((int)(sum & 1));
    }
    if (pid < 0 || waitpid(pid, NULL, 0) < 0) return -1;
  }
  if (parent_us) *parent_us = (cpu(RUSAGE_SELF) - s0) / ITERATIONS * 1e6;
  return (cpu(RUSAGE_CHILDREN) - c0) / ITERATIONS * 1e6;
}

int main(void) {
  volatile char *small = region(0);
  if (!small) return perror("page_costs: mmap"), 1;
  child_us(small, READS, 0, NULL); /* warm-up */
  double parent, idle = child_us(small, 0, 0, &parent);
  double reads = child_us(small, READS, 0, NULL), writes = child_us(small, WRITES, 1, NULL);
  if (idle < 0 || reads < 0 || writes < 0) return perror("page_costs: fork"), 1;
  printf("{\"fork_exit_us\":%.1f,\"read_us\":%.2f,\"cow_us\":%.2f,\"huge_read_us\":", parent + idle,
         per_page(reads, idle, READS), per_page(writes, idle, WRITES));
  munmap((void *)small, REGION);
  volatile char *huge = region(1);
  double huge_idle = huge ? child_us(huge, 0, 0, NULL) : -1, huge_reads = huge ? child_us(huge, READS, 0, NULL) : -1;
  if (huge && huge_idle >= 0 && huge_reads >= 0)
    printf("%.2f}\n", per_page(huge_reads, huge_idle, READS));
  else
    printf("null}\n");
  return 0;
}
