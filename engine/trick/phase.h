/*
** phase.h -- prefab phases: a variant's phase script written in C.
**
** A variant whose phases are a prefab (dh_rules.phase) plays them in
** DH_PHASE_SCRIPT as a Lua script would, with the phase ops of match.h,
** but without a callback: a random playout runs them in C.  A prefab's
** moves are small integers (the codes of prefab.h), which the binding turns into
** the texts players see; its steps (m->step) are numbered 1.. as the
** phases of the equivalent script.
*/
#ifndef DH_PHASE_H
#define DH_PHASE_H

#include "match.h"
#include "prefab.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DH_PHASE_MAX_MOVES 72   /* room for any prefab's list of moves (Skat's lay away: 66) */
#define DH_PHASE_MAX_CODE  0xFFFF  /* prefab move codes are 0..this */

/* the legal moves of the seat to act into out (room DH_PHASE_MAX_MOVES),
** in the prefab's order; their count, or 0 when no prefab acts (another
** phase, or phases scripted in Lua) */
int dh_phase_moves(const dh_match *m, int *out);
/* seat plays move: DH_OK, or with m unchanged DH_E_GAME_OVER,
** DH_E_WRONG_PHASE (no prefab acts), DH_E_NOT_YOUR_TURN,
** DH_E_ILLEGAL_MOVE (not one of dh_phase_moves), or DH_E_RULE (a callback
** points or win rule failed scoring a hand thrown in) */
int dh_phase_apply(dh_match *m, int seat, int move);
/* ... a move known to be one of dh_phase_moves of m as it is (a playout's
** own pick: the list is not built again to check it), by the seat to act */
int dh_phase_apply_legal(dh_match *m, int move);
/* a move uniformly among dh_phase_moves (one draw of r below their
** count), or -1 when no prefab acts */
int dh_phase_pick(const dh_match *m, dh_rng *r);
/* the name of a prefab's step ("order", "discard", "call"), or NULL */
const char *dh_phase_name(const dh_rules *r, int step);
/* why the rules do not fit their prefab, or NULL (dh_rules_check asks) */
const char *dh_phase_check(const dh_rules *r);
/* the prefab's own start of its phase, when its parameters settle it (a
** fixed contract): DH_OK, also when there is nothing to do.  The match
** calls it through rules->phase_start, which dh_rules_check sets. */
int dh_phase_start(dh_match *m);

#ifdef __cplusplus
}
#endif

#endif
