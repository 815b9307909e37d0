/*
** equity.h -- showdown equity for Texas Hold'em and Omaha.
**
** Each of 2..10 players holds either known hole cards or a range (a list
** of possible hole-card combinations, or for Omaha a union of patterns,
** range.c).  Given a board of 0, 3, 4
** or 5 cards and some dead cards, dh_equity deals the rest of the board
** every possible way (exhaustive) or at random (Monte Carlo), evaluates
** every player's hand with the evaluator (poker.h) and tallies who wins.
**
** A "trial" is one assignment of a combination to every player together
** with one complete board.  Exhaustive enumeration visits every trial in
** which no card is used twice, each once; Monte Carlo draws trials from
** that same set uniformly (ranges by rejection; Omaha patterns as in
** equity.c's monte_carlo_items), so both estimate the same number.  Omaha hands are four hole cards of which exactly two are used,
** with exactly three of the board.
**
** No I/O and no global state: the only randomness is a dh_rng seeded from
** the request, and the only outside reads are the monotonic clock (for the
** time budget) and the caller's progress callback.
*/
#ifndef DH_EQUITY_H
#define DH_EQUITY_H

#include <stddef.h>
#include <stdint.h>

#include "cardset.h"
#include "range.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DH_EQ_MAXPLAYERS 10


/* called every `every` trials with the trials done and the total planned;
** a nonzero return stops the run */
typedef int (*dh_equity_progress)(void *ud, uint64_t done, uint64_t total);

typedef struct dh_equity_req {
  int game;                                /* DH_GAME_HOLDEM or DH_GAME_OMAHA */
  int nplayers;                            /* 2..DH_EQ_MAXPLAYERS */
  const dh_range *player[DH_EQ_MAXPLAYERS];
  dh_cardset board, dead;                  /* board: 0, 3, 4 or 5 cards */
  uint64_t max_exact;   /* enumerate when the trials are at most this (0: DH_EQ_MAX_EXACT) */
  int force;            /* 0: choose; 1: always enumerate; 2: always Monte Carlo (else DH_EQ_EFORCE) */
  uint64_t samples;     /* Monte Carlo trials (0: DH_EQ_SAMPLES) */
  uint64_t seed;
  double seconds;       /* time budget, 0 for none */
  dh_equity_progress progress;             /* may be NULL */
  void *ud;
  uint64_t every;       /* progress interval in trials (0: 65536) */
  int threads;          /* 1..DH_EQ_MAXTHREADS (0: 1); see below */
} dh_equity_req;

/*
** Threads.  The work is cut into shares fixed by the request and the
** thread count alone, never by timing; with two threads or more, that many
** threads are started and take the shares in turn as they finish the one
** before, so a thread on a slower core takes fewer, and which thread ran a
** share changes nothing.  The calling thread waits, and calls the progress
** callback:
**   - exhaustive: a share a thread.  The assignments of hole cards
**     (Hold'em: each set of assignments alike up to suits counted once, as
**     one piece), or for Omaha each assignment's first board card, are
**     numbered in enumeration order and piece i goes to share i mod
**     threads.  The tallies are whole numbers, so the result is the same
**     for any count;
**   - Monte Carlo: eight shares a thread (one with one thread).  Share t
**     draws samples / shares trials (the first samples mod shares shares
**     one more) from its own stream: Omaha, the generator seeded with
**     `seed`, then dh_rng_jump'ed t times (2^128 draws apart); Hold'em,
**     its counter generator (equity_mc.c) started 2^55 t words ahead.
**     Share 0 is the one-thread stream, so one thread gives what it always
**     did; the same seed and thread count give the same answer.
** The progress callback is only ever called on the calling thread, with
** the trials of every thread (with threads, every few milliseconds once
** `every` more trials are done); a stop or the time budget ends every share
** (such a result depends on timing).  A thread that cannot be started
** leaves its shares to the others, and with none started the calling
** thread runs them all: the answer is the same.
*/
#define DH_EQ_MAXTHREADS 64

#define DH_EQ_MAX_EXACT UINT64_C(20000000)
#define DH_EQ_SAMPLES   UINT64_C(1000000)

/* why a run ended early */
enum { DH_EQ_DONE, DH_EQ_STOPPED, DH_EQ_TIMEOUT };

/* the units of an equity share: ties among k players give each 2520 / k
** (2520 is divisible by every k up to 10), so sums stay exact integers */
#define DH_EQ_UNIT 2520

typedef struct dh_equity_result {
  int exact;            /* 1 when every trial was visited */
  int sampled;          /* 1 for Monte Carlo; an enumeration stopped early
                        ** has neither flag: its trials come in enumeration
                        ** order, no sample, so no error estimate */
  int ended;            /* DH_EQ_DONE, DH_EQ_STOPPED or DH_EQ_TIMEOUT */
  uint64_t trials;      /* trials done */
  uint64_t total;       /* trials planned (exhaustive: all of them) */
  uint64_t wins[DH_EQ_MAXPLAYERS];   /* trials won alone */
  uint64_t ties[DH_EQ_MAXPLAYERS];   /* trials shared with others */
  uint64_t units[DH_EQ_MAXPLAYERS];  /* equity in DH_EQ_UNIT per trial */
  double win[DH_EQ_MAXPLAYERS], tie[DH_EQ_MAXPLAYERS], equity[DH_EQ_MAXPLAYERS];
  double stderr_eq[DH_EQ_MAXPLAYERS];   /* standard error of equity (Monte Carlo only) */
  double ci95[DH_EQ_MAXPLAYERS];        /* half width of the 95% interval */
  /* on error: the card used twice, or the player whose range is empty */
  dh_card bad_card;
  int bad_player;
} dh_equity_result;

/* errors (dh_equity returns 0 on success) */
enum {
  DH_EQ_EPLAYERS = -1,   /* nplayers out of range, or an unknown game */
  DH_EQ_EBOARD = -2,     /* board not 0, 3, 4 or 5 cards, or not standard cards */
  DH_EQ_ETWICE = -3,     /* a card twice among fixed hands, board, dead (bad_card) */
  DH_EQ_EEMPTY = -4,     /* a range empty once board and dead are removed (bad_player) */
  DH_EQ_ENODEAL = -5,    /* no way to give every player a hand at once (with Omaha
                         ** patterns: found by a bounded search, or by the
                         ** first 2^20 Monte Carlo assignments all clashing) */
  DH_EQ_EHAND = -6,      /* a combination of the wrong size (bad_player) */
  DH_EQ_ETHREADS = -7,   /* threads not 0..DH_EQ_MAXTHREADS */
  DH_EQ_EFORCE = -8      /* force not 0, 1 or 2 */
};

int dh_equity(const dh_equity_req *req, dh_equity_result *res);
/* the number of trials an exhaustive run would visit (an upper bound when
** ranges overlap), saturating at UINT64_MAX */
uint64_t dh_equity_trials(const dh_equity_req *req);

#ifdef __cplusplus
}
#endif

#endif
