/*
** bench_trick.c -- full random Spades deals per second with the built-in
** (C prefab) rules: shuffle, deal, random legal bids, 52 random legal
** cards, trick winners, scoring.  Prints the median of several runs beside
** the reference figures of ../shared/PERF-ANCHORS.md.
*/
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "match.h"
#include "playout.h"
#include "rules_fixture.h"

/* deals per second: each deal a fresh one-hand match from its own seed */
static double run_deals(const dh_rules *r, long n, unsigned long *check) {
  dh_rng rng;
  dh_match m;
  long i;
  double t0 = bench_now();
  dh_rng_seed(&rng, 7);
  for (i = 0; i < n; i++) {
    dh_match_init(&m, r, (uint64_t)i, 0);
    dh_playout_hand(&m, &rng);
    *check += (unsigned long)(m.score[0] - m.score[1]);
  }
  return (double)n / (bench_now() - t0);
}

/* playouts from a fixed dealt position: the copy and 52 cards */
static double run_fixed(const dh_rules *r, long n, unsigned long *check) {
  dh_rng rng;
  dh_match start, m;
  long i;
  double t0;
  dh_rng_seed(&rng, 9);
  dh_match_init(&start, r, 1, 0);
  while (start.phase == DH_PHASE_BID) dh_playout_step(&start, &rng);
  t0 = bench_now();
  for (i = 0; i < n; i++) {
    m = start;
    dh_playout_hand(&m, &rng);
    *check += m.last_tricks[0];
  }
  return (double)n / (bench_now() - t0);
}

int main(int argc, char **argv) {
  dh_rules r;
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  int runs = 5, i;
  double deals[5], fixed[5];
  unsigned long check = 0;
  fixture_spades(&r, 500);
  r.max_hands = 1;
  for (i = 0; i < runs; i++) {
    deals[i] = run_deals(&r, n, &check);
    fixed[i] = run_fixed(&r, n, &check);
  }
  qsort(deals, runs, sizeof deals[0], bench_cmp);
  qsort(fixed, runs, sizeof fixed[0], bench_cmp);
  printf("spades, built-in rules, shuffle+deal+bids+52 cards+scoring: %.2f M deals/s "
         "(median of %d; reference bitboard engine 0.67-0.76, goal >= 1)\n",
         deals[runs / 2] / 1e6, runs);
  printf("spades, from a fixed deal with the state copy:              %.2f M deals/s "
         "(reference 0.96-1.10)\n", fixed[runs / 2] / 1e6);
  printf("(checksum %lu)\n", check);
  return 0;
}
