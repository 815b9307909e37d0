/*
** peers_equity.c -- deckhand's equity beside OMPEval's EquityCalculator in
** one program, on the same questions, rounds interleaved (bench/peers.sh
** builds and runs it; OMPEval's side is bench/peers_equity_omp.cpp).
**
**   peers_equity [rounds]
**
** The sides: deckhand and OMPEval with one thread each, then with two.
** A round asks every question of every side once, the side going first
** turning from round to round.  Each timing is taken twice: wall clock,
** and the processor time of the whole process (every thread's).
** Exhaustive answers must agree to 1e-9; Monte Carlo ones within four
** standard errors of the difference; otherwise the program stops with
** status 1.  Monte Carlo questions are asked to one standard
** error: the trials that give deckhand that error (found once by a pilot
** run of 200,000 trials) are given to both sides.
*/
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "equity.h"

#define MAXROUNDS 64

uint64_t omp_equity(const char *const *ranges, int n, const char *board, int enumerate,
                    uint64_t hands, unsigned threads, double *equity, double *stdev_out);

typedef struct question {
  const char *title;
  int n;
  const char *range[4];
  const char *board;
  double stdev;   /* 0: exhaustive */
  int reps;       /* asked this many times a timing, so that a timing is long */
} question;

static const question questions[] = {
  { "AsKs vs QQ, preflop, exhaustive", 2, { "AsKs", "QQ" }, "", 0, 16 },
  { "AhKh vs a range (TT+, AQs+, AKo), preflop, exhaustive", 2, { "AhKh", "TT+,AQs+,AKo" }, "", 0, 3 },
  { "AA, KK, QQ, JJ, preflop, exhaustive", 4, { "AA", "KK", "QQ", "JJ" }, "", 0, 1 },
  { "three ranges (QQ+, AKs / JJ, TT, 99, AQs / T9s, 98s, 87s, 76s) on Ks 7d 2c, exhaustive", 3,
    { "QQ+,AKs", "JJ,TT,99,AQs", "T9s,98s,87s,76s" }, "Ks7d2c", 0, 8 },
  { "JJ, AKo, random, preflop, Monte Carlo to a standard error of 5e-4", 3,
    { "JJ", "AKo", "random" }, "", 5e-4, 1 },
};
enum { NQ = sizeof questions / sizeof questions[0] };

/* the sides of a question, in the order of the table's columns; each
** OMPEval side is compared with the deckhand side before it */
enum { DH1, OMP1, DH2, OMP2, NSIDES };
static const char *const side_name[NSIDES] = { "deckhand, 1 thread", "OMPEval, 1 thread",
                                               "deckhand, 2 threads", "OMPEval, 2 threads" };

static dh_range ranges[DH_EQ_MAXPLAYERS];
static uint64_t dh_samples[NQ];

static dh_equity_req request(const question *w, uint64_t seed) {
  dh_equity_req q;
  const char *why;
  size_t where, wlen;
  dh_card c[5], dup;
  int i, k;
  memset(&q, 0, sizeof q);
  q.game = DH_GAME_HOLDEM;
  q.nplayers = w->n;
  for (i = 0; i < w->n; i++) {
    if (!dh_range_parse(w->range[i], strlen(w->range[i]), DH_GAME_HOLDEM, &ranges[i], &why, &where,
                        &wlen)) {
      fprintf(stderr, "peers_equity: bad range %s: %s\n", w->range[i], why);
      exit(1);
    }
    q.player[i] = &ranges[i];
  }
  k = dh_cards_parse(w->board, strlen(w->board), c, 5, &why, &where, &dup);
  for (i = 0; i < k; i++) q.board |= dh_set_of(c[i]);
  q.force = w->stdev > 0 ? 2 : 1;
  q.seed = seed;
  return q;
}

typedef struct answer { double eq[4], err, secs, cpu; uint64_t trials; } answer;

static answer ans[NQ][NSIDES][MAXROUNDS];   /* by question, side and round */

/* the processor time of the process: every thread's */
static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* one answer; a->secs and a->cpu: the times for w->reps of them (the last
** kept) */
static void ask(int qi, int side, uint64_t seed, answer *a) {
  const question *w = &questions[qi];
  double t0 = bench_now(), c0 = cpu_now();
  int k;
  for (k = 0; k < w->reps; k++) {
    if (side == DH1 || side == DH2) {
      dh_equity_req q = request(w, seed);
      dh_equity_result r;
      int i;
      q.samples = dh_samples[qi];
      q.threads = side == DH2 ? 2 : 1;
      if (dh_equity(&q, &r) != 0) { fprintf(stderr, "peers_equity: deckhand failed\n"); exit(1); }
      for (i = 0; i < w->n; i++) a->eq[i] = r.equity[i];
      a->err = r.stderr_eq[0];
      a->trials = r.trials;
    } else {
      a->trials = omp_equity(w->range, w->n, w->board, w->stdev == 0, dh_samples[qi],
                             side == OMP1 ? 1 : 2, a->eq, &a->err);
      if (a->trials == 0) { fprintf(stderr, "peers_equity: OMPEval failed\n"); exit(1); }
    }
  }
  a->secs = bench_now() - t0;
  a->cpu = cpu_now() - c0;
}

static int agree(const question *w, const answer *a, const answer *b) {
  int i;
  for (i = 0; i < w->n; i++) {
    double d = fabs(a->eq[i] - b->eq[i]);
    /* the two errors taken alike: deckhand's, of the same trials */
    if (w->stdev == 0 ? d > 1e-9 : d > 4 * sqrt(2.0) * a->err) return 0;
  }
  return 1;
}

static void spread(double *v, int n, double *med, double *lo, double *hi) {
  qsort(v, (size_t)n, sizeof *v, bench_cmp);
  *med = v[n / 2];
  *lo = v[0];
  *hi = v[n - 1];
}

/* the times (cpu 0: wall clock; 1: processor) as a table */
static void table(int rounds, int cpu) {
  int i, s, r, k;
  printf("\n%s\n\n| question | equities (deckhand) |", cpu ? "Processor time (every thread's), ms:"
                                                           : "Wall clock, ms:");
  for (s = 0; s < NSIDES; s++) printf(" %s |%s", side_name[s], s % 2 ? " ratio |" : "");
  printf("\n|---|---|---|---|---|---|---|---|\n");
  for (i = 0; i < NQ; i++) {
    const question *w = &questions[i];
    const answer *a = &ans[i][DH1][0];
    double v[MAXROUNDS], med, lo, hi;
    printf("| %s | ", w->title);
    for (k = 0; k < w->n; k++) printf("%s%.4f", k ? " / " : "", a->eq[k]);
    if (w->stdev > 0)
      printf(" (%llu trials, error %.1e; OMPEval %llu, %.1e)", (unsigned long long)a->trials, a->err,
             (unsigned long long)ans[i][OMP1][0].trials, ans[i][OMP1][0].err);
    for (s = 0; s < NSIDES; s++) {
      for (r = 0; r < rounds; r++) v[r] = (cpu ? ans[i][s][r].cpu : ans[i][s][r].secs) * 1e3 / w->reps;
      spread(v, rounds, &med, &lo, &hi);
      printf(" | %.1f (%.1f..%.1f)", med, lo, hi);
      if (s % 2) {   /* OMPEval over the deckhand side before it */
        for (r = 0; r < rounds; r++)
          v[r] = cpu ? ans[i][s][r].cpu / ans[i][s - 1][r].cpu : ans[i][s][r].secs / ans[i][s - 1][r].secs;
        spread(v, rounds, &med, &lo, &hi);
        printf(" | %.2f (%.2f..%.2f)", med, lo, hi);
      }
    }
    printf(" |\n");
  }
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 5, r, i, s, k;
  if (rounds < 1 || rounds > MAXROUNDS) {
    fprintf(stderr, "usage: peers_equity [rounds 1..%d]\n", MAXROUNDS);
    return 2;
  }
  setvbuf(stdout, NULL, _IONBF, 0);
  for (i = 0; i < NQ; i++)   /* Monte Carlo: the trials for the error asked */
    if (questions[i].stdev > 0) {
      answer a = { { 0 }, 0, 0, 0, 0 };
      double per;
      dh_samples[i] = 200000;
      ask(i, DH1, 99, &a);
      per = a.err * sqrt((double)a.trials);
      dh_samples[i] = (uint64_t)ceil(per * per / (questions[i].stdev * questions[i].stdev));
    }
  for (r = 0; r < rounds; r++) {
    for (i = 0; i < NQ; i++) {
      for (k = 0; k < NSIDES; k++) {
        s = (k + r) % NSIDES;
        ask(i, s, (uint64_t)r + 1, &ans[i][s][r]);
      }
      for (s = 1; s < NSIDES; s++)
        if (!agree(&questions[i], &ans[i][DH1][r], &ans[i][s][r])) {
          fprintf(stderr, "peers_equity: %s: deckhand and %s disagree (%.6f against %.6f)\n",
                  questions[i].title, side_name[s], ans[i][DH1][r].eq[0], ans[i][s][r].eq[0]);
          return 1;
        }
    }
    fprintf(stderr, "\rround %d of %d", r + 1, rounds);
  }
  fprintf(stderr, "\n");
  printf("Milliseconds for one answer (a timing asks a short question several times\n"
         "and divides), median (min..max) of %d interleaved rounds; the ratios are\n"
         "OMPEval's time over deckhand's with as many threads, round by round (above 1:\n"
         "deckhand faster).  Exhaustive answers agreed to 1e-9, Monte Carlo ones within\n"
         "four standard errors.\n",
         rounds);
  table(rounds, 0);
  table(rounds, 1);
  return 0;
}
