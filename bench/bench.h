/*
** bench.h -- what every benchmark program needs: a monotonic clock and the
** median of a few runs (the machines are noisy: never quote one run).
** Include it first: it asks for POSIX's clock_gettime under -std=c11.
*/
#ifndef DH_BENCH_H
#define DH_BENCH_H

#define _POSIX_C_SOURCE 199309L

#include <stdlib.h>
#include <time.h>

static double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int bench_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* sorts v in place; the middle value (upper middle for even n) */
static double bench_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, bench_cmp);
  return v[n / 2];
}

#endif
