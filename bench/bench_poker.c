/*
** bench_poker.c -- hand evaluation speed, single thread.  Other evaluators
** are compared in one program, side by side (bench/peers.sh), never
** against figures from other runs.
**
**   build/release/bench/bench_poker [runs]
**
** Each figure is the median of `runs` timings (default 7), in millions of
** hands per second, by wall time and by processor time (the second leaves
** out the time spent waiting for a core on a busy machine); the spread
** (min..max) shows how noisy the machine was.
** The random hands are made before any timing starts, as in OMPEval's
** benchmark: 10 M of them, summed so the work cannot be dropped.
**
** Two more forms serve bench/poker.lua, which prints each Lua figure beside
** the C loop doing the same work, timed in the same run:
**   bench_poker --hands FILE N CARDS SEED   writes N random hands, packed
**                                           (8-byte little-endian sets)
**   bench_poker --ref WHAT RUNS [FILE]      prints the median M hands/s of
**                                           one C loop: count7, count5 (every
**                                           hand), eval_many, count_many (the
**                                           hands in FILE)
** --ref times with clock() (processor time), the clock of Lua's os.clock.
*/
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "poker.h"
#include "rng.h"

#define NRANDOM 10000000

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

/* processor time: on a shared machine it leaves out the time this process
** waited for a core, which wall time counts (neither leaves out neighbours
** sharing the caches and the memory bus) */
static double cpu_now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static void measure(const char *name, task f, const dh_cardset *h, int n, int runs,
                    const char *refs) {
  double *rate = malloc(2 * (size_t)runs * sizeof *rate), *cpu = rate + runs;
  uint64_t sum = 0;
  int i;
  for (i = 0; i < runs; i++) {
    double t0 = bench_now(), c0 = cpu_now(), t1, c1;
    int64_t hands = f(h, n, &sum);
    t1 = bench_now();
    c1 = cpu_now();
    rate[i] = (double)hands / (t1 - t0) / 1e6;
    cpu[i] = (double)hands / (c1 - c0) / 1e6;
  }
  qsort(rate, (size_t)runs, sizeof *rate, bench_cmp);
  qsort(cpu, (size_t)runs, sizeof *cpu, bench_cmp);
  printf("%-34s %6.0f (%4.0f..%4.0f) %6.0f (%4.0f..%4.0f)   %s\n", name, rate[runs / 2], rate[0],
         rate[runs - 1], cpu[runs / 2], cpu[0], cpu[runs - 1], refs);
  free(rate);
}

/* --hands FILE N CARDS SEED */
static int write_hands(const char *file, int n, int cards, uint64_t seed) {
  dh_cardset *h = random_hands(n, cards, seed);
  FILE *f = fopen(file, "wb");
  int i, k, ok;
  if (!f) { perror(file); return 1; }
  for (i = 0; i < n; i++) {
    unsigned char w[8];
    for (k = 0; k < 8; k++) w[k] = (unsigned char)(h[i] >> (8 * k));
    fwrite(w, 1, sizeof w, f);
  }
  ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  free(h);
  if (!ok) { perror(file); return 1; }
  return 0;
}

static dh_cardset *read_hands(const char *file, int *n) {
  FILE *f = fopen(file, "rb");
  dh_cardset *h = NULL;
  unsigned char w[8];
  int cap = 0, k;
  *n = 0;
  if (!f) { perror(file); exit(1); }
  while (fread(w, 1, sizeof w, f) == sizeof w) {
    if (*n == cap) {
      cap = cap ? 2 * cap : 1 << 20;
      h = realloc(h, (size_t)cap * sizeof *h);
      if (!h) { perror("bench_poker"); exit(1); }
    }
    h[*n] = 0;
    for (k = 7; k >= 0; k--) h[*n] = (h[*n] << 8) | w[k];
    ++*n;
  }
  fclose(f);
  return h;
}

/* --ref WHAT RUNS [FILE]: the C loop that a Lua bulk call stands for, the
** values into one array that is reused (as a reused poker.values() is) */
static int reference(const char *what, int runs, const char *file) {
  double rate[64];
  dh_cardset *h = NULL;
  dh_hand_value *out = NULL;
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  int n = 0, i;
  if (runs < 1) runs = 1;
  if (runs > 64) runs = 64;
  if (file) {
    h = read_hands(file, &n);
    out = malloc((size_t)n * sizeof *out + 1);
    if (!out) { perror("bench_poker"); return 1; }
  }
  for (i = -1; i < runs; i++) {  /* run -1 warms the caches and the pages */
    double t0 = cpu_now(), t1;
    int64_t hands = n;
    if (strcmp(what, "count7") == 0) hands = dh_poker_count(0, 0, 7, counts);
    else if (strcmp(what, "count5") == 0) hands = dh_poker_count(0, 0, 5, counts);
    else if (strcmp(what, "eval_many") == 0 && h) dh_poker_eval_many(h, (size_t)n, out);
    else if (strcmp(what, "count_many") == 0 && h) dh_poker_count_many(h, (size_t)n, counts);
    else { fprintf(stderr, "bench_poker: --ref %s: unknown, or no FILE\n", what); return 1; }
    t1 = cpu_now();
    if (i >= 0) rate[i] = (double)hands / (t1 - t0) / 1e6;
  }
  /* the calls are into the library, with their results in memory: nothing
  ** here can be optimised away */
  printf("%.1f\n", bench_median(rate, runs));
  free(h);
  free(out);
  return 0;
}

int main(int argc, char **argv) {
  int runs;
  if (argc == 6 && strcmp(argv[1], "--hands") == 0)
    return write_hands(argv[2], atoi(argv[3]), atoi(argv[4]), (uint64_t)atoll(argv[5]));
  if ((argc == 4 || argc == 5) && strcmp(argv[1], "--ref") == 0)
    return reference(argv[2], atoi(argv[3]), argc == 5 ? argv[4] : NULL);
  runs = argc > 1 ? atoi(argv[1]) : 7;
  dh_cardset *r7, *r5;
  if (runs < 1) runs = 1;
  setvbuf(stdout, NULL, _IONBF, 0);
  r7 = random_hands(NRANDOM, 7, 7);
  r5 = random_hands(NRANDOM, 5, 5);
  printf("poker evaluation, single thread, M hands/s, median of %d runs (min..max) by wall\n"
         "time and by processor time; other evaluators side by side: bench/peers.sh\n", runs);
  printf("%-34s %18s %18s\n", "", "wall", "processor");
  measure("enum 7, category counts", enum7, NULL, 0, runs, "goal 1000");
  measure("random 7, sum, dh_poker_eval_many", sum_many, r7, NRANDOM, runs, "goal 450");
  measure("random 7, sum, dh_poker_eval", sum_each, r7, NRANDOM, runs, "");
  measure("random 7, dh_poker_count_many", count_many, r7, NRANDOM, runs, "");
  measure("enum 5, category counts", enum5, NULL, 0, runs, "goal 1000");
  measure("random 5, sum, dh_poker_eval_many", sum_many, r5, NRANDOM, runs, "goal 650");
  measure("random 5, sum, dh_poker_eval", sum_each, r5, NRANDOM, runs, "");
  free(r7);
  free(r5);
  return 0;
}
