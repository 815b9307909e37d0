/*
** solve_impl.h -- the solver's fast path: the tricks of a hand played by
** "follow suit; trump wins, else the highest of the led suit" (Bridge,
** Whist, Skat's card play), four seats or fewer, searched on its own
** small state instead of copies of the match.  Private to the engine
** (solve.c) and its tests: not installed.
**
** dh_fast_setup says whether the match's rules are exactly ones this
** search plays (prefab hand rule follow_suit, alone or with break_suit
** when the cards that break the suit still in play are its own; play rule
** trump_wins | highest_of_led or highest_of_led; distinct nonzero
** strengths inside each suit; no drawing); when they are not, solve.c
** uses its generic search.
*/
#ifndef DH_SOLVE_IMPL_H
#define DH_SOLVE_IMPL_H

#include <limits.h>

#include "clock.h"
#include "solve.h"

#if defined(__GNUC__)
#define DH_FAST_HIDDEN __attribute__((visibility("hidden")))
#else
#define DH_FAST_HIDDEN
#endif

typedef struct dh_fentry dh_fentry;

/* the search state: hands by seat in play order (internal seat 0 led the
** trick in progress), each card as bit 16 * suit + rank, rank 0 the
** weakest card of its suit still in play at the root */
typedef struct dh_fast {
  uint64_t hand[4];
  uint64_t intrick;          /* the cards of the trick in progress */
  uint8_t max[4];            /* 1 for the seats of the root mover's team */
  int np, trump;             /* seats playing; trump suit (4: none) */
  int turn, left, n;         /* seat to play, tricks left (with the one in progress), cards in it */
  int led, wseat, wsuit, wrank;  /* the trick's led suit and its winner so far */
  int lock;                  /* the suit not led until broken (break_suit; 4: none or broken) */
  long nodes, max_nodes;
  long look_at;              /* the node count of the next look at the budgets */
  double deadline;           /* the time budget's end on dh_clock_now (0: none): solve.c sets it */
  int guess;                 /* a likely value, the first probe one above it (-1: none: estimated) */
  int stopped;
  dh_fentry *tt;             /* the table (NULL: none) */
  uint32_t *dig;             /* its entries' digests, one a slot (solve_fast.c) */
  uint64_t mask;
  uint32_t hist[4][64];      /* per seat and card, cut-offs it made (move ordering) */
  int8_t killer[16];         /* per tricks left, the last lead that cut off (-1: none) */
  uint8_t seat_of[4];        /* internal seat -> the match's seat */
  uint8_t cidx[4];           /* internal seat -> its order among the seats playing */
  int flip;                  /* the table holds the other coalition's tricks */
  uint16_t ctx;              /* the table's context: trump, seats, coalition */
  uint8_t bit_of[64];        /* a set position -> its card's bit here (255: not in play) */
} dh_fast;

/* a look at a search's budgets, made when its node count reaches
** *look_at (0 at the start): 1 when the node budget or the time is spent,
** else 0 and *look_at set to the next look, at the node budget or 1024
** positions on when there is a time budget (the clock is read then).  A
** node costs one comparison. */
static inline int dh_solve_spent(long nodes, long max_nodes, double deadline, long *look_at) {
  if (max_nodes && nodes >= max_nodes) return 1;
  if (deadline > 0) {
    if (dh_clock_now() >= deadline) return 1;
    *look_at = max_nodes && max_nodes - nodes < 1024 ? max_nodes : nodes + 1024;
  } else
    *look_at = max_nodes ? max_nodes : LONG_MAX;
  return 0;
}

/* 1 and f ready when the fast path solves m exactly under o, else 0 */
DH_FAST_HIDDEN int dh_fast_setup(dh_fast *f, const dh_match *m, const dh_solve_opts *o);
/* the table's entries forgotten (it is cleared when next used) */
DH_FAST_HIDDEN void dh_fast_forget(void *table, size_t bytes);
/* the tricks the root mover's team takes from here to the end of the
** hand; *exact 0 when the node budget ran out */
DH_FAST_HIDDEN int32_t dh_fast_value(dh_fast *f, int *exact);
/* the same after the root mover plays the card at set position pos; guess:
** a likely value (-1: none), as dh_fast_value takes it */
DH_FAST_HIDDEN int32_t dh_fast_value_after(dh_fast *f, int pos, int guess, int *exact);

#endif
