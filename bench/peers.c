/*
** peers.c -- deckhand beside OMPEval in one program, one row of the
** comparison at a time, rounds interleaved so that both sides of a row see
** the same machine (bench/peers.sh builds and runs it; OMPEval's side is
** bench/peers_omp.cpp).
**
**   peers [rounds] [passes]
**
** A round times every form of every row once, the two evaluators of a row
** back to back, the one going first alternating from round to round.  Each
** timing is processor time.  Ratios are taken round by round (a deckhand
** form over OMPEval's timing in the same round), and the median and
** min..max of those ratios are printed beside each form's median rate and
** min..max, the fastest form of a row first.  The random rows run over the
** same 10 M hands `passes` times (default 3) so that a timing is long
** enough to read.
**
** Before any timing, both evaluators must agree: the same category counts
** over every 7-card hand and the same order on every pair of neighbouring
** random hands (OMPEval's Hand from a card set the same value as from its
** cards); and the timed forms of deckhand in a row must sum the same
** values; otherwise the program stops with status 1.
*/
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "poker.h"
#include "rng.h"

#define NRANDOM 10000000
#define MAXROUNDS 64

/* OMPEval's side (peers_omp.cpp) */
int64_t omp_enum7(uint64_t counts[10]);
void *omp_hands(const uint8_t *cards, size_t n, int k);
void omp_free(void *hands);
uint64_t omp_sum_hands(const void *hands, size_t n);
uint64_t omp_sum_cards(const uint8_t *cards, size_t n, int k);
unsigned omp_value(const uint8_t *cards, int k);
void omp_positions(const int index[64]);
uint64_t omp_sum_sets(const uint64_t *sets, size_t n, int k);

/* one set of random hands in every form the rows use */
typedef struct hands {
  int k;                 /* cards a hand */
  dh_cardset *sets;      /* deckhand's card sets */
  dh_hand_key *keys;     /* deckhand's hand keys of the same */
  uint8_t *dh_cards;     /* deckhand's cards, k a hand */
  uint8_t *omp_cards;    /* OMPEval's card indices, k a hand */
  void *omp;             /* OMPEval's Hand objects */
} hands;

typedef struct ctx {
  hands h7, h5;
  int passes;
} ctx;

/* a timed form: returns the number of hands it valued; *check gets
** something that depends on every value, so nothing is skipped */
typedef int64_t (*form)(const ctx *c, uint64_t *check);

static void make_hands(hands *h, int k, uint64_t seed) {
  dh_rng r;
  size_t i;
  int j;
  h->k = k;
  h->sets = malloc(NRANDOM * sizeof *h->sets);
  h->dh_cards = malloc((size_t)NRANDOM * (size_t)k);
  h->omp_cards = malloc((size_t)NRANDOM * (size_t)k);
  if (!h->sets || !h->dh_cards || !h->omp_cards) { perror("peers"); exit(1); }
  dh_rng_seed(&r, seed);
  for (i = 0; i < NRANDOM; i++) {
    dh_cardset s = 0;
    for (j = 0; j < k;) {
      uint32_t c = dh_rng_below(&r, 52);
      int rank = (int)(c % 13) + 2, suit = (int)(c / 13);
      dh_card d = dh_card_make(rank, suit);
      if (dh_set_has(s, d)) continue;
      s |= dh_set_of(d);
      h->dh_cards[i * (size_t)k + (size_t)j] = d;
      h->omp_cards[i * (size_t)k + (size_t)j] = (uint8_t)(4 * (rank - 2) + suit);
      j++;
    }
    h->sets[i] = s;
  }
  h->keys = malloc(NRANDOM * sizeof *h->keys);
  if (!h->keys) { perror("peers"); exit(1); }
  dh_poker_keys(h->sets, NRANDOM, h->keys);
  h->omp = omp_hands(h->omp_cards, NRANDOM, k);
  if (!h->omp) { perror("peers"); exit(1); }
}

/* ---- deckhand's forms ---- */

static int64_t dh_enum7(const ctx *c, uint64_t *check) {
  uint64_t counts[DH_NCATEGORIES] = { 0 };
  (void)c;
  int64_t n = dh_poker_count(0, 0, 7, counts);
  *check = counts[DH_STRAIGHT_FLUSH];
  return n;
}

/* deckhand's bulk calls, from each input form */
enum { FROM_SETS, FROM_KEYS, FROM_CARDS };

/* a bulk call, 1024 hands a call into an array that stays in L1 */
static int64_t dh_bulk(const hands *h, int passes, int from, uint64_t *check) {
  enum { BLOCK = 1024 };
  dh_hand_value v[BLOCK];
  uint64_t s = 0;
  int p;
  size_t i, j;
  for (p = 0; p < passes; p++)
    for (i = 0; i < NRANDOM; i += BLOCK) {
      size_t m = NRANDOM - i < BLOCK ? NRANDOM - i : BLOCK;
      if (from == FROM_SETS) dh_poker_eval_many(h->sets + i, m, v);
      else if (from == FROM_KEYS) dh_poker_eval_keys(h->keys + i, m, v);
      else dh_poker_eval_cards_many(h->dh_cards + i * (size_t)h->k, h->k, m, v);
      for (j = 0; j < m; j++) s += v[j];
    }
  *check = s;
  return (int64_t)passes * NRANDOM;
}

static int64_t dh_each(const hands *h, int passes, uint64_t *check) {
  uint64_t s = 0;
  int p;
  size_t i;
  for (p = 0; p < passes; p++)
    for (i = 0; i < NRANDOM; i++) s += dh_poker_eval(h->sets[i]);
  *check = s;
  return (int64_t)passes * NRANDOM;
}

/* one key a call: the cost of a call beside OMPEval's inline evaluate,
** with the key's two reads and nothing else */
static int64_t dh_each_key(const hands *h, int passes, uint64_t *check) {
  uint64_t s = 0;
  int p;
  size_t i;
  for (p = 0; p < passes; p++)
    for (i = 0; i < NRANDOM; i++) s += dh_poker_eval_key(h->keys[i]);
  *check = s;
  return (int64_t)passes * NRANDOM;
}

static int64_t dh_cards(const hands *h, int passes, uint64_t *check) {
  uint64_t s = 0;
  const uint8_t *c;
  int p, k = h->k;
  size_t i;
  for (p = 0; p < passes; p++)
    for (i = 0, c = h->dh_cards; i < NRANDOM; i++, c += k) s += dh_poker_eval_cards(c, k);
  *check = s;
  return (int64_t)passes * NRANDOM;
}

static int64_t dh_keys7(const ctx *c, uint64_t *s) { return dh_bulk(&c->h7, c->passes, FROM_KEYS, s); }
static int64_t dh_keys5(const ctx *c, uint64_t *s) { return dh_bulk(&c->h5, c->passes, FROM_KEYS, s); }
static int64_t dh_cmany7(const ctx *c, uint64_t *s) { return dh_bulk(&c->h7, c->passes, FROM_CARDS, s); }
static int64_t dh_cmany5(const ctx *c, uint64_t *s) { return dh_bulk(&c->h5, c->passes, FROM_CARDS, s); }
static int64_t dh_many7(const ctx *c, uint64_t *s) { return dh_bulk(&c->h7, c->passes, FROM_SETS, s); }
static int64_t dh_each7(const ctx *c, uint64_t *s) { return dh_each(&c->h7, c->passes, s); }
static int64_t dh_key7(const ctx *c, uint64_t *s) { return dh_each_key(&c->h7, c->passes, s); }
static int64_t dh_key5(const ctx *c, uint64_t *s) { return dh_each_key(&c->h5, c->passes, s); }
static int64_t dh_cards7(const ctx *c, uint64_t *s) { return dh_cards(&c->h7, c->passes, s); }
static int64_t dh_many5(const ctx *c, uint64_t *s) { return dh_bulk(&c->h5, c->passes, FROM_SETS, s); }
static int64_t dh_each5(const ctx *c, uint64_t *s) { return dh_each(&c->h5, c->passes, s); }
static int64_t dh_cards5(const ctx *c, uint64_t *s) { return dh_cards(&c->h5, c->passes, s); }

/* ---- OMPEval's forms ---- */

static int64_t omp_enum(const ctx *c, uint64_t *check) {
  uint64_t counts[10] = { 0 };
  (void)c;
  int64_t n = omp_enum7(counts);
  *check = counts[9];
  return n;
}

static int64_t omp_objects(const hands *h, int passes, uint64_t *check) {
  uint64_t s = 0;
  int p;
  for (p = 0; p < passes; p++) s += omp_sum_hands(h->omp, NRANDOM);
  *check = s;
  return (int64_t)passes * NRANDOM;
}

static int64_t omp_arrays(const hands *h, int passes, uint64_t *check) {
  uint64_t s = 0;
  int p;
  for (p = 0; p < passes; p++) s += omp_sum_cards(h->omp_cards, NRANDOM, h->k);
  *check = s;
  return (int64_t)passes * NRANDOM;
}

static int64_t omp_sets(const hands *h, int passes, uint64_t *check) {
  uint64_t s = 0;
  int p;
  for (p = 0; p < passes; p++) s += omp_sum_sets(h->sets, NRANDOM, h->k);
  *check = s;
  return (int64_t)passes * NRANDOM;
}

/* OMPEval's card for each of deckhand's set positions */
static void tell_positions(void) {
  int index[64], p, rank, suit;
  for (p = 0; p < 64; p++) index[p] = -1;
  for (rank = 2; rank <= 14; rank++)
    for (suit = 0; suit < 4; suit++) index[dh_card_make(rank, suit) & 63] = 4 * (rank - 2) + suit;
  omp_positions(index);
}

static int64_t omp_objects7(const ctx *c, uint64_t *s) { return omp_objects(&c->h7, c->passes, s); }
static int64_t omp_arrays7(const ctx *c, uint64_t *s) { return omp_arrays(&c->h7, c->passes, s); }
static int64_t omp_sets7(const ctx *c, uint64_t *s) { return omp_sets(&c->h7, c->passes, s); }
static int64_t omp_sets5(const ctx *c, uint64_t *s) { return omp_sets(&c->h5, c->passes, s); }
static int64_t omp_objects5(const ctx *c, uint64_t *s) { return omp_objects(&c->h5, c->passes, s); }
static int64_t omp_arrays5(const ctx *c, uint64_t *s) { return omp_arrays(&c->h5, c->passes, s); }

/* ---- the rows ---- */

enum { MAXFORMS = 4 };

typedef struct entry { const char *name; form f; } entry;

typedef struct row {
  const char *title;
  entry dh[MAXFORMS];  /* deckhand's forms */
  entry omp;
} row;

static const row rows[] = {
  { "all 7-card hands, categories counted",
    { { "dh_poker_count", dh_enum7 } }, { "incremental Hand", omp_enum } },
  { "10 M random 7-card hands, values summed",
    { { "dh_poker_eval_keys (hand keys)", dh_keys7 }, { "dh_poker_eval_many (card sets)", dh_many7 },
      { "dh_poker_eval, one call a hand", dh_each7 }, { "dh_poker_eval_key, one call a hand", dh_key7 } },
    { "Hand objects", omp_objects7 } },
  { "the same from card sets",
    { { "dh_poker_eval_many", dh_many7 }, { "dh_poker_eval, one call a hand", dh_each7 } },
    { "Hand from the set's bits", omp_sets7 } },
  { "the same from card arrays",
    { { "dh_poker_eval_cards_many", dh_cmany7 }, { "dh_poker_eval_cards, one call a hand", dh_cards7 } },
    { "Hand from the cards", omp_arrays7 } },
  { "10 M random 5-card hands, values summed",
    { { "dh_poker_eval_keys (hand keys)", dh_keys5 }, { "dh_poker_eval_many (card sets)", dh_many5 },
      { "dh_poker_eval, one call a hand", dh_each5 }, { "dh_poker_eval_key, one call a hand", dh_key5 } },
    { "Hand objects", omp_objects5 } },
  { "the same from card sets",
    { { "dh_poker_eval_many", dh_many5 }, { "dh_poker_eval, one call a hand", dh_each5 } },
    { "Hand from the set's bits", omp_sets5 } },
  { "the same from card arrays",
    { { "dh_poker_eval_cards_many", dh_cmany5 }, { "dh_poker_eval_cards, one call a hand", dh_cards5 } },
    { "Hand from the cards", omp_arrays5 } },
};
enum { NROWS = sizeof rows / sizeof rows[0] };

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* M hands/s of one run of f */
/* M hands/s of one run of f; *check: its checksum */
static double timed(const ctx *c, form f, uint64_t *check) {
  double t0 = cpu_now(), t1;
  int64_t n = f(c, check);
  t1 = cpu_now();
  return (double)n / (t1 - t0) / 1e6;
}

/* ---- the agreement check ---- */

static int sign(long x) { return (x > 0) - (x < 0); }

static int agree_random(const hands *h) {
  size_t i;
  int k = h->k;
  for (i = 0; i + 1 < NRANDOM; i++) {
    long d = (long)dh_poker_eval(h->sets[i]) - (long)dh_poker_eval(h->sets[i + 1]);
    long o = (long)omp_value(h->omp_cards + i * (size_t)k, k) -
             (long)omp_value(h->omp_cards + (i + 1) * (size_t)k, k);
    if (sign(d) != sign(o) ||
        dh_poker_eval(h->sets[i]) != dh_poker_eval_cards(h->dh_cards + i * (size_t)k, k) ||
        dh_poker_eval(h->sets[i]) != dh_poker_eval_key(h->keys[i]) ||
        omp_sum_sets(&h->sets[i], 1, k) != omp_value(h->omp_cards + i * (size_t)k, k)) {
      fprintf(stderr, "peers: %d-card hands %zu and %zu: the evaluators disagree\n", k, i, i + 1);
      return 0;
    }
  }
  return 1;
}

static int agree_enum(void) {
  uint64_t dc[DH_NCATEGORIES] = { 0 }, oc[10] = { 0 };
  int i;
  dh_poker_count(0, 0, 7, dc);
  omp_enum7(oc);
  for (i = 0; i < DH_NCATEGORIES; i++)
    if (dc[i] != oc[i + 1]) {
      fprintf(stderr, "peers: category %d: deckhand counts %llu, OMPEval %llu\n", i,
              (unsigned long long)dc[i], (unsigned long long)oc[i + 1]);
      return 0;
    }
  return 1;
}

/* ---- the report ---- */

static void spread(double *v, int n, double *med, double *lo, double *hi) {
  qsort(v, (size_t)n, sizeof *v, bench_cmp);
  *med = v[n / 2];
  *lo = v[0];
  *hi = v[n - 1];
}

int main(int argc, char **argv) {
  static double rate[NROWS][MAXFORMS + 1][MAXROUNDS];
  static ctx c;
  int rounds = argc > 1 ? atoi(argv[1]) : 11, r, i, f;
  c.passes = argc > 2 ? atoi(argv[2]) : 3;
  if (rounds < 1 || rounds > MAXROUNDS || c.passes < 1) {
    fprintf(stderr, "usage: peers [rounds 1..%d] [passes >= 1]\n", MAXROUNDS);
    return 2;
  }
  setvbuf(stdout, NULL, _IONBF, 0);
  tell_positions();
  make_hands(&c.h7, 7, 7);
  make_hands(&c.h5, 5, 5);
  if (!agree_enum() || !agree_random(&c.h7) || !agree_random(&c.h5)) return 1;
  /* which of deckhand's paths ran (poker_many.c and poker_cards.c choose
  ** the same way at run time) */
  printf("code paths: card sets %s; card arrays %s; the rest scalar%s\n",
         __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq")
             ? "AVX-512 (VPOPCNTQ), sixteen at a time"
             : __builtin_cpu_supports("avx2") ? "dh_poker_eval_many AVX2 (VPERMD), eight at a time"
                                              : "scalar (no AVX-512 VPOPCNTQ or AVX2 here)",
         __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                 __builtin_cpu_supports("avx512vbmi")
             ? "AVX-512 VBMI, sixteen at a time"
         : __builtin_cpu_supports("avx2")
             ? "dh_poker_eval_cards_many AVX2 (VPSHUFB, VPSADBW), eight at a time, one call a hand scalar"
         : __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam15h") &&
                 !__builtin_cpu_is("amdfam17h")
             ? "dh_poker_eval_cards_many two cards a read (PEXT), one call a hand scalar"
             : "scalar (no AVX-512 VBMI, AVX2 or fast PEXT here)",
         __builtin_cpu_supports("avx2") ? " (the build's own flags: AVX2, BMI)" : "");
  printf("agreement: the same category counts over all 133,784,560 7-card hands and the\n"
         "same order on all %d neighbouring pairs of random 7- and 5-card hands\n\n",
         NRANDOM - 1);
  for (r = 0; r < rounds; r++) {
    for (i = 0; i < NROWS; i++) {
      const row *w = &rows[i];
      uint64_t check[MAXFORMS + 1];
      if (r % 2) rate[i][MAXFORMS][r] = timed(&c, w->omp.f, &check[MAXFORMS]);
      for (f = 0; f < MAXFORMS && w->dh[f].f; f++) {
        rate[i][f][r] = timed(&c, w->dh[f].f, &check[f]);
        if (check[f] != check[0]) {  /* the forms of a row sum the same values */
          fprintf(stderr, "peers: %s: `%s` and `%s` disagree\n", w->title, w->dh[0].name,
                  w->dh[f].name);
          return 1;
        }
      }
      if (r % 2 == 0) rate[i][MAXFORMS][r] = timed(&c, w->omp.f, &check[MAXFORMS]);
    }
    fprintf(stderr, "\rround %d of %d", r + 1, rounds);
  }
  fprintf(stderr, "\n");
  printf("M hands/s by processor time, median (min..max) of %d interleaved rounds; each\n"
         "ratio is taken round by round, a deckhand form over OMPEval's in the same round.\n"
         "A row's first line is deckhand's fastest form there (by median).\n\n", rounds);
  printf("| row | deckhand | M/s | OMPEval | M/s | deckhand / OMPEval |\n"
         "|---|---|---|---|---|---|\n");
  for (i = 0; i < NROWS; i++) {
    const row *w = &rows[i];
    double med[MAXFORMS], omp_med, lo[MAXFORMS], hi[MAXFORMS], omp_lo, omp_hi, v[MAXROUNDS];
    int order[MAXFORMS], nf = 0, a, b;
    for (f = 0; f < MAXFORMS && w->dh[f].f; f++, nf++) {
      memcpy(v, rate[i][f], sizeof v);
      spread(v, rounds, &med[f], &lo[f], &hi[f]);
      order[f] = f;
    }
    for (a = 1; a < nf; a++)  /* fastest first */
      for (b = a; b > 0 && med[order[b]] > med[order[b - 1]]; b--) {
        int t = order[b];
        order[b] = order[b - 1];
        order[b - 1] = t;
      }
    memcpy(v, rate[i][MAXFORMS], sizeof v);
    spread(v, rounds, &omp_med, &omp_lo, &omp_hi);
    for (a = 0; a < nf; a++) {
      double rmed, rlo, rhi;
      f = order[a];
      for (r = 0; r < rounds; r++) v[r] = rate[i][f][r] / rate[i][MAXFORMS][r];
      spread(v, rounds, &rmed, &rlo, &rhi);
      printf("| %s | `%s` | %.0f (%.0f..%.0f) | %s | ", a ? "" : w->title, w->dh[f].name, med[f],
             lo[f], hi[f], a ? "" : w->omp.name);
      if (a == 0) printf("%.0f (%.0f..%.0f)", omp_med, omp_lo, omp_hi);
      printf(" | %.2f (%.2f..%.2f) |\n", rmed, rlo, rhi);
    }
  }
  return 0;
}
