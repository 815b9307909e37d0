/*
** phase_impl.h -- what each prefab phase gives phase.c (not installed).
**
** A prefab is a table of functions in a file of its own (phase_trump.c);
** phase.c checks the phase, the turn and the move against the list
** before calling apply, so apply may trust its move.
*/
#ifndef DH_PHASE_IMPL_H
#define DH_PHASE_IMPL_H

#include "phase.h"

typedef struct dh_prefab {
  const char *const *steps;                        /* the steps' names, step 1 first */
  int nsteps;
  int (*moves)(const dh_match *m, int *out);       /* the seat to act's moves, in order */
  int (*apply)(dh_match *m, int move);             /* the seat to act plays a legal move */
  const char *(*check)(const dh_rules *r);         /* why the rules do not fit, or NULL */
  int (*start)(dh_match *m);                       /* at the phase's start, or NULL: a prefab
                                                      whose parameters settle it moves on at once */
} dh_prefab;

extern const dh_prefab dh_prefab_turned_trump;
extern const dh_prefab dh_prefab_auction;
extern const dh_prefab dh_prefab_skat_bidding;

#endif
