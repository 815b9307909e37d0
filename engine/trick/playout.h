/*
** playout.h -- random playouts: every action uniformly among the legal
** ones, drawn from the caller's generator.
*/
#ifndef DH_PLAYOUT_H
#define DH_PLAYOUT_H

#include "match.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* a random legal action for the seat to act, without applying it */
int dh_playout_pick(const dh_match *m, dh_rng *r, dh_action *a);
/* applies the action dh_playout_pick chose for m as it is, without the
** legality checks the pick already made (a card, a prefab phase's move) */
int dh_playout_act(dh_match *m, const dh_action *a);
/* one random action for the seat to act: DH_OK, or an error (a failed
** callback rule; the match is then unchanged) */
int dh_playout_step(dh_match *m, dh_rng *r);
/* plays to the end of the current hand (or of the match) */
int dh_playout_hand(dh_match *m, dh_rng *r);
/* plays to the end of the match */
int dh_playout_match(dh_match *m, dh_rng *r);

/* a uniformly chosen member of a set (DH_NO_CARD when s is empty) */
static inline dh_card dh_set_pick(dh_cardset s, dh_rng *r, int layout) {
  int k;
  if (!s) return DH_NO_CARD;
  k = (int)dh_rng_below(r, (uint32_t)dh_set_count(s));
#ifdef __BMI2__
  s = _pdep_u64(UINT64_C(1) << k, s);   /* the k-th set bit, in one instruction */
#else
  while (k-- > 0) s &= s - 1;
#endif
  return dh_card_at(dh_set_first(s), layout);
}

#ifdef __cplusplus
}
#endif

#endif
