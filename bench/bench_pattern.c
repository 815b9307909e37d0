/*
** bench_pattern.c -- pattern matches per second on random 7-card hands,
** for each pattern of the poker ladder, and for the whole ladder (first
** match wins, as a classifier would use it).  Hands come from dh_rng with
** a fixed seed and are made before timing; each figure is the median of
** several runs.
*/
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "card.h"
#include "cardset.h"
#include "pattern.h"
#include "rng.h"

#define NHANDS 1000000
#define RUNS 7

static const char *const ladder[] = {
  "a>a>a>a>a", "1{4}", "1{3}2{2}", "a{5}", "?>?>?>?>?", "1{3}", "1{2}2{2}", "1{2}",
  "[a>a>a>a>a",
};
#define NLADDER 8   /* the royal flush is timed but is not a rung */
#define NPAT (sizeof ladder / sizeof ladder[0])

int main(void) {
  static dh_cardset hands[NHANDS];
  dh_pattern pat[NPAT];
  dh_card deck[52];
  dh_rng r;
  size_t i, k;
  int run;
  for (i = 0; i < 52; i++) deck[i] = dh_card_make(2 + (int)i % 13, (int)i / 13);
  dh_rng_seed(&r, 42);
  for (i = 0; i < NHANDS; i++) {
    dh_cardset h = 0;
    for (k = 0; k < 7; k++) {
      size_t j = k + dh_rng_below(&r, (uint32_t)(52 - k));
      dh_card t = deck[k]; deck[k] = deck[j]; deck[j] = t;
      h |= dh_set_of(deck[k]);
    }
    hands[i] = h;
  }
  for (k = 0; k < NPAT; k++) {
    int pos;
    const char *why;
    if (!dh_pattern_compile(&pat[k], ladder[k], strlen(ladder[k]), &pos, &why)) {
      printf("cannot compile %s: %s at %d\n", ladder[k], why, pos);
      return 1;
    }
  }
  printf("pattern matches on %d random 7-card hands, median of %d runs\n", NHANDS, RUNS);
  printf("%-14s %10s %12s\n", "pattern", "matched", "M matches/s");
  for (k = 0; k < NPAT; k++) {
    double rate[RUNS];
    long matched = 0;
    for (run = 0; run < RUNS; run++) {
      double t0 = bench_now();
      matched = 0;
      for (i = 0; i < NHANDS; i++) matched += dh_pattern_match(&pat[k], hands[i], NULL);
      rate[run] = NHANDS / (bench_now() - t0) / 1e6;
    }
    printf("%-14s %10ld %12.1f\n", ladder[k], matched, bench_median(rate, RUNS));
  }
  {
    /* the whole ladder: how many hands a pattern classifier sorts per second */
    double rate[RUNS];
    long cats[NLADDER + 1] = { 0 };
    for (run = 0; run < RUNS; run++) {
      double t0 = bench_now();
      memset(cats, 0, sizeof cats);
      for (i = 0; i < NHANDS; i++) {
        for (k = 0; k < NLADDER; k++)
          if (dh_pattern_match(&pat[k], hands[i], NULL)) break;
        cats[k]++;
      }
      rate[run] = NHANDS / (bench_now() - t0) / 1e6;
    }
    printf("%-14s %10ld %12.1f  (M hands/s, first rung that matches)\n", "ladder", cats[0],
           bench_median(rate, RUNS));
  }
  {
    /* with the matched cards asked for */
    double rate[RUNS];
    dh_cardset sink = 0;
    for (run = 0; run < RUNS; run++) {
      double t0 = bench_now();
      for (i = 0; i < NHANDS; i++) {
        dh_cardset out;
        dh_pattern_match(&pat[7], hands[i], &out);
        sink ^= out;
      }
      rate[run] = NHANDS / (bench_now() - t0) / 1e6;
    }
    printf("%-14s %10s %12.1f  (1{2} returning the cards; %llx)\n", "1{2} +cards", "",
           bench_median(rate, RUNS), (unsigned long long)(sink & 1));
  }
  return 0;
}
