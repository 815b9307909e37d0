/*
** equity_threads.c -- a run's shares on POSIX threads, and what the shares
** see of each other: the trials done by all, and a stop.
**
** How the work is cut is in equity.h ("Threads"); the engines take their
** part from run.share and run.nshares (dh_eq_mine for the pieces of an
** enumeration, dh_eq_seed for a Monte Carlo stream, res->total for its
** trials).  The threads take the shares in turn from a counter as they
** finish the one before, so a thread on a slower core takes fewer; which
** thread ran a share does not matter: only the tallies are summed here,
** and they are whole numbers, so the sum does not depend on the order.
**
** The calling thread starts the threads and waits, waking every few
** milliseconds to call the progress callback (which must run on it: it is
** what calls Lua).  It takes no share itself: a new thread is often placed
** on the core of the thread that made it, and two busy threads there wait
** for the scheduler to move one, a third of a short run's time on a Zen 3
** (docs/performance.md).  With one share nothing here is shared and no
** thread is started: the run is what it was before threads.
*/
#define _POSIX_C_SOURCE 200809L   /* clock_gettime, pthreads under -std=c11 */

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "equity_impl.h"

struct eq_shared {
  _Atomic uint64_t done;   /* the trials the shares have told */
  atomic_int stop;         /* why every share ends early (0: none yet) */
  atomic_int next;         /* the next share no thread has taken */
  uint64_t total;          /* the trials planned by all the shares */
  uint64_t next_progress;  /* the calling thread's, from share to share */
  pthread_mutex_t lock;    /* for running and wake */
  pthread_cond_t wake;     /* the last thread has ended */
  int running;             /* threads not yet ended */
  const run *all;          /* the run the shares are of */
  void (*go)(run *);
  int n;                   /* shares */
  /* the shares' tallies, added as each ends */
  _Atomic uint64_t trials, wins[DH_EQ_MAXPLAYERS], ties[DH_EQ_MAXPLAYERS],
                   units[DH_EQ_MAXPLAYERS], sq[DH_EQ_MAXPLAYERS];
  atomic_int nodeal;       /* a Monte Carlo share found no deal */
};

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
  if (r->deadline > 0 && dh_clock_now() > r->deadline) end(r, DH_EQ_TIMEOUT);
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
    if (!r->caller) return;
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

/* share t of the run: its state on this thread's stack, its tallies
** added to the others' at the end; caller: on the calling thread */
static void one_share(eq_shared *sh, int t, int caller) {
  const run *all = sh->all;
  const dh_equity_result *whole = all->res;
  uint64_t n = (uint64_t)sh->n;
  dh_equity_result res;
  run r = *all;
  int p;
  memset(&res, 0, sizeof res);
  memset(r.sq, 0, sizeof r.sq);
  res.exact = whole->exact;
  res.sampled = whole->sampled;
  res.total = whole->sampled ? whole->total / n + ((uint64_t)t < whole->total % n) : whole->total;
  r.res = &res;
  r.share = t;
  r.nshares = sh->n;
  r.piece = 0;
  r.sh = sh;
  r.published = 0;
  r.caller = caller;
  if (caller) r.next_progress = sh->next_progress;
  sh->go(&r);
  if (caller) sh->next_progress = r.next_progress;
  atomic_fetch_add_explicit(&sh->trials, res.trials, memory_order_relaxed);
  for (p = 0; p < r.np; p++) {
    atomic_fetch_add_explicit(&sh->wins[p], res.wins[p], memory_order_relaxed);
    atomic_fetch_add_explicit(&sh->ties[p], res.ties[p], memory_order_relaxed);
    atomic_fetch_add_explicit(&sh->units[p], res.units[p], memory_order_relaxed);
    atomic_fetch_add_explicit(&sh->sq[p], r.sq[p], memory_order_relaxed);
  }
  if (res.ended < 0) atomic_store_explicit(&sh->nodeal, 1, memory_order_relaxed);
}

/* the shares no thread has taken yet, one at a time, until none is left
** or the run has ended */
static void take_shares(eq_shared *sh, int caller) {
  while (!atomic_load_explicit(&sh->stop, memory_order_relaxed)) {
    int t = atomic_fetch_add_explicit(&sh->next, 1, memory_order_relaxed);
    if (t >= sh->n) break;
    one_share(sh, t, caller);
  }
}

typedef struct worker {
  eq_shared *sh;
  int started;
  pthread_t id;
} worker;

static void *work(void *arg) {
  eq_shared *sh = ((worker *)arg)->sh;
  take_shares(sh, 0);
  pthread_mutex_lock(&sh->lock);
  if (--sh->running == 0) pthread_cond_signal(&sh->wake);
  pthread_mutex_unlock(&sh->lock);
  return NULL;
}

/* the progress callback with every thread's trials, when they have passed
** the next mark; a stop it asks for ends every share */
static void call_back(eq_shared *sh, const run *r) {
  const dh_equity_req *q = r->req;
  uint64_t done = atomic_load_explicit(&sh->done, memory_order_relaxed);
  if (!q->progress || done < sh->next_progress) return;
  sh->next_progress = done + r->every;
  if (q->progress(q->ud, done, sh->total)) {
    int none = 0;
    atomic_compare_exchange_strong(&sh->stop, &none, DH_EQ_STOPPED);
  }
}

/* the calling thread while the threads run: the callback every few ms */
static void supervise(eq_shared *sh, const run *r) {
  pthread_mutex_lock(&sh->lock);
  while (sh->running > 0) {
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_nsec += 4000000;   /* 4 ms */
    if (until.tv_nsec >= 1000000000) { until.tv_sec++; until.tv_nsec -= 1000000000; }
    if (pthread_cond_timedwait(&sh->wake, &sh->lock, &until) == ETIMEDOUT && sh->running > 0) {
      pthread_mutex_unlock(&sh->lock);
      call_back(sh, r);
      pthread_mutex_lock(&sh->lock);
    }
  }
  pthread_mutex_unlock(&sh->lock);
}

void dh_eq_shares(run *r, void (*go)(run *)) {
  int threads = r->req->threads > 1 ? r->req->threads : 1, t, p, started = 0;
  eq_shared sh;
  worker w[DH_EQ_MAXTHREADS];
  pthread_condattr_t attr;
  dh_equity_result *res = r->res;
  r->share = 0;
  r->nshares = 1;
  r->caller = 1;
  if (threads == 1) { go(r); return; }
  atomic_init(&sh.done, 0);
  atomic_init(&sh.stop, 0);
  atomic_init(&sh.next, 0);
  atomic_init(&sh.trials, 0);
  atomic_init(&sh.nodeal, 0);
  for (p = 0; p < DH_EQ_MAXPLAYERS; p++) {
    atomic_init(&sh.wins[p], 0);
    atomic_init(&sh.ties[p], 0);
    atomic_init(&sh.units[p], 0);
    atomic_init(&sh.sq[p], 0);
  }
  sh.total = res->total;
  sh.next_progress = r->next_progress;
  sh.all = r;
  sh.go = go;
  /* an enumeration's every share walks every assignment (equity_enum.c):
  ** a share a thread; Monte Carlo's setup is small beside its trials */
  sh.n = res->sampled ? threads * DH_EQ_SPLIT : threads;
  pthread_mutex_init(&sh.lock, NULL);
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  pthread_cond_init(&sh.wake, &attr);
  pthread_condattr_destroy(&attr);
  sh.running = threads;   /* before any starts: each takes itself off */
  for (t = 0; t < threads; t++) {
    w[t].sh = &sh;
    w[t].started = pthread_create(&w[t].id, NULL, work, &w[t]) == 0;
    started += w[t].started;
  }
  pthread_mutex_lock(&sh.lock);
  sh.running -= threads - started;
  pthread_mutex_unlock(&sh.lock);
  if (started) supervise(&sh, r);
  else take_shares(&sh, 1);   /* no thread: the calling thread takes them all */
  for (t = 0; t < threads; t++)
    if (w[t].started) pthread_join(w[t].id, NULL);
  pthread_cond_destroy(&sh.wake);
  pthread_mutex_destroy(&sh.lock);
  res->trials = atomic_load(&sh.trials);
  for (p = 0; p < r->np; p++) {
    res->wins[p] = atomic_load(&sh.wins[p]);
    res->ties[p] = atomic_load(&sh.ties[p]);
    res->units[p] = atomic_load(&sh.units[p]);
    r->sq[p] = atomic_load(&sh.sq[p]);
  }
  if (atomic_load(&sh.nodeal)) res->ended = -1;
  r->ended = atomic_load(&sh.stop);
}
