/*
** playout.c -- random playouts, the inner loop of simulations and benches.
*/
#include "phase.h"
#include "playout.h"
#include "rules_impl.h"

/* k distinct random cards of s (k <= |s|) */
static dh_cardset pick_some(dh_cardset s, int k, dh_rng *r) {
  dh_cardset out = 0;
  while (k-- > 0 && s) {
    dh_cardset one = dh_set_of(dh_set_pick(s, r, DH_LAYOUT_STANDARD));
    out |= one;
    s &= ~one;
  }
  return out;
}

int dh_playout_pick(const dh_match *m, dh_rng *r, dh_action *a) {
  dh_cardset legal;
  int err;
  a->seat = m->controller[m->turn];   /* who acts: a dummy's cards are declarer's to play */
  switch (m->phase) {
    case DH_PHASE_PLAY:
      if (dh_rules_fast(m->rules)) {
        legal = dh_hand_fast(m, m->rules, m->hand[m->turn]);
        if (!legal) legal = m->hand[m->turn];
      } else if ((err = dh_match_legal(m, &legal)) != DH_OK) {
        return err;
      }
      a->kind = DH_ACT_PLAY;
      a->card = dh_set_pick(legal, r, m->rules->deck.layout);
      return a->card == DH_NO_CARD ? DH_E_ILLEGAL_CARD : DH_OK;   /* nothing to play */
    case DH_PHASE_BID: {
      int bids[72], n, lo, hi, nil, k;
      if (dh_bid_range_of(m, &lo, &hi, &nil)) {
        /* the list dh_match_legal_bids would make ([0,] lo..hi) and the
           same draw from it, without making it */
        n = nil + (hi >= lo ? hi - lo + 1 : 0);
        if (n > 0 && n <= 72) {
          k = (int)dh_rng_below(r, (uint32_t)n);
          a->kind = DH_ACT_BID;
          a->bid = nil && k == 0 ? 0 : lo + k - nil;
          return DH_OK;
        }
      }
      n = dh_match_legal_bids(m, bids, 72);
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
    case DH_PHASE_EXCHANGE:  /* a blind Nil exchange: any cards of the hand */
      a->kind = DH_ACT_PASS;
      a->cards = pick_some(m->hand[m->turn], dh_match_pass_count(m, m->turn), r);
      return DH_OK;
    case DH_PHASE_SCRIPT:      /* a prefab phase plays in C; a Lua script is the caller's to drive */
      a->kind = DH_ACT_PHASE;
      a->move = dh_phase_pick(m, r);
      return a->move < 0 ? DH_E_WRONG_PHASE : DH_OK;
    default:
      return DH_E_GAME_OVER;
  }
}

int dh_playout_act(dh_match *m, const dh_action *a) {
  if (a->kind == DH_ACT_PLAY) return dh_match_play_legal(m, a->card);
  if (a->kind == DH_ACT_PHASE) return dh_phase_apply_legal(m, a->move);
  return dh_match_apply(m, a);
}

int dh_playout_step(dh_match *m, dh_rng *r) {
  dh_action a;
  int err = dh_playout_pick(m, r, &a);
  return err ? err : dh_playout_act(m, &a);
}

int dh_playout_hand(dh_match *m, dh_rng *r) {
  int hand = m->hand_no, err = DH_OK;
  const dh_rules *rl = m->rules;
  int fast = dh_rules_fast(rl) && !rl->has_calls, layout = rl->deck.layout;
  while (m->phase != DH_PHASE_OVER && m->hand_no == hand) {
    if (fast && m->phase == DH_PHASE_PLAY) {
      /* the inner loop of simulations: pick and play in place, card after
         card, until the hand is scored */
      do {
        dh_cardset held = m->hand[m->turn], legal = dh_hand_fast(m, rl, held);
        if (!held) return DH_E_ILLEGAL_CARD;   /* a seat to play with no card: not a valid match */
        dh_match_play_legal(m, dh_set_pick(legal ? legal : held, r, layout));
      } while (m->phase == DH_PHASE_PLAY && m->hand_no == hand);
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
