/*
** view.c -- hiding what a seat may not know, and sampling it back.
*/
#include <string.h>

#include "view.h"

/* the talon index of the face-up card still in the talon, or -1 */
static int upcard_slot(const dh_match *m) {
  int i;
  if (m->upcard == DH_NO_CARD) return -1;
  for (i = m->talon.top; i < m->talon.n; i++)
    if (m->talon.cards[i] == m->upcard) return i;
  return -1;
}

/* the cards taken from the talon by phase ops, all seats */
static int took_count(const dh_match *m) {
  int s, n = 0;
  for (s = 0; s < m->nseats; s++) n += dh_set_count(m->took[s]);
  return n;
}

/* what seat may see of the cards taken from the talon (they lie just
** below its top, dh_match_take): its own, and the face-up card */
static void keep_own_takes(const dh_match *m, int seat, dh_view *v) {
  int i, top = m->talon.top;
  dh_cardset seen = m->took[seat];
  if (m->upcard != DH_NO_CARD) seen |= dh_set_of(m->upcard);
  for (i = top - took_count(m); i < top; i++)
    if (i >= 0 && dh_set_has(seen, m->talon.cards[i])) v->m.talon.cards[i] = m->talon.cards[i];
}

/* the cards this seat drew from the talon: it saw them */
static void keep_own_draws(const dh_match *m, int seat, dh_view *v) {
  uint8_t who[64];
  int nd = dh_match_drawers(m, who), top = m->talon.top - nd, i;
  for (i = 0; i < nd && top >= 0; i++)
    if (who[i] == seat) v->m.talon.cards[top + i] = m->talon.cards[top + i];
}

int dh_view_make(const dh_match *m, int seat, dh_view *v) {
  const dh_rules *r = m->rules;
  int s, up, target;
  dh_cardset placed;
  if ((unsigned)seat >= m->nseats) return -1;
  up = upcard_slot(m);
  target = dh_match_pass_target(m, seat);
  v->m = *m;
  v->seat = (uint8_t)seat;
  memset(v->count, 0, sizeof v->count);
  memset(&v->m.rng, 0, sizeof v->m.rng);
  /* blank, not 0: card 0 (the 2 of clubs) may be the face-up card, which
     the sampler finds in the talon by its value */
  memset(v->m.talon.cards, DH_NO_CARD, sizeof v->m.talon.cards);
  if (up >= 0) v->m.talon.cards[up] = m->upcard;
  if (r->draw) keep_own_draws(m, seat, v);
  keep_own_takes(m, seat, v);
  placed = m->hand[seat] | m->played | m->discard[seat];
  if (up >= 0) placed |= dh_set_of(m->upcard);
  for (s = 0; s < m->nseats; s++) {
    v->count[s] = (uint8_t)dh_set_count(m->hand[s]);
    v->discards[s] = (uint8_t)dh_set_count(m->discard[s]);
    v->took[s] = (uint8_t)dh_set_count(m->took[s]);
    if (s == seat) continue;
    v->m.discard[s] = 0;
    v->m.took[s] = m->upcard == DH_NO_CARD ? 0 : m->took[s] & dh_set_of(m->upcard);
    v->m.known[s] = m->known[s];
    if (s == target && m->phase != DH_PHASE_PASS) v->m.known[s] |= m->passed[seat] & m->hand[s];
    v->m.hand[s] = v->m.known[s];
    placed |= v->m.known[s];
    v->m.passed[s] = 0;
    v->m.received[s] = 0;
  }
  if (m->phase != DH_PHASE_PASS && target != seat) v->m.received[target] = m->passed[seat];
  for (s = 0; s < m->nseats; s++)  /* who passed to this seat */
    if (s != seat && m->phase != DH_PHASE_PASS && dh_match_pass_target(m, s) == seat)
      v->m.passed[s] = m->received[seat];
  v->unseen = r->deck_set & ~placed;
  return 0;
}

/*
** Sampling deals the unseen cards to "places": the hidden hands with room
** left (their size less their known cards) and the hidden talon.  Each
** card may go to the places that do not exclude it.  A deal exists iff
** Hall's condition holds: for every set S of places, the cards that only
** places in S may take are no more than the room in S (the cards fill the
** room exactly, so every place ends full).  slack[S] is that room less
** those cards.  The cards are dealt in a random order, each to a place
** chosen in proportion to its room among the places that keep every
** slack >= 0, so the deal never dead-ends; with no constraints but sizes
** that is exactly a uniform deal, with them close to one.  The work is
** (cards x places x 2^places), a few thousand steps for a four-seat game.
*/
#define NPLACE 11

/* k cards of s chosen at random */
static dh_cardset pick_cards(dh_cardset s, int k, dh_rng *r) {
  dh_cardset out = 0;
  for (; k > 0 && s; k--) {
    int j = (int)dh_rng_below(r, (uint32_t)dh_set_count(s));
    dh_cardset it = s;
    while (j-- > 0) it &= it - 1;
    out |= it & (0 - it);
    s &= ~(it & (0 - it));
  }
  return out;
}

/*
** The passes hidden from the seat, chosen so that the world's deal
** (dh_match_deal) replays them: before the exchange, any cards of the
** passer's hand; after it, any cards the receiver holds or played (no
** rule reads the hands before the exchange; what the seat passed itself
** stays with its receiver).
*/
static void fill_passes(const dh_view *v, dh_rng *r, dh_match *out) {
  const dh_rules *rl = out->rules;
  int s, t;
  if (!rl->pass_count || dh_match_pass_target(out, 0) == 0) return;
  for (s = 0; s < out->nseats; s++) {
    if (s == v->seat) continue;
    t = dh_match_pass_target(out, s);
    if (out->phase == DH_PHASE_PASS) {
      if (out->pass_mask >> s & 1) out->passed[s] = pick_cards(out->hand[s], rl->pass_count, r);
    } else if (t != v->seat) {
      out->passed[s] = pick_cards((out->hand[t] | out->played_by[t]) & ~out->passed[v->seat],
                                  rl->pass_count, r);
      out->received[t] = out->passed[s];
    }
  }
}

/*
** The blind Nil exchanges hidden from the seat (it is neither the giver
** nor its partner), chosen so that the world's deal replays them: the
** return any cards the giver holds or played, the gift any cards the
** partner held after it (holds, played, or returned).  While the partner
** has still to return, the gift is any cards of the partner's hand.
*/
static void fill_exchanges(const dh_view *v, dh_rng *r, dh_match *out) {
  int s, p, n = out->rules->blind_exchange;
  for (s = 0; s < out->nseats; s++) {
    if (!dh_match_blind_giver(out, s)) continue;
    p = dh_match_partner(out, s);
    if (s == v->seat || p == v->seat) continue;  /* the seat's own exchange: in its view */
    if (out->pass_mask >> p & 1) {
      out->passed[p] = out->received[s] = pick_cards(out->hand[s] | out->played_by[s], n, r);
      out->passed[s] = out->received[p] = pick_cards(out->hand[p] | out->played_by[p] | out->passed[p], n, r);
    } else if (out->pass_mask >> s & 1) {
      out->passed[s] = out->received[p] = pick_cards(out->hand[p], n, r);
    }
  }
}

/*
** The cards drawn from the talon so far, which the view blanked: who drew
** when is public (dh_match_drawers), so each seat's cards are put in the
** order it needs them -- those it played in the order played, then those
** it holds, the turned trump (drawn last) at the end -- and its draws take
** them from that list after the first hand_size.  A card played at trick
** t then sits at most one place later than t-th (the trump moved out of
** the way), and t + 2 cards were in the hand by then: every card was held
** before it was played.  (Voids shown before a draw are not considered:
** no variant that draws shows voids.)  The viewer's own draws are in the
** view and stay.
*/
static void fill_draws(dh_match *out, int seat) {
  const dh_rules *rl = out->rules;
  uint8_t who[64];
  dh_card seq[DH_MAX_SEATS][65];
  int len[DH_MAX_SEATS], next[DH_MAX_SEATS], nd = dh_match_drawers(out, who), s, i;
  int top = out->talon.top - nd, nplayed = out->trick_no * out->nseats + out->trick.n;
  dh_cardset up = out->upcard == DH_NO_CARD ? 0 : dh_set_of(out->upcard), it, skip = up;
  if (nd == 0 || top < 0) return;
  for (s = 0; s < out->nseats; s++) len[s] = 0;
  if (out->swapped != DH_NO_CARD) {
    /* the exchanger held the lowest trump (now the face-up card) when it
       took the turned card for it: in this world it was dealt it, and the
       turned card came by the exchange, not a draw */
    seq[out->swap_seat][len[out->swap_seat]++] = out->upcard;
    skip |= dh_set_of(out->swapped);
  }
  for (i = 0; i < nplayed; i++) {
    dh_card c = out->hist[i];
    if (dh_set_of(c) & skip) continue;
    for (s = 0; s < out->nseats; s++)
      if (dh_set_has(out->played_by[s], c)) seq[s][len[s]++] = c;
  }
  for (s = 0; s < out->nseats; s++) {
    for (it = out->hand[s] & ~skip; it; it &= it - 1)
      seq[s][len[s]++] = dh_card_at(dh_set_first(it), rl->deck.layout);
    if ((out->hand[s] | out->played_by[s]) & up) seq[s][len[s]++] = out->upcard;
    next[s] = out->hand_size;
  }
  for (i = 0; i < nd; i++) {
    s = who[i];
    if (s != seat && next[s] < len[s]) out->talon.cards[top + i] = seq[s][next[s]++];
  }
}

/*
** The cards the other seats took from the talon unseen: any of the taker's
** cards not known to be from elsewhere (held, played or discarded), placed
** below the talon's top where dh_match_take left them, seat by seat (one
** seat takes in the games that take: the dealer, the declarer), the
** face-up card first.
*/
static void fill_takes(const dh_view *v, dh_rng *r, dh_match *out) {
  int s, i, total = 0;
  for (s = 0; s < out->nseats; s++) total += v->took[s];
  i = out->talon.top - total;
  if (total == 0 || i < 0) return;
  for (s = 0; s < out->nseats; s++) {
    dh_cardset have = out->took[s], it;
    int hidden = v->took[s] - dh_set_count(have);
    if (s != v->seat && hidden > 0)
      have |= pick_cards((out->hand[s] | out->played_by[s] | out->discard[s]) & ~have & ~out->received[s],
                         hidden, r);
    out->took[s] = have;
    if (out->upcard != DH_NO_CARD && dh_set_has(have, out->upcard)) {
      out->talon.cards[i++] = out->upcard;
      have &= ~dh_set_of(out->upcard);
    }
    for (it = have; it; it &= it - 1) out->talon.cards[i++] = dh_card_at(dh_set_first(it), out->rules->deck.layout);
  }
}

/* may a card that places 'elig' may take go to place p? */
static int fits(const int *slack, int nsub, int p, unsigned elig) {
  int S;
  for (S = 0; S < nsub; S++)
    if (((unsigned)S >> p & 1u) && ((unsigned)S & elig) != elig && slack[S] < 1) return 0;
  return 1;
}

int dh_view_sample(const dh_view *v, dh_rng *r, dh_match *out) {
  const dh_match *vm = &v->m;
  const dh_rules *rl = vm->rules;
  int up = upcard_slot(vm), np = 0, n = 0, room = 0, nsub, i, s, p, S, nt = 0;
  int need[NPLACE], who[NPLACE];
  int slack[1 << NPLACE];
  dh_cardset allow[NPLACE], it;
  dh_card pool[64], talon[64];
  unsigned elig[64];
  *out = *vm;
  for (s = 0; s < vm->nseats; s++) {
    int k;
    if (s == v->seat) continue;
    k = v->count[s] - dh_set_count(vm->known[s]);
    if (k < 0) return 0;
    if (k == 0) continue;
    if (np == NPLACE) return 0;
    who[np] = s;
    need[np] = k;
    allow[np++] = ~vm->excluded[s];  /* shown voids and what else play showed */
  }
  {
    int k = dh_deck_left(&vm->talon) - (up >= 0);
    dh_cardset taken = 0;
    for (s = 0; s < vm->nseats; s++) taken |= vm->took[s];
    if (k > 0) {
      who[np] = -1;
      need[np] = k;
      allow[np++] = ~taken;  /* a card seen taken from it is not in it */
    }
  }
  for (s = 0; s < vm->nseats; s++) {  /* the others' discards: any card they held */
    if (s == v->seat || v->discards[s] == 0) continue;
    if (np == NPLACE) return 0;
    who[np] = DH_MAX_SEATS + s;
    need[np] = v->discards[s];
    allow[np++] = ~UINT64_C(0);
  }
  for (p = 0; p < np; p++) room += need[p];
  for (it = v->unseen; it; it &= it - 1) pool[n++] = dh_card_at(dh_set_first(it), rl->deck.layout);
  if (n != room) return 0;
  nsub = 1 << np;
  /* slack[S] = room in S - cards only S may take (a subset-sum transform) */
  for (S = 0; S < nsub; S++) slack[S] = 0;
  for (i = 0; i < n; i++) {
    dh_cardset one = dh_set_of(pool[i]);
    elig[i] = 0;
    for (p = 0; p < np; p++)
      if (allow[p] & one) elig[i] |= 1u << p;
    if (!elig[i]) return 0;
    slack[elig[i]]--;
  }
  for (p = 0; p < np; p++)
    for (S = 0; S < nsub; S++)
      if ((unsigned)S >> p & 1u) slack[S] += slack[S ^ (1 << p)];
  for (S = 0; S < nsub; S++) {
    for (p = 0; p < np; p++)
      if ((unsigned)S >> p & 1u) slack[S] += need[p];
    if (slack[S] < 0) return 0;  /* no deal fits */
  }
  for (i = n - 1; i > 0; i--) {  /* a random order of the unseen cards */
    int j = (int)dh_rng_below(r, (uint32_t)(i + 1));
    dh_card t = pool[i];
    unsigned e = elig[i];
    pool[i] = pool[j]; pool[j] = t;
    elig[i] = elig[j]; elig[j] = e;
  }
  for (i = 0; i < n; i++) {
    unsigned e = elig[i], ok = 0;
    int total = 0, pick, place = -1;
    for (p = 0; p < np; p++)
      if ((e >> p & 1u) && need[p] > 0 && fits(slack, nsub, p, e)) { ok |= 1u << p; total += need[p]; }
    if (total == 0) return 0;  /* cannot happen while every slack >= 0 */
    pick = (int)dh_rng_below(r, (uint32_t)total);
    for (p = 0; p < np; p++) {
      if (!(ok >> p & 1u)) continue;
      if (pick < need[p]) { place = p; break; }
      pick -= need[p];
    }
    need[place]--;
    for (S = 0; S < nsub; S++)
      slack[S] += (((unsigned)S & e) == e) - (int)((unsigned)S >> place & 1u);
    if (who[place] < 0) talon[nt++] = pool[i];
    else if (who[place] >= DH_MAX_SEATS) out->discard[who[place] - DH_MAX_SEATS] |= dh_set_of(pool[i]);
    else out->hand[who[place]] |= dh_set_of(pool[i]);
  }
  for (i = vm->talon.top, s = 0; i < vm->talon.n; i++)
    if (i != up) out->talon.cards[i] = talon[s++];
  fill_passes(v, r, out);
  if (rl->blind_exchange) fill_exchanges(v, r, out);
  fill_draws(out, v->seat);
  fill_takes(v, r, out);
  dh_rng_seed(&out->rng, dh_rng_next(r));
  return 1;
}

/* ------------------------------------------------- what a bot may ask */

/* is c a card of the match's deck (its copy bits and all)? */
static int of_deck(const dh_match *m, dh_card c) {
  const dh_rules *r = m->rules;
  return c != DH_NO_CARD && dh_card_at(c & 63, r->deck.layout) == c && dh_set_has(r->deck_set, c);
}

static int in_trick(const dh_trick *t, dh_card c) {
  int i;
  for (i = 0; i < t->n; i++)
    if (t->cards[i] == c) return 1;
  return 0;
}

int dh_view_winning(const dh_view *v, int *seat, int *index) {
  const dh_match *m = &v->m;
  int w, err;
  if (m->trick.n == 0) {
    *seat = *index = -1;
    return DH_OK;
  }
  if ((err = dh_play_winner(m, &m->trick, &w)) != DH_OK) return err;
  *seat = m->trick.seats[w];
  *index = w;
  return DH_OK;
}

int dh_view_winner_with(const dh_view *v, dh_card c, int *seat) {
  const dh_match *m = &v->m;
  dh_trick t = m->trick;
  int w, err;
  if (!of_deck(m, c) || in_trick(&t, c)) return DH_E_ILLEGAL_CARD;
  if (t.n >= m->nseats) return DH_E_WRONG_PHASE;  /* a full trick is taken at once: never seen */
  if (t.n == 0) t.led = (int8_t)dh_match_suit(m, c);
  t.cards[t.n] = c;
  t.seats[t.n] = dh_match_next(m) == v->seat ? m->turn : v->seat;  /* a dummy's card is the dummy's */
  t.n++;
  if ((err = dh_play_winner(m, &t, &w)) != DH_OK) return err;
  *seat = t.seats[w];
  return DH_OK;
}

/*
** Strength by duels: c and then each other card of the deck, alone in a
** trick of the current led suit, and the play rule says which takes it.
** Asking the rule, not reading its prefabs, is what makes the answer the
** same for a chain of prefabs and for a Lua function that plays the same
** game; a deck has at most 64 cards, so this is 63 questions.
*/
int dh_view_strength(const dh_view *v, dh_card c, int *strength) {
  const dh_match *m = &v->m;
  const dh_rules *r = m->rules;
  dh_trick t;
  dh_cardset it;
  int beats = 0, w, err;
  if (!of_deck(m, c)) return DH_E_ILLEGAL_CARD;
  t.n = 2;
  t.led = m->trick.n ? m->trick.led : (int8_t)dh_match_suit(m, c);
  t.cards[0] = c;
  t.seats[0] = v->seat;
  t.seats[1] = (uint8_t)((v->seat + 1) % m->nseats);
  for (it = r->deck_set & ~dh_set_of(c); it; it &= it - 1) {
    t.cards[1] = dh_card_at(dh_set_first(it), r->deck.layout);
    if ((err = dh_play_winner(m, &t, &w)) != DH_OK) return err;
    beats += w == 0;
  }
  *strength = beats * 256 + dh_match_strength(m, c);
  return DH_OK;
}

int dh_view_partners(const dh_view *v, int seat, uint8_t *out) {
  const dh_match *m = &v->m;
  int k, n = 0;
  if ((unsigned)seat >= m->nseats) return -1;
  for (k = 1; k < m->nseats; k++) {
    int s = (seat + k) % m->nseats;
    if (m->team[s] == m->team[seat]) out[n++] = (uint8_t)s;
  }
  return n;
}

int dh_view_pass_count(const dh_view *v) {
  const dh_match *m = &v->m;
  return dh_match_pass_count(m, v->seat);
}
