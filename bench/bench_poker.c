/*
** bench_poker.c -- hand evaluation speed, single thread, beside the
** references measured on this machine kind (docs in
** /work/shared/PERF-ANCHORS.md: OMPEval, Two Plus Two).
**
**   build/release/bench/bench_poker [runs]
**
** Each figure is the median of `runs` timings (default 7), in millions of
** hands per second; the spread (min..max) shows how noisy the machine was.
*/
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "poker.h"
#include "rng.h"

#define NRANDOM 10000000

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static dh_cardset *random_hands(int n, int cards, uint64_t seed) {
  dh_cardset *h = malloc((size_t)n * sizeof *h);
  dh_rng r;
  int i;
  if (!h) { perror("bench_poker"); exit(1); }
  dh_rng_seed(&r, seed);
  for (i = 0; i < n; i++) {
    dh_cardset s = 0;
    while (dh_set_count(s) < cards) {
      uint32_t c = dh_rng_below(&r, 52);
      s |= dh_set_of(dh_card_make((int)(c % 13) + 2, (int)(c / 13)));
    }
    h[i] = s;
  }
  return h;
}

/* one timed task; returns the number of hands, and a checksum in *sum so
** the work cannot be optimised away */
typedef int64_t (*task)(const dh_cardset *hands, int n, uint64_t *sum);

static int64_t enum_n(int n, uint64_t *sum) {
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  int64_t hands = dh_poker_count(0, 0, n, counts);
  *sum = counts[DH_STRAIGHT_FLUSH];
  return hands;
}
static int64_t enum7(const dh_cardset *h, int n, uint64_t *sum) { (void)h; (void)n; return enum_n(7, sum); }
static int64_t enum5(const dh_cardset *h, int n, uint64_t *sum) { (void)h; (void)n; return enum_n(5, sum); }

/* the plain loop a user writes: one call per hand, values summed */
static int64_t sum_each(const dh_cardset *h, int n, uint64_t *sum) {
  uint64_t s = 0;
  int i;
  for (i = 0; i < n; i++) s += dh_poker_eval(h[i]);
  *sum = s;
  return n;
}

/* the bulk call, in blocks that stay in L1, values summed */
static int64_t sum_many(const dh_cardset *h, int n, uint64_t *sum) {
  enum { BLOCK = 1024 };
  dh_hand_value v[BLOCK];
  uint64_t s = 0;
  int i, j;
  for (i = 0; i < n; i += BLOCK) {
    int m = n - i < BLOCK ? n - i : BLOCK;
    dh_poker_eval_many(h + i, (size_t)m, v);
    for (j = 0; j < m; j++) s += v[j];
  }
  *sum = s;
  return n;
}

/* counts by category, the bulk call (what poker.count_many reaches from Lua) */
static int64_t count_many(const dh_cardset *h, int n, uint64_t *sum) {
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  dh_poker_count_many(h, (size_t)n, counts);
  *sum = counts[DH_FLUSH];
  return n;
}

static void measure(const char *name, task f, const dh_cardset *h, int n, int runs,
                    const char *refs) {
  double *rate = malloc((size_t)runs * sizeof *rate);
  uint64_t sum = 0;
  int i;
  for (i = 0; i < runs; i++) {
    double t0 = now(), t1;
    int64_t hands = f(h, n, &sum);
    t1 = now();
    rate[i] = (double)hands / (t1 - t0) / 1e6;
  }
  qsort(rate, (size_t)runs, sizeof *rate, cmp_double);
  printf("%-34s %8.0f M/s  (%.0f..%.0f)   %s\n", name, rate[runs / 2], rate[0],
         rate[runs - 1], refs);
  free(rate);
}

int main(int argc, char **argv) {
  int runs = argc > 1 ? atoi(argv[1]) : 7;
  dh_cardset *r7, *r5;
  if (runs < 1) runs = 1;
  setvbuf(stdout, NULL, _IONBF, 0);
  r7 = random_hands(NRANDOM, 7, 7);
  r5 = random_hands(NRANDOM, 5, 5);
  printf("poker evaluation, single thread, median of %d runs (min..max), "
         "references from PERF-ANCHORS.md\n", runs);
  measure("enum 7, category counts", enum7, NULL, 0, runs,
          "goal 1000; OMPEval 906, Two Plus Two 1334");
  measure("random 7, sum, dh_poker_eval_many", sum_many, r7, NRANDOM, runs,
          "goal 450; OMPEval 433, Two Plus Two 29");
  measure("random 7, sum, dh_poker_eval", sum_each, r7, NRANDOM, runs, "");
  measure("random 7, dh_poker_count_many", count_many, r7, NRANDOM, runs, "");
  measure("enum 5, category counts", enum5, NULL, 0, runs,
          "goal 1000; OMPEval 901, Two Plus Two 679");
  measure("random 5, sum, dh_poker_eval_many", sum_many, r5, NRANDOM, runs,
          "goal 650; OMPEval 623, Two Plus Two 55");
  measure("random 5, sum, dh_poker_eval", sum_each, r5, NRANDOM, runs, "");
  free(r7);
  free(r5);
  return 0;
}
