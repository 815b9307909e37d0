/*
** action.c -- an action, as a playout picks it or a record holds it,
** applied to a match: one of the match's own moves, or a move of the
** prefab phase (phase.h).  Apart from match.c because it sits above both:
** the phases are scripts on the match's ops, and the match knows nothing
** of them.
*/
#include "match.h"
#include "phase.h"

int dh_match_apply(dh_match *m, const dh_action *a) {
  switch (a->kind) {
    case DH_ACT_PLAY: return dh_match_play(m, a->seat, a->card);
    case DH_ACT_BID: return dh_match_bid(m, a->seat, a->bid);
    case DH_ACT_PASS: return dh_match_pass(m, a->seat, a->cards);
    case DH_ACT_EXCHANGE: return dh_match_exchange(m, a->seat);
    case DH_ACT_PHASE: return dh_phase_apply(m, a->seat, a->move);
    default: return DH_E_WRONG_PHASE;
  }
}
