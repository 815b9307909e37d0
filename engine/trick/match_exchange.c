/*
** match_exchange.c -- the trump exchange (Briscola's, Sixty-six's): on its
** turn to play, a seat holding the lowest trump may swap it for the
** turned card under the talon (rules.h, trump_exchange).
*/
#include "match.h"
#include "match_impl.h"

/* the weakest card of the trump suit in the deck (the 2 in Briscola; the
** 4 of clubs when the three-handed game has removed the 2) */
static dh_card lowest_trump(const dh_match *m) {
  const dh_rules *r = m->rules;
  dh_cardset it = dh_match_suit_cards(m, m->trump) & r->deck_set;
  dh_card best = DH_NO_CARD;
  int bs = 256;
  for (; it; it &= it - 1) {
    dh_card c = dh_card_at(dh_set_first(it), r->deck.layout);
    if (dh_match_strength(m, c) < bs) { bs = dh_match_strength(m, c); best = c; }
  }
  return best;
}

/* once a hand, on its turn to play, while the turned card lies under a
** talon that still has another card above it (or, trump_exchange 2, only
** during the first trick) */
int dh_match_can_exchange(const dh_match *m) {
  dh_card low;
  if (!m->rules->trump_exchange || m->phase != DH_PHASE_PLAY || m->swapped != DH_NO_CARD) return 0;
  if (m->rules->trump_exchange == 2 && m->trick_no > 0) return 0;
  if (m->upcard == DH_NO_CARD || m->trump >= DH_NOSUIT || dh_deck_left(&m->talon) < 2 ||
      m->talon.cards[m->talon.n - 1] != m->upcard)
    return 0;
  low = lowest_trump(m);
  return low != DH_NO_CARD && low != m->upcard && dh_set_has(m->hand[m->turn], low);
}

int dh_match_exchange(dh_match *m, int seat) {
  int err = dh_match_check_turn(m, seat, DH_PHASE_PLAY), s = m->turn;
  dh_card low;
  if (err) return err;
  if (!dh_match_can_exchange(m)) return DH_E_CANNOT_EXCHANGE;
  low = lowest_trump(m);
  m->hand[s] = (m->hand[s] & ~dh_set_of(low)) | dh_set_of(m->upcard);
  m->known[s] |= dh_set_of(m->upcard);  /* everyone saw it taken */
  m->excluded[s] &= ~dh_set_of(m->upcard);
  m->talon.cards[m->talon.n - 1] = low; /* face up in its place, drawn last */
  m->swapped = m->upcard;
  m->swap_seat = (uint8_t)s;
  m->upcard = low;
  return DH_OK;
}
