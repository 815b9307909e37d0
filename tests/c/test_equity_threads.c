/*
** test_equity_threads.c -- dh_equity's thread count (equity.h, "Threads"):
** an exhaustive answer is the same to the trial for any count; Monte Carlo
** gives the same answer again for the same seed and count, one thread the
** stream of the default, every trial asked for and no more; the progress
** callback runs on the calling thread only, and a stop or the time budget
** ends every share; a thread held up leaves its shares to the others, and
** the answer is the same; counts outside 0..64 are refused before any work.
*/
#define _POSIX_C_SOURCE 200809L   /* pthread_self under -std=c11 */

#include <math.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "equity.h"
#include "equity_fixture.h"

/* the tallies of a and b, the same to the trial */
static int same(const dh_equity_result *a, const dh_equity_result *b, int n) {
  int p;
  if (a->trials != b->trials || a->total != b->total || a->exact != b->exact) return 0;
  for (p = 0; p < n; p++)
    if (a->wins[p] != b->wins[p] || a->ties[p] != b->ties[p] || a->units[p] != b->units[p]) return 0;
  return 1;
}

/* exhaustive: one thread's answer, and the same for 0 and 2..5 threads */
static void exhaustive(int game, int n, const char *const *text, const char *board) {
  dh_equity_req q = equity_request(game, n, text, board, 1);
  dh_equity_result one, r;
  int t;
  q.threads = 1;
  CHECK_EQ(dh_equity(&q, &one), 0);
  CHECK(one.exact);
  CHECK_EQ(one.trials, one.total);
  for (t = 0; t <= 5; t++) {
    if (t == 1) continue;
    q.threads = t;
    CHECK_EQ(dh_equity(&q, &r), 0);
    if (!CHECK(same(&one, &r, n))) printf("     %s, board '%s', %d threads\n", text[0], board, t);
  }
}

/* Monte Carlo: a seed and a thread count give one answer; every trial */
static void monte_carlo(int game, int n, const char *const *text, const char *board) {
  dh_equity_req q = equity_request(game, n, text, board, 2);
  dh_equity_result a, b, c;
  int p;
  q.samples = 20001;   /* not a multiple of the thread counts below */
  q.seed = 7;
  CHECK_EQ(dh_equity(&q, &a), 0);            /* the default: one thread */
  q.threads = 1;
  CHECK_EQ(dh_equity(&q, &b), 0);
  CHECK(same(&a, &b, n));
  q.threads = 3;
  CHECK_EQ(dh_equity(&q, &b), 0);
  CHECK_EQ(dh_equity(&q, &c), 0);
  CHECK(same(&b, &c, n));
  CHECK_EQ(b.trials, 20001);
  CHECK(b.sampled);
  CHECK(!same(&a, &b, n));   /* shares 1 and 2 drew from streams of their own */
  for (p = 0; p < n; p++)    /* both estimate the same equity */
    CHECK(fabs(a.equity[p] - b.equity[p]) < 5 * (a.stderr_eq[p] + b.stderr_eq[p]) + 1e-9);
  q.threads = 1;             /* two shares are two streams, not one twice */
  q.samples = 10000;
  CHECK_EQ(dh_equity(&q, &b), 0);
  q.threads = 2;
  q.samples = 20000;
  CHECK_EQ(dh_equity(&q, &c), 0);
  CHECK(c.wins[0] != 2 * b.wins[0] || c.wins[1] != 2 * b.wins[1] || c.units[0] != 2 * b.units[0]);
  q.threads = 3;
  q.samples = 20001;
  CHECK_EQ(dh_equity(&q, &b), 0);
  q.seed = 8;                 /* another seed, another answer */
  CHECK_EQ(dh_equity(&q, &c), 0);
  CHECK(!same(&b, &c, n));
  q.samples = 2;             /* fewer trials than threads: still exactly those */
  q.threads = 5;
  CHECK_EQ(dh_equity(&q, &c), 0);
  CHECK_EQ(c.trials, 2);
}

static pthread_t caller;
static int calls, elsewhere;

static int progress(void *ud, uint64_t done, uint64_t total) {
  (void)ud;
  calls++;
  elsewhere += !pthread_equal(pthread_self(), caller);
  return done > total / 4;   /* stop a quarter of the way */
}

static void callbacks(void) {
  static const char *const three[] = { "JJ", "AKo", "*" };
  dh_equity_req q = equity_request(DH_GAME_HOLDEM, 3, three, "", 2);
  dh_equity_result r;
  caller = pthread_self();
  q.samples = 4000000;
  q.threads = 4;
  q.progress = progress;
  q.every = 4096;
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK(calls > 0);
  CHECK_EQ(elsewhere, 0);
  CHECK_EQ(r.ended, DH_EQ_STOPPED);
  CHECK(r.trials < r.total / 2);   /* every share stopped, not share 0 alone */
  CHECK_EQ(r.total, 4000000);
  q.progress = NULL;                /* the time budget ends every share too */
  q.samples = UINT64_C(1) << 40;
  q.seconds = 0.05;
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK_EQ(r.ended, DH_EQ_TIMEOUT);
  CHECK(r.trials < r.total);
}

/* the calling thread held up in its first callback: the other thread
** takes the shares left meanwhile, so when the caller calls back again
** nearly every trial is done (fixed halves would leave half of them to
** it), and the answer is the one a run held up nowhere gives */
static int held_calls;
static uint64_t held_done;

static int hold_first(void *ud, uint64_t done, uint64_t total) {
  (void)ud, (void)total;
  if (held_calls++ == 0) {
    struct timespec t = { 2, 0 };   /* the other thread needs a tenth of that */
    nanosleep(&t, NULL);
  } else if (held_done == 0) {
    held_done = done;
  }
  return 0;
}

static void held_up(void) {
  static const char *const three[] = { "JJ", "AKo", "*" };
  dh_equity_req q = equity_request(DH_GAME_HOLDEM, 3, three, "", 2);
  dh_equity_result a, b;
  q.samples = 4000000;
  q.threads = 2;
  q.seed = 3;
  q.every = 65536;
  CHECK_EQ(dh_equity(&q, &a), 0);
  q.progress = hold_first;
  CHECK_EQ(dh_equity(&q, &b), 0);
  CHECK(held_calls >= 2);
  if (!CHECK(held_done > q.samples / 4 * 3))
    printf("     %llu of %llu trials done when the caller came back\n", (unsigned long long)held_done,
           (unsigned long long)q.samples);
  CHECK(same(&a, &b, 3));
}

static void refused(void) {
  static const char *const hu[] = { "AsKs", "QQ" };
  dh_equity_req q = equity_request(DH_GAME_HOLDEM, 2, hu, "", 2);
  dh_equity_result r;
  q.samples = UINT64_C(1) << 40;   /* would run for hours if not refused */
  q.threads = -1;
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_ETHREADS);
  q.threads = DH_EQ_MAXTHREADS + 1;
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_ETHREADS);
  q.threads = 1;
  q.force = 7;                     /* neither choose, enumerate nor sample: refused, not run as Monte Carlo */
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_EFORCE);
  q.force = -1;
  CHECK_EQ(dh_equity(&q, &r), DH_EQ_EFORCE);
  q.force = 2;
  q.threads = DH_EQ_MAXTHREADS;    /* the most: accepted */
  q.samples = 1000;
  CHECK_EQ(dh_equity(&q, &r), 0);
  CHECK_EQ(r.trials, 1000);
}

int main(void) {
  static const char *const hu[] = { "AsKs", "QQ" };
  static const char *const four[] = { "AA", "KK", "QQ", "JJ" };
  static const char *const ranged[] = { "22+", "A2s+, K2s+" };
  static const char *const three[] = { "QQ+, AKs", "JJ, TT, 99, AQs", "T9s, 98s, 87s, 76s" };
  static const char *const turn[] = { "AA, KK", "AKs", "QQ-TT" };
  static const char *const river[] = { "AhQh, KK", "JTs, 99" };
  static const char *const omaha[] = { "AsKsQdJd", "9h9c8h7c", "3c3d4h5s" };
  static const char *const omaha_items[] = { "AAxx", "KsKh**" };
  static const char *const omaha_few[] = { "AAKKds", "QQJJ" };
  static const char *const mc[] = { "JJ", "AKo", "*" };
  check_init();
  /* Hold'em: two classes of suits for two threads and more */
  exhaustive(DH_GAME_HOLDEM, 2, hu, "");
  /* classes of alike assignments on a flop of one suit (six renamings
  ** keep it), and none on a flop of three suits */
  exhaustive(DH_GAME_HOLDEM, 4, four, "2c 5c 7c");
  exhaustive(DH_GAME_HOLDEM, 4, four, "2c 5d 7h");
  /* more classes than the table holds: the rest counted afresh */
  exhaustive(DH_GAME_HOLDEM, 2, ranged, "2c 7c 9c");
  exhaustive(DH_GAME_HOLDEM, 3, three, "Ks 7d 2c");
  /* few boards an assignment: no table, an assignment a piece */
  exhaustive(DH_GAME_HOLDEM, 3, turn, "9s 8s 2d 3c");
  exhaustive(DH_GAME_HOLDEM, 2, river, "2c 7d 9h Jc 3s");
  /* Omaha: one assignment, its first board cards the pieces */
  exhaustive(DH_GAME_OMAHA, 3, omaha, "Ts 6d 2c");
  exhaustive(DH_GAME_OMAHA, 3, omaha, "Ts 6d 2c 4c Kh");
  exhaustive(DH_GAME_OMAHA, 2, omaha_few, "2c 7d 9h 3s");
  monte_carlo(DH_GAME_HOLDEM, 3, mc, "");
  monte_carlo(DH_GAME_OMAHA, 3, omaha, "");
  monte_carlo(DH_GAME_OMAHA, 2, omaha_items, "Qc Jd 2h");
  callbacks();
  held_up();
  refused();
  return check_done();
}
