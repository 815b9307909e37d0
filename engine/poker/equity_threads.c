/*
** equity_threads.c -- a run's shares on POSIX threads, and what the shares
** see of each other: the trials done by all, and a stop.
**
** How the work is cut is in equity.h ("Threads"); the engines take their
** part from run.share and run.nshares (dh_eq_mine for the pieces of an
** enumeration, dh_eq_seed for a Monte Carlo stream, res->total for its
** trials).  Only the tallies are summed here, in share order, and they are
** whole numbers, so the sum does not depend on which thread ended first.
** With one share nothing here is shared and no thread is started: the run
** is what it was before threads.
*/
#define _POSIX_C_SOURCE 200809L   /* clock_gettime, pthreads under -std=c11 */

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "equity_impl.h"

struct eq_shared {
  _Atomic uint64_t done;   /* the trials the shares have told */
  atomic_int stop;         /* why every share ends early (0: none yet) */
  uint64_t total;          /* the trials planned by all the shares */
};

double dh_eq_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ends this share, and the others at their next look */
static void end(run *r, int why) {
  r->ended = why;
  if (r->sh) {
    int none = 0;
    atomic_compare_exchange_strong(&r->sh->stop, &none, why);
  }
}

void dh_eq_late(run *r) {
  if (r->sh) {
    int why = atomic_load_explicit(&r->sh->stop, memory_order_relaxed);
    if (why) { r->ended = why; return; }
  }
  if (r->deadline > 0 && dh_eq_now() > r->deadline) end(r, DH_EQ_TIMEOUT);
}

/* the clock and the callback, every CHECK_EVERY trials; only share 0
** (the calling thread) calls back, with every share's trials */
void dh_eq_check(run *r) {
  uint64_t done = r->res->trials, total = r->res->total;
  r->next_check = done + CHECK_EVERY;
  dh_eq_late(r);
  if (r->ended) return;
  if (r->sh) {
    uint64_t mine = done - r->published;
    r->published = done;
    done = atomic_fetch_add_explicit(&r->sh->done, mine, memory_order_relaxed) + mine;
    total = r->sh->total;
    if (r->share != 0) return;
  }
  if (r->req->progress && done >= r->next_progress) {
    r->next_progress = done + r->every;
    if (r->req->progress(r->req->ud, done, total)) end(r, DH_EQ_STOPPED);
  }
}

void dh_eq_seed(const run *r, dh_rng *rng) {
  int i;
  dh_rng_seed(rng, r->req->seed);
  for (i = 0; i < r->share; i++) dh_rng_jump(rng);
}

typedef struct worker {
  run r;
  dh_equity_result res;
  void (*go)(run *);
  pthread_t id;
  int started;
} worker;

static void *work(void *arg) {
  worker *w = (worker *)arg;
  w->go(&w->r);
  return NULL;
}

/* share t of the run `all` into w */
static void share_of(worker *w, const run *all, int t, int n, eq_shared *sh, void (*go)(run *)) {
  const dh_equity_result *res = all->res;
  w->r = *all;
  memset(&w->res, 0, sizeof w->res);
  memset(w->r.sq, 0, sizeof w->r.sq);
  w->res.exact = res->exact;
  w->res.sampled = res->sampled;
  w->res.total = res->sampled ? res->total / (uint64_t)n + ((uint64_t)t < res->total % (uint64_t)n)
                              : res->total;
  w->r.res = &w->res;
  w->r.share = t;
  w->r.nshares = n;
  w->r.piece = 0;
  w->r.sh = sh;
  w->r.published = 0;
  w->go = go;
  w->started = 0;
}

/* a share's tallies into the run `all` */
static void add(run *all, const worker *w) {
  dh_equity_result *res = all->res;
  int p;
  res->trials += w->res.trials;
  for (p = 0; p < all->np; p++) {
    res->wins[p] += w->res.wins[p];
    res->ties[p] += w->res.ties[p];
    res->units[p] += w->res.units[p];
    all->sq[p] += w->r.sq[p];
  }
  if (w->res.ended < 0) res->ended = w->res.ended;   /* Monte Carlo found no deal */
  if (w->r.ended && !all->ended) all->ended = w->r.ended;
}

void dh_eq_shares(run *r, void (*go)(run *)) {
  int n = r->req->threads > 1 ? r->req->threads : 1, t;
  eq_shared sh;
  worker *w, one;
  r->share = 0;
  r->nshares = 1;
  if (n == 1) { go(r); return; }
  atomic_init(&sh.done, 0);
  atomic_init(&sh.stop, 0);
  sh.total = r->res->total;
  w = (worker *)malloc(sizeof *w * (size_t)n);
  if (!w) {   /* no room for the threads: the shares one after another, here */
    for (t = 0; t < n; t++) {
      share_of(&one, r, t, n, &sh, go);
      go(&one.r);
      add(r, &one);
    }
    return;
  }
  for (t = 0; t < n; t++) {
    share_of(&w[t], r, t, n, &sh, go);
    if (t > 0) w[t].started = pthread_create(&w[t].id, NULL, work, &w[t]) == 0;
  }
  for (t = 0; t < n; t++)   /* share 0, and any whose thread did not start */
    if (!w[t].started) go(&w[t].r);
  for (t = 0; t < n; t++) {
    if (w[t].started) pthread_join(w[t].id, NULL);
    add(r, &w[t]);
  }
  free(w);
}
