/*
** playout.c -- random playouts, the inner loop of simulations and benches.
*/
#include "playout.h"

/* k distinct random cards of s (k <= |s|) */
static dh_cardset pick_some(dh_cardset s, int k, dh_rng *r) {
  dh_cardset out = 0;
  while (k-- > 0) {
    dh_cardset one = dh_set_of(dh_set_pick(s, r, DH_LAYOUT_STANDARD));
    out |= one;
    s &= ~one;
  }
  return out;
}

int dh_playout_step(dh_match *m, dh_rng *r) {
  int seat = m->turn, err;
  dh_cardset legal;
  switch (m->phase) {
    case DH_PHASE_PLAY:
      if ((err = dh_match_legal(m, &legal)) != DH_OK) return err;
      return dh_match_play(m, seat, dh_set_pick(legal, r, m->rules->deck.layout));
    case DH_PHASE_BID: {
      int bids[72], n = dh_match_legal_bids(m, bids, 72);
      if (n < 0) return DH_E_RULE;
      if (n == 0) return DH_E_BAD_BID;
      return dh_match_bid(m, seat, bids[dh_rng_below(r, (uint32_t)n)]);
    }
    case DH_PHASE_PASS: {
      /* pass positions are set bits; a double layout reads back the same bits */
      return dh_match_pass(m, seat, pick_some(m->hand[seat], m->rules->pass_count, r));
    }
    default:
      return DH_E_GAME_OVER;
  }
}

int dh_playout_hand(dh_match *m, dh_rng *r) {
  int hand = m->hand_no, err = DH_OK;
  while (m->phase != DH_PHASE_OVER && m->hand_no == hand)
    if ((err = dh_playout_step(m, r)) != DH_OK) break;
  return err;
}

int dh_playout_match(dh_match *m, dh_rng *r) {
  int err = DH_OK;
  while (m->phase != DH_PHASE_OVER)
    if ((err = dh_playout_step(m, r)) != DH_OK) break;
  return err;
}
