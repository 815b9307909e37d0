/* bench_equity.c -- equity timings: heads-up preflop enumeration (1,712,304
** boards), a three-way flop enumeration with ranges, Monte Carlo trials per
** second for Hold'em and Omaha (explicit hands, "*", rank patterns), an
** Omaha turn enumerated against "AAxx".  Medians of several runs. */
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "equity.h"

#define RUNS 7

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
    double t0 = bench_now();
    if (dh_equity(q, &r) != 0) { fprintf(stderr, "equity failed\n"); exit(1); }
    t[i] = bench_now() - t0;
  }
  *trials = r.trials;
  *eq0 = r.equity[0];
  return bench_median(t, RUNS);
}

/* Monte Carlo only (force 2), seed 1: million trials per second */
static double mc_rate(int game, int n, const char **players, uint64_t samples) {
  dh_equity_req q = request(game, n, players, "");
  uint64_t trials;
  double eq, s;
  q.force = 2;
  q.samples = samples;
  q.seed = 1;
  s = timed(&q, &trials, &eq);
  return trials / s / 1e6;
}

int main(void) {
  const char *hu[] = { "AsAh", "KdKc" };
  const char *three[] = { "AhKh", "QQ+", "76s-54s" };
  const char *mc3[] = { "AKs", "QQ+", "*" };
  const char *om[] = { "AsKsQdJd", "9h9c8h7c", "2c3d4h5s" };
  const char *om_any[] = { "AsKsQdJd", "*", "*" };
  const char *om_pat[] = { "AsKsQdJd", "AAxx, KKxx", "AKxxds" };
  const char *om_turn[] = { "AsKsQdJd", "AAxx" };
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

  printf("Monte Carlo Hold'em 3-way preflop (AKs, QQ+, any two): %.1f M trials/s\n",
         mc_rate(DH_GAME_HOLDEM, 3, mc3, 2000000));
  printf("Monte Carlo Hold'em heads-up preflop (AsAh vs KdKc): %.1f M trials/s\n",
         mc_rate(DH_GAME_HOLDEM, 2, hu, 5000000));
  printf("Monte Carlo Omaha 3-way preflop: %.2f M trials/s\n", mc_rate(DH_GAME_OMAHA, 3, om, 200000));
  printf("Monte Carlo Omaha 3-way preflop, known vs * vs *: %.2f M trials/s\n",
         mc_rate(DH_GAME_OMAHA, 3, om_any, 200000));
  printf("Monte Carlo Omaha 3-way preflop, known vs AAxx,KKxx vs AKxxds: %.2f M trials/s\n",
         mc_rate(DH_GAME_OMAHA, 3, om_pat, 200000));

  q = request(DH_GAME_OMAHA, 2, om_turn, "2c 7h 9s Tc");
  s = timed(&q, &n, &eq);
  printf("Omaha turn, exhaustive (AsKsQdJd vs AAxx): %llu trials in %.0f ms (%.2f M trials/s)\n",
         (unsigned long long)n, s * 1e3, n / s / 1e6);
  return 0;
}
