/*
** equity_impl.h -- what equity.c and equity_enum.c share: the state of a
** run.  Not part of the public API.
*/
#ifndef DH_EQUITY_IMPL_H
#define DH_EQUITY_IMPL_H

#include "clock.h"
#include "equity.h"
#include "poker_impl.h"
#include "rng.h"

/* how often (in trials) the clock and the callback are looked at */
#define CHECK_EVERY 4096

/* Monte Carlo's shares a thread, when there are threads (equity.h) */
#define DH_EQ_SPLIT 8
#define DH_EQ_MAXSHARES (DH_EQ_MAXTHREADS * DH_EQ_SPLIT)

/* what the threads of one run share (equity_threads.c) */
typedef struct eq_shared eq_shared;

typedef struct run {
  const dh_equity_req *req;
  dh_equity_result *res;
  int np, omaha;
  dh_cardset hole[DH_EQ_MAXPLAYERS];
  uint64_t hole_sum[DH_EQ_MAXPLAYERS];        /* their hand sums */
  dh_cardset pairs[DH_EQ_MAXPLAYERS][6];     /* Omaha: the six two-card subsets */
  uint64_t pair_sum[DH_EQ_MAXPLAYERS][6];
  uint64_t sq[DH_EQ_MAXPLAYERS];              /* sum of units squared, for the variance */
  uint64_t next_check, next_progress, every;
  double deadline;                            /* 0: none */
  int ended;
  /* Monte Carlo with item ranges: each item's hands among the cards left
  ** once board, dead and known hands are out, summed in order */
  uint32_t cum[DH_EQ_MAXPLAYERS][DH_RANGE_ITEMS];
  /* threads (equity.h): this run is share `share` of `nshares`; pieces of
  ** an enumeration are numbered in `piece`; sh is NULL with one share */
  int share, nshares;
  int caller;                                 /* on the calling thread (the callback's) */
  uint64_t piece;
  eq_shared *sh;
  uint64_t published;                         /* trials already told to sh */
} run;

/* is the next piece of an enumeration this share's? (numbers it) */
static inline int dh_eq_mine(run *r) { return r->piece++ % (uint64_t)r->nshares == (uint64_t)r->share; }

/* the clock and the callback (equity_threads.c): sets r->ended to stop, and
** r->next_check to the trial count of the next look */
void dh_eq_check(run *r) DH_POKER_HIDDEN;
/* the clock alone (equity_threads.c): sets r->ended when past the
** deadline, or when another share has ended the run */
void dh_eq_late(run *r) DH_POKER_HIDDEN;
/* this share's generator: seeded from the request, jumped `share` times */
void dh_eq_seed(const run *r, dh_rng *rng) DH_POKER_HIDDEN;
/* runs go(r) for every share of r (r itself when there is one), on
** threads where it can, and sums the shares' tallies into r->res and
** r->sq (equity_threads.c) */
void dh_eq_shares(run *r, void (*go)(run *)) DH_POKER_HIDDEN;
/* every Hold'em trial, each once, tallied into r->res (equity_enum.c) */
void dh_eq_holdem_enum(run *r) DH_POKER_HIDDEN;
/* Hold'em Monte Carlo, r->res->total trials tallied into r->res and the
** squares of the units into r->sq (equity_mc.c) */
void dh_eq_holdem_mc(run *r) DH_POKER_HIDDEN;

#endif
