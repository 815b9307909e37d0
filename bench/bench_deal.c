/* bench_deal.c -- shuffles + deals per second, nanoseconds per trick winner.
** Prints the median of several runs; run through `make bench`. */
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "deck.h"
#include "trick.h"

#define RUNS 7

/* shuffle a fresh 52-card deck and deal 4 x 13; the sink keeps the work */
static double deals_per_second(int n, uint64_t *sink) {
  dh_deck fresh, d;
  dh_rng r;
  dh_cardset h[4];
  double t0;
  int i;
  dh_deck_init(&fresh, DH_DECK_FRENCH52);
  dh_rng_seed(&r, 1);
  t0 = bench_now();
  for (i = 0; i < n; i++) {
    d = fresh;
    dh_deck_shuffle(&d, &r);
    memset(h, 0, sizeof h);
    dh_deck_deal(&d, 4, i & 3, NULL, 0, 13, h);
    *sink += h[0] ^ h[3];
  }
  return n / (bench_now() - t0);
}

/* 4-card tricks from random deals, trumps in turn: ns per decision */
static double ns_per_winner(int n, uint64_t *sink) {
  static dh_trick tricks[4096];
  dh_order nat;
  dh_rng r;
  double t0;
  int i;
  dh_order_natural(&nat, DH_LAYOUT_STANDARD);
  dh_rng_seed(&r, 2);
  for (i = 0; i < 4096; i++) {
    dh_deck d;
    int k;
    dh_deck_init(&d, DH_DECK_FRENCH52);
    dh_deck_shuffle(&d, &r);
    dh_trick_clear(&tricks[i]);
    for (k = 0; k < 4; k++) dh_trick_add(&tricks[i], k, d.cards[k]);
  }
  t0 = bench_now();
  for (i = 0; i < n; i++) *sink += (uint64_t)dh_trick_winner(&tricks[i & 4095], i & 3, &nat);
  return (bench_now() - t0) * 1e9 / n;
}

int main(void) {
  double deal[RUNS], win[RUNS];
  uint64_t sink = 0;
  int i;
  for (i = 0; i < RUNS; i++) {
    deal[i] = deals_per_second(2000000, &sink);
    win[i] = ns_per_winner(20000000, &sink);
  }
  printf("shuffle + deal 4x13 (french52): %6.2f M/s   (median of %d runs)\n", bench_median(deal, RUNS) / 1e6, RUNS);
  printf("trick winner, 4 cards, trumps:  %6.2f ns/decision\n", bench_median(win, RUNS));
  return sink == 42;  /* never: keeps the loops from being optimised away */
}
