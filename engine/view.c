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

void dh_view_make(const dh_match *m, int seat, dh_view *v) {
  const dh_rules *r = m->rules;
  int s, up = upcard_slot(m);
  int target = dh_match_pass_target(m, seat);
  dh_cardset placed;
  v->m = *m;
  v->seat = (uint8_t)seat;
  memset(v->count, 0, sizeof v->count);
  memset(&v->m.rng, 0, sizeof v->m.rng);
  memset(v->m.talon.cards, 0, sizeof v->m.talon.cards);
  if (up >= 0) v->m.talon.cards[up] = m->upcard;
  placed = m->hand[seat] | m->played;
  if (up >= 0) placed |= dh_set_of(m->upcard);
  for (s = 0; s < m->nseats; s++) {
    v->count[s] = (uint8_t)dh_set_count(m->hand[s]);
    if (s == seat) continue;
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
}

int dh_view_sample(const dh_view *v, dh_rng *r, dh_match *out) {
  const dh_match *vm = &v->m;
  const dh_rules *rl = vm->rules;
  int up = upcard_slot(vm), tries;
  for (tries = 0; tries < 200; tries++) {
    dh_card pool[64];
    int need[DH_MAX_SEATS + 1], n = 0, i, s, ok = 1, talon_slots = 0;
    dh_cardset allow[DH_MAX_SEATS + 1], it;
    *out = *vm;
    for (it = v->unseen; it; it &= it - 1) pool[n++] = dh_card_at(dh_set_first(it), rl->deck.layout);
    for (i = n - 1; i > 0; i--) {  /* a random order of the unseen cards */
      int j = (int)dh_rng_below(r, (uint32_t)(i + 1));
      dh_card t = pool[i]; pool[i] = pool[j]; pool[j] = t;
    }
    for (s = 0; s < vm->nseats; s++) {
      need[s] = 0;
      allow[s] = 0;
      if (s == v->seat) continue;
      need[s] = v->count[s] - dh_set_count(vm->known[s]);
      allow[s] = ~vm->excluded[s];  /* shown voids and what else play showed */
    }
    talon_slots = dh_deck_left(&vm->talon) - (up >= 0);
    need[DH_MAX_SEATS] = talon_slots;
    allow[DH_MAX_SEATS] = ~UINT64_C(0);
    {
      dh_card talon[64];
      int nt = 0;
      for (i = 0; i < n && ok; i++) {
        /* a place with room that may hold the card, weighted by its room */
        dh_cardset one = dh_set_of(pool[i]);
        int total = 0, pick, place = -1;
        for (s = 0; s <= DH_MAX_SEATS; s++)
          if ((s < vm->nseats || s == DH_MAX_SEATS) && need[s] > 0 && (allow[s] & one)) total += need[s];
        if (total == 0) { ok = 0; break; }
        pick = (int)dh_rng_below(r, (uint32_t)total);
        for (s = 0; s <= DH_MAX_SEATS; s++) {
          if (!((s < vm->nseats || s == DH_MAX_SEATS) && need[s] > 0 && (allow[s] & one))) continue;
          if (pick < need[s]) { place = s; break; }
          pick -= need[s];
        }
        need[place]--;
        if (place == DH_MAX_SEATS) talon[nt++] = pool[i];
        else out->hand[place] |= one;
      }
      if (!ok) continue;
      for (i = vm->talon.top, s = 0; i < vm->talon.n; i++)
        if (i != up) out->talon.cards[i] = talon[s++];
    }
    dh_rng_seed(&out->rng, dh_rng_next(r));
    return 1;
  }
  return 0;
}
