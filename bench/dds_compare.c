/*
** dds_compare.c -- deckhand's double-dummy solver beside DDS (Bo
** Haglund's and Soren Hein's solver, libdds) on the same random Bridge
** deals (bench/dds_compare.sh builds and runs it; libdds is not a
** dependency of the library or its tests).
**
**   dds_compare [-n deals] [-r runs] [-b table_bits] [-s seed] [-c solves|tables]
**               [-g goldens.h count]
**
** Two comparisons on the same deals, every strain (5) and leader (4):
**
**  - solves: DDS's SolveBoard 20 times (one strain after another, its
**    table kept across a strain's four leaders as DDS keeps it) against
**    deckhand's dh_solve 20 times (its table kept across the deal), no
**    hint either side;
**  - tables: DDS's CalcDDtable (the 20 problems sharing work, each
**    leader's search hinted by the last) against deckhand's
**    dh_solve_bridge_table (the same, in one call).
**
** All four counts must agree exactly: a disagreement is printed with its
** deal and the program ends with status 1.  Each run (a round) times
** every deal of one comparison in processor time, the two programs back
** to back, the one going first alternating from deal to deal, then the
** other comparison (which comparison goes first alternates by round);
** each program starts each deal afresh (DDS resets its table on a new
** deal; deckhand's is emptied before each deal, timed).  A round prints
** the mean time per deal and the ratio; the last lines give, for each
** comparison, the median and min..max of the per-round ratios.  -c runs
** only one of the two comparisons.
**
** -g writes `count` deals, after the first two each hand cut to 5..9 cards, with DDS's answers
** (SolveBoard) as a C header: the goldens of tests/c/test_solve_dds.c,
** data produced by DDS.
*/
#include "bench.h"  /* first: it sets _POSIX_C_SOURCE */
#include <stdio.h>
#include <string.h>

#include <dds/dll.h>

/* processor time of the process (every thread): the machine is shared,
** and wall time would count the others' work */
static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#include "match.h"
#include "rng.h"
#include "rules.h"
#include "solve.h"

#define MAXRUNS 32

/* DDS numbers suits spades, hearts, diamonds, clubs (4: notrump); deckhand
** clubs, diamonds, hearts, spades */
static int dh_suit_of(int dds_suit) { return 3 - dds_suit; }

/* Bridge's card play with trump `suit` (DH_NOSUIT: notrump) */
static void bridge_rules(dh_rules *r, int suit) {
  if (!dh_bridge_rules(r, 13, suit)) {
    fprintf(stderr, "dds_compare: bad rules: %s\n", dh_rules_error(r));
    exit(2);
  }
}

typedef struct ctx {
  dh_rules rules[5];        /* by DDS strain */
  dh_solve_opts opts;
} ctx;

/* the tricks of the leader's side, [strain][leader], by deckhand's
** dh_solve (no guess: SolveBoard gets no hint) */
static void solve_dh(ctx *c, const dh_cardset *hands, int out[5][4]) {
  int strain, leader;
  c->opts.guess = 0;
  for (strain = 0; strain < 5; strain++)
    for (leader = 0; leader < 4; leader++) {
      dh_match m;
      dh_solve_result res;
      if (!dh_match_init_deal(&m, &c->rules[strain], 1, (leader + 3) % 4, hands, NULL, 0) ||
          m.turn != leader || dh_solve(&m, &c->opts, &res) != DH_OK || !res.exact) {
        fprintf(stderr, "dds_compare: deckhand could not solve a deal\n");
        exit(2);
      }
      out[strain][leader] = res.value;
    }
}

/* the same by dh_solve_bridge_table: tricks[strain][declarer], declarer
** right of the leader, strains clubs..spades, notrump */
static void table_dh(ctx *c, const dh_cardset *hands, int out[5][4]) {
  int t[5][4], strain, leader;
  c->opts.guess = 0;
  if (dh_solve_bridge_table(hands, &c->opts, t) != DH_OK) {
    fprintf(stderr, "dds_compare: deckhand could not solve a deal\n");
    exit(2);
  }
  for (strain = 0; strain < 5; strain++)
    for (leader = 0; leader < 4; leader++) {
      int v = t[strain < 4 ? dh_suit_of(strain) : 4][(leader + 3) % 4];
      if (v < 0) {
        fprintf(stderr, "dds_compare: deckhand could not solve a deal\n");
        exit(2);
      }
      out[strain][leader] = 13 - v;
    }
}

static void dds_fail(int err) {
  char why[80];
  ErrorMessage(err, why);
  fprintf(stderr, "dds_compare: DDS failed: %s\n", why);
  exit(2);
}

/* the deal in DDS's form: cards[hand][suit], a bit per rank */
static void dds_cards(const dh_cardset *hands, unsigned cards[4][4]) {
  int h, s, rank;
  for (h = 0; h < 4; h++)
    for (s = 0; s < 4; s++) {
      cards[h][s] = 0;
      for (rank = 2; rank <= 14; rank++)
        if (dh_set_has(hands[h], dh_card_make(rank, dh_suit_of(s)))) cards[h][s] |= 1u << rank;
    }
}

/* the same by DDS's CalcDDtable: resTable[strain][declarer] is declarer's
** tricks, and the leader sits left of declarer */
static void table_dds(const dh_cardset *hands, int out[5][4]) {
  struct ddTableDeal d;
  struct ddTableResults t;
  int strain, leader, err;
  memset(&d, 0, sizeof d);
  dds_cards(hands, d.cards);
  if ((err = CalcDDtable(d, &t)) != RETURN_NO_FAULT) dds_fail(err);
  for (strain = 0; strain < 5; strain++)
    for (leader = 0; leader < 4; leader++) out[strain][leader] = 13 - t.resTable[strain][(leader + 3) % 4];
}

/* the same by DDS's SolveBoard, 20 calls (DDS keeps its table while the
** deal and the trump stay the same) */
static void solve_dds(const dh_cardset *hands, int out[5][4]) {
  struct deal d;
  struct futureTricks fut;
  int strain, leader, err;
  memset(&d, 0, sizeof d);
  dds_cards(hands, d.remainCards);
  for (strain = 0; strain < 5; strain++)
    for (leader = 0; leader < 4; leader++) {
      d.trump = strain;
      d.first = leader;
      if ((err = SolveBoard(d, -1, 1, 1, &fut, 0)) != RETURN_NO_FAULT) dds_fail(err);
      out[strain][leader] = fut.score[0];
    }
}

/* a deal as PBN: "N:" and the four hands from North, spades first */
static void pbn(const dh_cardset *hands, char *out) {
  static const char ranks[] = "23456789TJQKA";
  int h, s, rank;
  out += sprintf(out, "N:");
  for (h = 0; h < 4; h++) {
    for (s = 0; s < 4; s++) {
      for (rank = 14; rank >= 2; rank--)
        if (dh_set_has(hands[h], dh_card_make(rank, dh_suit_of(s)))) *out++ = ranks[rank - 2];
      if (s < 3) *out++ = '.';
    }
    if (h < 3) *out++ = ' ';
  }
  *out = 0;
}

static void deal(uint64_t seed, dh_cardset *hands) {
  dh_rules r;
  dh_match m;
  bridge_rules(&r, DH_NOSUIT);
  dh_match_init(&m, &r, seed, 0);
  memcpy(hands, m.hand, 4 * sizeof *hands);
}

/* keeps k random cards of each 13-card hand (the goldens' short deals) */
static void shorten(dh_cardset *hands, int k, uint64_t seed) {
  dh_rng rng;
  int h;
  dh_rng_seed(&rng, seed);
  for (h = 0; h < 4; h++) {
    dh_cardset keep = 0, left = hands[h];
    int i;
    for (i = 0; i < k; i++) {
      int n = dh_set_count(left), j = (int)dh_rng_below(&rng, (uint32_t)n), p;
      dh_cardset it = left;
      while (j--) it &= it - 1;
      p = dh_set_first(it);
      keep |= (dh_cardset)1 << p;
      left &= ~((dh_cardset)1 << p);
    }
    hands[h] = keep;
  }
}

/* the leader's side's tricks by DDS's SolveBoard, any hand size */
static int board_dds(const dh_cardset *hands, int strain, int leader) {
  struct dealPBN d;
  struct futureTricks fut;
  int err;
  memset(&d, 0, sizeof d);
  d.trump = strain;
  d.first = leader;
  pbn(hands, d.remainCards);
  if ((err = SolveBoardPBN(d, -1, 1, 1, &fut, 0)) != RETURN_NO_FAULT) dds_fail(err);
  return fut.score[0];
}

/* the goldens: count deals (seeds from seed), the first two whole, the
** i-th after them cut to 5 + i % 5 cards a hand (short deals keep make
** test quick), with DDS's tricks for
** the leader's side for every strain and leader */
static void write_goldens(const char *path, int count, uint64_t seed) {
  FILE *f = fopen(path, "w");
  int i, strain, leader;
  if (!f) { perror(path); exit(2); }
  fprintf(f, "/*\n** dds_goldens.h -- DATA PRODUCED BY DDS (libdds 2.9.0, SolveBoardPBN), not by\n"
             "** deckhand's solver: %d random Bridge deals (deckhand's generator, seeds\n"
             "** %llu..; after the first two, each hand cut to 5..9 random cards of its\n"
             "** 13) in PBN, and for\n"
             "** each strain (spades, hearts, diamonds, clubs, notrump) and leader (North,\n"
             "** East, South, West) the tricks DDS gives the leader's side, one hex digit\n"
             "** each.  Written once by bench/dds_compare -g; the goldens of\n"
             "** tests/c/test_solve_dds.c.\n*/\n",
          count, (unsigned long long)seed);
  fprintf(f, "static const char *const dds_goldens[][2] = {\n");
  for (i = 0; i < count; i++) {
    dh_cardset hands[4];
    char text[80], digits[21];
    deal(seed + (uint64_t)i, hands);
    if (i >= 2) shorten(hands, 5 + i % 5, seed + (uint64_t)i);
    pbn(hands, text);
    for (strain = 0; strain < 5; strain++)
      for (leader = 0; leader < 4; leader++)
        digits[strain * 4 + leader] = "0123456789abcd"[board_dds(hands, strain, leader)];
    digits[20] = 0;
    fprintf(f, "  { \"%s\", \"%s\" },\n", text, digits);
  }
  fprintf(f, "};\n");
  fclose(f);
}

static void spread(const char *what, double *v, int n, const char *unit) {
  double mid = bench_median(v, n), lo = v[0], hi = v[n - 1];   /* sorted by bench_median */
  printf("%-40s median %8.3f %s, min..max %.3f..%.3f over %d runs\n", what, mid, unit, lo, hi, n);
}

enum { SOLVES, TABLES };
static const char *const pass_name[2] = { "solves", "tables" };

static void dds_side(int which, const dh_cardset *hands, int out[5][4]) {
  if (which == SOLVES) solve_dds(hands, out);
  else table_dds(hands, out);
}

static void dh_side(ctx *c, int which, const dh_cardset *hands, int out[5][4]) {
  /* each deal from an empty table, as DDS's own: what an earlier run
     learnt of the same deal must not help (the solver then clears the
     table, timed) */
  dh_solve_table_reset(c->opts.table, c->opts.table_bytes);
  if (which == SOLVES) solve_dh(c, hands, out);
  else table_dh(c, hands, out);
}

/* one comparison over every deal: the processor time of each side into
** t[0] (DDS), t[1] (deckhand); counts checked when check; disagreements
** counted in *bad */
static void pass(ctx *c, int which, int deals, uint64_t seed, int run, int check, double t[2], int *agree, int *bad) {
  int i, k, l;
  t[0] = t[1] = 0;
  for (i = 0; i < deals; i++) {
    dh_cardset hands[4];
    int a[5][4], b[5][4];
    double t0, t1, t2;
    deal(seed + (uint64_t)i, hands);
    if ((i + run) % 2) {
      t0 = cpu_now(); dds_side(which, hands, a); t1 = cpu_now(); dh_side(c, which, hands, b); t2 = cpu_now();
      t[0] += t1 - t0, t[1] += t2 - t1;
    } else {
      t0 = cpu_now(); dh_side(c, which, hands, b); t1 = cpu_now(); dds_side(which, hands, a); t2 = cpu_now();
      t[1] += t1 - t0, t[0] += t2 - t1;
    }
    if (!check) continue;
    for (k = 0; k < 5; k++)
      for (l = 0; l < 4; l++) {
        if (a[k][l] == b[k][l]) { agree[which]++; continue; }
        if ((*bad)++ < 20) {
          char text[80];
          pbn(hands, text);
          printf("DISAGREE (%s) deal %d (seed %llu) %s strain %c leader %c: DDS %d, deckhand %d\n", pass_name[which], i,
                 (unsigned long long)(seed + (uint64_t)i), text, "SHDCN"[k], "NESW"[l], a[k][l], b[k][l]);
        }
      }
  }
}

int main(int argc, char **argv) {
  static ctx c;
  int deals = 1000, runs = 3, bits = 21, i, run, strain, bad = 0, agree[2] = { 0, 0 }, w;
  uint64_t seed = 1;
  const char *goldens = NULL;
  int ngoldens = 0, only = -1;
  double ms[2][2][MAXRUNS], ratio[2][MAXRUNS], wall;
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-n") && i + 1 < argc) deals = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-r") && i + 1 < argc) runs = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-b") && i + 1 < argc) bits = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-s") && i + 1 < argc) seed = (uint64_t)atoll(argv[++i]);
    else if (!strcmp(argv[i], "-g") && i + 2 < argc) { goldens = argv[++i]; ngoldens = atoi(argv[++i]); }
    else if (!strcmp(argv[i], "-c") && i + 1 < argc && !strcmp(argv[i + 1], "solves")) only = SOLVES, i++;
    else if (!strcmp(argv[i], "-c") && i + 1 < argc && !strcmp(argv[i + 1], "tables")) only = TABLES, i++;
    else {
      fprintf(stderr, "usage: dds_compare [-n deals] [-r runs] [-b table_bits] [-s seed] [-c solves|tables] [-g file count]\n");
      return 2;
    }
  }
  if (deals < 1 || runs < 1 || runs > MAXRUNS) { fprintf(stderr, "dds_compare: bad -n or -r\n"); return 2; }
  SetMaxThreads(1);
  if (goldens) {
    write_goldens(goldens, ngoldens, seed);
    printf("wrote %d deals with DDS's tricks to %s\n", ngoldens, goldens);
    return 0;
  }
  for (strain = 0; strain < 5; strain++) bridge_rules(&c.rules[strain], strain < 4 ? dh_suit_of(strain) : DH_NOSUIT);
  dh_solve_defaults(&c.opts);
  c.opts.table_bytes = dh_solve_table_bytes(bits);
  c.opts.table = malloc(c.opts.table_bytes);
  if (!c.opts.table) { fprintf(stderr, "dds_compare: no memory for the table\n"); return 2; }
  printf("%d deals x 5 strains x 4 leaders, %d runs, deckhand table 2^%d entries (%zu MB), DDS one thread\n",
         deals, runs, bits, c.opts.table_bytes >> 20);
  wall = bench_now();
  for (run = 0; run < runs; run++) {
    for (w = 0; w < 2; w++) {
      int which = (w + run) % 2 ? TABLES : SOLVES;
      double t[2];
      if (only >= 0 && which != only) continue;
      pass(&c, which, deals, seed, run, run == 0, t, agree, &bad);
      ms[which][0][run] = t[0] * 1e3 / deals;
      ms[which][1][run] = t[1] * 1e3 / deals;
      ratio[which][run] = ms[which][1][run] / ms[which][0][run];
      printf("run %d %s: DDS %.3f ms a deal, deckhand %.3f ms a deal, ratio %.3f\n", run + 1,
             which == SOLVES ? "SolveBoard x20 / dh_solve x20  " : "CalcDDtable / dh_solve_bridge_table",
             ms[which][0][run], ms[which][1][run], ratio[which][run]);
      fflush(stdout);
    }
  }
  printf("agreement: solves %d, tables %d, of %d strain x leader counts each (%d deals)\n", agree[SOLVES],
         agree[TABLES], deals * 20, deals);
  if (only != TABLES) {
    spread("DDS SolveBoard x20, per deal:", ms[SOLVES][0], runs, "ms");
    spread("deckhand dh_solve x20, per deal:", ms[SOLVES][1], runs, "ms");
    spread("ratio solves deckhand / DDS:", ratio[SOLVES], runs, "x");
  }
  if (only != SOLVES) {
    spread("DDS CalcDDtable, per deal:", ms[TABLES][0], runs, "ms");
    spread("deckhand dh_solve_bridge_table, per deal:", ms[TABLES][1], runs, "ms");
    spread("ratio tables deckhand / DDS:", ratio[TABLES], runs, "x");
  }
  printf("wall time %.1f s\n", bench_now() - wall);
  free(c.opts.table);
  return bad ? 1 : 0;
}
