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

int dh_playout_pick(const dh_match *m, dh_rng *r, dh_action *a) {
  dh_cardset legal;
  int err;
  a->seat = m->turn;
  switch (m->phase) {
    case DH_PHASE_PLAY:
      if (m->rules->fast_ops) {
        legal = dh_hand_fast(m, m->rules, m->hand[m->turn]);
        if (!legal) legal = m->hand[m->turn];
      } else if ((err = dh_match_legal(m, &legal)) != DH_OK) {
        return err;
      }
      a->kind = DH_ACT_PLAY;
      a->card = dh_set_pick(legal, r, m->rules->deck.layout);
      return DH_OK;
    case DH_PHASE_BID: {
      int bids[72], n = dh_match_legal_bids(m, bids, 72);
      if (n < 0) return DH_E_RULE;
      if (n == 0) return DH_E_BAD_BID;
      a->kind = DH_ACT_BID;
      a->bid = bids[dh_rng_below(r, (uint32_t)n)];
      return DH_OK;
    }
    case DH_PHASE_PASS:
      /* pass positions are set bits; a double layout reads back the same bits */
      a->kind = DH_ACT_PASS;
      a->cards = pick_some(m->hand[m->turn], m->rules->pass_count, r);
      return DH_OK;
    default:
      return DH_E_GAME_OVER;
  }
}

int dh_playout_step(dh_match *m, dh_rng *r) {
  dh_action a;
  int err = dh_playout_pick(m, r, &a);
  if (err) return err;
  return a.kind == DH_ACT_PLAY ? dh_match_play_legal(m, a.card) : dh_match_apply(m, &a);
}

int dh_playout_hand(dh_match *m, dh_rng *r) {
  int hand = m->hand_no, err = DH_OK;
  const dh_rules *rl = m->rules;
  while (m->phase != DH_PHASE_OVER && m->hand_no == hand) {
    if (m->phase == DH_PHASE_PLAY && rl->fast_ops && !rl->has_calls) {
      /* the inner loop of simulations: pick and play in place */
      dh_cardset legal = dh_hand_fast(m, rl, m->hand[m->turn]);
      dh_match_play_legal(m, dh_set_pick(legal ? legal : m->hand[m->turn], r, rl->deck.layout));
      continue;
    }
    if ((err = dh_playout_step(m, r)) != DH_OK) break;
  }
  return err;
}

int dh_playout_match(dh_match *m, dh_rng *r) {
  int err = DH_OK;
  while (m->phase != DH_PHASE_OVER)
    if ((err = dh_playout_step(m, r)) != DH_OK) break;
  return err;
}
