#define _POSIX_C_SOURCE 199309L  /* clock_gettime under -std=c11 */
/* bench_equity.c -- equity timings: heads-up preflop enumeration (1,712,304
** boards), a three-way flop enumeration with ranges, Monte Carlo trials per
** second for Hold'em and Omaha.  Medians of several runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "equity.h"

#define RUNS 7

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp);
  return v[n / 2];
}

static dh_range ranges[DH_EQ_MAXPLAYERS];

/* a request from range texts (the bench's inputs are known to parse) */
static dh_equity_req request(int game, int n, const char **players, const char *board) {
  dh_equity_req q;
  const char *why;
  size_t where, wlen;
  dh_card c[5], dup;
  int i, k;
  memset(&q, 0, sizeof q);
  q.game = game;
  q.nplayers = n;
  for (i = 0; i < n; i++) {
    if (!dh_range_parse(players[i], strlen(players[i]), game, &ranges[i], &why, &where, &wlen)) {
      fprintf(stderr, "bad range %s: %s\n", players[i], why);
      exit(1);
    }
    q.player[i] = &ranges[i];
  }
  k = dh_cards_parse(board, strlen(board), c, 5, &why, &where, &dup);
  for (i = 0; i < k; i++) q.board |= dh_set_of(c[i]);
  return q;
}

/* seconds for one run (median), and the trials of the last */
static double timed(const dh_equity_req *q, uint64_t *trials, double *eq0) {
  double t[RUNS];
  dh_equity_result r;
  int i;
  for (i = 0; i < RUNS; i++) {
    double t0 = now();
    if (dh_equity(q, &r) != 0) { fprintf(stderr, "equity failed\n"); exit(1); }
    t[i] = now() - t0;
  }
  *trials = r.trials;
  *eq0 = r.equity[0];
  return median(t, RUNS);
}

int main(void) {
  const char *hu[] = { "AsAh", "KdKc" };
  const char *three[] = { "AhKh", "QQ+", "76s-54s" };
  const char *mc3[] = { "AKs", "QQ+", "*" };
  const char *om[] = { "AsKsQdJd", "9h9c8h7c", "2c3d4h5s" };
  dh_equity_req q;
  uint64_t n;
  double s, eq;

  q = request(DH_GAME_HOLDEM, 2, hu, "");
  s = timed(&q, &n, &eq);
  printf("heads-up preflop, exhaustive (AsAh vs KdKc): %llu boards in %.1f ms "
         "(%.0f M boards/s), equity %.4f\n", (unsigned long long)n, s * 1e3, n / s / 1e6, eq);

  q = request(DH_GAME_HOLDEM, 3, three, "Th 8h 6c");
  s = timed(&q, &n, &eq);
  printf("3-way flop, exhaustive (AhKh, QQ+, 76s-54s on Th8h6c): %llu trials in %.1f ms "
         "(%.1f M trials/s)\n", (unsigned long long)n, s * 1e3, n / s / 1e6);

  q = request(DH_GAME_HOLDEM, 3, mc3, "");
  q.force = 2;
  q.samples = 2000000;
  q.seed = 1;
  s = timed(&q, &n, &eq);
  printf("Monte Carlo Hold'em 3-way preflop (AKs, QQ+, any two): %.1f M trials/s\n", n / s / 1e6);

  q = request(DH_GAME_HOLDEM, 2, hu, "");
  q.force = 2;
  q.samples = 5000000;
  q.seed = 1;
  s = timed(&q, &n, &eq);
  printf("Monte Carlo Hold'em heads-up preflop (AsAh vs KdKc): %.1f M trials/s\n", n / s / 1e6);

  q = request(DH_GAME_OMAHA, 3, om, "");
  q.force = 2;
  q.samples = 200000;
  q.seed = 1;
  s = timed(&q, &n, &eq);
  printf("Monte Carlo Omaha 3-way preflop: %.2f M trials/s\n", n / s / 1e6);
  return 0;
}
